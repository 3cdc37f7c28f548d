#include "engine/position.h"

namespace checkers {

Position Position::Initial() {
  return FromBitboards(0x00000FFFu, 0xFFF00000u, 0, Color::kBlack);
}

Position Position::FromBitboards(Bitboard black, Bitboard white, Bitboard kings,
                                 Color to_move) {
  Position p;
  p.pieces_[0] = black;
  p.pieces_[1] = white;
  p.kings_ = kings;
  p.side_to_move_ = to_move;
  p.hash_ = p.ComputeHash();
  return p;
}

Piece Position::PieceAt(Square s) const {
  const Bitboard b = SquareBit(s);
  const bool king = kings_ & b;
  if (pieces_[0] & b) return king ? Piece::kBlackKing : Piece::kBlackMan;
  if (pieces_[1] & b) return king ? Piece::kWhiteKing : Piece::kWhiteMan;
  return Piece::kEmpty;
}

uint64_t Position::ComputeHash() const {
  uint64_t h = side_to_move_ == Color::kWhite ? internal::kZobrist.white_to_move : 0;
  for (int c = 0; c < 2; ++c) {
    for (Bitboard b = pieces_[c]; b; b = PopLowest(b)) {
      const Square s = LowestSquare(b);
      h ^= internal::kZobrist.piece[c][(kings_ >> s) & 1][s];
    }
  }
  return h;
}

void Position::Play(const Move& m) {
  const auto& keys = internal::kZobrist;
  const int us = static_cast<int>(side_to_move_);
  const int them = us ^ 1;
  const Bitboard from = SquareBit(m.from);
  const Bitboard to = SquareBit(m.to);
  const bool was_king = kings_ & from;
  const bool is_king = was_king || (to & PromotionRow(side_to_move_));

  // A king's capture may end where it began, so clear before setting.
  pieces_[us] = (pieces_[us] & ~from) | to;
  kings_ &= ~from;
  if (is_king) kings_ |= to;
  hash_ ^= keys.piece[us][was_king][m.from] ^ keys.piece[us][is_king][m.to];

  for (Bitboard b = m.captured; b; b = PopLowest(b)) {
    const Square s = LowestSquare(b);
    hash_ ^= keys.piece[them][(kings_ >> s) & 1][s];
  }
  pieces_[them] &= ~m.captured;
  kings_ &= ~m.captured;

  side_to_move_ = Opponent(side_to_move_);
  hash_ ^= keys.white_to_move;
}

Position Position::WithSideToMove(Color c) const {
  Position p = *this;
  if (c != side_to_move_) {
    p.side_to_move_ = c;
    p.hash_ ^= internal::kZobrist.white_to_move;
  }
  return p;
}

}  // namespace checkers
