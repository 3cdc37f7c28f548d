#include "engine/notation10.h"

#include <string>
#include <vector>

#include "engine/movegen10.h"
#include "engine/notation_text.h"

namespace checkers::intl {

std::string MoveToText(const Move& m) { return notation::MoveText(m); }

std::vector<std::string> LegalMoveTexts(const Position& pos) {
  MoveList moves;
  GenerateMoves(pos, &moves);
  return notation::SortedTexts(moves);
}

absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view text) {
  MoveList moves;
  GenerateMoves(pos, &moves);
  // Routes that take the same pieces to the same square play alike.
  return notation::ChooseMove(
      text, moves, kNumSquares, "32-28, 28x19 or 28x19x10",
      [](const Move& a, const Move& b) {
        return a.from == b.from && a.to == b.to && a.captured == b.captured;
      });
}

}  // namespace checkers::intl
