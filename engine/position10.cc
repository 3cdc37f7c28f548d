#include "engine/position10.h"

namespace checkers::intl {

Position Position::Initial() {
  Bitboard black = 0, white = 0;
  for (Square s = 0; s < 20; ++s) black |= SquareBit(s);
  for (Square s = 30; s < 50; ++s) white |= SquareBit(s);
  return FromBitboards(black, white, 0, Color::kWhite);
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
  uint64_t h =
      side_to_move_ == Color::kWhite ? internal::kZobrist.white_to_move : 0;
  for (int c = 0; c < 2; ++c) {
    for (Bitboard b = pieces_[c]; b; b = PopLowest(b)) {
      const int bit = LowestBit(b);
      h ^= internal::kZobrist.piece[c][(kings_ >> bit) & 1][bit];
    }
  }
  return h;
}

Position Position::WithSideToMove(Color c) const {
  Position p = *this;
  if (c != side_to_move_) {
    p.side_to_move_ = c;
    p.hash_ ^= internal::kZobrist.white_to_move;
  }
  return p;
}

}  // namespace checkers::intl
