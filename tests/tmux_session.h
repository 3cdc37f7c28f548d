// Drives a program in a real terminal for end-to-end tests of the
// full-screen game: a tmux server on a private socket, an 80x24 session
// running a command, keys sent as a person would type them, and the screen
// read back as text.

#ifndef CHECKERS_TESTS_TMUX_SESSION_H_
#define CHECKERS_TESTS_TMUX_SESSION_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/time/time.h"

namespace checkers::testing {

class TmuxSession {
 public:
  // Starts a detached 80x24 session named "main" that runs `command` (a
  // shell command line) with `env` ("NAME=value") added to its
  // environment, on a tmux server of its own. ok() tells whether it
  // started.
  explicit TmuxSession(const std::string& command,
                       const std::vector<std::string>& env = {});

  // Ends the server and everything running in it.
  ~TmuxSession();

  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  bool ok() const { return ok_; }

  // Starts another detached session, `name`, running `command`.
  bool AddSession(const std::string& name, const std::string& command);

  // The text on the screen of `session`, one line per row.
  std::string Screen(const std::string& session = "main") const;

  // Sends keys by tmux's names ("Up", "Enter", "Escape", "C-z", "p").
  void Keys(const std::vector<std::string>& keys,
            const std::string& session = "main") const;

  // Sends `text` as typed, byte for byte (also raw escape sequences).
  void Type(const std::string& text, const std::string& session = "main") const;

  // Polls the screen until `done` holds for it or `timeout` passes; returns
  // whether it held, and leaves the last screen in `*screen` if given. Once
  // it holds, the screen is read until it stops changing (up to a second),
  // so that `*screen` is not a half-painted one.
  bool WaitUntil(const std::function<bool(const std::string&)>& done,
                 std::string* screen = nullptr,
                 absl::Duration timeout = absl::Seconds(30),
                 const std::string& session = "main") const;

  // WaitUntil the screen contains `text`.
  bool WaitFor(const std::string& text, std::string* screen = nullptr,
               absl::Duration timeout = absl::Seconds(30),
               const std::string& session = "main") const;

  // Resizes the window of `session`.
  void Resize(int width, int height, const std::string& session = "main") const;

  // The process id of the command running in `session` (the shell's, or
  // the program's when the command starts with exec).
  int Pid(const std::string& session = "main") const;

 private:
  std::vector<std::string> Tmux(std::vector<std::string> args) const;

  std::string tmux_;
  std::string socket_;
  bool ok_ = false;
};

// The X10 mouse report of a left click at column `x`, row `y` (0-based):
// the press and the release, as a terminal sends them.
std::string MouseClick(int x, int y);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_TMUX_SESSION_H_
