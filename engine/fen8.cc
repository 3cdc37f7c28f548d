#include "engine/fen8.h"

#include <string>

#include "engine/fen_text.h"

namespace checkers {
namespace {

constexpr FenBoard kBoard8 = {kNumSquares, 4, 12, "B:W21,22,K30:B1,2,K5"};

// The engine's squares of a set of square numbers: square n is bit n-1 in
// both (engine/board8.h).
Bitboard Squares(uint64_t numbers) { return static_cast<Bitboard>(numbers); }

}  // namespace

absl::StatusOr<Position> ParseFen(absl::string_view text) {
  absl::StatusOr<FenSquares> s = ParseFenSquares(text, kBoard8);
  if (!s.ok()) return s.status();
  return Position::FromBitboards(Squares(s->pieces[0]), Squares(s->pieces[1]),
                                 Squares(s->kings), s->to_move);
}

std::string ToFen(const Position& pos) {
  FenSquares s;
  s.to_move = pos.side_to_move();
  s.pieces[0] = pos.pieces(Color::kBlack);
  s.pieces[1] = pos.pieces(Color::kWhite);
  s.kings = pos.all_kings();
  return FenOfSquares(s);
}

}  // namespace checkers
