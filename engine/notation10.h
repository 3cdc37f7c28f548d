// Moves of the 10x10 board as PDN text: "32-28" for a step or a king's
// flight, "28x19" for a capture and "28x19x10" for one with every landing
// square.

#ifndef CHECKERS_ENGINE_NOTATION10_H_
#define CHECKERS_ENGINE_NOTATION10_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/move10.h"
#include "engine/position10.h"

namespace checkers::intl {

// The PDN text of `m` with its full route (Move::landings).
std::string MoveToText(const Move& m);

// The legal moves of `pos` as text, sorted by square numbers; every route
// ("keep").
std::vector<std::string> LegalMoveTexts(const Position& pos);

// Finds the legal move of `pos` that `text` names. Squares may be joined by
// '-' or 'x'. A capture may leave out landing squares ("28x10" for
// "28x19x10", as PDN files of this game usually write it) as long as the
// routes that fit take the same pieces to the same square; the squares
// given must appear on the route in order.
//
// Returns InvalidArgument when `text` is not move notation, and
// FailedPrecondition, listing the legal moves or the fitting routes, when
// it names no legal move or moves with different effects.
absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view text);

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_NOTATION10_H_
