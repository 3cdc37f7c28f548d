// An international draughts position as a cheap value: three sets of
// squares in the layout of engine/board10.h, the side to move and a Zobrist
// hash kept up to date by every move.

#ifndef CHECKERS_ENGINE_POSITION10_H_
#define CHECKERS_ENGINE_POSITION10_H_

#include <cstdint>

#include "engine/board10.h"
#include "engine/move10.h"
#include "engine/position.h"

namespace checkers::intl {

// The colours are those of the 8x8 engine: Black starts on 1-20, White on
// 31-50, and in international draughts White moves first.
using ::checkers::Color;
using ::checkers::Opponent;
using ::checkers::Piece;

// The row on which a man of colour `c` is crowned.
inline constexpr Bitboard CrowningRow(Color c) {
  return c == Color::kBlack ? RowMask(9) : RowMask(0);
}

namespace internal {

struct ZobristKeys {
  // piece[colour][is_king][bit]
  uint64_t piece[2][2][64] = {};
  uint64_t white_to_move = 0;
};

inline constexpr ZobristKeys MakeZobristKeys() {
  ZobristKeys k;
  // Fixed, so that hashes are stable across runs; not the 8x8 seed.
  uint64_t state = 0x696E746C31307831ull;
  for (auto& colour : k.piece)
    for (auto& kind : colour)
      for (auto& key : kind) key = ::checkers::internal::SplitMix64(state);
  k.white_to_move = ::checkers::internal::SplitMix64(state);
  return k;
}

inline constexpr ZobristKeys kZobrist = MakeZobristKeys();

}  // namespace internal

class Position {
 public:
  // The empty board, White to move.
  constexpr Position() = default;

  // The starting position: Black on 1-20, White on 31-50, White to move.
  static Position Initial();

  // A position from its piece sets. The sets must be disjoint subsets of
  // kBoard and `kings` a subset of their union; FEN parsing checks this for
  // outside input.
  static Position FromBitboards(Bitboard black, Bitboard white, Bitboard kings,
                                Color to_move);

  Bitboard pieces(Color c) const { return pieces_[static_cast<int>(c)]; }
  Bitboard men(Color c) const { return pieces(c) & ~kings_; }
  Bitboard kings(Color c) const { return pieces(c) & kings_; }
  Bitboard all_kings() const { return kings_; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard empty() const { return kBoard & ~occupied(); }
  Color side_to_move() const { return side_to_move_; }
  Piece PieceAt(Square s) const;

  // Zobrist hash of the pieces and the side to move.
  uint64_t hash() const { return hash_; }

  // Plays `m`, which must be a legal move of this position, and passes the
  // turn. A man is crowned when the move ends on the far row, never for
  // passing it during a capture. Inline: it is on the hot path of perft.
  void Play(const Move& m);

  // Whether `m` can never be undone: a capture or a man's move.
  bool IsIrreversible(const Move& m) const {
    return m.IsCapture() || (men(side_to_move_) & SquareBit(m.from));
  }

  // The position after `m` (see Play).
  Position After(const Move& m) const {
    Position p = *this;
    p.Play(m);
    return p;
  }

  // The position with the same pieces and the other side to move; for
  // evaluation and tests, not a legal move.
  Position WithSideToMove(Color c) const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.pieces_[0] == b.pieces_[0] && a.pieces_[1] == b.pieces_[1] &&
           a.kings_ == b.kings_ && a.side_to_move_ == b.side_to_move_;
  }

 private:
  uint64_t ComputeHash() const;

  Bitboard pieces_[2] = {0, 0};
  Bitboard kings_ = 0;
  Color side_to_move_ = Color::kWhite;
  uint64_t hash_ = internal::kZobrist.white_to_move;
};

inline void Position::Play(const Move& m) {
  const auto& keys = internal::kZobrist;
  const int us = static_cast<int>(side_to_move_);
  const int them = us ^ 1;
  const int from_bit = BitOf(m.from);
  const int to_bit = BitOf(m.to);
  const Bitboard from = Bitboard{1} << from_bit;
  const Bitboard to = Bitboard{1} << to_bit;
  const bool was_king = kings_ & from;
  const bool is_king = was_king || (to & CrowningRow(side_to_move_));

  // A capture may end where it began, so clear before setting.
  pieces_[us] = (pieces_[us] & ~from) | to;
  kings_ &= ~from;
  if (is_king) kings_ |= to;
  hash_ ^= keys.piece[us][was_king][from_bit] ^ keys.piece[us][is_king][to_bit];

  for (Bitboard b = m.captured; b; b = PopLowest(b)) {
    const int bit = LowestBit(b);
    hash_ ^= keys.piece[them][(kings_ >> bit) & 1][bit];
  }
  pieces_[them] &= ~m.captured;
  kings_ &= ~m.captured;

  side_to_move_ = Opponent(side_to_move_);
  hash_ ^= keys.white_to_move;
}

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_POSITION10_H_
