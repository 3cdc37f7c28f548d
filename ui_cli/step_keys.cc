#include "ui_cli/step_keys.h"

#include <cstdlib>

#include "absl/strings/ascii.h"

namespace checkers::cli {
namespace {

constexpr int kMaxDigits = 6;

// The command of the final byte of "ESC [ params final".
std::optional<StepCommand> EscapeCommand(const std::string& params,
                                         char final) {
  switch (final) {
    case 'C':
    case 'B':
      return StepCommand{StepAction::kNext};
    case 'D':
    case 'A':
      return StepCommand{StepAction::kBack};
    case 'H':
      return StepCommand{StepAction::kFirst};
    case 'F':
      return StepCommand{StepAction::kLast};
    case '~':
      // VT220 editing keys: 1 and 7 are Home, 4 and 8 are End.
      if (params == "1" || params == "7")
        return StepCommand{StepAction::kFirst};
      if (params == "4" || params == "8") return StepCommand{StepAction::kLast};
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<StepCommand> StepKeys::Feed(char c) {
  if (escape_ == 1) {
    escape_ = (c == '[' || c == 'O') ? 2 : 0;
    params_.clear();
    return std::nullopt;
  }
  if (escape_ == 2) {
    // Parameter bytes, then one final byte from '@' to '~'.
    if (c >= '0' && c <= '?') {
      if (params_.size() < 8) params_.push_back(c);
      return std::nullopt;
    }
    escape_ = 0;
    return EscapeCommand(params_, c);
  }
  if (absl::ascii_isdigit(static_cast<unsigned char>(c))) {
    if (number_.size() < kMaxDigits) number_.push_back(c);
    return std::nullopt;
  }
  switch (c) {
    case '\x1b':
      escape_ = 1;
      return std::nullopt;
    case '\n':
    case '\r': {
      if (number_.empty()) return std::nullopt;
      const int turn = std::atoi(number_.c_str());
      number_.clear();
      return StepCommand{StepAction::kJump, turn};
    }
    case '\x7f':
    case '\b':
      if (!number_.empty()) number_.pop_back();
      return std::nullopt;
    case '\x04':
    case 'q':
    case 'Q':
      return StepCommand{StepAction::kQuit};
    case 'n':
    case ' ':
      return StepCommand{StepAction::kNext};
    case 'p':
    case 'b':
      return StepCommand{StepAction::kBack};
    case 'f':
      return StepCommand{StepAction::kFirst};
    case 'l':
      return StepCommand{StepAction::kLast};
    default:
      // Blanks and control bytes around a line's command say nothing.
      if (absl::ascii_isspace(static_cast<unsigned char>(c)) ||
          absl::ascii_iscntrl(static_cast<unsigned char>(c))) {
        return std::nullopt;
      }
      return StepCommand{StepAction::kHelp};
  }
}

}  // namespace checkers::cli
