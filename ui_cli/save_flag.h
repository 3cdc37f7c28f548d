// The --save flag shared by every command that works on a game.

#ifndef CHECKERS_UI_CLI_SAVE_FLAG_H_
#define CHECKERS_UI_CLI_SAVE_FLAG_H_

#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"

ABSL_DECLARE_FLAG(std::string, save);

namespace checkers::cli {

// The save to work on: --save, else the default location
// ($XDG_STATE_HOME/checkers/match.log, else ~/.local/state/...).
absl::StatusOr<std::string> SavePath();

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_SAVE_FLAG_H_
