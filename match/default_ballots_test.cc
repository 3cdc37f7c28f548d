#include "match/default_ballots.h"

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_split.h"
#include "engine/game_position.h"
#include "gtest/gtest.h"
#include "match/ballot_file.h"
#include "match/match.h"

namespace checkers::match {
namespace {

// The position the opening's moves (its name after the number) reach from
// the start of `edition`, each move legal there, or the first error.
absl::StatusOr<GamePosition> Replay(const Opening& opening, Edition edition) {
  std::vector<std::string> words = absl::StrSplit(opening.name, ' ');
  GamePosition p = GamePosition::Initial(edition);
  for (size_t i = 1; i < words.size(); ++i) {
    absl::StatusOr<GameMove> move = p.ParseMove(words[i]);
    if (!move.ok()) return move.status();
    p.Play(*move);
  }
  return p;
}

class EditionBallotTest : public ::testing::TestWithParam<Edition> {};

TEST_P(EditionBallotTest, EveryOpeningIsThreeLegalMovesFromTheStart) {
  absl::StatusOr<std::vector<Opening>> all =
      ParseBallots(DefaultBallots(GetParam()), "all");
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_FALSE(all->empty());
  for (const Opening& o : *all) {
    EXPECT_EQ(std::vector<std::string>(absl::StrSplit(o.name, ' ')).size(), 4u)
        << o.name;
    absl::StatusOr<GamePosition> reached = Replay(o, GetParam());
    ASSERT_TRUE(reached.ok()) << o.name << ": " << reached.status();
    EXPECT_EQ(reached->ToFen(), o.fen) << o.name;
  }
}

TEST_P(EditionBallotTest, TheStandardSetIsMostButNotAllOfTheOpenings) {
  absl::StatusOr<std::vector<Opening>> all =
      ParseBallots(DefaultBallots(GetParam()), "all");
  absl::StatusOr<std::vector<Opening>> standard =
      ParseBallots(DefaultBallots(GetParam()), "standard");
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_TRUE(standard.ok()) << standard.status();
  EXPECT_GT(2 * standard->size(), all->size());
  EXPECT_LT(standard->size(), all->size());
}

INSTANTIATE_TEST_SUITE_P(RussianAndPool, EditionBallotTest,
                         ::testing::Values(Edition::kRussian, Edition::kPool));

TEST(DefaultBallotsTest, EachEditionHasItsOwnBallot) {
  EXPECT_NE(DefaultBallots(Edition::kRussian),
            DefaultBallots(Edition::kEnglish));
  EXPECT_NE(DefaultBallots(Edition::kPool), DefaultBallots(Edition::kRussian));
  EXPECT_EQ(
      ParseBallots(DefaultBallots(Edition::kEnglish), "standard")->front().name,
      "001 09-13 21-17 05-09");
  EXPECT_TRUE(DefaultBallots(Edition::kInternational).empty());
}

// A Russian opening is not English: White moves first, so its first move
// is not one English rules allow from the start.
TEST(DefaultBallotsTest, RussianOpeningsDoNotReplayByEnglishRules) {
  const Opening first =
      ParseBallots(DefaultBallots(Edition::kRussian), "all")->front();
  EXPECT_TRUE(Replay(first, Edition::kRussian).ok());
  EXPECT_FALSE(Replay(first, Edition::kEnglish).ok());
}

}  // namespace
}  // namespace checkers::match
