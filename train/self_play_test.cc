#include "train/self_play.h"

#include <string>
#include <vector>

#include "engine/endgame_db.h"
#include "engine/eval10.h"
#include "engine/eval8.h"
#include "engine/fen10.h"
#include "engine/rules.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::train {
namespace {

using ::checkers::testing::FenPosition;

GamePosition English(const char* fen) {
  return GamePosition::Of(FenPosition(fen), Edition::kEnglish);
}

SelfPlayOptions SmallRun(int threads) {
  SelfPlayOptions options;
  options.games = 6;
  options.openings = {GamePosition::Initial(Edition::kEnglish),
                      English("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,"
                              "4,5,6,7,8,9,10,11,15")};
  options.nodes = 200;
  options.seed = 42;
  options.threads = threads;
  return options;
}

TEST(SelfPlayTest, TheGamesDoNotDependOnTheNumberOfThreads) {
  const SelfPlayResult one = PlaySelfPlay(SmallRun(1));
  const SelfPlayResult two = PlaySelfPlay(SmallRun(2));
  ASSERT_EQ(one.samples.size(), two.samples.size());
  EXPECT_EQ(one.plies, two.plies);
  EXPECT_EQ(one.wins_first, two.wins_first);
  EXPECT_EQ(one.draws, two.draws);
  for (size_t i = 0; i < one.samples.size(); ++i) {
    EXPECT_EQ(one.samples[i].game, two.samples[i].game);
    EXPECT_EQ(one.samples[i].result, two.samples[i].result);
    EXPECT_EQ(one.samples[i].features.config, two.samples[i].features.config);
  }
}

TEST(SelfPlayTest, EverySampleCarriesItsGamesResultForItsSide) {
  const SelfPlayResult run = PlaySelfPlay(SmallRun(2));
  EXPECT_EQ(run.wins_first + run.wins_second + run.draws, 6);
  ASSERT_FALSE(run.samples.empty());
  std::vector<int> wins(6, 0), losses(6, 0), draws(6, 0);
  for (const Sample& s : run.samples) {
    ASSERT_GE(s.game, 0);
    ASSERT_LT(s.game, 6);
    if (s.result == 1.0f)
      ++wins[s.game];
    else if (s.result == 0.0f)
      ++losses[s.game];
    else if (s.result == 0.5f)
      ++draws[s.game];
    else
      ADD_FAILURE() << "result " << s.result;
  }
  for (int g = 0; g < 6; ++g) {
    // A game is drawn for both sides or decided for both.
    EXPECT_TRUE(draws[g] == 0 || (wins[g] == 0 && losses[g] == 0)) << g;
    EXPECT_GT(wins[g] + losses[g] + draws[g], 0) << g;
  }
}

// Games from Black's three kings against a lone white man far from its
// crown, each move a search of `nodes` nodes.
SelfPlayOptions WonEnding(int games, uint64_t nodes) {
  SelfPlayOptions options;
  options.games = games;
  options.openings = {English("B:W29:BK10,K11,K12")};
  options.random_plies = 0;
  options.nodes = nodes;
  return options;
}

TEST(SelfPlayTest, AWonPositionIsWonByItsSide) {
  const SelfPlayResult run = PlaySelfPlay(WonEnding(2, 3000));
  EXPECT_EQ(run.wins_first, 2);
  for (const Sample& s : run.samples) {
    const bool black_to_move = s.features.hand > 0;
    EXPECT_EQ(s.result, black_to_move ? 1.0f : 0.0f);
    // The search saw it too, from the same side.
    EXPECT_EQ(s.search_score > 0, black_to_move);
  }
}

// Two games of WonEnding under `edition`, with a made-up database holding
// only the slice of the opening's material, every position of it lost for
// its side to move.
SelfPlayResult WonEndingWithEveryPositionLost(Edition edition) {
  SelfPlayOptions options = WonEnding(2, 3000);
  const Position opening = *options.openings[0].eight();
  options.openings = {GamePosition::Of(opening, edition)};
  egdb::Material m = egdb::MaterialOf(opening);
  if (!m.IsCanonical()) m = m.Reversed();
  egdb::Database db;
  // Two bits a position; 0b10 is a loss.
  EXPECT_TRUE(
      db.AddSlice(m, std::string(egdb::SlicePackedBytes(m), '\xAA')).ok());
  options.endgame_db = &db;
  return PlaySelfPlay(options);
}

TEST(SelfPlayTest, AnEndingTheDatabaseHoldsIsDecidedByItsVerdict) {
  // Black, to move and three kings up on the board, has lost by the
  // database's word, and the game ends there.
  const SelfPlayResult run = WonEndingWithEveryPositionLost(Edition::kEnglish);
  EXPECT_EQ(run.wins_second, 2);
  EXPECT_EQ(run.plies, 0);
}

TEST(SelfPlayTest, TheDatabaseDecidesOnlyEnglishGames) {
  const SelfPlayResult run = WonEndingWithEveryPositionLost(Edition::kRussian);
  EXPECT_EQ(run.wins_first, 2);
  EXPECT_GT(run.plies, 0);
}

TEST(SelfPlayTest, RussianGamesArePricedAndPlayedByRussianRules) {
  SelfPlayOptions options = WonEnding(2, 3000);
  const Position opening = *options.openings[0].eight();
  options.openings[0] = GamePosition::Of(opening, Edition::kRussian);
  const SelfPlayResult run = PlaySelfPlay(options);
  EXPECT_EQ(run.wins_first, 2);
  ASSERT_FALSE(run.samples.empty());
  // The first sample is the opening, its kings priced as flying ones.
  EXPECT_EQ(run.samples[0].features.hand, Evaluate(opening, Edition::kRussian));
  EXPECT_NE(run.samples[0].features.hand, Evaluate(opening, Edition::kEnglish));
  // Flying kings catch the lone man sooner than English kings can.
  const SelfPlayResult english = PlaySelfPlay(WonEnding(2, 3000));
  EXPECT_LT(run.plies, english.plies);
}

TEST(SelfPlayTest, InternationalGamesArePlayedAndPricedOnTheTenByTenBoard) {
  SelfPlayOptions options;
  options.games = 2;
  options.openings = {GamePosition::Initial(Edition::kInternational)};
  options.random_plies = 0;
  options.nodes = 300;
  options.seed = 5;
  const SelfPlayResult run = PlaySelfPlay(options);
  EXPECT_EQ(run.wins_first + run.wins_second + run.draws, 2);
  // Forty men a side take many plies to trade off, however weak the play.
  EXPECT_GT(run.plies, 40u);
  ASSERT_FALSE(run.samples.empty());
  const Sample& first = run.samples[0];
  // The start is symmetric: the hand-set value is 0, and of the sixteen
  // windows each holds men.
  EXPECT_EQ(first.features.hand, 0);
  EXPECT_EQ(first.features.ending, 0);
  EXPECT_TRUE(first.features.has_men);
  for (const Sample& s : run.samples) {
    ASSERT_TRUE(s.result == 0.0f || s.result == 0.5f || s.result == 1.0f);
  }
  // A position the games kept is priced by the 10x10 hand-set evaluation.
  const absl::StatusOr<intl::Position> pos =
      intl::ParseFen("W:W31,32,33,34,35:B16,17,18,19,20");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(FeaturesOf(GamePosition::Of(*pos)).hand, intl::Evaluate(*pos));
}

TEST(SelfPlayTest, EveryNthQuietPositionIsKept) {
  SelfPlayOptions third = SmallRun(2);
  third.sample_every = 3;
  const SelfPlayResult all = PlaySelfPlay(SmallRun(2));
  const SelfPlayResult some = PlaySelfPlay(third);
  // The same games: only which of their positions are kept differs.
  EXPECT_EQ(all.plies, some.plies);
  std::vector<Sample> expected;
  int game = -1;
  int index = 0;
  for (const Sample& s : all.samples) {
    if (s.game != game) {
      game = s.game;
      index = 0;
    }
    if (index++ % 3 == 0) expected.push_back(s);
  }
  ASSERT_EQ(some.samples.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(some.samples[i].game, expected[i].game);
    EXPECT_EQ(some.samples[i].features.config, expected[i].features.config);
    EXPECT_EQ(some.samples[i].search_score, expected[i].search_score);
  }
}

TEST(SelfPlayTest, LabelSearchesScoreTheKeptPositionsWithoutChangingTheGames) {
  SelfPlayOptions labelled = SmallRun(2);
  labelled.label_nodes = 20000;
  const SelfPlayResult a = PlaySelfPlay(SmallRun(2));
  const SelfPlayResult b = PlaySelfPlay(labelled);
  EXPECT_EQ(a.plies, b.plies);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  int differ = 0;
  for (size_t i = 0; i < a.samples.size(); ++i) {
    EXPECT_EQ(a.samples[i].features.config, b.samples[i].features.config);
    EXPECT_EQ(a.samples[i].result, b.samples[i].result);
    if (a.samples[i].search_score != b.samples[i].search_score) ++differ;
  }
  // 200-node move searches and 20,000-node label searches disagree often.
  EXPECT_GT(differ, static_cast<int>(a.samples.size()) / 4);
}

TEST(SelfPlayTest, ALabelSearchSeesAWinForTheWinningSide) {
  SelfPlayOptions options = WonEnding(1, 50);
  options.label_nodes = 5000;
  const SelfPlayResult run = PlaySelfPlay(options);
  ASSERT_FALSE(run.samples.empty());
  for (const Sample& s : run.samples) {
    const bool black_to_move = s.features.hand > 0;
    EXPECT_EQ(s.search_score > 0, black_to_move);
  }
}

}  // namespace
}  // namespace checkers::train
