// What the saved-game tools share (log, replay, audit, export, import):
// the log a tool reads, read without its lock, and the words for a missing
// file and a torn tail.

#ifndef CHECKERS_UI_CLI_SAVED_LOG_H_
#define CHECKERS_UI_CLI_SAVED_LOG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "lang/catalogue.h"
#include "storage/game_log.h"

namespace checkers::cli {

// A usage error (InvalidArgument, exit 64) with `message`.
absl::Status Usage(absl::string_view message);

// The log a tool reads: FILE when given, else the save.
absl::StatusOr<std::string> LogPath(const std::vector<std::string>& positional);

// NotFound naming `path`, in the catalogue's words.
absl::Status NoFile(const lang::Catalogue& t, const std::string& path);

// The events of the log at `path`, unfolded and read without its lock:
// each tool folds them with their checks as it builds its own view.
// NoFile when there is none; storage::LoadEvents's errors otherwise.
absl::StatusOr<storage::LoadedEvents> LoadLog(const lang::Catalogue& t,
                                              const std::string& path);

// A line on stderr when the log's last record was torn (`torn_bytes` of
// it ignored); nothing when it was whole.
void NoticeTornTail(const lang::Catalogue& t, uint64_t torn_bytes);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_SAVED_LOG_H_
