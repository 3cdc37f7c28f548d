// The computer's search for a game of any edition (engine/game_position.h):
// one request and one result whatever the board, dispatched once to the
// 8x8 or the 10x10 search of engine/search.h.

#ifndef CHECKERS_ENGINE_GAME_SEARCH_H_
#define CHECKERS_ENGINE_GAME_SEARCH_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/game_position.h"
#include "engine/movegen8.h"
#include "engine/search.h"

namespace checkers {

struct GameSearchRequest {
  GamePosition position;
  // The hashes of the game's earlier positions since the last capture or
  // man's move, oldest first, not including `position`.
  std::vector<uint64_t> history;
  // Plies played since the last capture or man's move.
  int no_progress_plies = 0;
  // Applies to the 8x8 editions; international captures are forced.
  CaptureRule capture_rule = CaptureRule::kMandatory;
  // Plies without a capture or a man's move after which the game is
  // drawn; 0 turns the rule off.
  int no_progress_limit_plies = 80;
  Level level = Level::kMedium;
  uint64_t seed = 0;
  SearchLimits limits;
  // An endgame database to probe (engine/endgame_db.h), or none; only the
  // 8x8 search reads it, and only under English rules.
  const egdb::Database* endgame_db = nullptr;
  // An opening book to play from (engine/opening_book.h), or none; read
  // only in the book's own edition.
  const book::OpeningBook* opening_book = nullptr;
  // SearchRequest::hand_set_eval and eval_weights, the weights of the
  // board of `position`.
  bool hand_set_eval = false;
  const learned::Weights* eval_weights = nullptr;
};

struct GameSearchResult {
  GameMove best_move;
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  // The move is the opening book's (SearchResult::from_book).
  bool from_book = false;
};

// Searches `request` with the search of its board: the 8x8 Search for the
// 8x8 editions, intl::Search for international. Fails as those do
// (InvalidArgument, FailedPrecondition, CancelledError).
absl::StatusOr<GameSearchResult> SearchGame(const GameSearchRequest& request,
                                            const PollFn& poll = nullptr);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_GAME_SEARCH_H_
