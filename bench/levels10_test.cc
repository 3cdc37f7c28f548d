#include "bench/levels10.h"

#include "engine/fen10.h"
#include "gtest/gtest.h"

namespace checkers::bench {
namespace {

intl::Position Fen(const char* fen) {
  absl::StatusOr<intl::Position> pos = intl::ParseFen(fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : intl::Position::Initial();
}

TEST(Levels10Test, SideWithoutAMoveLoses) {
  const absl::StatusOr<Game10> game =
      PlayGame10(Fen("W:W46:B37,41"), Level::kHard, Level::kEasy, 1);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, -1);
  EXPECT_EQ(game->plies, 0);
}

TEST(Levels10Test, DecisiveMaterialLeadIsAdjudicated) {
  const absl::StatusOr<Game10> game =
      PlayGame10(Fen("B:W31-50:B1-17"), Level::kEasy, Level::kHard, 1);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, 1);
  EXPECT_EQ(game->how, "adjudicated on material");
}

TEST(Levels10Test, PlyCapEndsTheGameOnMaterial) {
  Game10Options options;
  options.max_plies = 6;
  const absl::StatusOr<Game10> game = PlayGame10(
      intl::Position::Initial(), Level::kEasy, Level::kEasy, 1, options);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->plies, 6);
  EXPECT_EQ(game->how, "ply cap, adjudicated on material");
}

TEST(Levels10Test, MatchPlaysEachOpeningWithBothColours) {
  const absl::StatusOr<MatchScore> score =
      PlayMatch10(Level::kEasy, Level::kEasy, 1, 3);
  ASSERT_TRUE(score.ok()) << score.status();
  EXPECT_EQ(score->wins + score->losses + score->draws, 2);
}

// The levels' order in a match short enough for every run; `checkers bench
// levels --rules=international` plays the longer ones.
TEST(Levels10Test, MediumBeatsEasy) {
  const absl::StatusOr<MatchScore> score =
      PlayMatch10(Level::kMedium, Level::kEasy, 4, 1);
  ASSERT_TRUE(score.ok()) << score.status();
  EXPECT_GE(score->Percent(), 75.0) << score->Text();
  EXPECT_EQ(score->losses, 0) << score->Text();
}

}  // namespace
}  // namespace checkers::bench
