// One whole turn: a step, or a capture with every landing square.

#ifndef CHECKERS_ENGINE_MOVE_H_
#define CHECKERS_ENGINE_MOVE_H_

#include <array>
#include <cstdint>
#include <cstdlib>

#include "absl/container/inlined_vector.h"
#include "engine/bitboard.h"

namespace checkers {

// A side can lose at most 12 pieces, one per jump.
inline constexpr int kMaxJumps = 12;

// A move carries its full route. Two capture routes that take the same
// pieces to the same square are different moves (the "keep" convention):
// they differ in `landings`.
struct Move {
  int8_t from = -1;
  int8_t to = -1;
  // Number of pieces jumped; 0 for a step.
  uint8_t num_jumps = 0;
  // The squares of the jumped pieces.
  Bitboard captured = 0;
  // For a capture, the landing square of each jump, in order;
  // landings[num_jumps - 1] == to.
  std::array<int8_t, kMaxJumps> landings{};

  bool IsCapture() const { return num_jumps > 0; }

  friend bool operator==(const Move& a, const Move& b) {
    if (a.from != b.from || a.to != b.to || a.num_jumps != b.num_jumps)
      return false;
    for (int i = 0; i < a.num_jumps; ++i) {
      if (a.landings[i] != b.landings[i]) return false;
    }
    return true;
  }
};

// The move that follows `route`: the start square, then every square
// landed on (0-based). Consecutive squares one row apart make a step, two
// rows apart a jump over the square between them. Only for routes already
// known to be legal; the result of any other route is unspecified.
inline Move MoveAlongRoute(const int* route, int length) {
  Move m;
  m.from = static_cast<int8_t>(route[0]);
  m.to = static_cast<int8_t>(route[length - 1]);
  const bool jump =
      length > 2 || std::abs(RowOf(route[0]) - RowOf(route[1])) == 2;
  if (!jump) return m;
  m.num_jumps = static_cast<uint8_t>(length - 1);
  for (int i = 1; i < length; ++i) {
    m.landings[i - 1] = static_cast<int8_t>(route[i]);
    m.captured |= SquareBit(SquareBetween(route[i - 1], route[i]));
  }
  return m;
}

// The legal moves of a position. Most positions have fewer than 48, which
// are kept inline; constructed positions full of kings can have hundreds of
// capture routes, which spill to the heap rather than being lost.
using MoveList = absl::InlinedVector<Move, 48>;

}  // namespace checkers

#endif  // CHECKERS_ENGINE_MOVE_H_
