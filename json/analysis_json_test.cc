#include "json/analysis_json.h"

#include "gtest/gtest.h"

namespace checkers::json {
namespace {

TEST(AnalysisJsonTest, PositionsAndTurnsKeepTheirFiguresAndWords) {
  replay::GameAnalysis a;
  a.edition = Edition::kRussian;
  replay::PositionJudgement start;
  start.to_move = events::FIRST;
  start.score = 35;
  start.raw_score = 35;
  start.best = "22-18";
  start.database = egdb::Wdl::kDraw;
  a.positions.push_back(start);
  replay::TurnJudgement t;
  t.turn = 1;
  t.seq = 2;
  t.side = events::FIRST;
  t.played = "23-19";
  t.best = "22-18";
  t.loss = 320;
  t.mark = replay::Mark::kBlunder;
  a.turns.push_back(t);
  const nlohmann::json j = AnalysisJson(a);
  EXPECT_EQ(j["edition"], "russian");
  EXPECT_EQ(j["clamp"], replay::kScoreClamp);
  EXPECT_EQ(j["positions"][0]["to_move"], "first");
  EXPECT_EQ(j["positions"][0]["database"], "draw");
  EXPECT_EQ(j["positions"][0]["best"], "22-18");
  EXPECT_EQ(j["turns"][0]["mark"], "blunder");
  EXPECT_EQ(j["turns"][0]["loss"], 320);
  EXPECT_EQ(j["turns"][0]["side"], "first");
}

}  // namespace
}  // namespace checkers::json
