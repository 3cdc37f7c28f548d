// PDN FEN: a position as text, e.g. "B:W21,22,K30:B1,2,K5" (side to move,
// then each side's squares; K marks a king).

#ifndef CHECKERS_ENGINE_FEN8_H_
#define CHECKERS_ENGINE_FEN8_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position8.h"

namespace checkers {

// The FEN of the standard starting position.
inline constexpr absl::string_view kInitialFen =
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

// Parses a PDN FEN. Tolerates spaces, either order of the two piece lists,
// lower case, a trailing dot, and square ranges such as "1-12". Returns
// InvalidArgument naming the problem for anything else: an unknown side, a
// square outside 1-32, a square given twice, a man on the row where it
// would have been crowned, or more than 12 pieces for one side.
absl::StatusOr<Position> ParseFen(absl::string_view text);

// The FEN of `pos`: side to move, White's squares, then Black's, each in
// square order with kings marked K.
std::string ToFen(const Position& pos);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_FEN8_H_
