// One whole turn of international draughts: a step, a flying king's move,
// or a capture with its route.

#ifndef CHECKERS_ENGINE_MOVE10_H_
#define CHECKERS_ENGINE_MOVE10_H_

#include <array>
#include <cstdint>

#include "absl/container/inlined_vector.h"
#include "engine/board10.h"

namespace checkers::intl {

// A side has 20 pieces, and each capture takes one.
inline constexpr int kMaxCaptures = 20;

// A move carries its route. Squares are 0..49 (PDN number minus one).
//
// A capture's route is the order in which it takes its pieces; two routes
// that take the same pieces in another order are different moves (the
// "keep" convention of docs/RULES.md) and differ in `landings`. A king may
// land on any empty square beyond a captured piece: where it turns to take
// the next piece that square is forced, and `landings` holds it; where it
// takes the next piece straight on, `landings` holds the square just beyond
// the piece it took; after the last piece it holds the chosen `to`.
struct Move {
  int8_t from = -1;
  int8_t to = -1;
  // Number of pieces captured; 0 for a step or a king's flight. Named as
  // in the 8x8 Move, so that code generic over both boards reads alike.
  uint8_t num_jumps = 0;
  // The squares of the captured pieces (the layout of engine/board10.h).
  Bitboard captured = 0;
  // For a capture, where the piece stands after each capture, in order;
  // landings[num_jumps - 1] == to.
  std::array<int8_t, kMaxCaptures> landings{};

  bool IsCapture() const { return num_jumps > 0; }

  friend bool operator==(const Move& a, const Move& b) {
    if (a.from != b.from || a.to != b.to || a.num_jumps != b.num_jumps ||
        a.captured != b.captured)
      return false;
    for (int i = 0; i < a.num_jumps; ++i) {
      if (a.landings[i] != b.landings[i]) return false;
    }
    return true;
  }
};

// The legal moves of a position; positions full of kings can have hundreds,
// which spill to the heap.
using MoveList = absl::InlinedVector<Move, 48>;

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_MOVE10_H_
