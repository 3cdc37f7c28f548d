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
// depending on the row parity.

#ifndef CHECKERS_ENGINE_BOARD8_H_
#define CHECKERS_ENGINE_BOARD8_H_

#include <bit>
#include <cstdint>

#include "engine/bit_count.h"

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
// The board turned 180 degrees, which maps square s to 31 - s: the
// reversal of the bit order. It shows a side's pieces as the other side
// sees them, so that one side's terms serve both.
inline constexpr Bitboard Rotated(Bitboard b) {
  b = ((b >> 1) & 0x55555555u) | ((b & 0x55555555u) << 1);
  b = ((b >> 2) & 0x33333333u) | ((b & 0x33333333u) << 2);
  b = ((b >> 4) & 0x0F0F0F0Fu) | ((b & 0x0F0F0F0Fu) << 4);
  b = ((b >> 8) & 0x00FF00FFu) | ((b & 0x00FF00FFu) << 8);
  return (b >> 16) | (b << 16);
}
// The squares strictly between `from` and `to` when the two lie on one
// diagonal, however far apart they are; 0 when they do not.
inline constexpr Bitboard SquaresBetween(Square from, Square to) {
  const int rows = RowOf(to) - RowOf(from);
  const int cols = ColOf(to) - ColOf(from);
  if (rows == 0 || (rows != cols && rows != -cols)) return 0;
  const int row_step = rows > 0 ? 1 : -1;
  const int col_step = cols > 0 ? 1 : -1;
  Bitboard between = 0;
  for (int i = 1; i < rows * row_step; ++i) {
    between |= SquareBit(
        SquareAt(RowOf(from) + i * row_step, ColOf(from) + i * col_step));
  }
  return between;
}

inline constexpr Bitboard RowMask(int row) {
  return Bitboard{0xF} << (4 * row);
}

inline constexpr Bitboard kEvenRows = 0x0F0F0F0Fu;
inline constexpr Bitboard kOddRows = 0xF0F0F0F0u;
inline constexpr Bitboard kCol0 = 0x10101010u;  // 5, 13, 21, 29
inline constexpr Bitboard kCol7 = 0x08080808u;  // 4, 12, 20, 28

// A step towards square 32 is a shift left by 4 from any square, by 3 from
// an odd row (except column 0) or by 5 from an even row (except column 7).
// A step towards square 1 is the mirror image. A jump is two steps, one of
// each kind, so these two shift families are all that move generation
// needs.
inline constexpr Bitboard kSouth3 = kOddRows & ~kCol0;
inline constexpr Bitboard kSouth5 = kEvenRows & ~kCol7;
inline constexpr Bitboard kNorth3 = kEvenRows & ~kCol7;
inline constexpr Bitboard kNorth5 = kOddRows & ~kCol0;

// Steps in one vertical direction (kSouth: towards square 32). Each map
// sends a set of squares to the squares one step away; the two maps of
// Steps<false> undo those of Steps<true> and vice versa.
template <bool kSouth>
struct Steps {
  // The step that is a shift by 4.
  static constexpr Bitboard By4(Bitboard b) { return kSouth ? b << 4 : b >> 4; }
  // The other diagonal step: a shift by 3 or 5, depending on the row.
  static constexpr Bitboard By35(Bitboard b) {
    return kSouth ? ((b & kSouth3) << 3) | ((b & kSouth5) << 5)
                  : ((b & kNorth3) >> 3) | ((b & kNorth5) >> 5);
  }
  using Reverse = Steps<!kSouth>;

  // The squares of `movers` with a step this way onto `empty`: by the
  // shift by 4, by the other shift, and either.
  static constexpr Bitboard Sources4(Bitboard movers, Bitboard empty) {
    return Reverse::By4(empty) & movers;
  }
  static constexpr Bitboard Sources35(Bitboard movers, Bitboard empty) {
    return Reverse::By35(empty) & movers;
  }
  static constexpr Bitboard Sources(Bitboard movers, Bitboard empty) {
    return Sources4(movers, empty) | Sources35(movers, empty);
  }
  // The number of such steps (a piece may have two).
  static constexpr int CountSteps(Bitboard movers, Bitboard empty) {
    return BitCount(Sources4(movers, empty)) +
           BitCount(Sources35(movers, empty));
  }
};

// The four diagonal directions as maps from a set of squares to the
// squares one step away along that diagonal; a flying king walks one of
// them square by square. West is towards column 0.
struct SouthWest {
  static constexpr Bitboard Step(Bitboard b) {
    return ((b & kEvenRows) << 4) | ((b & kSouth3) << 3);
  }
};
struct SouthEast {
  static constexpr Bitboard Step(Bitboard b) {
    return ((b & kSouth5) << 5) | ((b & kOddRows) << 4);
  }
};
struct NorthWest {
  static constexpr Bitboard Step(Bitboard b) {
    return ((b & kEvenRows) >> 4) | ((b & kNorth5) >> 5);
  }
};
struct NorthEast {
  static constexpr Bitboard Step(Bitboard b) {
    return ((b & kNorth3) >> 3) | ((b & kOddRows) >> 4);
  }
};

// Every square one diagonal step from a square of `b`.
inline constexpr Bitboard Neighbours(Bitboard b) {
  return Steps<true>::By4(b) | Steps<true>::By35(b) | Steps<false>::By4(b) |
         Steps<false>::By35(b);
}

inline constexpr int PopCount(Bitboard b) { return BitCount(b); }
inline constexpr Square LowestSquare(Bitboard b) { return std::countr_zero(b); }
inline constexpr Bitboard PopLowest(Bitboard b) { return b & (b - 1); }

}  // namespace checkers

#endif  // CHECKERS_ENGINE_BOARD8_H_
