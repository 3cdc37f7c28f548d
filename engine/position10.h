// The international draughts position of the 10x10 board:
// engine/basic_position.h on the layout of engine/board10.h.

#ifndef CHECKERS_ENGINE_POSITION10_H_
#define CHECKERS_ENGINE_POSITION10_H_

#include <cstdint>

#include "engine/basic_position.h"
#include "engine/board10.h"
#include "engine/move10.h"

namespace checkers::intl {

// The colours are those of the 8x8 engine: Black starts on 1-20, White on
// 31-50, and in international draughts White moves first.
using ::checkers::Color;
using ::checkers::Opponent;
using ::checkers::Piece;

// The row on which a man of colour `c` is crowned.
inline constexpr Bitboard CrowningRow(Color c) {
  return c == Color::kBlack ? RowMask(9) : RowMask(0);
}

// The 10x10 board for BasicPosition, in the layout of engine/board10.h: its
// ghost and unused bits are never in a set of pieces or of empty squares.
struct Geometry10 {
  using Bitboard = ::checkers::intl::Bitboard;
  using Move = ::checkers::intl::Move;

  static constexpr Bitboard kBoard = ::checkers::intl::kBoard;
  // Black on 1-20, White on 31-50, White to move.
  static constexpr Bitboard kInitialBlack =
      RowMask(0) | RowMask(1) | RowMask(2) | RowMask(3);
  static constexpr Bitboard kInitialWhite =
      RowMask(6) | RowMask(7) | RowMask(8) | RowMask(9);
  static constexpr Color kInitialSideToMove = Color::kWhite;
  // Fixed, so that hashes are stable across runs; not the 8x8 seed.
  static constexpr uint64_t kZobristSeed = 0x696E746C31307831ull;

  static constexpr int BitOf(Square s) { return ::checkers::intl::BitOf(s); }
  static constexpr Bitboard CrowningRow(Color c) {
    return ::checkers::intl::CrowningRow(c);
  }
  // Never: a man is crowned when its move ends on the far row, not for
  // passing it during a capture.
  static constexpr bool CrownedEnRoute(const Move&) { return false; }
};

// An international draughts position. Initial() is the starting position,
// White to move. Its functions are compiled once, in position10.cc.
using Position = BasicPosition<Geometry10>;

}  // namespace checkers::intl

namespace checkers {
extern template class BasicPosition<intl::Geometry10>;
}  // namespace checkers

#endif  // CHECKERS_ENGINE_POSITION10_H_
