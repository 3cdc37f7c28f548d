#include "match/ballot_builder.h"

#include <cstdlib>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "match/ballot_file.h"
#include "match/match.h"

namespace checkers::match {
namespace {

// One ply and a small search keep the test quick; the method is the same.
BallotOptions Small() {
  BallotOptions options;
  options.edition = Edition::kPool;
  options.plies = 1;
  options.nodes = 20'000;
  return options;
}

TEST(BallotBuilderTest, EveryOpeningIsScoredAndNumberedInOrder) {
  const std::vector<ScoredOpening> scored = ScoreOpenings(Small());
  const std::vector<Opening> openings = OpeningsOfPlies(Edition::kPool, 1);
  ASSERT_EQ(scored.size(), openings.size());
  ASSERT_EQ(scored.size(), 7u);
  EXPECT_EQ(scored[0].opening.name, "001 " + openings[0].name);
  EXPECT_EQ(scored[6].opening.name, "007 " + openings[6].name);
  EXPECT_EQ(scored[6].opening.fen, openings[6].fen);
}

TEST(BallotBuilderTest, TheSameOptionsGiveTheSameScores) {
  const std::vector<ScoredOpening> a = ScoreOpenings(Small());
  const std::vector<ScoredOpening> b = ScoreOpenings(Small());
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].score, b[i].score);
}

TEST(BallotBuilderTest, TheStandardSetKeepsTheOpeningsWithinTheBand) {
  std::vector<ScoredOpening> scored = ScoreOpenings(Small());
  scored[0].score = 40;
  scored[1].score = -40;
  scored[2].score = 41;
  scored[3].score = -120;
  for (size_t i = 4; i < scored.size(); ++i) scored[i].score = 0;
  const std::string json = BallotJson(scored, 40);
  absl::StatusOr<std::vector<Opening>> all = ParseBallots(json, "all");
  absl::StatusOr<std::vector<Opening>> standard =
      ParseBallots(json, "standard");
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_TRUE(standard.ok()) << standard.status();
  EXPECT_EQ(all->size(), 7u);
  ASSERT_EQ(standard->size(), 5u);
  EXPECT_EQ((*standard)[0].name, scored[0].opening.name);
  EXPECT_EQ((*standard)[1].name, scored[1].opening.name);
  EXPECT_EQ((*standard)[2].name, scored[4].opening.name);
  EXPECT_EQ((*standard)[2].fen, scored[4].opening.fen);
}

}  // namespace
}  // namespace checkers::match
