// The static evaluation: what a quiet position is worth to the side to
// move, in centi-men (a man is 100).

#ifndef CHECKERS_ENGINE_EVAL8_H_
#define CHECKERS_ENGINE_EVAL8_H_

#include "engine/board8.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers {

inline constexpr int kManValue = 100;

// The worth of a king with `pieces_on_board` pieces left in all: about 1.3
// men in a full middle game, rising towards 1.5 as the board empties and a
// king's reach matters more.
int KingValue(int pieces_on_board);

// The worth of a flying king (Russian, pool) with `pieces_on_board` pieces
// left: it commands whole diagonals and a lone one holds off several men,
// so it is worth about 2.5 men, rising to 3 as the board empties.
int FlyingKingValue(int pieces_on_board);

// The value of `pos` for its side to move, in centi-men. Knows material,
// the back-rank guard, centre control, mobility, advancement by phase,
// men with a free path to the crown, immobile kings, trading down when
// ahead, and the king endings (the stronger side drives lone kings out of
// the double corners; equal king endings are drawish).
//
// Meant for quiet positions: where a capture is pending the search must
// play it out first. A position whose side to move has no legal move is
// lost, which only the search knows; the value here ignores that.
// Symmetric: the same position seen from the other side (rotated by 180
// degrees with the colours swapped) has the same value.
// `edition` prices kings: flying ones are worth far more.
int Evaluate(const Position& pos, Edition edition = Edition::kEnglish);

// The board rotated by 180 degrees with the colours swapped: the same
// position seen by the other player. Square s becomes 31 - s.
Position Mirrored(const Position& pos);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_EVAL8_H_
