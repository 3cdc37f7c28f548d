// End-to-end tests of `checkers play --line` through a pipe, and of the
// play command's usage errors.

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;
using ::testing::Not;

std::string TempDir() { return ::checkers::testing::NewTempDir("line"); }

std::vector<std::string> Log(const std::string& save) {
  const auto r = RunCheckers({"log", "--save=" + save});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return absl::StrSplit(r.out, '\n', absl::SkipEmpty());
}

using ::checkers::testing::ReadAll;

// `checkers play --line` on `save` against the easy computer (or, with
// `two_players`, between two players), reading `input`.
::checkers::testing::CommandResult PlayLine(
    const std::string& save, const std::string& input, bool two_players = false,
    const std::vector<std::string>& env = {}) {
  std::vector<std::string> args = {"play", "--line", "--save=" + save};
  if (two_players) {
    args.push_back("--mode=two-player");
  } else {
    args.insert(args.end(), {"--mode=computer", "--difficulty=easy"});
  }
  return RunCheckers(args, input, env);
}

TEST(PlayLineTest, ATwoPlayerGameThroughAPipe) {
  const std::string save = TempDir() + "/match.log";
  const auto r =
      PlayLine(save, "11-15\n24-20\nmoves\nhint\nhint 15\nundo\nshow\n",
               /*two_players=*/true);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("New game: two players · same device."));
  EXPECT_THAT(r.out, HasSubstr("Red: 11-15\n"));
  EXPECT_THAT(r.out, HasSubstr("White: 24-20\n"));
  EXPECT_THAT(
      r.out,
      HasSubstr("Legal moves: 7-11 8-11 9-13 9-14 10-14 12-16 15-18 15-19\n"));
  EXPECT_THAT(r.out, HasSubstr("Pieces that can move: 7, 8, 9, 10, 12, 15\n"));
  EXPECT_THAT(r.out, HasSubstr("Square 15: 15-18 15-19\n"));
  EXPECT_THAT(r.out, HasSubstr("Turn taken back. White to move\n"));
  EXPECT_THAT(
      r.out,
      HasSubstr("Red: men on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15; no kings"));
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_THAT(log[1], HasSubstr("11-15"));
}

// A game of `rules` chosen at the new-game question, then a position of
// that edition where a flying king captures and then flies.
void PlayAVariantThroughAPipe(const std::string& rules) {
  const std::string save = TempDir() + "/match.log";
  auto r = RunCheckers({"play", "--line", "--save=" + save},
                       absl::StrCat("2 ", rules, "\nshow\n"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(rules == "russian" ? "Rules: Russian draughts"
                                                  : "Rules: Pool checkers"));
  ASSERT_EQ(
      RunCheckers({"new", "--mode=two-player", "--rules=" + rules,
                   "--fen=W:WK29,31:B18,10,12", "--yes", "--save=" + save})
          .exit_code,
      0);
  r = RunCheckers({"play", "--line", "--save=" + save},
                  "29x15x6\n12-16\n6-28\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("White: 29x15x6\n"));
  EXPECT_THAT(r.out, HasSubstr("Black: 12-16\n"));
  EXPECT_THAT(r.out, HasSubstr("White: 6-28\n"));
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 4u);
  EXPECT_THAT(log[0],
              HasSubstr(rules == "russian" ? "game started: Russian draughts"
                                           : "game started: Pool checkers"));
}

TEST(PlayLineTest, ARussianGameIsChosenAndItsKingsCaptureAndFly) {
  PlayAVariantThroughAPipe("russian");
}

TEST(PlayLineTest, APoolGameIsChosenAndItsKingsCaptureAndFly) {
  PlayAVariantThroughAPipe("pool");
}

// International draughts chosen at the new-game question, against the
// computer at each level: it answers on the 10x10 board.
TEST(PlayLineTest,
     AnInternationalGameIsChosenAndTheComputerRepliesAtEachLevel) {
  for (const std::string level : {"easy", "medium", "hard"}) {
    const std::string save = TempDir() + "/" + level + ".log";
    const auto r = RunCheckers(
        {"play", "--line", "--save=" + save},
        absl::StrCat("computer ", level, " international\n32-28\nshow\n"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("Rules: International draughts"));
    EXPECT_THAT(r.out, HasSubstr("White: 32-28\n"));
    EXPECT_THAT(r.out, HasSubstr("Black (computer): "));
    EXPECT_THAT(r.out, HasSubstr("Your move (White), turn 3"));
    const std::vector<std::string> log = Log(save);
    ASSERT_EQ(log.size(), 3u) << level;
    EXPECT_THAT(log[0], HasSubstr("game started: International draughts"));
  }
}

TEST(PlayLineTest, APresetNamedAtTheNewGameQuestionSetsTheHouseRules) {
  const std::string save = TempDir() + "/preset.log";
  ASSERT_EQ(
      RunCheckers({"play", "--line", "--save=" + save}, "two-player qdan\n")
          .exit_code,
      0);
  const auto r = RunCheckers({"show", "--save=" + save});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("40 turns in all"));
  EXPECT_THAT(r.out, HasSubstr("sides swap at every new game"));
}

TEST(PlayLineTest, EveryComputerMoveIsPrintedAndSaved) {
  const std::string save = TempDir() + "/match.log";
  const auto r = PlayLine(save, "11-15\nshow\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const size_t mine = r.out.find("Red: 11-15\n");
  const size_t reply = r.out.find("White (computer): ");
  ASSERT_NE(mine, std::string::npos) << r.out;
  ASSERT_NE(reply, std::string::npos) << r.out;
  EXPECT_LT(mine, reply);
  EXPECT_THAT(r.out, HasSubstr("Your move (Red), turn 3"));
  EXPECT_EQ(Log(save).size(), 3u);
}

TEST(PlayLineTest, AnIllegalMoveIsRefusedWithTheLegalMoves) {
  const std::string save = TempDir() + "/match.log";
  const auto r = PlayLine(save, "11-14\nfoo\n", /*two_players=*/true);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("“11-14” is not a legal move here. Legal moves: "
                               "9-13 9-14 10-14 10-15 "
                               "11-15 11-16 12-16"));
  EXPECT_THAT(r.out, HasSubstr("Unknown command “foo”"));
  EXPECT_EQ(Log(save).size(), 1u);
}

TEST(PlayLineTest, ANewGameAsksTheQuestionsAndConfirmationKeepsTheOld) {
  const std::string save = TempDir() + "/match.log";
  ASSERT_EQ(PlayLine(save, "11-15\n", /*two_players=*/true).exit_code, 0);
  auto r = RunCheckers({"play", "--line", "--save=" + save}, "new\nno\n");
  EXPECT_THAT(r.out, HasSubstr("Resumed the saved game. White to move"));
  EXPECT_THAT(r.out, HasSubstr("The saved game has 1 turn. Type yes"));
  EXPECT_THAT(r.out, HasSubstr("The saved game is kept."));
  EXPECT_EQ(Log(save).size(), 2u);
  r = RunCheckers({"play", "--line", "--save=" + save}, "new\nyes\n1\n3\n");
  EXPECT_THAT(r.out, HasSubstr("New game: vs computer (Hard), you play Red."));
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_THAT(log[0], HasSubstr("vs computer (Hard)"));
}

TEST(PlayLineTest, NewAndQuitWorkAtTheNewGameQuestions) {
  const std::string save = TempDir() + "/match.log";
  auto r = RunCheckers({"play", "--line", "--save=" + save},
                       "new computer hard\n11-15\nquit\nshow\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("New game: vs computer (Hard), you play Red."));
  EXPECT_THAT(r.out, HasSubstr("Red: 11-15\n"));
  // `quit` ended the game: `show` after it was never read.
  EXPECT_THAT(r.out, Not(HasSubstr("Legal moves")));
  EXPECT_EQ(Log(save).size(), 3u);

  // At the mode question, `quit` leaves and "computer easy" answers both.
  const std::string other = TempDir() + "/match.log";
  r = RunCheckers({"play", "--line", "--save=" + other}, "quit\n11-15\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, Not(HasSubstr("Red: 11-15")));
  r = RunCheckers({"play", "--line", "--save=" + other}, "computer easy\n");
  EXPECT_THAT(r.out, HasSubstr("New game: vs computer (Easy), you play Red."));
}

TEST(PlayLineTest, RulesTellTheEditionAndTheOptionsInForce) {
  const std::string save = TempDir() + "/match.log";
  const auto r = RunCheckers(
      {"play", "--line", "--mode=two-player", "--lang=it", "--save=" + save},
      "rules\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Regole: dama inglese (checkers)"));
  EXPECT_THAT(r.out,
              HasSubstr("Opzioni di regola in vigore: presa obbligatoria"));
}

TEST(PlayLineTest, NotSavedIsSaidOnceAndAgainOnlyWhenItChanges) {
  const std::string save = TempDir() + "/match.log";
  absl::StatusOr<std::unique_ptr<storage::GameLog>> holder =
      storage::GameLog::Open(storage::Env::Default(), save);
  ASSERT_TRUE(holder.ok());
  const auto r = PlayLine(save, "11-15\n24-20\nshow\n", /*two_players=*/true);
  size_t said = 0;
  for (size_t at = r.out.find("without saving"); at != std::string::npos;
       at = r.out.find("without saving", at + 1)) {
    ++said;
  }
  EXPECT_EQ(said, 1u) << r.out;
}

TEST(PlayLineTest, AComputerErrorCanBeRetriedOrTheGameGoesOnBetweenTwoPlayers) {
  const std::string save = TempDir() + "/match.log";
  auto r = PlayLine(save, "11-15\nresume\n", /*two_players=*/false,
                    {"CHECKERS_FAIL_SEARCHES=1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("The computer could not move: "));
  EXPECT_THAT(r.out,
              HasSubstr("Type resume to retry its turn once, or two-player"));
  EXPECT_THAT(r.out, HasSubstr("White (computer): "));
  EXPECT_EQ(Log(save).size(), 3u);

  const std::string other = TempDir() + "/match.log";
  r = RunCheckers({"play", "--line", "--mode=computer", "--save=" + other},
                  "11-15\ntwo-player\n24-20\n", {"CHECKERS_FAIL_SEARCHES=5"});
  EXPECT_THAT(
      r.out, HasSubstr("The game goes on between two players on this device."));
  const std::vector<std::string> log = Log(other);
  ASSERT_EQ(log.size(), 4u);
  EXPECT_THAT(log[2], HasSubstr("two players"));
  EXPECT_THAT(log[3], HasSubstr("White  24-20"));
}

TEST(PlayLineTest, PausedTheComputerDoesNotMoveUntilResumed) {
  const std::string save = TempDir() + "/match.log";
  const auto r = PlayLine(save, "pause\n11-15\n");
  EXPECT_THAT(r.out, HasSubstr("Paused. Type resume to go on."));
  EXPECT_THAT(r.out, HasSubstr("The game is paused; resume it first."));
  EXPECT_EQ(Log(save).size(), 1u);
}

TEST(PlayLineTest, LanguagesComeFromTheFlagOrTheLocaleAndShareTheMatch) {
  const std::string save = TempDir() + "/match.log";
  auto r = RunCheckers(
      {"play", "--line", "--mode=two-player", "--lang=sr", "--save=" + save},
      "11-15\n");
  EXPECT_THAT(r.out, HasSubstr("Црвени: 11-15"));
  r = RunCheckers({"play", "--line", "--save=" + save}, "24-20\n",
                  {"LANG=ms_MY.UTF-8"});
  EXPECT_THAT(r.out, HasSubstr("Permainan yang disimpan disambung."));
  EXPECT_THAT(r.out, HasSubstr("Putih: 24-20"));
  r = RunCheckers({"play", "--line", "--save=" + save}, "show\n",
                  {"LC_ALL=tl_PH.UTF-8", "LANG=sv_SE.UTF-8"});
  EXPECT_THAT(r.out, HasSubstr("Tira ng Pula, tira 3"));
  EXPECT_EQ(Log(save).size(), 3u);
}

TEST(PlayLineTest, ALockedSaveIsPlayedWithoutSaving) {
  const std::string save = TempDir() + "/match.log";
  absl::StatusOr<std::unique_ptr<storage::GameLog>> holder =
      storage::GameLog::Open(storage::Env::Default(), save);
  ASSERT_TRUE(holder.ok());
  const auto r = PlayLine(save, "11-15\n", /*two_players=*/true);
  EXPECT_THAT(r.out, HasSubstr("The save is in use by another running game"));
  EXPECT_THAT(r.out, HasSubstr("Red: 11-15"));
  EXPECT_TRUE((*holder)->events().empty());
  EXPECT_EQ(ReadAll(save).size(), 32u) << "only the file header";
}

TEST(PlayLineTest, ADamagedSaveIsKeptAside) {
  const std::string save = TempDir() + "/match.log";
  const std::string garbage =
      "these bytes are not a checkers save, and they stay these bytes\n";
  std::ofstream(save) << garbage;
  const auto r =
      RunCheckers({"play", "--line", "--save=" + save}, "keep\n2\n11-15\n");
  EXPECT_THAT(r.out, HasSubstr("The save is damaged: "));
  EXPECT_THAT(r.out,
              HasSubstr("The damaged save was kept as " + save + ".damaged"));
  EXPECT_EQ(ReadAll(save + ".damaged"), garbage);
  EXPECT_EQ(Log(save).size(), 2u);
}

TEST(PlayLineTest, UsageErrorsExit64) {
  auto r = RunCheckers({"play", "--lang=xx"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("--lang must be one of en, sv, it, ms, sr, tl"));
  r = RunCheckers({"play", "--line", "--mode=three-player"});
  EXPECT_EQ(r.exit_code, 64);
  // Without a terminal the full screen cannot start; the way out is named.
  r = RunCheckers({"play", "--save=" + TempDir() + "/m.log"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("checkers play --line"));
  r = RunCheckers({"play", "--line"}, "", {"CHECKERS_FAIL_SEARCHES=many"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, Not(HasSubstr("\n\n")));
}

}  // namespace
}  // namespace checkers
