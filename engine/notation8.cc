#include "engine/notation8.h"

#include <string>
#include <vector>

#include "engine/notation_text.h"

namespace checkers {

std::string MoveToText(const Move& m) { return notation::MoveText(m); }

std::vector<std::string> LegalMoveTexts(const Position& pos, CaptureRule rule,
                                        Edition edition) {
  MoveList moves;
  GenerateMoves(pos, &moves, rule, edition);
  return notation::SortedTexts(moves);
}

absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view text,
                               CaptureRule rule, Edition edition) {
  MoveList moves;
  GenerateMoves(pos, &moves, rule, edition);
  // Records of the flying-king editions write a capture by its first and
  // last squares; where the king paused between two captures on one
  // diagonal does not change the move, so the first route stands for all.
  return notation::ChooseMove(text, moves, kNumSquares,
                              "11-15, 22x15 or 24x15x6", SameCapture);
}

}  // namespace checkers
