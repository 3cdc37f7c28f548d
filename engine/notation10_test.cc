#include "engine/notation10.h"

#include "absl/status/status.h"
#include "engine/fen10.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

using ::testing::HasSubstr;

TEST(Notation10Test, StepsAndCapturesReadAndWriteBack) {
  const Position start = Position::Initial();
  absl::StatusOr<Move> step = ParseMove(start, "32-28");
  ASSERT_TRUE(step.ok()) << step.status();
  EXPECT_EQ(MoveToText(*step), "32-28");

  const Position p = *ParseFen("W:WK46:B28,24");
  absl::StatusOr<Move> full = ParseMove(p, "46x19x30");
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ(MoveToText(*full), "46x19x30");
}

TEST(Notation10Test, CaptureMayGiveOnlyItsEnds) {
  // PDN files of this game usually write the start and end squares only.
  const Position p = *ParseFen("W:W32:B17,27,28");
  absl::StatusOr<Move> m = ParseMove(p, "32x12");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveToText(*m), "32x21x12");
}

TEST(Notation10Test, RoutesWithTheSameEffectAreNotAmbiguous) {
  // Round four pieces one way or the other: the same move in effect.
  const Position p = *ParseFen("W:W32:B28,29,38,39");
  absl::StatusOr<Move> m = ParseMove(p, "32x32");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->num_jumps, 4);
}

TEST(Notation10Test, RoutesWithDifferentEffectsAreAmbiguous) {
  // The king ends on 17 after taking 20 or 24 on its fourth capture.
  const Position p = *ParseFen("W:WK50:B9,12,13,16,21,22,29,31");
  absl::StatusOr<Move> m = ParseMove(p, "50x17");
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(m.status().message(),
              HasSubstr("50x17x26x42x20x3x17 or 50x17x26x42x24x8x17"));
  absl::StatusOr<Move> full = ParseMove(p, "50x17x26x42x24x8x17");
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ(full->num_jumps, 6);
}

TEST(Notation10Test, RefusesTextThatIsNoLegalMove) {
  const Position start = Position::Initial();
  absl::StatusOr<Move> bad = ParseMove(start, "32-27x");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bad.status().message(), HasSubstr("32-28"));
  EXPECT_EQ(ParseMove(start, "51-47").status().code(),
            absl::StatusCode::kInvalidArgument);
  absl::StatusOr<Move> illegal = ParseMove(start, "32-23");
  EXPECT_EQ(illegal.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(illegal.status().message(), HasSubstr("legal moves: 31-26"));
}

}  // namespace
}  // namespace checkers::intl
