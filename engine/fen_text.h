// The text of a PDN FEN in square numbers, for a board of any size: what
// the 8x8 (engine/fen8.h) and 10x10 (engine/fen10.h) readers share. Each of
// them only turns square numbers into its own bit layout.

#ifndef CHECKERS_ENGINE_FEN_TEXT_H_
#define CHECKERS_ENGINE_FEN_TEXT_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position8.h"

namespace checkers {

// The board a FEN is read for.
struct FenBoard {
  // Playable squares, numbered from 1: 32 or 50.
  int squares;
  // Squares in a row: 4 or 5. Black is crowned on the last row, White on
  // the first (docs/RULES.md).
  int per_row;
  // Pieces a side may have: 12 or 20.
  int max_pieces;
  // A FEN every error message shows as an example.
  absl::string_view example;
};

// A position's squares by number: bit n-1 of a set stands for square n.
struct FenSquares {
  Color to_move = Color::kBlack;
  // Indexed by Color.
  uint64_t pieces[2] = {0, 0};
  uint64_t kings = 0;
};

// Reads a PDN FEN for `board`. Tolerates spaces, either order of the two
// piece lists, lower case, a trailing dot, and ranges such as "1-12" (also
// "K1-3" for kings). Returns InvalidArgument naming the problem for
// anything else: an unknown side, a square off the board, a square given
// twice, a man on the row where it would have been crowned, or more pieces
// for one side than the board holds.
absl::StatusOr<FenSquares> ParseFenSquares(absl::string_view text,
                                           const FenBoard& board);

// The FEN of `squares`: side to move, White's squares, then Black's, each in
// square order with kings marked K.
std::string FenOfSquares(const FenSquares& squares);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_FEN_TEXT_H_
