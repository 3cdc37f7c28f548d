// The static evaluation for international draughts: what a quiet 10x10
// position is worth to the side to move, in centi-men (a man is 100).

#ifndef CHECKERS_ENGINE_EVAL10_H_
#define CHECKERS_ENGINE_EVAL10_H_

#include "engine/position10.h"

namespace checkers::intl {

inline constexpr int kManValue = 100;

// A flying king controls whole diagonals and takes from a distance: worth
// about three men early, rising to 3.5 as the board empties.
int KingValue(int pieces_on_board);

// The value of `pos` for its side to move, in centi-men. Knows material
// (with the king's value above), trading down when ahead, the home-row
// guard, centre control, advancement by phase, men with a free path to the
// crown, mobility, and the king endings that are drawn without a large
// majority (one to three pieces against a lone king).
//
// Meant for quiet positions: where a capture is pending (majority capture
// decides which), the search must play it out first. Symmetric: the same
// position seen from the other side has the same value.
int Evaluate(const Position& pos);

// The board rotated by 180 degrees with the colours swapped: the same
// position seen by the other player. Square s becomes 49 - s.
Position Mirrored(const Position& pos);

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_EVAL10_H_
