#include "replay/analysis.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "engine/endgame_db_testing.h"
#include "engine/fen8.h"
#include "gtest/gtest.h"
#include "tests/log_builder.h"

namespace checkers::replay {
namespace {

using ::checkers::testing::LogBuilder;

// A quick budget: the positions below are small.
AnalysisOptions Quick() {
  AnalysisOptions options;
  options.nodes = 20000;
  options.time = absl::Seconds(30);
  return options;
}

std::vector<events::Event> Game(const std::string& fen,
                                const std::vector<std::string>& moves) {
  LogBuilder log(fen);
  for (const std::string& m : moves) log.Play(m);
  return log.events();
}

TEST(AnalysisTest, AManLeftToBeTakenIsMarkedAndTheForcedReplyIsNot) {
  // Black's man on 14 is taken whichever way it steps; the man on 1 is
  // safe.
  const absl::StatusOr<GameAnalysis> a =
      AnalyseGame(Game("B:W22,30:B1,14", {"14-17", "22x13", "1-5"}), Quick());
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->positions.size(), 4u);
  ASSERT_EQ(a->turns.size(), 3u);
  const TurnJudgement& hang = a->turns[0];
  EXPECT_EQ(hang.played, "14-17");
  EXPECT_EQ(hang.side, events::FIRST);
  EXPECT_NE(hang.best, "14-17");
  EXPECT_GE(hang.loss, 50);
  EXPECT_NE(hang.mark, Mark::kNone) << hang.loss;
  const TurnJudgement& forced = a->turns[1];
  EXPECT_EQ(forced.played, "22x13");
  EXPECT_EQ(forced.loss, 0);
  EXPECT_EQ(forced.mark, Mark::kNone);
  // White is better after the man is gone: the graph reads from the first
  // side's view, so it falls.
  EXPECT_LT(a->positions[2].score, a->positions[0].score);
}

TEST(AnalysisTest, EveryPositionIsJudgedWithTheBestMoveUntilTheEnd) {
  const absl::StatusOr<GameAnalysis> a =
      AnalyseGame(Game("W:W22:B18", {"22x15"}), Quick());
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->positions.size(), 2u);
  EXPECT_EQ(a->positions[0].best, "22x15");
  // Black is left without a move: the game is over, a win for White, the
  // second side.
  EXPECT_TRUE(a->positions[1].best.empty());
  EXPECT_TRUE(a->positions[1].decided);
  EXPECT_EQ(a->positions[1].score, -kScoreClamp);
  EXPECT_EQ(a->searched, 1);
}

TEST(AnalysisTest, AnEndingTheDatabaseHoldsIsJudgedByIt) {
  const Position lost = *ParseFen("W:W32:B1");
  const std::unique_ptr<egdb::Database> db = egdb::DrawsButOneLoss(lost);
  AnalysisOptions options = Quick();
  options.endgame_db = db.get();
  const absl::StatusOr<GameAnalysis> a =
      AnalyseGame(Game("B:W31:B2", {"2-6"}), options);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(a->positions[0].database.has_value());
  EXPECT_EQ(*a->positions[0].database, egdb::Wdl::kDraw);
  EXPECT_TRUE(a->positions[0].decided);
}

TEST(AnalysisTest, ProgressIsReportedAndCanCancel) {
  std::vector<int> seen;
  const absl::StatusOr<GameAnalysis> a = AnalyseGame(
      Game("", {"11-15", "23-19", "8-11"}), Quick(),
      [&](int done, int total) {
        seen.push_back(done);
        EXPECT_EQ(total, 4);
        return done < 2;
      });
  EXPECT_EQ(a.status().code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(seen, (std::vector<int>{1, 2}));
}

TEST(AnalysisTest, AJudgementAgainCanBeCancelled) {
  // The man left to be taken is judged again (verify): the caller hears
  // of it as (total, total) and may cancel there.
  std::vector<std::pair<int, int>> seen;
  const absl::StatusOr<GameAnalysis> a = AnalyseGame(
      Game("B:W22,30:B1,14", {"14-17", "22x13", "1-5"}), Quick(),
      [&](int done, int total) {
        seen.emplace_back(done, total);
        return seen.size() <= 4;
      });
  EXPECT_EQ(a.status().code(), absl::StatusCode::kCancelled);
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen.back(), std::make_pair(4, 4));
}

TEST(AnalysisTest, ACancelSetStopsTheSearchUnderWay) {
  // A budget that would take hours: only the flag ends the search, at its
  // first look.
  AnalysisOptions options;
  options.nodes = uint64_t{1} << 60;
  options.time = absl::Hours(10);
  const std::atomic<bool> cancel{true};
  options.cancel = &cancel;
  const absl::StatusOr<GameAnalysis> a =
      AnalyseGame(Game("", {"11-15"}), options);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kCancelled);
}

TEST(AnalysisTest, MarkWordsAreTheCataloguesNames) {
  EXPECT_STREQ(MarkWord(Mark::kNone), "");
  EXPECT_STREQ(MarkWord(Mark::kMistake), "mistake");
  EXPECT_STREQ(MarkWord(Mark::kBlunder), "blunder");
}

}  // namespace
}  // namespace checkers::replay
