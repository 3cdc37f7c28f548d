// Where the one saved match lives when no --save=PATH is given (README.md,
// "The game from the command line"): $XDG_STATE_HOME/checkers/match.log, else
// $HOME/.local/state/checkers/match.log.

#ifndef CHECKERS_STORAGE_SAVE_PATH_H_
#define CHECKERS_STORAGE_SAVE_PATH_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace checkers::storage {

// The save path given the values of $XDG_STATE_HOME and $HOME (empty when
// unset). Per the XDG base directory specification a relative
// $XDG_STATE_HOME is ignored; $HOME must be absolute too, since a relative
// one would put the save wherever the command happens to run. When neither
// is usable: Internal (exit 73, the save cannot be created), naming both
// variables and --save as the way out.
absl::StatusOr<std::string> SavePathFrom(absl::string_view xdg_state_home,
                                         absl::string_view home);

// SavePathFrom applied to this process's environment.
absl::StatusOr<std::string> DefaultSavePath();

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_SAVE_PATH_H_
