// End-to-end tests of `checkers analyse`: a saved game and a game of a PDN
// collection judged turn by turn, as text and as the JSON the replay page
// draws.

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/run_command.h"
#include "tests/test_data.h"

namespace checkers {
namespace {

using ::checkers::testing::CommandResult;
using ::checkers::testing::NewTempDir;
using ::checkers::testing::RunCheckers;
using ::checkers::testing::TestDataPath;
using ::testing::HasSubstr;

// A small budget keeps the test quick; the figures are the same kind.
constexpr char kNodes[] = "--nodes=5000";

TEST(CliAnalyseTest, ASavedGameIsJudgedTurnByTurn) {
  const std::string save = NewTempDir("analyse") + "/game.log";
  ASSERT_EQ(RunCheckers({"new", "--mode=two-player", "--fen=B:W22,30:B1,14",
                         "--save=" + save})
                .exit_code,
            0);
  for (const char* move : {"14-17", "22x13", "1-5"}) {
    ASSERT_EQ(RunCheckers({"move", move, "--save=" + save}).exit_code, 0);
  }
  CommandResult r = RunCheckers({"analyse", save, kNodes, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json a = nlohmann::json::parse(r.out);
  ASSERT_EQ(a["positions"].size(), 4u);
  ASSERT_EQ(a["turns"].size(), 3u);
  EXPECT_EQ(a["turns"][0]["played"], "14-17");
  EXPECT_NE(a["turns"][0]["mark"], "") << a["turns"][0];
  EXPECT_EQ(a["turns"][1]["mark"], "");
  r = RunCheckers({"analyse", save, kNodes});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("1. Red 14-17: "));
  EXPECT_THAT(r.out, HasSubstr("the engine prefers"));
}

TEST(CliAnalyseTest, AGameOfAPdnCollectionIsChosenByNumber) {
  CommandResult r = RunCheckers(
      {"analyse", TestDataPath("tinsley.pdn"), "--game=2", kNodes, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json a = nlohmann::json::parse(r.out);
  EXPECT_EQ(a["positions"].size(), a["turns"].size() + 1);
  EXPECT_GT(a["turns"].size(), 10u);
  r = RunCheckers(
      {"analyse", TestDataPath("tinsley.pdn"), "--game=100000", kNodes});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("no game 100000"));
}

TEST(CliAnalyseTest, AMissingFileIsNamed) {
  const CommandResult r =
      RunCheckers({"analyse", NewTempDir("analyse") + "/none.log"});
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_THAT(r.err, HasSubstr("none.log"));
}

}  // namespace
}  // namespace checkers
