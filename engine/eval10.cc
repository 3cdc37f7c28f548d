#include "engine/eval10.h"

#include <algorithm>
#include <array>

namespace checkers::intl {
namespace {

// Every term below is written for one side seen as Black: its men move
// south (towards row 9) and its home row is row 0 (squares 1-5). White is
// scored on the board turned round (Rotated).

// The squares a man on `s` could ever reach: its forward cone. No opponent
// man outside it can enter it, so when it holds no opponent piece and the
// opponent has no king, nothing can stop the man.
constexpr std::array<Bitboard, kNumSquares> MakeCones() {
  std::array<Bitboard, kNumSquares> cones{};
  for (Square s = 0; s < kNumSquares; ++s) {
    Bitboard frontier = SquareBit(s);
    Bitboard cone = 0;
    while (frontier) {
      frontier =
          (Shift<kSouthWest>(frontier) | Shift<kSouthEast>(frontier)) & kBoard;
      cone |= frontier;
    }
    cones[s] = cone;
  }
  return cones;
}
constexpr std::array<Bitboard, kNumSquares> kCones = MakeCones();

constexpr Bitboard SquaresOf(std::initializer_list<int> numbers) {
  Bitboard b = 0;
  for (int n : numbers) b |= SquareBit(n - 1);
  return b;
}

// The centre (22-24 and 27-29) and the ring around it.
constexpr Bitboard kCentre = SquaresOf({22, 23, 24, 27, 28, 29});
constexpr Bitboard kNearCentre =
    SquaresOf({17, 18, 19, 20, 21, 26, 30, 32, 33, 34});
// The home-row squares that guard most crowning squares.
constexpr Bitboard kHomeGuard = SquaresOf({2, 3, 4});
// The long diagonal 46-5: a king on it cuts the board in two.
constexpr Bitboard kLongDiagonal =
    SquaresOf({5, 10, 14, 19, 23, 28, 32, 37, 41, 46});

constexpr int kCentreMan = 6;
constexpr int kNearCentreMan = 2;
constexpr int kHomeGuardMan = 10;
constexpr int kMobility = 2;
constexpr int kKingMobility = 1;
constexpr int kKingOnLongDiagonal = 20;
constexpr int kTrade = 150;

// One side's pieces, seen as Black.
struct Side {
  Bitboard men;
  Bitboard kings;
};

int PositionalScore(const Side& us, const Side& them, int pieces_on_board) {
  const Bitboard them_all = them.men | them.kings;
  const Bitboard empty = kBoard & ~(us.men | us.kings | them_all);
  int score = 0;

  if (them.men) {
    score += kHomeGuardMan * PopCount(us.men & kHomeGuard) *
             std::min(PopCount(them.men), 10) / 10;
  }
  score += kCentreMan * PopCount(us.men & kCentre) +
           kNearCentreMan * PopCount(us.men & kNearCentre);

  // Advancement pays as the board empties; early it leaves holes.
  if (pieces_on_board < 30) {
    const int weight = 30 - pieces_on_board;
    int rows = 0;
    for (Bitboard b = us.men; b; b = PopLowest(b))
      rows += RowOf(SquareOfBit(LowestBit(b)));
    score += rows * weight / 6;
  }

  for (Bitboard b = us.men; b; b = PopLowest(b)) {
    const Square s = SquareOfBit(LowestBit(b));
    if (kCones[s] & them_all) continue;
    const int to_go = 9 - RowOf(s);
    score += them.kings ? 10 - to_go : 120 - 12 * to_go;
  }

  score += kMobility * (PopCount(Shift<kSouthWest>(us.men) & empty) +
                        PopCount(Shift<kSouthEast>(us.men) & empty));
  for (Bitboard b = us.kings; b; b = PopLowest(b)) {
    const Bitboard king = b & -b;
    int reach = 0;
    auto fly = [&]<int D>() {
      for (Bitboard to = Shift<D>(king) & empty; to; to = Shift<D>(to) & empty)
        ++reach;
    };
    fly.template operator()<kSouthWest>();
    fly.template operator()<kSouthEast>();
    fly.template operator()<kNorthEast>();
    fly.template operator()<kNorthWest>();
    score += kKingMobility * reach;
  }
  if (us.kings & kLongDiagonal) score += kKingOnLongDiagonal;
  return score;
}

}  // namespace

int KingValue(int pieces_on_board) {
  return 300 + std::max(0, 40 - pieces_on_board) * 50 / 40;
}

Position Mirrored(const Position& pos) {
  return Position::FromBitboards(
      Rotated(pos.pieces(Color::kWhite)), Rotated(pos.pieces(Color::kBlack)),
      Rotated(pos.all_kings()), Opponent(pos.side_to_move()));
}

int Evaluate(const Position& pos) {
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
  const int king = KingValue(pieces);
  const int black_material = kManValue * black_men + king * black_kings;
  const int white_material = kManValue * white_men + king * white_kings;
  const int material = black_material - white_material;

  int score = material + PositionalScore(black, white_seen_by_black, pieces) -
              PositionalScore(white, black_seen_by_white, pieces);
  if (pieces > 0)
    score += material * kTrade / (black_material + white_material);

  // A lone king holds a draw against up to three pieces (FMJD practice:
  // three kings need the long diagonal to win), so such leads are worth
  // little.
  const int black_pieces = black_men + black_kings;
  const int white_pieces = white_men + white_kings;
  const bool black_lone_king = black_pieces == 1 && black_kings == 1;
  const bool white_lone_king = white_pieces == 1 && white_kings == 1;
  if ((black_lone_king && white_pieces <= 3) ||
      (white_lone_king && black_pieces <= 3))
    score /= 8;

  return pos.side_to_move() == Color::kBlack ? score : -score;
}

}  // namespace checkers::intl
