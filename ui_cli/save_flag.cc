#include "ui_cli/save_flag.h"

#include "absl/flags/flag.h"
#include "storage/save_path.h"

ABSL_FLAG(std::string, save, "",
          "PATH: the save file (default $XDG_STATE_HOME/checkers/match.log, "
          "else ~/.local/state/checkers/match.log)");

namespace checkers::cli {

absl::StatusOr<std::string> SavePath() {
  const std::string flag = absl::GetFlag(FLAGS_save);
  if (!flag.empty()) return flag;
  return storage::DefaultSavePath();
}

}  // namespace checkers::cli
