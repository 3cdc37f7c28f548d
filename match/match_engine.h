// The player of an engine match, whatever drives it: one of our levels, a
// CheckerBoard-API library or a Hub engine program (match/match.h,
// match/hub_engine.h).

#ifndef CHECKERS_MATCH_MATCH_ENGINE_H_
#define CHECKERS_MATCH_MATCH_ENGINE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/game_position.h"
#include "events/game_state.h"

namespace checkers::match {

// A player of a match.
class MatchEngine {
 public:
  virtual ~MatchEngine() = default;

  // How the engine is named in results ("hard", or the library's name).
  virtual const std::string& name() const = 0;

  // Called before the first move of each game.
  virtual void NewGame(uint64_t game_seed) = 0;

  // A move for the side to move in `state`, a game that goes on. The move
  // need not be legal: the match checks it. `seconds` is the time per move
  // (engines with a node budget ignore it).
  virtual absl::StatusOr<GameMove> ChooseMove(
      const events::GameState& state, const std::vector<GameMove>& game_moves,
      double seconds) = 0;
};

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_MATCH_ENGINE_H_
