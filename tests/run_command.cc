#include "tests/run_command.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/runfiles.h"

namespace checkers::testing {

CommandResult RunCommand(const std::vector<std::string>& argv,
                         const std::string& input,
                         const std::vector<std::string>& env) {
  CommandResult result;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0 || pipe(err_pipe) != 0)
    return result;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1],
                   err_pipe[0], err_pipe[1]}) {
      close(fd);
    }
    for (const std::string& e : env) putenv(strdup(e.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  // Feed stdin while draining both outputs, so no pipe can fill and block.
  size_t written = 0;
  if (input.empty()) close(in_pipe[1]);
  fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);
  bool out_open = true, err_open = true, in_open = !input.empty();
  while (out_open || err_open) {
    pollfd fds[3];
    int n = 0;
    int out_i = -1, err_i = -1, in_i = -1;
    if (out_open) {
      fds[n] = {out_pipe[0], POLLIN, 0};
      out_i = n++;
    }
    if (err_open) {
      fds[n] = {err_pipe[0], POLLIN, 0};
      err_i = n++;
    }
    if (in_open) {
      fds[n] = {in_pipe[1], POLLOUT, 0};
      in_i = n++;
    }
    if (poll(fds, n, -1) < 0) break;
    char buf[4096];
    auto drain = [&](int i, int fd, std::string* sink, bool* open) {
      if (i < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) return;
      const ssize_t got = read(fd, buf, sizeof(buf));
      if (got <= 0) {
        *open = false;
      } else {
        sink->append(buf, got);
      }
    };
    drain(out_i, out_pipe[0], &result.out, &out_open);
    drain(err_i, err_pipe[0], &result.err, &err_open);
    if (in_i >= 0 && (fds[in_i].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t put =
          write(in_pipe[1], input.data() + written, input.size() - written);
      if (put > 0) written += put;
      if (put < 0 || written == input.size()) {
        close(in_pipe[1]);
        in_open = false;
      }
    }
  }
  if (in_open) close(in_pipe[1]);
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code =
      WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

std::string NewTempDir(const std::string& prefix) {
  const char* base = std::getenv("TEST_TMPDIR");
  std::string dir =
      std::string(base != nullptr ? base : "/tmp") + "/" + prefix + "_XXXXXX";
  // A test that went on without its directory would fail far from the
  // cause (a save that cannot be written reads as a bug in the program).
  if (mkdtemp(dir.data()) == nullptr) {
    std::fprintf(stderr, "cannot create a directory %s: %s\n", dir.c_str(),
                 std::strerror(errno));
    std::abort();
  }
  return dir;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string CheckersBinary() { return RunfilePath("ui_cli/checkers"); }

CommandResult RunCheckers(const std::vector<std::string>& args,
                          const std::string& input,
                          const std::vector<std::string>& env) {
  std::vector<std::string> argv = {CheckersBinary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return RunCommand(argv, input, env);
}

}  // namespace checkers::testing
