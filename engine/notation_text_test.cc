#include "engine/notation_text.h"

#include <array>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::notation {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The least a board's move offers the notation: squares are 0-based.
struct FakeMove {
  int from = 0;
  int to = 0;
  int num_jumps = 0;
  std::array<int, 4> landings{};
  // Stands for the pieces taken, which routes of one capture may share.
  int taken = 0;
  bool IsCapture() const { return num_jumps > 0; }
};

bool SameTaken(const FakeMove& a, const FakeMove& b) {
  return a.taken == b.taken;
}

TEST(NotationTextTest, SquaresAreJoinedByDashOrXAndStayOnTheBoard) {
  EXPECT_THAT(ParseSquareSequence(" 24x15X6 ", 32), ElementsAre(23, 14, 5));
  EXPECT_THAT(ParseSquareSequence("32-28", 50), ElementsAre(31, 27));
  EXPECT_TRUE(ParseSquareSequence("32-33", 32).empty());
  EXPECT_TRUE(ParseSquareSequence("12", 32).empty());
  EXPECT_TRUE(ParseSquareSequence("12:16", 32).empty());
  EXPECT_TRUE(ParseSquareSequence("012-16", 32).empty());
}

TEST(NotationTextTest, TextsAreSortedByTheirSquares) {
  const std::vector<FakeMove> moves = {
      {10, 14}, {8, 26, 2, {17, 26}}, {8, 12}, {8, 26, 2, {15, 26}}};
  EXPECT_THAT(SortedTexts(moves),
              ElementsAre("9-13", "9x16x27", "9x18x27", "11-15"));
}

TEST(NotationTextTest, ALeftOutLandingIsTakenWhenOneRouteFits) {
  const std::vector<FakeMove> moves = {{23, 5, 2, {14, 5}}, {23, 19}};
  absl::StatusOr<FakeMove> m = ChooseMove("24x6", moves, 32, "e.g.", SameTaken);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveText(*m), "24x15x6");
}

TEST(NotationTextTest, AWholeRouteIsChosenAmongLongerOnesItFits) {
  const std::vector<FakeMove> moves = {{0, 9, 3, {5, 14, 9}, 1},
                                       {0, 9, 1, {9}, 2}};
  absl::StatusOr<FakeMove> m = ChooseMove("1x10", moves, 32, "e.g.", SameTaken);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveText(*m), "1x10");
}

TEST(NotationTextTest, RoutesTheBoardCallsTheSameGiveTheFirstInTextOrder) {
  const std::vector<FakeMove> moves = {{0, 20, 2, {12, 20}, 7},
                                       {0, 20, 2, {8, 20}, 7}};
  absl::StatusOr<FakeMove> m = ChooseMove("1x21", moves, 32, "e.g.", SameTaken);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveText(*m), "1x13x21");
}

TEST(NotationTextTest, DifferentRoutesThatFitAreAmbiguous) {
  const std::vector<FakeMove> moves = {{0, 20, 2, {12, 20}, 7},
                                       {0, 20, 2, {8, 20}, 8}};
  absl::StatusOr<FakeMove> m = ChooseMove("1x21", moves, 32, "e.g.", SameTaken);
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(m.status().message(), HasSubstr("1x13x21 or 1x9x21"));
}

TEST(NotationTextTest, TextNamingNoMoveListsTheLegalOnesOrSaysThereAreNone) {
  const std::vector<FakeMove> moves = {{8, 12}};
  absl::StatusOr<FakeMove> m = ChooseMove("9-14", moves, 32, "e.g.", SameTaken);
  EXPECT_THAT(m.status().message(), HasSubstr("legal moves: 9-13"));
  m = ChooseMove("9-14", std::vector<FakeMove>{}, 32, "e.g.", SameTaken);
  EXPECT_THAT(m.status().message(), HasSubstr("has no legal move"));
  m = ChooseMove("nine", moves, 32, "11-15 or 22x15", SameTaken);
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(m.status().message(), HasSubstr("write it like 11-15 or 22x15"));
}

}  // namespace
}  // namespace checkers::notation
