// The checkers position of the 8x8 board: engine/basic_position.h on the
// board of engine/board8.h.

#ifndef CHECKERS_ENGINE_POSITION8_H_
#define CHECKERS_ENGINE_POSITION8_H_

#include <cstdint>

#include "engine/basic_position.h"
#include "engine/board8.h"
#include "engine/move8.h"

namespace checkers {

// The row on which a man of colour `c` is crowned.
inline constexpr Bitboard CrowningRow(Color c) {
  return c == Color::kBlack ? RowMask(7) : RowMask(0);
}

// The 8x8 board for BasicPosition: one bit per square, no ghosts.
struct Geometry8 {
  using Bitboard = ::checkers::Bitboard;
  using Move = ::checkers::Move;

  static constexpr Bitboard kBoard = ~Bitboard{0};
  // Black on 1-12, White on 21-32, Black to move.
  static constexpr Bitboard kInitialBlack =
      RowMask(0) | RowMask(1) | RowMask(2);
  static constexpr Bitboard kInitialWhite =
      RowMask(5) | RowMask(6) | RowMask(7);
  static constexpr Color kInitialSideToMove = Color::kBlack;
  // Fixed: hashes are stable across runs.
  static constexpr uint64_t kZobristSeed = 0x636865636B657273ull;

  static constexpr int BitOf(Square s) { return s; }
  static constexpr Bitboard CrowningRow(Color c) {
    return ::checkers::CrowningRow(c);
  }
  // A man crowned on the far row during a capture goes on as a king
  // (Russian draughts), and its move says so.
  static constexpr bool CrownedEnRoute(const Move& m) {
    return m.crowned_en_route;
  }
};

// A checkers position. Initial() is the standard starting position, Black
// to move; Initial(edition) that of an 8x8 edition (White to move in
// Russian). Its functions are compiled once, in position8.cc.
using Position = BasicPosition<Geometry8>;
extern template class BasicPosition<Geometry8>;

}  // namespace checkers

#endif  // CHECKERS_ENGINE_POSITION8_H_
