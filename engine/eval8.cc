#include "engine/eval8.h"

#include <algorithm>
#include <array>

namespace checkers {
namespace {

// Every term below is written for one side seen as Black: its men move
// south (towards row 7), its home row is row 0 (squares 1-4), its double
// corner is squares 1 and 5. White is scored on the board rotated 180
// degrees (engine/board8.h's Rotated).

using South = Steps<true>;
using North = Steps<false>;

// The squares a man on `s` could ever reach: its forward cone. No opponent
// man outside the cone can enter it, since men only move away from their
// own home row and a diagonal step never shrinks the column offset faster
// than the row offset.
constexpr std::array<Bitboard, kNumSquares> MakeCones() {
  std::array<Bitboard, kNumSquares> cones{};
  for (Square s = 0; s < kNumSquares; ++s) {
    Bitboard frontier = SquareBit(s);
    Bitboard cone = 0;
    while (frontier) {
      frontier = South::By4(frontier) | South::By35(frontier);
      cone |= frontier;
    }
    cones[s] = cone;
  }
  return cones;
}

// The squares whose men have a square of `b` in their forward cone: those
// north of `b` along paths of north steps, since t lies in the cone of s
// exactly when s lies on such a path from t. One flood serves all the men,
// where a cone lookup per man branched on each of them at every leaf.
constexpr Bitboard Shadowed(Bitboard b) {
  Bitboard shadow = 0;
  for (Bitboard frontier = b; frontier;) {
    frontier = North::By4(frontier) | North::By35(frontier);
    shadow |= frontier;
  }
  return shadow;
}

// Shadowed agrees with the cones square by square.
constexpr bool ShadowMatchesCones() {
  const std::array<Bitboard, kNumSquares> cones = MakeCones();
  for (Square s = 0; s < kNumSquares; ++s) {
    for (Square t = 0; t < kNumSquares; ++t) {
      const bool in_cone = (cones[s] & SquareBit(t)) != 0;
      const bool shadowed = (Shadowed(SquareBit(t)) & SquareBit(s)) != 0;
      if (in_cone != shadowed) return false;
    }
  }
  return true;
}
static_assert(ShadowMatchesCones());

// The sum of the rows of the men of `men`: each row number's three bits
// counted over the rows that have that bit set.
constexpr int RowSum(Bitboard men) {
  return PopCount(men & 0xF0F0F0F0u) + 2 * PopCount(men & 0xFF00FF00u) +
         4 * PopCount(men & 0xFFFF0000u);
}
static_assert(RowSum(RowMask(0) | RowMask(7)) == 4 * 7 &&
              RowSum(SquareBit(13)) == 3);

// King moves between two squares (Chebyshev distance on the board).
constexpr int Distance(Square a, Square b) {
  const int dr =
      RowOf(a) > RowOf(b) ? RowOf(a) - RowOf(b) : RowOf(b) - RowOf(a);
  const int dc =
      ColOf(a) > ColOf(b) ? ColOf(a) - ColOf(b) : ColOf(b) - ColOf(a);
  return dr > dc ? dr : dc;
}

// A king's square value: kings belong in the centre; the edges cut their
// moves in half and the single corners (squares 4 and 29) trap them.
constexpr std::array<int, kNumSquares> MakeKingTable() {
  std::array<int, kNumSquares> table{};
  for (Square s = 0; s < kNumSquares; ++s) {
    const int r = RowOf(s);
    const int c = ColOf(s);
    const int edge = std::min(std::min(r, 7 - r), std::min(c, 7 - c));
    table[s] = edge == 0 ? -4 : edge == 1 ? 2 : 6;
  }
  table[3] = table[28] = -10;
  return table;
}
constexpr std::array<int, kNumSquares> kKingTable = MakeKingTable();

// The home-row guard: which of squares 1-4 are still held. Squares 2 and 3
// guard most crowning squares; 1 and 3 together form the bridge, which
// alone keeps out a single attacker; square 4 guards little.
constexpr std::array<int, 16> MakeBackRankTable() {
  std::array<int, 16> table{};
  constexpr int kSquareValue[4] = {15, 18, 18, 6};
  for (int bits = 0; bits < 16; ++bits) {
    int v = 0;
    for (int i = 0; i < 4; ++i) {
      if (bits & (1 << i)) v += kSquareValue[i];
    }
    if ((bits & 0b0101) == 0b0101) v += 24;
    table[bits] = v;
  }
  return table;
}
constexpr std::array<int, 16> kBackRank = MakeBackRankTable();

// Squares 14, 15, 18, 19 (the centre) and the ring around them.
constexpr Bitboard kCentre =
    SquareBit(13) | SquareBit(14) | SquareBit(17) | SquareBit(18);
constexpr Bitboard kNearCentre = SquareBit(9) | SquareBit(10) | SquareBit(21) |
                                 SquareBit(22) | SquareBit(12) | SquareBit(16) |
                                 SquareBit(15) | SquareBit(19);

// Black's double corner (squares 1 and 5) and White's (28 and 32): where a
// lone king is hardest to dislodge.
constexpr Bitboard kDoubleCorners =
    SquareBit(0) | SquareBit(4) | SquareBit(27) | SquareBit(31);

constexpr int kMobility = 2;
constexpr int kTrappedKing = 25;
constexpr int kDogHole = 8;
constexpr int kCentreMan = 5;
constexpr int kNearCentreMan = 2;
constexpr int kTrade = 100;
constexpr int kLoneKingInDoubleCorner = 25;
constexpr int kLoneKingOnEdge = 6;
constexpr int kChase = 3;

// One side's pieces, seen as Black.
struct Side {
  Bitboard men;
  Bitboard kings;
};

// Everything but material for `us`, seen as Black, against `them`.
int PositionalScore(const Side& us, const Side& them, int pieces_on_board) {
  const Bitboard them_all = them.men | them.kings;
  const Bitboard empty = ~(us.men | us.kings | them_all);
  int score = 0;

  // The home row matters while the opponent still has men to crown.
  if (them.men) {
    score += kBackRank[us.men & 0xF] * std::min(PopCount(them.men), 8) / 8;
  }

  score += kCentreMan * PopCount(us.men & kCentre) +
           kNearCentreMan * PopCount(us.men & kNearCentre);

  // Advancement: early on a man that runs ahead is a target and leaves
  // holes; as the board empties, the man nearer the crown is worth more.
  if (pieces_on_board < 16) {
    const int weight = 16 - pieces_on_board;
    score += RowSum(us.men) * weight / 3;
  }

  // A man on square 28 whose only step, 32, is held by the opponent.
  if ((us.men & SquareBit(27)) && (them_all & SquareBit(31))) score -= kDogHole;

  // Runaway men: nothing of the opponent's in the forward cone. Without
  // opposing kings nothing can stop them; with kings, only maybe.
  for (Bitboard b = us.men & ~Shadowed(them_all); b; b = PopLowest(b)) {
    const Square s = LowestSquare(b);
    const int to_go = 7 - RowOf(s);
    score += them.kings ? 12 - to_go : 60 - 7 * to_go;
  }

  score += kMobility * (South::CountSteps(us.men | us.kings, empty) +
                        North::CountSteps(us.kings, empty));

  if (us.kings) {
    const Bitboard can_step =
        South::Sources(us.kings, empty) | North::Sources(us.kings, empty);
    score -= kTrappedKing * PopCount(us.kings & ~can_step);
    for (Bitboard b = us.kings; b; b = PopLowest(b))
      score += kKingTable[LowestSquare(b)];
  }
  return score;
}

// The stronger side's technique against an opponent that has only kings
// left: bring the kings close and drive the lone kings out of the double
// corners and off the edges. From the stronger side's view.
int DriveScore(Bitboard strong_kings, Bitboard weak_kings) {
  int score = -kLoneKingInDoubleCorner * PopCount(weak_kings & kDoubleCorners);
  constexpr Bitboard kEdges = RowMask(0) | RowMask(7) | kCol0 | kCol7;
  score += kLoneKingOnEdge * PopCount(weak_kings & kEdges & ~kDoubleCorners);
  for (Bitboard b = strong_kings; b; b = PopLowest(b)) {
    const Square s = LowestSquare(b);
    int nearest = 8;
    for (Bitboard w = weak_kings; w; w = PopLowest(w)) {
      nearest = std::min(nearest, Distance(s, LowestSquare(w)));
    }
    score -= kChase * nearest;
  }
  return score;
}

}  // namespace

int KingValue(int pieces_on_board) {
  return 130 + std::max(0, 24 - pieces_on_board) * 20 / 24;
}

int FlyingKingValue(int pieces_on_board) {
  return 250 + std::max(0, 24 - pieces_on_board) * 50 / 24;
}

Position Mirrored(const Position& pos) {
  return Position::FromBitboards(
      Rotated(pos.pieces(Color::kWhite)), Rotated(pos.pieces(Color::kBlack)),
      Rotated(pos.all_kings()), Opponent(pos.side_to_move()));
}

int Evaluate(const Position& pos, Edition edition) {
  const Side black{pos.men(Color::kBlack), pos.kings(Color::kBlack)};
  const Side white{Rotated(pos.men(Color::kWhite)),
                   Rotated(pos.kings(Color::kWhite))};
  const Side black_seen_by_white{Rotated(black.men), Rotated(black.kings)};
  const Side white_seen_by_black{pos.men(Color::kWhite),
                                 pos.kings(Color::kWhite)};

  const int black_men = PopCount(black.men);
  const int black_kings = PopCount(black.kings);
  const int white_men = PopCount(white.men);
  const int white_kings = PopCount(white.kings);
  const int pieces = black_men + black_kings + white_men + white_kings;
  const int king = TraitsOf(edition).flying_kings ? FlyingKingValue(pieces)
                                                  : KingValue(pieces);
  const int black_material = kManValue * black_men + king * black_kings;
  const int white_material = kManValue * white_men + king * white_kings;
  const int material = black_material - white_material;

  int score = material + PositionalScore(black, white_seen_by_black, pieces) -
              PositionalScore(white, black_seen_by_white, pieces);

  // Trading down: the same lead is worth more with fewer pieces left.
  if (pieces > 0)
    score += material * kTrade / (black_material + white_material);

  const int black_pieces = black_men + black_kings;
  const int white_pieces = white_men + white_kings;
  if (white_men == 0 && white_kings > 0 && black_pieces > white_pieces) {
    score += DriveScore(pos.kings(Color::kBlack), pos.kings(Color::kWhite));
  } else if (black_men == 0 && black_kings > 0 && white_pieces > black_pieces) {
    score -= DriveScore(pos.kings(Color::kWhite), pos.kings(Color::kBlack));
  }

  // Equal king endings are drawn with correct play, whatever the squares.
  if (black_men == 0 && white_men == 0 && black_kings == white_kings)
    score /= 8;

  return pos.side_to_move() == Color::kBlack ? score : -score;
}

}  // namespace checkers
