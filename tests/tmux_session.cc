#include "tests/tmux_session.h"

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "tests/run_command.h"

namespace checkers::testing {
namespace {

// tmux from the PATH (tools/setup.sh installs it).
std::string FindTmux() {
  const char* path = std::getenv("PATH");
  for (absl::string_view dir : absl::StrSplit(
           path != nullptr ? path : "/usr/bin:/bin", ':', absl::SkipEmpty())) {
    const std::string candidate = absl::StrCat(dir, "/tmux");
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "/usr/bin/tmux";
}

}  // namespace

TmuxSession::TmuxSession(const std::string& command,
                         const std::vector<std::string>& env)
    : tmux_(FindTmux()) {
  static int counter = 0;
  socket_ = absl::StrCat("checkers-test-", getpid(), "-", counter++);
  std::vector<std::string> full_env = {"LANG=C.UTF-8"};
  full_env.insert(full_env.end(), env.begin(), env.end());
  const CommandResult r =
      RunCommand({tmux_, "-u", "-L", socket_, "-f", "/dev/null", "new-session",
                  "-d", "-s", "main", "-x", "80", "-y", "24", command},
                 "", full_env);
  ok_ = r.exit_code == 0;
}

TmuxSession::~TmuxSession() { Tmux({"kill-server"}); }

std::vector<std::string> TmuxSession::Tmux(
    std::vector<std::string> args) const {
  std::vector<std::string> argv = {tmux_, "-u", "-L", socket_};
  argv.insert(argv.end(), args.begin(), args.end());
  const CommandResult r = RunCommand(argv, "", {"LANG=C.UTF-8"});
  return absl::StrSplit(r.out, '\n');
}

bool TmuxSession::AddSession(const std::string& name,
                             const std::string& command) {
  std::vector<std::string> argv = {tmux_, "-u", "-L",   socket_, "new-session",
                                   "-d",  "-s", name,   "-x",    "80",
                                   "-y",  "24", command};
  return RunCommand(argv, "", {"LANG=C.UTF-8"}).exit_code == 0;
}

std::string TmuxSession::Screen(const std::string& session) const {
  const std::string target = absl::StrCat(session, ":");
  std::vector<std::string> argv = {tmux_,          "-u", "-L", socket_,
                                   "capture-pane", "-p", "-t", target};
  return RunCommand(argv, "", {"LANG=C.UTF-8"}).out;
}

void TmuxSession::Keys(const std::vector<std::string>& keys,
                       const std::string& session) const {
  std::vector<std::string> args = {"send-keys", "-t",
                                   absl::StrCat(session, ":")};
  args.insert(args.end(), keys.begin(), keys.end());
  Tmux(args);
}

void TmuxSession::Type(const std::string& text,
                       const std::string& session) const {
  Tmux({"send-keys", "-t", absl::StrCat(session, ":"), "-l", text});
}

bool TmuxSession::WaitUntil(const std::function<bool(const std::string&)>& done,
                            std::string* screen, absl::Duration timeout,
                            const std::string& session) const {
  const absl::Time deadline = absl::Now() + timeout;
  std::string last;
  while (true) {
    last = Screen(session);
    if (done(last)) break;
    if (absl::Now() > deadline) {
      if (screen != nullptr) *screen = last;
      return false;
    }
    absl::SleepFor(absl::Milliseconds(50));
  }
  // The program may paint one change over several writes (a dialog's title
  // before its items), and a capture can fall between them. So the screen
  // is read again until two reads agree, for a second at most; a later
  // read counts only while `done` still holds for it.
  const absl::Time settle_deadline = absl::Now() + absl::Seconds(1);
  while (absl::Now() < settle_deadline) {
    absl::SleepFor(absl::Milliseconds(50));
    std::string next = Screen(session);
    if (next == last || !done(next)) break;
    last = std::move(next);
  }
  if (screen != nullptr) *screen = last;
  return true;
}

bool TmuxSession::WaitFor(const std::string& text, std::string* screen,
                          absl::Duration timeout,
                          const std::string& session) const {
  return WaitUntil(
      [&text](const std::string& s) { return absl::StrContains(s, text); },
      screen, timeout, session);
}

void TmuxSession::Resize(int width, int height,
                         const std::string& session) const {
  Tmux({"resize-window", "-t", absl::StrCat(session, ":"), "-x",
        absl::StrCat(width), "-y", absl::StrCat(height)});
}

int TmuxSession::Pid(const std::string& session) const {
  const std::vector<std::string> out =
      Tmux({"display-message", "-p", "-t", absl::StrCat(session, ":"),
            "#{pane_pid}"});
  int pid = 0;
  if (out.empty() ||
      !absl::SimpleAtoi(absl::StripAsciiWhitespace(out[0]), &pid))
    return 0;
  return pid;
}

std::string MouseClick(int x, int y) {
  auto report = [x, y](int button) {
    return absl::StrCat("\x1b[M",
                        std::string(1, static_cast<char>(32 + button)),
                        std::string(1, static_cast<char>(33 + x)),
                        std::string(1, static_cast<char>(33 + y)));
  };
  return report(0) + report(3);
}

}  // namespace checkers::testing
