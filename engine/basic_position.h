// A draughts position as a cheap value, on a board given by its geometry:
// three sets of squares, the side to move and a Zobrist hash kept up to date
// by every move. The 8x8 and 10x10 boards differ here only in the geometry's
// few constants, so one template serves both (engine/position8.h and
// engine/position10.h hold their geometries).

#ifndef CHECKERS_ENGINE_BASIC_POSITION_H_
#define CHECKERS_ENGINE_BASIC_POSITION_H_

#include <bit>
#include <cstdint>
#include <limits>

#include "engine/rules.h"

namespace checkers {

// Black is the side that starts on the low squares (1-12 on 8x8, 1-20 on
// 10x10) and whose men move towards the highest square; it moves first in
// English checkers. The interfaces may call it Red.
enum class Color : uint8_t { kBlack = 0, kWhite = 1 };

inline constexpr Color Opponent(Color c) {
  return c == Color::kBlack ? Color::kWhite : Color::kBlack;
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

// One key for every bit of the word, ghosts and unused bits included, so
// that a bit indexes its key directly.
template <typename Bitboard>
struct ZobristKeys {
  // piece[colour][is_king][bit]
  uint64_t piece[2][2][std::numeric_limits<Bitboard>::digits] = {};
  uint64_t white_to_move = 0;
};

// The keys drawn from `seed` in a fixed order, so that a position hashes
// alike in every run.
template <typename Bitboard>
inline constexpr ZobristKeys<Bitboard> MakeZobristKeys(uint64_t seed) {
  ZobristKeys<Bitboard> k;
  uint64_t state = seed;
  for (auto& colour : k.piece)
    for (auto& kind : colour)
      for (auto& key : kind) key = SplitMix64(state);
  k.white_to_move = SplitMix64(state);
  return k;
}

// The keys of the board `Geometry` describes (see BasicPosition). Not a
// static member of BasicPosition: engine/position8.h and position10.h
// declare its instantiations extern, and such a member would be reached
// through an extra load of its address in Play, the hot path.
template <typename Geometry>
inline constexpr ZobristKeys<typename Geometry::Bitboard> kZobrist =
    MakeZobristKeys<typename Geometry::Bitboard>(Geometry::kZobristSeed);

}  // namespace internal

// A position on the board that `Geometry` describes, a struct with:
//   Bitboard: an unsigned word holding a set of squares;
//   Move: the board's move, with from, to (squares), captured (a Bitboard)
//     and IsCapture();
//   kBoard: every playable square;
//   kInitialBlack, kInitialWhite, kInitialSideToMove: the starting position;
//   kZobristSeed: the seed of the board's own hash keys;
//   BitOf(s): the bit of square s;
//   CrowningRow(c): the squares on which a man of colour c is crowned;
//   CrownedEnRoute(m): whether m's man was crowned during its capture and
//     ends as a king wherever it stops.
// Square arguments are indices, PDN number minus one.
template <typename Geometry>
class BasicPosition {
 public:
  using Bitboard = typename Geometry::Bitboard;
  using Move = typename Geometry::Move;

  // The empty board, with the side to move of the starting position.
  constexpr BasicPosition() = default;

  // The board's starting position.
  static BasicPosition Initial();
  // The starting position of `edition`, which must be played on this board:
  // the same pieces, with the side that moves first under it to move (White
  // in Russian).
  static BasicPosition Initial(Edition edition);

  // A position from its piece sets. The sets must be disjoint subsets of
  // Geometry::kBoard and `kings` a subset of their union; FEN parsing checks
  // this for outside input.
  static BasicPosition FromBitboards(Bitboard black, Bitboard white,
                                     Bitboard kings, Color to_move);

  Bitboard pieces(Color c) const { return pieces_[static_cast<int>(c)]; }
  Bitboard men(Color c) const { return pieces(c) & ~kings_; }
  Bitboard kings(Color c) const { return pieces(c) & kings_; }
  Bitboard all_kings() const { return kings_; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard empty() const { return Geometry::kBoard & ~occupied(); }
  Color side_to_move() const { return side_to_move_; }
  Piece PieceAt(int s) const;

  // Zobrist hash of the pieces and the side to move.
  uint64_t hash() const { return hash_; }

  // Plays `m`, which must be a legal move of this position, and passes the
  // turn. A man is crowned when the move ends on its crowning row, or when
  // the geometry says it was crowned on the way. Inline: it is on the hot
  // path of search and perft.
  void Play(const Move& m);

  // Whether `m` can never be undone: a capture or a man's move. Such a
  // move resets the no-progress count and ends every repetition.
  bool IsIrreversible(const Move& m) const {
    return m.IsCapture() || (men(side_to_move_) & Bit(m.from));
  }

  // The position after `m` (see Play).
  BasicPosition After(const Move& m) const {
    BasicPosition p = *this;
    p.Play(m);
    return p;
  }

  // The position with the same pieces and the other side to move; for
  // evaluation and tests, not a legal move.
  BasicPosition WithSideToMove(Color c) const;

  friend bool operator==(const BasicPosition& a, const BasicPosition& b) {
    return a.pieces_[0] == b.pieces_[0] && a.pieces_[1] == b.pieces_[1] &&
           a.kings_ == b.kings_ && a.side_to_move_ == b.side_to_move_;
  }

 private:
  static constexpr const internal::ZobristKeys<Bitboard>& kZobrist =
      internal::kZobrist<Geometry>;

  static constexpr Bitboard Bit(int s) {
    return Bitboard{1} << Geometry::BitOf(s);
  }
  uint64_t ComputeHash() const;

  Bitboard pieces_[2] = {0, 0};
  Bitboard kings_ = 0;
  Color side_to_move_ = Geometry::kInitialSideToMove;
  uint64_t hash_ = Geometry::kInitialSideToMove == Color::kWhite
                       ? kZobrist.white_to_move
                       : 0;
};

template <typename Geometry>
inline void BasicPosition<Geometry>::Play(const Move& m) {
  const auto& keys = kZobrist;
  const int us = static_cast<int>(side_to_move_);
  const int them = us ^ 1;
  const int from_bit = Geometry::BitOf(m.from);
  const int to_bit = Geometry::BitOf(m.to);
  const Bitboard from = Bitboard{1} << from_bit;
  const Bitboard to = Bitboard{1} << to_bit;
  const bool was_king = kings_ & from;
  const bool is_king = was_king || Geometry::CrownedEnRoute(m) ||
                       (to & Geometry::CrowningRow(side_to_move_));

  // A king's capture may end where it began, so clear before setting.
  pieces_[us] = (pieces_[us] & ~from) | to;
  kings_ &= ~from;
  if (is_king) kings_ |= to;
  hash_ ^= keys.piece[us][was_king][from_bit] ^ keys.piece[us][is_king][to_bit];

  for (Bitboard b = m.captured; b; b &= b - 1) {
    const int bit = std::countr_zero(b);
    hash_ ^= keys.piece[them][(kings_ >> bit) & 1][bit];
  }
  pieces_[them] &= ~m.captured;
  kings_ &= ~m.captured;

  side_to_move_ = Opponent(side_to_move_);
  hash_ ^= keys.white_to_move;
}

template <typename Geometry>
BasicPosition<Geometry> BasicPosition<Geometry>::Initial() {
  return FromBitboards(Geometry::kInitialBlack, Geometry::kInitialWhite, 0,
                       Geometry::kInitialSideToMove);
}

template <typename Geometry>
BasicPosition<Geometry> BasicPosition<Geometry>::Initial(Edition edition) {
  return Initial().WithSideToMove(
      TraitsOf(edition).light_moves_first ? Color::kWhite : Color::kBlack);
}

template <typename Geometry>
BasicPosition<Geometry> BasicPosition<Geometry>::FromBitboards(Bitboard black,
                                                               Bitboard white,
                                                               Bitboard kings,
                                                               Color to_move) {
  BasicPosition p;
  p.pieces_[0] = black;
  p.pieces_[1] = white;
  p.kings_ = kings;
  p.side_to_move_ = to_move;
  p.hash_ = p.ComputeHash();
  return p;
}

template <typename Geometry>
Piece BasicPosition<Geometry>::PieceAt(int s) const {
  const Bitboard b = Bit(s);
  const bool king = kings_ & b;
  if (pieces_[0] & b) return king ? Piece::kBlackKing : Piece::kBlackMan;
  if (pieces_[1] & b) return king ? Piece::kWhiteKing : Piece::kWhiteMan;
  return Piece::kEmpty;
}

template <typename Geometry>
uint64_t BasicPosition<Geometry>::ComputeHash() const {
  uint64_t h = side_to_move_ == Color::kWhite ? kZobrist.white_to_move : 0;
  for (int c = 0; c < 2; ++c) {
    for (Bitboard b = pieces_[c]; b; b &= b - 1) {
      const int bit = std::countr_zero(b);
      h ^= kZobrist.piece[c][(kings_ >> bit) & 1][bit];
    }
  }
  return h;
}

template <typename Geometry>
BasicPosition<Geometry> BasicPosition<Geometry>::WithSideToMove(Color c) const {
  BasicPosition p = *this;
  if (c != side_to_move_) {
    p.side_to_move_ = c;
    p.hash_ ^= kZobrist.white_to_move;
  }
  return p;
}

}  // namespace checkers

#endif  // CHECKERS_ENGINE_BASIC_POSITION_H_
