// What the kill tests of `checkers serve` share (serve_kill_test.cc on a
// data directory, serve_kill_store_test.cc on a PostgreSQL store): a
// server process started and its port read, a remote game whose two seats
// the test holds, random moves posted to it, and the turns of a log fetched
// from a server, checked against the moves it answered.

#ifndef CHECKERS_TESTS_SERVE_PROCESS_H_
#define CHECKERS_TESTS_SERVE_PROCESS_H_

#include <sys/types.h>

#include <random>
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

// What a kill test knows of its game: the log's turns as last checked, and
// the moves answered 200 since.
struct SeenTurns {
  std::vector<events::TurnPlayed> turns;
  std::vector<std::string> answered;
};

// Checks a log fetched from a server after a kill against `seen`: sound
// (LoadFetchedLog), every turn of `seen.turns` unchanged, then every move
// of `seen.answered` once and in order, and at most one turn more (the one
// the kill interrupted, if it was stored whole). On success `seen` holds
// the log's turns and no answered moves, and the answer is whether the
// game is over; otherwise an error naming the first difference.
absl::StatusOr<bool> CheckLogAfterKill(const std::string& bytes,
                                       const std::string& scratch,
                                       SeenTurns& seen);

// What posting one move came to.
enum class Posting {
  kAnswered,  // 200: `move` is in the log.
  kStale,     // 409: the server had not read the last move yet.
  kOver,      // The game is over; nothing was posted.
  kNoState,   // The table's state got no reply: the server is gone.
  kNoAnswer,  // The move got no reply: the server went during it.
};

struct PostedMove {
  Posting posting = Posting::kNoState;
  std::string move;
};

// Reads `game`'s table through `client` and, unless the game is over,
// posts a legal move of the side to move chosen by `rng`, with the head it
// was seen at and that side's seat cookie. An answer other than 200 or
// 409 is an error carrying the server's body.
absl::StatusOr<PostedMove> PostRandomMove(http::Client& client,
                                          const Game& game,
                                          std::mt19937_64& rng);

// The bound of the next kill's random moment after a round that answered
// `answered` moves under `max_delay_ms`: a move takes longer under
// AddressSanitizer and on a loaded machine, so the bound grows after a
// round with no answered move (up to 5 s) and shrinks after one with many.
double NextMaxDelayMs(double max_delay_ms, int answered);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_SERVE_PROCESS_H_
