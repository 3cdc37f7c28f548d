#include "engine/eval10.h"

#include <random>

#include "engine/fen10.h"
#include "engine/movegen10.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

int Eval(const char* fen) {
  absl::StatusOr<Position> p = ParseFen(fen);
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? Evaluate(*p) : 0;
}

TEST(Eval10Test, StartPositionIsEven) {
  EXPECT_EQ(Evaluate(Position::Initial()), 0);
}

TEST(Eval10Test, AKingIsWorthAboutThreeMen) {
  EXPECT_GE(KingValue(40), 3 * kManValue);
  EXPECT_GT(KingValue(4), KingValue(40));
  // A king against three men, the rest equal, is still no loss.
  EXPECT_GT(Eval("W:WK46,31-40:B1-13"), 0);
}

TEST(Eval10Test, MaterialAheadScoresForTheSideToMoveOnly) {
  EXPECT_GT(Eval("W:W31-40:B1-9"), 50);
  EXPECT_LT(Eval("B:W31-40:B1-9"), -50);
}

TEST(Eval10Test, MirroredPositionHasTheSameValue) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    Bitboard black = 0, white = 0, kings = 0;
    for (Square s = 0; s < kNumSquares; ++s) {
      const int r = rng() % 6;
      if (r == 0 && s < 45) black |= SquareBit(s);
      if (r == 1 && s >= 5) white |= SquareBit(s);
      if (r == 2)
        (rng() % 2 ? black : white) |= SquareBit(s), kings |= SquareBit(s);
    }
    const Position p = Position::FromBitboards(
        black, white, kings, rng() % 2 ? Color::kWhite : Color::kBlack);
    const Position q = Mirrored(p);
    EXPECT_EQ(Mirrored(q), p);
    EXPECT_EQ(Evaluate(q), Evaluate(p)) << ToFen(p);
  }
}

TEST(Eval10Test, MirroredMapsSquareSToFortyNineMinusS) {
  const Position p = *ParseFen("W:W46,K31:B1,K20");
  EXPECT_EQ(ToFen(Mirrored(p)), "B:WK31,50:B5,K20");
}

TEST(Eval10Test, RunawayManIsWorthMoreThanABlockedOne) {
  // White's man on 12 has nothing ahead; on 14 black's man on 4 bars it.
  EXPECT_GT(Eval("W:W12:B36,4"), Eval("W:W14:B36,4"));
}

TEST(Eval10Test, LoneKingAgainstThreeKingsIsNearlyEven) {
  const int drawn = Eval("W:WK46,K47,K48:BK5");
  const int won = Eval("W:WK46,K47,K48,K49:BK5");
  EXPECT_LT(drawn, kManValue * 2);
  EXPECT_GT(won, drawn * 3);
}

}  // namespace
}  // namespace checkers::intl
