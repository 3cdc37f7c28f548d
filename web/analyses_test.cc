#include "web/analyses.h"

#include <string>
#include <vector>

#include "absl/time/clock.h"
#include "events/events.pb.h"
#include "gtest/gtest.h"
#include "json/analysis_json.h"
#include "nlohmann/json.hpp"
#include "tests/log_builder.h"

namespace checkers::web {
namespace {

using nlohmann::json;

std::vector<events::Event> Game(const std::string& fen,
                                const std::vector<std::string>& moves) {
  testing::LogBuilder log(fen);
  for (const std::string& m : moves) log.Play(m);
  return log.events();
}

// A budget bounded by nodes alone, so that the page's analysis and
// `checkers analyse`'s are the same search.
replay::AnalysisOptions Quick() {
  replay::AnalysisOptions options;
  options.nodes = 5000;
  options.time = absl::Hours(1);
  return options;
}

// Asks until the analysis of `key` is no longer queued or running: the
// worker's own answer, however long the search takes.
json Finished(Analyses& analyses, const std::string& key) {
  for (;;) {
    json got = analyses.Get(key);
    if (got["state"] != "queued" && got["state"] != "running") return got;
    absl::SleepFor(absl::Milliseconds(5));
  }
}

TEST(AnalysesTest, TheAnalysisIsCheckersAnalysesAndIsKeptForTheNextVisit) {
  const std::vector<events::Event> log =
      Game("B:W22,30:B1,14", {"14-17", "22x13", "1-5"});
  Analyses analyses(Quick());
  EXPECT_EQ(analyses.Get(GameKey(log))["state"], "none");
  const std::string key = analyses.Start(log);
  EXPECT_EQ(key, GameKey(log));
  const json done = Finished(analyses, key);
  ASSERT_EQ(done["state"], "done") << done.dump();
  absl::StatusOr<replay::GameAnalysis> direct =
      replay::AnalyseGame(log, Quick());
  ASSERT_TRUE(direct.ok()) << direct.status();
  json expected = checkers::json::AnalysisJson(*direct);
  json got = done["analysis"];
  // Only the time differs between two runs of the same search.
  expected.erase("ms");
  got.erase("ms");
  EXPECT_EQ(got, expected);
  // Started again, the kept analysis answers at once.
  EXPECT_EQ(analyses.Start(log), key);
  EXPECT_EQ(analyses.Get(key)["state"], "done");
}

TEST(AnalysesTest, AnAnalysisIsCancelledQueuedOrRunningAndCanStartAgain) {
  replay::AnalysisOptions slow = Quick();
  slow.nodes = 1000000000;
  slow.time = absl::Milliseconds(100);
  Analyses analyses(slow);
  // One game at a time: the second waits while the first runs.
  const std::string running =
      analyses.Start(Game("", {"11-15", "23-19", "8-11", "22-17", "9-13"}));
  const std::vector<events::Event> log = Game("W:W22:B18", {"22x15"});
  const std::string queued = analyses.Start(log);
  EXPECT_EQ(analyses.Get(queued)["state"], "queued");
  analyses.Cancel(queued);
  EXPECT_EQ(analyses.Get(queued)["state"], "cancelled");
  analyses.Cancel(running);
  EXPECT_EQ(Finished(analyses, running)["state"], "cancelled");
  analyses.Start(log);
  EXPECT_EQ(Finished(analyses, queued)["state"], "done");
}

TEST(AnalysesTest, TheLeastRecentlyAskedForIsForgottenPastTheBound) {
  Analyses analyses(Quick(), /*kept=*/1);
  const std::string first = analyses.Start(Game("W:W22:B18", {"22x15"}));
  ASSERT_EQ(Finished(analyses, first)["state"], "done");
  const std::string second = analyses.Start(Game("B:W22:B9", {"9-13"}));
  ASSERT_EQ(Finished(analyses, second)["state"], "done");
  EXPECT_EQ(analyses.Get(first)["state"], "none");
}

TEST(AnalysesTest, TheKeyIsTheEvents) {
  EXPECT_EQ(GameKey(Game("", {"11-15"})), GameKey(Game("", {"11-15"})));
  EXPECT_NE(GameKey(Game("", {"11-15"})), GameKey(Game("", {"11-16"})));
  EXPECT_EQ(GameKey(Game("", {})).size(), 24u);
}

}  // namespace
}  // namespace checkers::web
