#include "engine/perft.h"

namespace checkers {

uint64_t Perft(const Position& pos, int depth, CaptureRule rule) {
  if (depth <= 0) return 1;
  if (depth == 1) return CountMoves(pos, rule);
  MoveList moves;
  GenerateMoves(pos, &moves, rule);
  uint64_t leaves = 0;
  for (const Move& m : moves) leaves += Perft(pos.After(m), depth - 1, rule);
  return leaves;
}

}  // namespace checkers
