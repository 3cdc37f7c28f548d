// Games a person opens on the replay page by sending a file (web/API.md,
// "Open any game"): the games of a PDN file or the game of a log, read
// with the project's own import and log reader, and held in memory by key
// (GameKey) so that /g/KEY/replay shows them; no table is made, and a
// restarted server holds none. Thread-safe.

#ifndef CHECKERS_WEB_OPENED_GAMES_H_
#define CHECKERS_WEB_OPENED_GAMES_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"
#include "web/answers.h"

namespace checkers::web {

class OpenedGames {
 public:
  // Holds at most `kept` games, forgetting the one opened longest ago.
  explicit OpenedGames(size_t kept = 4096);

  // Reads `bytes`: a log when they start as a log does, else PDN text,
  // whose games without a GameType tag are read under `edition`. 200
  // {games: [{index, key, plies, tags: [{name, value}]}], refused: [{index,
  // reason}], skipped: [line]} (a log is game 1; its tags those the export
  // writes: replay/log_record.h); 422 naming the problem in `text`'s
  // language when it holds no game that can be opened (a damaged log,
  // text with no game).
  Answer Open(absl::string_view bytes, Edition edition,
              const lang::Catalogue& text);

  // The events of the game opened under `key`, or nullopt.
  std::optional<std::vector<events::Event>> Find(const std::string& key);

 private:
  // Holds `log` under its key, which it returns.
  std::string Keep(std::vector<events::Event> log);

  const size_t kept_;
  absl::Mutex mu_;
  struct Held {
    std::vector<events::Event> log;
    uint64_t opened = 0;
  };
  std::map<std::string, Held> games_ ABSL_GUARDED_BY(mu_);
  uint64_t clock_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_OPENED_GAMES_H_
