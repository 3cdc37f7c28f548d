#include "engine/eval8.h"

#include <cstdlib>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

Position Fen(const char* text) {
  absl::StatusOr<Position> pos = ParseFen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << pos.status();
  return pos.value_or(Position());
}

TEST(EvalTest, StartingPositionIsLevel) {
  EXPECT_EQ(Evaluate(Position::Initial()), 0);
}

TEST(EvalTest, MirroredIsSquareThirtyOneMinusS) {
  // Black man on 1 and king on 12, White man on 21 and king on 32, Black
  // to move, becomes White man on 32 and king on 21, Black man on 12 and
  // king on 1, White to move.
  EXPECT_EQ(Mirrored(Fen("B:W21,K32:B1,K12")), Fen("W:W32,K21:B12,K1"));
}

// Plays pseudo-random games and checks that every position has the same
// value as its mirror image: the evaluation favours neither colour.
TEST(EvalTest, ValueIsTheSameFromEitherSideOfTheBoard) {
  uint64_t state = 12345;
  int checked = 0;
  for (int game = 0; game < 20; ++game) {
    Position pos = Position::Initial();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      GenerateMoves(pos, &moves);
      if (moves.empty()) break;
      ASSERT_EQ(Evaluate(pos), Evaluate(Mirrored(pos)));
      ++checked;
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      pos.Play(moves[(state >> 33) % moves.size()]);
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(EvalTest, ValueIsFromTheSideToMove) {
  const Position pos = Fen("B:W21,22,23:B1,2,3,4");
  EXPECT_GT(Evaluate(pos), 0);
  EXPECT_EQ(Evaluate(pos.WithSideToMove(Color::kWhite)), -Evaluate(pos));
}

TEST(EvalTest, AManUpIsWorthAboutAMan) {
  const int value = Evaluate(Fen("B:W21,22,23,24,25,26,27,28,29,30,31:B1-12"));
  EXPECT_GT(value, 70);
  EXPECT_LT(value, 150);
}

TEST(EvalTest, KingIsWorthMoreThanAManAndLessThanTwo) {
  EXPECT_GE(KingValue(24), 125);
  EXPECT_LE(KingValue(2), 160);
  EXPECT_LE(KingValue(24), KingValue(6));
}

TEST(EvalTest, AManWithAFreePathToTheCrownIsWorthMore) {
  // White's man on 5 is stuck behind Black's man on 1 in both. Black's man
  // on 18 has a free path unless White's other man stands on 25, in its
  // way; on 21 it is beside the path and itself blocked by Black's 1.
  const int free_path = Evaluate(Fen("B:W5,21:B1,18"));
  const int blocked = Evaluate(Fen("B:W5,25:B1,18"));
  EXPECT_GT(free_path, blocked + 20);
}

TEST(EvalTest, AnImmobileKingIsAWeakness) {
  // White's king on 29 can neither step (25 is held) nor jump (22 is
  // held); on 31 it is free.
  const int trapped = Evaluate(Fen("B:WK29:B22,25,K1"));
  const int free = Evaluate(Fen("B:WK31:B22,25,K1"));
  EXPECT_GT(trapped, free + 20);
}

TEST(EvalTest, StrongerSideWantsTheLoneKingOutOfTheDoubleCorner) {
  // Black's kings on 10 and 18 are as far from 32 (double corner) as from
  // 29 (single corner).
  EXPECT_LT(Evaluate(Fen("B:WK32:BK10,K18")), Evaluate(Fen("B:WK29:BK10,K18")));
}

TEST(EvalTest, EqualKingEndingsAreNearlyLevel) {
  EXPECT_LT(std::abs(Evaluate(Fen("B:WK10,K20:BK14,K30"))), 15);
  EXPECT_LT(std::abs(Evaluate(Fen("W:WK1:BK32"))), 15);
}

TEST(EvalTest, HomeRowGuardCountsWhileTheOpponentHasMen) {
  // The same material; Black keeps the bridge (1 and 3) or has left it.
  const int bridge = Evaluate(Fen("B:W21,22,23,24:B1,3,13,14"));
  const int gone = Evaluate(Fen("B:W21,22,23,24:B5,7,13,14"));
  EXPECT_GT(bridge, gone);
}

TEST(EvalTest, AFlyingKingIsWorthFarMoreThanAnEnglishKing) {
  EXPECT_GE(FlyingKingValue(24), 2 * kManValue + 50);
  EXPECT_GT(FlyingKingValue(24), KingValue(24) + kManValue);
  // A king against two men: behind in English, ahead where kings fly.
  const Position p = Fen("B:W21,22:BK1");
  EXPECT_LT(Evaluate(p), 0);
  EXPECT_GT(Evaluate(p, Edition::kRussian), 0);
  EXPECT_EQ(Evaluate(p, Edition::kRussian), Evaluate(p, Edition::kPool));
}

}  // namespace
}  // namespace checkers
