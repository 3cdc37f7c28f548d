// The 32 playable squares of the 8x8 board as a 32-bit set.
//
// Bit s (0..31) is PDN square s + 1. Row 0 holds squares 1-4 (the home row
// of the side that moves first, Black), row 7 holds squares 29-32. Seen
// from White's side of the board, square 4 is at the top-right corner and
// square 29 at the bottom-left corner. "South" is towards square 32: the
// direction in which Black's men move; White's men move north.
//
// Column of a square: in even rows squares sit on columns 1,3,5,7, in odd
// rows on 0,2,4,6. One diagonal step is therefore a shift by 3, 4 or 5
// depending on the row parity, and a jump is a shift by 7 or 9.

#ifndef CHECKERS_ENGINE_BITBOARD_H_
#define CHECKERS_ENGINE_BITBOARD_H_

#include <array>
#include <bit>
#include <cstdint>

namespace checkers {

using Bitboard = uint32_t;

inline constexpr int kNumSquares = 32;

// A square index, 0..31 (PDN number minus one).
using Square = int;

inline constexpr Bitboard SquareBit(Square s) { return Bitboard{1} << s; }
inline constexpr int RowOf(Square s) { return s / 4; }
inline constexpr int ColOf(Square s) {
  return RowOf(s) % 2 == 0 ? 2 * (s % 4) + 1 : 2 * (s % 4);
}
// The square at (row, col), or -1 when that is not a playable square.
inline constexpr Square SquareAt(int row, int col) {
  if (row < 0 || row > 7 || col < 0 || col > 7) return -1;
  if ((row + col) % 2 == 0) return -1;
  return row * 4 + col / 2;
}

inline constexpr Bitboard RowMask(int row) { return Bitboard{0xF} << (4 * row); }

inline constexpr Bitboard kEvenRows = 0x0F0F0F0Fu;
inline constexpr Bitboard kOddRows = 0xF0F0F0F0u;
inline constexpr Bitboard kCol0 = 0x10101010u;  // 5, 13, 21, 29
inline constexpr Bitboard kCol7 = 0x08080808u;  // 4, 12, 20, 28
inline constexpr Bitboard kAllSquares = 0xFFFFFFFFu;

enum Direction : int { kSouthWest = 0, kSouthEast = 1, kNorthWest = 2, kNorthEast = 3 };

inline constexpr int kRowStep[4] = {+1, +1, -1, -1};
inline constexpr int kColStep[4] = {-1, +1, -1, +1};

// Moves every square of `b` one diagonal step in direction D; squares that
// would leave the board vanish.
template <Direction D>
inline constexpr Bitboard Shift(Bitboard b) {
  if constexpr (D == kSouthWest) {
    return ((b & kEvenRows) << 4) | ((b & kOddRows & ~kCol0) << 3);
  } else if constexpr (D == kSouthEast) {
    return ((b & kEvenRows & ~kCol7) << 5) | ((b & kOddRows) << 4);
  } else if constexpr (D == kNorthWest) {
    return ((b & kEvenRows) >> 4) | ((b & kOddRows & ~kCol0) >> 5);
  } else {
    return ((b & kEvenRows & ~kCol7) >> 3) | ((b & kOddRows) >> 4);
  }
}

template <Direction D>
inline constexpr Direction kOpposite = static_cast<Direction>(D ^ 3);

namespace internal {

struct SquareTables {
  // neighbour[s][d]: the adjacent square in direction d, or -1.
  std::array<std::array<int8_t, 4>, kNumSquares> neighbour{};
  // jump[s][d]: the square two steps away in direction d, or -1.
  std::array<std::array<int8_t, 4>, kNumSquares> jump{};
};

inline constexpr SquareTables MakeSquareTables() {
  SquareTables t;
  for (Square s = 0; s < kNumSquares; ++s) {
    for (int d = 0; d < 4; ++d) {
      int r = RowOf(s), c = ColOf(s);
      t.neighbour[s][d] = static_cast<int8_t>(SquareAt(r + kRowStep[d], c + kColStep[d]));
      t.jump[s][d] =
          static_cast<int8_t>(SquareAt(r + 2 * kRowStep[d], c + 2 * kColStep[d]));
    }
  }
  return t;
}

}  // namespace internal

inline constexpr internal::SquareTables kSquareTables = internal::MakeSquareTables();

inline constexpr int Neighbour(Square s, int d) { return kSquareTables.neighbour[s][d]; }
inline constexpr int JumpTarget(Square s, int d) { return kSquareTables.jump[s][d]; }

inline constexpr int PopCount(Bitboard b) { return std::popcount(b); }
inline constexpr Square LowestSquare(Bitboard b) { return std::countr_zero(b); }
inline constexpr Bitboard PopLowest(Bitboard b) { return b & (b - 1); }

}  // namespace checkers

#endif  // CHECKERS_ENGINE_BITBOARD_H_
