// Games for the shells' tests, folded from a start position and moves with
// every commit checked, as a session folds them.

#ifndef CHECKERS_SESSION_FOLDED_GAME_H_
#define CHECKERS_SESSION_FOLDED_GAME_H_

#include <string>
#include <vector>

#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::session {

// The game started from `fen` (empty: the standard start) in `mode` with
// `options`, after `moves`. A start or move the rules refuse fails the
// calling test.
events::GameState FoldedGame(const std::string& fen,
                             const std::vector<std::string>& moves,
                             events::Mode mode = events::TWO_PLAYER,
                             const events::RuleOptions& options = {});

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_FOLDED_GAME_H_
