#include "storage/save_path.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::storage {
namespace {

bool IsAbsolute(absl::string_view path) {
  return !path.empty() && path.front() == '/';
}

// `dir` without trailing slashes, so that "/x/" gives "/x/checkers" and "/"
// gives "/.local".
absl::string_view WithoutTrailingSlashes(absl::string_view dir) {
  while (!dir.empty() && dir.back() == '/') dir.remove_suffix(1);
  return dir;
}

}  // namespace

absl::StatusOr<std::string> SavePathFrom(absl::string_view xdg_state_home,
                                         absl::string_view home) {
  if (IsAbsolute(xdg_state_home)) {
    return absl::StrCat(WithoutTrailingSlashes(xdg_state_home),
                        "/checkers/match.log");
  }
  if (IsAbsolute(home)) {
    return absl::StrCat(WithoutTrailingSlashes(home),
                        "/.local/state/checkers/match.log");
  }
  return absl::InternalError(
      "cannot tell where to save: neither $XDG_STATE_HOME nor $HOME is set to "
      "an absolute path; set one or give --save=PATH");
}

absl::StatusOr<std::string> DefaultSavePath() {
  const char* xdg_state_home = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  return SavePathFrom(xdg_state_home != nullptr ? xdg_state_home : "",
                      home != nullptr ? home : "");
}

}  // namespace checkers::storage
