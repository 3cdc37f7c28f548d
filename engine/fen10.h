// PDN FEN for the 10x10 board: a position as text, e.g.
// "W:W31-50:B1-20" or "B:W28,K46:B12,K3" (side to move, then each side's
// squares; K marks a king).

#ifndef CHECKERS_ENGINE_FEN10_H_
#define CHECKERS_ENGINE_FEN10_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position10.h"

namespace checkers::intl {

// The FEN of the starting position.
inline constexpr absl::string_view kInitialFen = "W:W31-50:B1-20";

// Parses a PDN FEN of the 10x10 board. Tolerates spaces, either order of
// the two piece lists, lower case, a trailing dot, and square ranges such
// as "31-50" (also "K1-3" for kings). Returns InvalidArgument naming the
// problem for anything else: an unknown side, a square outside 1-50, a
// square given twice, a man on the row where it would have been crowned,
// or more than 20 pieces for one side.
absl::StatusOr<Position> ParseFen(absl::string_view text);

// The FEN of `pos`: side to move, White's squares, then Black's, each in
// square order with kings marked K.
std::string ToFen(const Position& pos);

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_FEN10_H_
