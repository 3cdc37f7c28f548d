#include "match/match_score.h"

#include <utility>
#include <vector>

#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "gtest/gtest.h"

namespace checkers::match {
namespace {

// A game from a position with White to move, that engine A began as
// White and that ended with `result`: SECOND_WINS is A's win.
MatchGame GameOfAAsWhite(events::Result result) {
  MatchGame game;
  game.start = *GamePosition::ParseFen("W:W32:B1", Edition::kEnglish);
  game.first_is_a = true;
  game.result = result;
  return game;
}

TEST(MatchScoreTest, ScoreCountsFromEngineAsView) {
  const MatchGame a_wins_as_white = GameOfAAsWhite(events::SECOND_WINS);
  const MatchGame draw = GameOfAAsWhite(events::DRAW);
  MatchGame b_wins = a_wins_as_white;
  b_wins.first_is_a = false;
  const MatchScore score = ScoreOf({a_wins_as_white, draw, b_wins});
  EXPECT_EQ(score.wins, 1);
  EXPECT_EQ(score.draws, 1);
  EXPECT_EQ(score.losses, 1);
  EXPECT_DOUBLE_EQ(score.percent, 50.0);
  EXPECT_LT(score.low, 50.0);
  EXPECT_GT(score.high, 50.0);
  EXPECT_DOUBLE_EQ(score.sign_p, 1.0);
}

TEST(MatchScoreTest, SignTestWeighsTheDecisiveGamesAlone) {
  const MatchGame win = GameOfAAsWhite(events::SECOND_WINS);
  const MatchGame loss = GameOfAAsWhite(events::FIRST_WINS);
  const MatchGame draw = GameOfAAsWhite(events::DRAW);
  std::vector<MatchGame> games(65, win);
  games.insert(games.end(), 38, loss);
  games.insert(games.end(), 211, draw);
  const MatchScore score = ScoreOf(games);
  EXPECT_NEAR(score.percent, 54.3, 0.05);
  // The interval counts the draws as coins and reaches below 50%; the 65
  // wins to 38 losses alone are a 1% chance between equals.
  EXPECT_LT(score.low, 50.0);
  EXPECT_NEAR(score.sign_p, 0.01006, 0.00001);
  // Draws do not move it; ten wins and no loss are twice 2^-10.
  std::vector<MatchGame> ten(10, win);
  ten.insert(ten.end(), 100, draw);
  EXPECT_NEAR(ScoreOf(ten).sign_p, 2.0 / 1024, 1e-12);
  EXPECT_DOUBLE_EQ(ScoreOf(std::vector<MatchGame>(5, draw)).sign_p, 1.0);
}

// A game that engine A (`first_is_a`) or B began, with its moves' times.
MatchGame TimedGame(bool first_is_a, std::vector<double> move_seconds) {
  MatchGame game;
  game.first_is_a = first_is_a;
  game.move_seconds = std::move(move_seconds);
  return game;
}

TEST(MatchScoreTest, TimeUseSplitsTheMovesByEngine) {
  const MatchGame a_first = TimedGame(true, {0.05, 0.2, 0.1, 0.2, 0.15});
  const MatchGame b_first = TimedGame(false, {0.2, 0.12});
  const TimeUse a = TimeUseOf({a_first, b_first}, true, 0.1);
  EXPECT_EQ(a.moves, 4);
  EXPECT_NEAR(a.mean, (0.5 + 1.0 + 1.5 + 1.2) / 4, 1e-9);
  EXPECT_NEAR(a.median, 1.2, 1e-9);
  EXPECT_NEAR(a.max, 1.5, 1e-9);
  EXPECT_EQ(a.over_110, 2);
  const TimeUse b = TimeUseOf({a_first, b_first}, false, 0.1);
  EXPECT_EQ(b.moves, 3);
  EXPECT_NEAR(b.max, 2.0, 1e-9);
  EXPECT_EQ(b.over_110, 3);
}

TEST(MatchScoreTest, TimeUseNamesTheGameAndTurnOfEachEnginesSlowestMove) {
  const MatchGame a_first = TimedGame(true, {0.05, 0.2, 0.1, 0.2, 0.15});
  const MatchGame b_first = TimedGame(false, {0.25, 0.12});
  const TimeUse a = TimeUseOf({a_first, b_first}, true, 0.1);
  EXPECT_EQ(a.max_game, 1);
  EXPECT_EQ(a.max_turn, 5);
  const TimeUse b = TimeUseOf({a_first, b_first}, false, 0.1);
  EXPECT_NEAR(b.max, 2.5, 1e-9);
  EXPECT_EQ(b.max_game, 2);
  EXPECT_EQ(b.max_turn, 1);
}

TEST(MatchScoreTest, OneSidedScoreStillHasAnInterval) {
  const MatchGame win = GameOfAAsWhite(events::SECOND_WINS);
  const MatchScore score = ScoreOf(std::vector<MatchGame>(40, win));
  EXPECT_DOUBLE_EQ(score.percent, 100.0);
  EXPECT_DOUBLE_EQ(score.high, 100.0);
  EXPECT_NEAR(score.low, 91.2, 0.1);
}

}  // namespace
}  // namespace checkers::match
