// One whole turn: a step, or a capture with every landing square.

#ifndef CHECKERS_ENGINE_MOVE8_H_
#define CHECKERS_ENGINE_MOVE8_H_

#include <array>
#include <cstdint>

#include "absl/container/inlined_vector.h"
#include "engine/board8.h"

namespace checkers {

// A side has 12 pieces, and each capture takes one.
inline constexpr int kMaxCaptures = 12;

// A move carries its full route. Two capture routes that take the same
// pieces to the same square are different moves (the "keep" convention):
// they differ in `landings`.
struct Move {
  int8_t from = -1;
  int8_t to = -1;
  // Number of pieces jumped; 0 for a step.
  uint8_t num_jumps = 0;
  // Set when a man is crowned on the far row during its capture and goes
  // on as a king (Russian draughts), so that it ends as a king wherever it
  // stops. Follows from the route, so equality ignores it.
  bool crowned_en_route = false;
  // The squares of the jumped pieces.
  Bitboard captured = 0;
  // For a capture, the landing square of each jump, in order;
  // landings[num_jumps - 1] == to.
  std::array<int8_t, kMaxCaptures> landings{};

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

// The legal moves of a position. Most positions have fewer than 48, which
// are kept inline; constructed positions full of kings can have hundreds of
// capture routes, which spill to the heap rather than being lost.
using MoveList = absl::InlinedVector<Move, 48>;

}  // namespace checkers

#endif  // CHECKERS_ENGINE_MOVE8_H_
