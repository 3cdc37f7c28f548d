#include "engine/position.h"

namespace checkers {

Position Position::Initial() {
  return FromBitboards(0x00000FFFu, 0xFFF00000u, 0, Color::kBlack);
}

Position Position::Initial(Edition edition) {
  Position p = Initial();
  return TraitsOf(edition).light_moves_first ? p.WithSideToMove(Color::kWhite)
                                             : p;
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
      const Square s = LowestSquare(b);
      h ^= internal::kZobrist.piece[c][(kings_ >> s) & 1][s];
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

}  // namespace checkers
