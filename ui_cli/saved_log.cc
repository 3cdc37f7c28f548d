#include "ui_cli/saved_log.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "storage/env.h"
#include "ui_cli/save_flag.h"

namespace checkers::cli {

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

absl::StatusOr<std::string> LogPath(
    const std::vector<std::string>& positional) {
  if (!positional.empty()) return positional[0];
  return SavePath();
}

absl::Status NoFile(const lang::Catalogue& t, const std::string& path) {
  return absl::NotFoundError(t.Get("tools.no_file", {{"path", path}}));
}

absl::StatusOr<storage::LoadedEvents> LoadLog(const lang::Catalogue& t,
                                              const std::string& path) {
  absl::StatusOr<storage::LoadedEvents> game =
      storage::LoadEvents(storage::Env::Default(), path);
  if (game.status().code() == absl::StatusCode::kNotFound) {
    return NoFile(t, path);
  }
  return game;
}

void NoticeTornTail(const lang::Catalogue& t, uint64_t torn_bytes) {
  if (torn_bytes == 0) return;
  std::fprintf(
      stderr, "checkers: %s\n",
      t.Get("tools.torn", {{"bytes", absl::StrCat(torn_bytes)}}).c_str());
}

}  // namespace checkers::cli
