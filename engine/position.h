// A checkers position as a cheap value: three bitboards, the side to move
// and a Zobrist hash kept up to date by every move.

#ifndef CHECKERS_ENGINE_POSITION_H_
#define CHECKERS_ENGINE_POSITION_H_

#include <cstdint>

#include "engine/bitboard.h"
#include "engine/move.h"
#include "engine/rules.h"

namespace checkers {

// Black is the side that moves first and starts on squares 1-12; the
// interfaces may call it Red. Its men move towards square 32.
enum class Color : uint8_t { kBlack = 0, kWhite = 1 };

inline constexpr Color Opponent(Color c) {
  return c == Color::kBlack ? Color::kWhite : Color::kBlack;
}

// The row on which a man of colour `c` is crowned.
inline constexpr Bitboard PromotionRow(Color c) {
  return c == Color::kBlack ? RowMask(7) : RowMask(0);
}

enum class Piece : uint8_t {
  kEmpty,
  kBlackMan,
  kBlackKing,
  kWhiteMan,
  kWhiteKing
};

namespace internal {

inline constexpr uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct ZobristKeys {
  // piece[colour][is_king][square]
  uint64_t piece[2][2][kNumSquares] = {};
  uint64_t white_to_move = 0;
};

inline constexpr ZobristKeys MakeZobristKeys() {
  ZobristKeys k;
  uint64_t state =
      0x636865636B657273ull;  // fixed: hashes are stable across runs
  for (auto& colour : k.piece)
    for (auto& kind : colour)
      for (auto& key : kind) key = SplitMix64(state);
  k.white_to_move = SplitMix64(state);
  return k;
}

inline constexpr ZobristKeys kZobrist = MakeZobristKeys();

}  // namespace internal

class Position {
 public:
  // The empty board, Black to move.
  constexpr Position() = default;

  // The standard starting position: Black on 1-12, White on 21-32, Black
  // to move.
  static Position Initial();
  // The starting position of `edition`, an 8x8 one: the same pieces, with
  // the side that moves first under it to move (White in Russian).
  static Position Initial(Edition edition);

  // A position from its piece sets. The sets must be disjoint and `kings`
  // a subset of their union; FEN parsing checks this for outside input.
  static Position FromBitboards(Bitboard black, Bitboard white, Bitboard kings,
                                Color to_move);

  Bitboard pieces(Color c) const { return pieces_[static_cast<int>(c)]; }
  Bitboard men(Color c) const { return pieces(c) & ~kings_; }
  Bitboard kings(Color c) const { return pieces(c) & kings_; }
  Bitboard all_kings() const { return kings_; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard empty() const { return ~occupied(); }
  Color side_to_move() const { return side_to_move_; }
  Piece PieceAt(Square s) const;

  // Zobrist hash of the pieces and the side to move.
  uint64_t hash() const { return hash_; }

  // Plays `m`, which must be a legal move of this position, and passes the
  // turn. Inline: it is on the hot path of search and perft.
  void Play(const Move& m);

  // Whether `m` can never be undone: a capture or a man's move. Such a
  // move resets the no-progress count and ends every repetition.
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
  Color side_to_move_ = Color::kBlack;
  uint64_t hash_ = 0;
};

inline void Position::Play(const Move& m) {
  const auto& keys = internal::kZobrist;
  const int us = static_cast<int>(side_to_move_);
  const int them = us ^ 1;
  const Bitboard from = SquareBit(m.from);
  const Bitboard to = SquareBit(m.to);
  const bool was_king = kings_ & from;
  const bool is_king =
      was_king || m.crowned_en_route || (to & PromotionRow(side_to_move_));

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

}  // namespace checkers

#endif  // CHECKERS_ENGINE_POSITION_H_
