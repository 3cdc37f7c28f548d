// End-to-end tests of `checkers perft` and `checkers moves`: output lines
// and the exit codes of the CLI contract.

#include <string>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(CliEngineTest, PerftPrintsOneLinePerDepthStartingWithDepthAndLeaves) {
  const auto r = RunCheckers({"perft", "--depth=4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_THAT(lines[0], StartsWith("1 7 "));
  EXPECT_THAT(lines[1], StartsWith("2 49 "));
  EXPECT_THAT(lines[2], StartsWith("3 302 "));
  EXPECT_THAT(lines[3], StartsWith("4 1469 "));
}

TEST(CliEngineTest, PerftFromFen) {
  const auto r = RunCheckers({"perft", "--depth=1", "--fen=B:BK11:W6,7,14,15"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("1 2 "));
}

TEST(CliEngineTest, PerftFollowsTheRulesAndCountsDropWhenAsked) {
  auto r = RunCheckers({"perft", "--depth=8", "--rules=russian"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_THAT(lines[7], StartsWith("8 929905 "));
  r = RunCheckers({"perft", "--depth=8", "--rules=pool", "--drop"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  lines = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_THAT(lines[7], StartsWith("8 929896 "));
}

TEST(CliEngineTest, UnknownRulesAreUsageErrors) {
  auto r = RunCheckers({"perft", "--depth=1", "--rules=spanish"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("english, russian, pool or international"));
}

TEST(CliEngineTest, MovesOfAFiftySquareFenUnderInternationalRules) {
  // A king on 46 flies the whole long diagonal, beyond the 8x8 board.
  auto r = RunCheckers({"moves", "--fen=W:WK46:B1", "--rules=international"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "46-5\n46-10\n46-14\n46-19\n46-23\n46-28\n46-32\n46-37\n46-41\n");
}

TEST(CliEngineTest, PerftCountsTheTenByTenBoardForInternational) {
  auto r = RunCheckers({"perft", "--depth=2", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("1 9 "));
  EXPECT_THAT(r.out, HasSubstr("2 81 "));
  r = RunCheckers(
      {"perft", "--depth=1", "--rules=international", "--fen=W:W33:B28,29"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("1 2 "));
}

TEST(CliEngineTest, MovesFollowTheRules) {
  auto r = RunCheckers({"moves", "--fen=W:WK29:B18,10", "--rules=russian"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "29x15x1\n29x15x6\n");
  r = RunCheckers({"moves", "--fen=W:W11:B6,7", "--rules=pool"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "11x2x9\n");
}

TEST(CliEngineTest, MovesListsOneLegalMovePerLine) {
  const auto r = RunCheckers({"moves", "--fen=W:W22:B18,10,11"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "22x15x6\n22x15x8\n");
}

TEST(CliEngineTest, BadFenExits65WithOneLine) {
  const auto r = RunCheckers({"moves", "--fen=B:W33:B1"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("square 33"));
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_EQ(RunCheckers({"perft", "--depth=2", "--fen=nonsense"}).exit_code,
            65);
}

TEST(CliEngineTest, UsageErrorsExit64) {
  EXPECT_EQ(RunCheckers({}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"frobnicate"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"perft"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"perft", "--depth=abc"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"perft", "--depth=3", "--yes"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"bench", "nothing"}).exit_code, 64);
  const auto r = RunCheckers({"perft", "--dept=3"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("--depth"));
}

TEST(CliEngineTest, FlagValueMayFollowAsTheNextWord) {
  const auto r = RunCheckers({"perft", "--depth", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("2 49 "));
}

TEST(CliEngineTest, BenchSearchPrintsItsFigures) {
  const auto r = RunCheckers({"bench", "search"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"search_nodes: ", "search_nodes_per_second: ",
                           "hard_worst_move_seconds: "}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
}

TEST(CliEngineTest, BenchPerftInternationalCountsDepthNine) {
  const auto r = RunCheckers({"bench", "perft", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("perft_rules: international\n"
                               "perft_depth: 9\n"
                               "perft_leaves: 41022614\n"));
  EXPECT_THAT(r.out, HasSubstr("perft_leaves_per_second: "));
}

TEST(CliEngineTest, BenchSearchInternationalPrintsItsFingerprint) {
  const auto r = RunCheckers({"bench", "search", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("search_rules: international\n"
                               "search_positions: 6\n"
                               "search_depth: 13\n"
                               "search_nodes: 4976137\n"));
  EXPECT_THAT(r.out, HasSubstr("search_nodes_per_second: "));
}

TEST(CliEngineTest, BenchRulesMustBeKnownAndOnlyForPerftSearchAndLevels) {
  const auto bad = RunCheckers({"bench", "perft", "--rules=klingon"});
  EXPECT_EQ(bad.exit_code, 64);
  EXPECT_THAT(bad.err, HasSubstr("english, russian, pool or international"));
  const auto russian = RunCheckers({"bench", "perft", "--rules=russian"});
  EXPECT_EQ(russian.exit_code, 64);
  EXPECT_THAT(russian.err, HasSubstr("english or international"));
  EXPECT_EQ(RunCheckers({"bench", "levels", "--rules=english"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"bench", "log", "--rules=international"}).exit_code,
            64);
}

TEST(CliEngineTest, HelpExitsZero) {
  const auto r = RunCheckers({"help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("perft"));
}

}  // namespace
}  // namespace checkers
