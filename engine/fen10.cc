#include "engine/fen10.h"

#include <string>

#include "engine/fen_text.h"

namespace checkers::intl {
namespace {

constexpr FenBoard kBoard10 = {kNumSquares, 5, 20,
                               "W:W31-50:B1-20 or B:W28,K46:B12,K3"};

// The engine's squares of a set of square numbers (bit n-1 is square n).
Bitboard Squares(uint64_t numbers) {
  Bitboard b = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    if (numbers & (uint64_t{1} << s)) b |= SquareBit(s);
  }
  return b;
}

// The square numbers of a set of the engine's squares.
uint64_t Numbers(Bitboard squares) {
  uint64_t n = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    if (squares & SquareBit(s)) n |= uint64_t{1} << s;
  }
  return n;
}

}  // namespace

absl::StatusOr<Position> ParseFen(absl::string_view text) {
  absl::StatusOr<FenSquares> s = ParseFenSquares(text, kBoard10);
  if (!s.ok()) return s.status();
  return Position::FromBitboards(Squares(s->pieces[0]), Squares(s->pieces[1]),
                                 Squares(s->kings), s->to_move);
}

std::string ToFen(const Position& pos) {
  FenSquares s;
  s.to_move = pos.side_to_move();
  s.pieces[0] = Numbers(pos.pieces(Color::kBlack));
  s.pieces[1] = Numbers(pos.pieces(Color::kWhite));
  s.kings = Numbers(pos.all_kings());
  return FenOfSquares(s);
}

}  // namespace checkers::intl
