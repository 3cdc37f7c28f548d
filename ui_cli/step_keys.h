// The keys of `checkers replay`'s stepper. A terminal sends them one byte
// at a time (arrows and Home/End as escape sequences); a pipe sends lines.
// The decoder reads both alike, so what a test pipes in is what a person
// types.

#ifndef CHECKERS_UI_CLI_STEP_KEYS_H_
#define CHECKERS_UI_CLI_STEP_KEYS_H_

#include <optional>
#include <string>

namespace checkers::cli {

enum class StepAction {
  kNext,   // n, space, right arrow, down arrow
  kBack,   // p, b, left arrow, up arrow
  kFirst,  // f, Home
  kLast,   // l, End
  kJump,   // a number, then Enter
  kQuit,   // q, Ctrl-D
  kHelp,   // any other printable key, or h / ?
};

struct StepCommand {
  StepAction action;
  // The turn to jump to, for kJump.
  int turn = 0;

  friend bool operator==(const StepCommand& a, const StepCommand& b) {
    return a.action == b.action && a.turn == b.turn;
  }
};

// Feeds one byte at a time; returns a command when the bytes so far
// complete one. Digits collect until Enter (LF or CR) and make a jump;
// Backspace takes the last digit back; Enter with no digits does nothing,
// so "n\n" from a pipe is one step. Unknown escape sequences are dropped.
class StepKeys {
 public:
  std::optional<StepCommand> Feed(char c);

  // The digits of a jump typed so far, to echo while the terminal does not.
  const std::string& pending_number() const { return number_; }

 private:
  // Digits typed so far for a jump.
  std::string number_;
  // 0: not in an escape sequence; 1: after ESC; 2: after ESC [ or ESC O,
  // with `params_` the bytes of the sequence so far.
  int escape_ = 0;
  std::string params_;
};

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_STEP_KEYS_H_
