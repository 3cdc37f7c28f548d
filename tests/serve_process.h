// What the kill tests of `checkers serve` share (serve_kill_test.cc on a
// data directory, serve_kill_store_test.cc on a PostgreSQL store): a
// server process started and its port read, a remote game whose two seats
// the test holds, and the turns of a log fetched from a server, checked
// against the moves it answered.

#ifndef CHECKERS_TESTS_SERVE_PROCESS_H_
#define CHECKERS_TESTS_SERVE_PROCESS_H_

#include <sys/types.h>

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "events/events.pb.h"
#include "storage/game_log.h"
#include "web/http/client.h"

namespace checkers::testing {

// A running `checkers serve` and the port it printed.
struct Served {
  pid_t pid = -1;
  int port = 0;
};

// Starts `checkers serve --listen=127.0.0.1:0` with `flags` (a store, and
// --cpu-after=3600 so that no computer stands in for the players, who
// hold no event stream) and waits for its "listening on" line. Internal
// naming the line when it printed another.
absl::StatusOr<Served> StartServe(const std::vector<std::string>& flags);

// The turns of a log, in order.
std::vector<events::TurnPlayed> TurnsOf(const storage::LoadedGame& game);

// Whether `turn` is the move written `text` ("11-15", "9x18x27"): the
// same first and last squares.
bool IsMove(const events::TurnPlayed& turn, const std::string& text);

// A remote table whose two seats the test holds: the cookie of each.
struct Game {
  std::string id;
  std::string cookie[2];
};

// Makes a remote table through `client` and takes both its seats.
absl::StatusOr<Game> NewGame(http::Client& client);

// The game in a log fetched from a server (GET /api/tables/ID/log), after
// checking that it audits sound; `scratch` is a file it may write.
absl::StatusOr<storage::LoadedGame> LoadFetchedLog(const std::string& bytes,
                                                   const std::string& scratch);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_SERVE_PROCESS_H_
