// The 50 playable squares of the 10x10 board (international draughts) in a
// 64-bit word, laid out so that every diagonal step is one fixed shift.
//
// Squares are numbered as PDN does: row 0 holds squares 1-5, row 9 holds
// 46-50. Seen from White's side, square 5 is the top-right corner and 46
// the bottom-left. Black starts on 1-20 and its men move "south" (towards
// 50); White starts on 31-50 and moves north. In even rows the squares sit
// on columns 1,3,5,7,9, in odd rows on 0,2,4,6,8.
//
// Layout: think of the board as 11 columns wide, the 11th a column of ghost
// squares, and number the dark squares of that wider board row by row. Bit
// b of the word is then square s = b - b / 11 when b % 11 != 10; bits 10,
// 21, 32, 43 and 54 are ghosts, and 55-63 are unused. One step south-west
// is +5 bits, south-east +6, north-east -5, north-west -6 from every
// square: a step off the left or right edge lands on a ghost, one off the
// top or bottom leaves the word or lands above bit 54. The ghosts and the
// unused bits are never in a set of pieces or of empty squares, so a shift
// followed by "& empty" or "& opponent" drops every step off the board.
// docs/RULES.md ("International draughts") has the picture in words.

#ifndef CHECKERS_ENGINE_BOARD10_H_
#define CHECKERS_ENGINE_BOARD10_H_

#include <array>
#include <bit>
#include <cstdint>

#include "engine/bit_count.h"

namespace checkers::intl {

// A set of squares in the layout above.
using Bitboard = uint64_t;

inline constexpr int kNumSquares = 50;

// A square index, 0..49 (PDN number minus one).
using Square = int;

// The bit of square s, and the square of a bit (-1 for a ghost or unused
// bit).
inline constexpr int BitOf(Square s) { return s + s / 10; }
inline constexpr Square SquareOfBit(int bit) {
  return bit < 0 || bit > 53 || bit % 11 == 10 ? -1 : bit - bit / 11;
}

inline constexpr Bitboard SquareBit(Square s) {
  return Bitboard{1} << BitOf(s);
}

inline constexpr Bitboard MakeBoardMask() {
  Bitboard b = 0;
  for (Square s = 0; s < kNumSquares; ++s) b |= SquareBit(s);
  return b;
}
// Every playable square.
inline constexpr Bitboard kBoard = MakeBoardMask();

inline constexpr int RowOf(Square s) { return s / 5; }
inline constexpr int ColOf(Square s) {
  return RowOf(s) % 2 == 0 ? 2 * (s % 5) + 1 : 2 * (s % 5);
}
// The square at (row, col), or -1 when that is not a playable square.
inline constexpr Square SquareAt(int row, int col) {
  if (row < 0 || row > 9 || col < 0 || col > 9) return -1;
  if ((row + col) % 2 == 0) return -1;
  return row * 5 + col / 2;
}

inline constexpr Bitboard RowMask(int row) {
  Bitboard b = 0;
  for (int k = 0; k < 5; ++k) b |= SquareBit(row * 5 + k);
  return b;
}

// The board turned 180 degrees, which maps square s to 49 - s and bit b to
// bit 53 - b: the reversal of the word, shifted down past the 10 unused
// bits. It shows a side's pieces as the other side sees them, so that one
// side's terms serve both.
inline constexpr Bitboard Rotated(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
  b = ((b >> 8) & 0x00FF00FF00FF00FFull) | ((b & 0x00FF00FF00FF00FFull) << 8);
  b = ((b >> 16) & 0x0000FFFF0000FFFFull) | ((b & 0x0000FFFF0000FFFFull) << 16);
  b = (b >> 32) | (b << 32);
  return b >> 10;
}

// The lowest bit of a non-empty set, and the set without it.
inline constexpr int LowestBit(Bitboard b) { return std::countr_zero(b); }
inline constexpr Bitboard PopLowest(Bitboard b) { return b & (b - 1); }
inline constexpr int PopCount(Bitboard b) { return BitCount(b); }

// The four diagonal directions as bit shifts. South is towards square 50.
enum Direction : int {
  kSouthWest = 5,
  kSouthEast = 6,
  kNorthEast = -5,
  kNorthWest = -6,
};
inline constexpr std::array<Direction, 4> kDirections = {
    kNorthWest, kNorthEast, kSouthWest, kSouthEast};

// Moves every square of `b` one step in direction D. Squares stepped off
// the board land on ghosts or unused bits, or leave the word.
template <int D>
inline constexpr Bitboard Shift(Bitboard b) {
  if constexpr (D > 0) {
    return b << D;
  } else {
    return b >> -D;
  }
}

// The squares strictly between `from` and `to` when the two lie on one
// diagonal, however far apart; 0 when they do not.
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

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_BOARD10_H_
