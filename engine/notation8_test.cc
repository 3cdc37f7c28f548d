#include "engine/notation8.h"

#include "engine/fen8.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(NotationTest, StepAndCaptureText) {
  const Position start = Position::Initial();
  absl::StatusOr<Move> m = ParseMove(start, "11-15");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveToText(*m), "11-15");
  const Position p = *ParseFen("W:W22:B18,10");
  absl::StatusOr<Move> jump = ParseMove(p, "22x15x6");
  ASSERT_TRUE(jump.ok()) << jump.status();
  EXPECT_EQ(MoveToText(*jump), "22x15x6");
  EXPECT_EQ(jump->num_jumps, 2);
  EXPECT_EQ(jump->captured, SquareBit(17) | SquareBit(9));
}

TEST(NotationTest, ShortFormNamingOneRouteIsAccepted) {
  const Position p = *ParseFen("W:W22:B18,10");
  absl::StatusOr<Move> m = ParseMove(p, "22x6");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveToText(*m), "22x15x6");
}

TEST(NotationTest, ShortFormNamingSeveralRoutesIsAnErrorListingThem) {
  const Position p = *ParseFen("B:BK11:W6,7,14,15");
  absl::StatusOr<Move> m = ParseMove(p, "11x11");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(m.status().message().find("11x2x9x18x11"), absl::string_view::npos);
  EXPECT_NE(m.status().message().find("11x18x9x2x11"), absl::string_view::npos);
  // Landings in between pick one of them; 18 alone lies on both routes.
  EXPECT_FALSE(ParseMove(p, "11x18x11").ok());
  absl::StatusOr<Move> picked = ParseMove(p, "11x18x9x11");
  ASSERT_TRUE(picked.ok()) << picked.status();
  EXPECT_EQ(MoveToText(*picked), "11x18x9x2x11");
}

TEST(NotationTest, FlyingKingsShortCaptureWherePausesDifferIsOneMove) {
  // The white king on 24 takes 19 and 6 on one diagonal, pausing on 15 or
  // on 10 between them; Russian records write it 24x1 (g3:b8).
  const Position p = *ParseFen("W:W22,K24,28,30,32:B2,5,6,12,14,19,21,23");
  absl::StatusOr<Move> m =
      ParseMove(p, "24x1", CaptureRule::kMandatory, Edition::kRussian);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveToText(*m), "24x10x1");
  EXPECT_EQ(m->captured, SquareBit(18) | SquareBit(5));
  absl::StatusOr<Move> full =
      ParseMove(p, "24x15x1", CaptureRule::kMandatory, Edition::kRussian);
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ(MoveToText(*full), "24x15x1");
}

TEST(NotationTest, IllegalMoveListsTheLegalMoves) {
  absl::StatusOr<Move> m = ParseMove(Position::Initial(), "11-14");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(
      m.status().message().find("9-13 9-14 10-14 10-15 11-15 11-16 12-16"),
      absl::string_view::npos)
      << m.status();
}

TEST(NotationTest, StepWhenCaptureIsForcedIsIllegal) {
  const Position p = *ParseFen("B:W22,23:B18,5");
  EXPECT_FALSE(ParseMove(p, "5-9").ok());
  EXPECT_TRUE(ParseMove(p, "5-9", CaptureRule::kOptional).ok());
}

TEST(NotationTest, EitherSeparatorIsAccepted) {
  EXPECT_TRUE(ParseMove(*ParseFen("W:W22:B18,10"), "22-15-6").ok());
  EXPECT_TRUE(ParseMove(Position::Initial(), "11x15").ok());
}

TEST(NotationTest, MalformedTextIsInvalidArgument) {
  for (const char* text : {"", "11", "11-", "-15", "a-b", "11--15", "111-15",
                           "0-4", "33-28", "11 15", "11-15-", "11/15"}) {
    absl::StatusOr<Move> m = ParseMove(Position::Initial(), text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument) << text;
  }
}

TEST(NotationTest, LeadingAndTrailingSpacesAreIgnored) {
  EXPECT_TRUE(ParseMove(Position::Initial(), " 11-15 ").ok());
}

}  // namespace
}  // namespace checkers
