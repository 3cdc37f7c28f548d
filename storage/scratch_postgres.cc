#include "storage/scratch_postgres.h"

#include <fcntl.h>
#include <pwd.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "storage/env.h"
#include "storage/postgres_connection.h"

extern char** environ;

namespace checkers::storage {
namespace {

// The user a root process runs the server as.
constexpr char kServerUser[] = "postgres";

bool IsRoot() { return geteuid() == 0; }

std::string Runuser() {
  for (const char* path : {"/usr/sbin/runuser", "/sbin/runuser"}) {
    if (access(path, X_OK) == 0) return path;
  }
  return "runuser";
}

// `args` as the server's user runs them: through runuser when root.
std::vector<std::string> AsServerUser(std::vector<std::string> args) {
  if (!IsRoot()) return args;
  std::vector<std::string> run = {Runuser(), "-u", kServerUser, "--"};
  run.insert(run.end(), args.begin(), args.end());
  return run;
}

// Starts `args` in `cwd` with standard input from `in` (-1: /dev/null) and
// standard output and error appended to `log` (empty: /dev/null), in a
// session of its own when `new_session`.
absl::StatusOr<pid_t> Spawn(const std::vector<std::string>& args, int in,
                            const std::string& log, const std::string& cwd,
                            bool new_session) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in >= 0) {
    posix_spawn_file_actions_adddup2(&actions, in, 0);
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_addopen(
      &actions, 1, log.empty() ? "/dev/null" : log.c_str(),
      O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (new_session) posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error =
      posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (error != 0) return IoError("run", args[0], error);
  return pid;
}

// The exit status of `pid` once it has ended.
int Wait(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// The last lines of `path`, for an error message.
std::string Tail(const std::string& path) {
  absl::StatusOr<std::string> text = Env::Default()->ReadFile(path, 1 << 20);
  if (!text.ok()) return "";
  absl::string_view rest = absl::StripTrailingAsciiWhitespace(*text);
  if (rest.size() > 600) rest = rest.substr(rest.size() - 600);
  return std::string(rest);
}

}  // namespace

std::string ScratchPostgres::BinDir() {
  const char* dir = std::getenv("CHECKERS_POSTGRES_BIN");
  return dir != nullptr && dir[0] != '\0' ? dir : "/usr/lib/postgresql/15/bin";
}

ScratchPostgres::ScratchPostgres(std::string dir, Options options,
                                 pid_t watcher, int watcher_pipe)
    : dir_(std::move(dir)),
      options_(options),
      uri_(absl::StrCat("postgresql:///postgres?host=", dir_,
                        "&user=checkers")),
      watcher_(watcher),
      watcher_pipe_(watcher_pipe) {}

ScratchPostgres::~ScratchPostgres() {
  close(watcher_pipe_);
  Wait(watcher_);
}

absl::Status ScratchPostgres::RunProgram(const std::string& dir,
                                         const std::vector<std::string>& args) {
  std::vector<std::string> command = args;
  command[0] = absl::StrCat(BinDir(), "/", args[0]);
  const std::string log = absl::StrCat(dir, "/programs.log");
  absl::StatusOr<pid_t> pid = Spawn(AsServerUser(command), -1, log, dir, false);
  if (!pid.ok()) return pid.status();
  const int status = Wait(*pid);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return absl::OkStatus();
  return absl::InternalError(absl::StrCat(
      absl::StrJoin(args, " "), " failed (status ", status, "): ", Tail(log)));
}

absl::StatusOr<std::unique_ptr<ScratchPostgres>> ScratchPostgres::Start(
    Options options) {
  const std::string bin = BinDir();
  for (const char* program : {"initdb", "pg_ctl", "postgres"}) {
    const std::string path = absl::StrCat(bin, "/", program);
    if (access(path.c_str(), X_OK) != 0) {
      return absl::NotFoundError(absl::StrCat(
          "PostgreSQL's server programs are not installed (no ", path,
          "); install the package postgresql-15 (tools/setup.sh does), or "
          "set CHECKERS_POSTGRES_BIN to their directory"));
    }
  }
  std::string dir = "/tmp/checkers-pg-XXXXXX";
  if (mkdtemp(dir.data()) == nullptr) return IoError("create", dir, errno);
  if (IsRoot()) {
    const passwd* user = getpwnam(kServerUser);
    if (user == nullptr) {
      rmdir(dir.c_str());
      return absl::NotFoundError(absl::StrCat(
          "no user ", kServerUser,
          " to run PostgreSQL as (initdb refuses root); the package "
          "postgresql-15 creates it"));
    }
    if (chown(dir.c_str(), user->pw_uid, user->pw_gid) != 0) {
      const int error = errno;
      rmdir(dir.c_str());
      return IoError("hand over", dir, error);
    }
  }
  // The watcher waits for the end of its input, which comes when this
  // object closes the pipe or the process ends however it ends, then stops
  // the server and removes the directory. Its own session keeps it out of
  // a kill of the test's process group.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    const int error = errno;
    rmdir(dir.c_str());
    return IoError("make a pipe for", dir, error);
  }
  std::vector<std::string> watcher = {
      "/bin/sh", "-c",
      "cat >/dev/null; dir=$1; shift; \"$@\"; rm -rf -- \"$dir\"", "watcher",
      dir};
  for (std::string& a :
       AsServerUser({absl::StrCat(bin, "/pg_ctl"), "stop", "-D",
                     absl::StrCat(dir, "/data"), "-m", "immediate", "-w",
                     "-s"})) {
    watcher.push_back(std::move(a));
  }
  absl::StatusOr<pid_t> pid = Spawn(watcher, fds[0], "", "/", true);
  close(fds[0]);
  if (!pid.ok()) {
    close(fds[1]);
    rmdir(dir.c_str());
    return pid.status();
  }
  // From here on destroying the object cleans up.
  std::unique_ptr<ScratchPostgres> server(
      new ScratchPostgres(dir, options, *pid, fds[1]));
  if (absl::Status s = RunProgram(
          dir, {"initdb", "-D", absl::StrCat(dir, "/data"), "-A", "trust",
                "-U", "checkers", "-E", "UTF8", "--locale=C", "--no-sync"});
      !s.ok()) {
    return s;
  }
  if (absl::Status s = server->StartServer(); !s.ok()) return s;
  return server;
}

absl::Status ScratchPostgres::StartServer() {
  return RunProgram(
      dir_, {"pg_ctl", "start", "-D", absl::StrCat(dir_, "/data"), "-w", "-s",
             "-l", absl::StrCat(dir_, "/server.log"), "-o",
             absl::StrCat("-k ", dir_, " -c listen_addresses='' -c fsync=",
                          options_.fsync ? "on" : "off")});
}

absl::Status ScratchPostgres::CrashAndRestart() {
  if (absl::Status s =
          RunProgram(dir_, {"pg_ctl", "stop", "-D", absl::StrCat(dir_, "/data"),
                            "-m", "immediate", "-w", "-s"});
      !s.ok()) {
    return s;
  }
  return StartServer();
}

absl::StatusOr<std::string> ScratchPostgres::NewSchema(absl::string_view name) {
  bool fits = !name.empty() && !absl::ascii_isdigit(name[0]);
  for (char c : name) {
    fits = fits && (absl::ascii_islower(c) || absl::ascii_isdigit(c) || c == '_');
  }
  if (!fits) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", name, "\" is not a schema name for a test"));
  }
  absl::StatusOr<std::unique_ptr<pg::Connection>> conn =
      pg::Connection::Open(uri_, "checkers-test");
  if (!conn.ok()) return conn.status();
  // A schema's name cannot be a parameter; `name` was checked above to be
  // a plain identifier.
  if (absl::StatusOr<pg::Result> made =
          (*conn)->Exec(absl::StrCat("CREATE SCHEMA ", name));
      !made.ok()) {
    return made.status();
  }
  return absl::StrCat(uri_, "&options=-c%20search_path%3D", name);
}

}  // namespace checkers::storage
