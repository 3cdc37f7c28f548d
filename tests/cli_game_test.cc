// End-to-end tests of the game commands on a real save: every refusal has
// its exit code and one stderr line, and never changes the save.

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::CommandResult;
using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;
using ::testing::Not;

using ::checkers::testing::ReadAll;

int Lines(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n');
}

class CliGameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = absl::StrCat(
        std::getenv("TEST_TMPDIR"), "/",
        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    save_ = dir_ + "/match.log";
  }

  CommandResult Run(std::vector<std::string> args) {
    args.push_back("--save=" + save_);
    return RunCheckers(args);
  }

  std::string dir_;
  std::string save_;
};

TEST_F(CliGameTest, TwoPlayerGameIsPlayedAndShown) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"move", "11-15", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Red: 11-15\n");
  ASSERT_EQ(Run({"move", "23-19"}).exit_code, 0);
  r = Run({"show"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Red to move, turn 3"));
  EXPECT_THAT(r.out, HasSubstr("FEN: B:W19,21,22,24,"));
  r = Run({"show", "--json"});
  EXPECT_THAT(r.out, HasSubstr(R"("turns_played":2)"));
  EXPECT_THAT(r.out, HasSubstr(R"("legal_moves":["7-11",)"));
  r = Run({"moves"});
  EXPECT_EQ(r.out, "7-11\n8-11\n9-13\n9-14\n10-14\n12-16\n15-18\n");
  r = Run({"log"});
  EXPECT_EQ(Lines(r.out), 3);
  EXPECT_THAT(r.out, HasSubstr("seq 3    turn 2    White  23-19"));
}

TEST_F(CliGameTest, AnInternationalGameIsPlayedOnFiftySquares) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--rules=international",
                 "--fen=W:W32,K46:B27,17,1"})
                .exit_code,
            0);
  // Majority capture: the man on 32 must take both 27 and 17.
  CommandResult r = Run({"show", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(R"("rules":"international")"));
  EXPECT_THAT(r.out, HasSubstr(R"("fen":"W:W32,K46:B1,17,27")"));
  EXPECT_THAT(r.out, HasSubstr(R"("legal_moves":["32x21x12"])"));
  r = Run({"move", "32x12", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White: 32x21x12\n");
  ASSERT_EQ(Run({"move", "1-6"}).exit_code, 0);
  // The king flies the length of the long diagonal.
  r = Run({"move", "46-5", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White: 46-5\n");
  r = Run({"show"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Rules: International draughts"));
  EXPECT_THAT(r.out, HasSubstr("FEN: B:WK5,12:B6\n"));
  r = Run({"show", "--json"});
  EXPECT_THAT(r.out, HasSubstr(R"("turns_played":3)"));
  EXPECT_THAT(r.out, HasSubstr(R"("side_to_move":"second")"));
  EXPECT_THAT(r.out, HasSubstr(R"("second":"Black")"));
  EXPECT_THAT(r.out, HasSubstr(R"("legal_moves":["6-11"])"));
  r = Run({"log"});
  EXPECT_EQ(Lines(r.out), 4);
  EXPECT_THAT(r.out, HasSubstr("game started: International draughts"));
  EXPECT_THAT(r.out, HasSubstr("White  46-5"));
  ASSERT_EQ(Run({"undo"}).exit_code, 0);
  r = Run({"show", "--json"});
  EXPECT_THAT(r.out, HasSubstr(R"("turns_played":2)"));
  r = Run({"audit"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("sound (3 events, 2 turns)"));
}

TEST_F(CliGameTest, ARussianGameIsStartedPlayedAndShownWithItsRules) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--rules=russian"}).exit_code, 0);
  // White, on the high squares, moves first.
  CommandResult r = Run({"move", "22-18", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White: 22-18\n");
  r = Run({"show"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Black to move, turn 2"));
  EXPECT_THAT(r.out, HasSubstr("Rules: Russian draughts; forced capture"));
  // The edition has no no-progress draw of its own (docs/RULES.md).
  EXPECT_THAT(r.out, HasSubstr("no draw for turns without a capture"));
  EXPECT_THAT(r.out, Not(HasSubstr("draw after 0 turns")));
  r = Run({"show", "--json"});
  EXPECT_THAT(r.out, HasSubstr(R"("rules":"russian")"));
  r = Run({"log"});
  EXPECT_THAT(r.out, HasSubstr("game started: Russian draughts"));
  r = Run({"rules"});
  EXPECT_THAT(r.out, HasSubstr("Rules: Russian draughts"));
  EXPECT_THAT(r.out, HasSubstr("Kings fly"));
}

TEST_F(CliGameTest, APoolGameIsPlayedWithFlyingKings) {
  ASSERT_EQ(
      Run({"new", "--mode=two-player", "--rules=pool", "--fen=B:W6:BK29,12"})
          .exit_code,
      0);
  const CommandResult r = Run({"moves"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("29-4\n"));
  ASSERT_EQ(Run({"move", "29-4"}).exit_code, 0);
  EXPECT_THAT(Run({"show"}).out, HasSubstr("Rules: Pool checkers"));
}

TEST_F(CliGameTest, LightFirstIsRefusedWhereTheEditionDecides) {
  const CommandResult r =
      Run({"new", "--mode=two-player", "--rules=russian", "--light-first"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("--light-first"));
}

TEST_F(CliGameTest, IllegalMoveExitsOneListingLegalMovesAndSavesNothing) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  const std::string before = ReadAll(save_);
  CommandResult r = Run({"move", "11-14"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(
      r.err, HasSubstr("Legal moves: 9-13 9-14 10-14 10-15 11-15 11-16 12-16"));
  EXPECT_EQ(Lines(r.err), 1);
  EXPECT_EQ(ReadAll(save_), before);
}

TEST_F(CliGameTest, MalformedMoveIsAUsageError) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"move", "eleven-fifteen"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("11-15"));
  EXPECT_EQ(Run({"move"}).exit_code, 64);
}

TEST_F(CliGameTest, MovePrintsTheBoardAfterTheTurnUnlessQuiet) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"move", "11-15"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Red: 11-15\nWhite to move, turn 2\n"));
  EXPECT_THAT(r.out, HasSubstr("FEN: W:W21,"));
  r = Run({"move", "23-19", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White: 23-19\n");
}

TEST_F(CliGameTest, ShowNamesTheRulesAndTheTurnLimitCountdown) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--turn-limit=2"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  const CommandResult r = Run({"show"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out,
              HasSubstr("Rules: English draughts (checkers); forced capture · "
                        "Red moves first · draw after 40 turns each without a "
                        "capture or a man's move · draw at the limit of 2 "
                        "turns\n"));
  EXPECT_THAT(r.out, HasSubstr("Draw at the turn limit in 1 turn\n"));
  EXPECT_THAT(r.out, HasSubstr("this position has stood 1 time\n"));
}

TEST_F(CliGameTest, OneShotCommandsFollowTheLanguage) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"move", "11-15", "--lang=sv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Röd: 11-15\nVit drar, tur 2\n"));
  r = RunCheckers({"show", "--save=" + save_}, "", {"LANG=it_IT.UTF-8"});
  EXPECT_THAT(r.out, HasSubstr("Muove Bianco, turno 2"));
  r = Run({"move", "11-14", "--lang=ms"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("bukan langkah yang sah"));
  // JSON stays the same in every language.
  EXPECT_EQ(Run({"show", "--json", "--lang=sr"}).out,
            Run({"show", "--json"}).out);
  EXPECT_EQ(Run({"show", "--lang=xx"}).exit_code, 64);
}

TEST_F(CliGameTest, RulesTellTheEditionAndTheOptionsInForce) {
  CommandResult r = Run({"rules"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Rules: English draughts (checkers)"));
  EXPECT_THAT(r.out, HasSubstr("forced capture"));
  ASSERT_EQ(Run({"new", "--mode=two-player", "--capture=optional"}).exit_code,
            0);
  r = Run({"rules", "--lang=sr"});
  EXPECT_THAT(r.out, HasSubstr("Узимање није обавезно"));
}

TEST_F(CliGameTest, APresetSetsTheHouseOptionsAndFlagsGivenChangeIt) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--preset=qdan"}).exit_code, 0);
  CommandResult r = Run({"show"});
  EXPECT_THAT(r.out, HasSubstr("forced capture · Red moves first · draw after "
                               "40 turns in all"));
  EXPECT_THAT(r.out, HasSubstr("sides swap at every"));
  ASSERT_EQ(Run({"new", "--mode=two-player", "--preset=qdan",
                 "--turn-limit=150", "--yes"})
                .exit_code,
            0);
  r = Run({"show"});
  EXPECT_THAT(r.out, HasSubstr("40 turns in all"));
  EXPECT_THAT(r.out, HasSubstr("150"));
  r = Run({"new", "--mode=two-player", "--preset=fmjd", "--yes"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("--preset must be wcdf or qdan"));
  r = Run(
      {"new", "--mode=two-player", "--preset=wcdf", "--rules=pool", "--yes"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("pool plays by its own rules"));
}

TEST_F(CliGameTest, MovesWithNoLegalMoveSaysWhoHasLost) {
  const CommandResult r = RunCheckers({"moves", "--fen=W:W:B1"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("White, to move, has lost; Red wins"));
}

TEST_F(CliGameTest, DrawDeclineSaysWhatItDid) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  ASSERT_EQ(Run({"draw", "offer"}).exit_code, 0);
  const CommandResult r = Run({"draw", "decline"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White declines the draw.\nRed to move\n");
}

TEST_F(CliGameTest, HelpListsEveryFlagWithItsValues) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"help"}, {"new", "--help"}}) {
    const CommandResult r = RunCheckers(args);
    EXPECT_EQ(r.exit_code, 0);
    for (const char* flag :
         {"--side=first|second", "--capture=forced|optional",
          "--colours=red-white|black-white|black-red", "--light-first",
          "--no-progress=N", "--no-progress-count=each|total", "--turn-limit=N",
          "--swap", "--mode=computer|two-player",
          "--difficulty=easy|medium|hard", "--lang=en|sv|it|ms|sr|tl"}) {
      EXPECT_THAT(r.out, HasSubstr(flag)) << args[0];
    }
  }
}

TEST_F(CliGameTest, ABadFlagValueIsOneLineInTheGamesWords) {
  const CommandResult r =
      Run({"new", "--mode=two-player", "--no-progress=abc"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_EQ(Lines(r.err), 1);
  EXPECT_THAT(r.err, HasSubstr("--no-progress cannot be \"abc\""));
  EXPECT_THAT(r.err, ::testing::Not(HasSubstr("Illegal value")));
}

TEST_F(CliGameTest, ShortFormJumpIsAccepted) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--fen=W:W22:B18,10,5"}).exit_code,
            0);
  CommandResult r = Run({"move", "22x6", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "White: 22x15x6\n");
}

TEST_F(CliGameTest, SwapGivesThePersonTheOtherSideInTheNextGame) {
  ASSERT_EQ(
      Run({"new", "--mode=computer", "--difficulty=easy", "--swap"}).exit_code,
      0);
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("human":"first")"));
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  const CommandResult r =
      Run({"new", "--mode=computer", "--difficulty=easy", "--swap", "--yes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The computer now plays Red and has moved first.
  EXPECT_THAT(r.out, HasSubstr("Red (computer): "));
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("human":"second")"));
}

TEST_F(CliGameTest, ReplacingASaveWithTurnsNeedsYes) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  const std::string before = ReadAll(save_);
  CommandResult r = Run({"new", "--mode=two-player"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("--yes"));
  EXPECT_EQ(ReadAll(save_), before);
  r = Run({"new", "--mode=two-player", "--yes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("turns_played":0)"));
}

TEST_F(CliGameTest, UndoTakesBackOneTurnBetweenTwoPlayers) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "23-19"}).exit_code, 0);
  CommandResult r = Run({"undo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("White to move, turn 2"));
  ASSERT_EQ(Run({"undo"}).exit_code, 0);
  r = Run({"undo"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("no turn"));
}

TEST_F(CliGameTest, FinishedGameRefusesMoves) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--fen=W:W22:B18"}).exit_code, 0);
  CommandResult r = Run({"move", "22x15"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Game over: White wins: Red has no legal move"));
  r = Run({"move", "15-11"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("the game is over"));
  EXPECT_THAT(Run({"show", "--json"}).out,
              HasSubstr(R"("reason":"no_legal_move")"));
}

TEST_F(CliGameTest, ResignationAndDrawByAgreementEndTheGame) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"resign"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("White wins: Red resigned"));

  ASSERT_EQ(Run({"new", "--mode=two-player", "--yes"}).exit_code, 0);
  ASSERT_EQ(Run({"draw", "offer"}).exit_code, 0);
  EXPECT_THAT(Run({"show"}).out, HasSubstr("Red offers a draw"));
  r = Run({"draw", "accept"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Draw by agreement"));
  EXPECT_EQ(Run({"draw", "maybe"}).exit_code, 64);
}

TEST_F(CliGameTest, DeclinedDrawLetsTheGameGoOn) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  EXPECT_EQ(Run({"draw", "accept"}).exit_code, 1);
  ASSERT_EQ(Run({"draw", "offer"}).exit_code, 0);
  ASSERT_EQ(Run({"draw", "decline"}).exit_code, 0);
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("over":false)"));
}

TEST_F(CliGameTest, ComputerRepliesToEachMoveAndUndoRemovesBoth) {
  ASSERT_EQ(Run({"new", "--mode=computer", "--difficulty=easy"}).exit_code, 0);
  CommandResult r = Run({"move", "11-15"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Red: 11-15\nWhite (computer): "));
  r = Run({"log", "--json"});
  EXPECT_EQ(Lines(r.out), 3);
  EXPECT_THAT(r.out, HasSubstr(R"("computer":true)"));
  r = Run({"undo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("turns_played":0)"));
}

TEST_F(CliGameTest, ComputerMovesFirstWhenThePersonPlaysSecond) {
  CommandResult r =
      Run({"new", "--mode=computer", "--side=second", "--difficulty=easy"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Red (computer): "));
  EXPECT_THAT(Run({"show", "--json"}).out, HasSubstr(R"("turns_played":1)"));
}

TEST_F(CliGameTest, LockedSaveExits75) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  const int fd = open((save_ + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(flock(fd, LOCK_EX | LOCK_NB), 0);
  CommandResult r = Run({"move", "11-15"});
  EXPECT_EQ(r.exit_code, 75);
  EXPECT_EQ(Lines(r.err), 1);
  // Reading needs no lock.
  EXPECT_EQ(Run({"show"}).exit_code, 0);
  close(fd);
  EXPECT_EQ(Run({"move", "11-15"}).exit_code, 0);
}

TEST_F(CliGameTest, UnwritableSaveExits73) {
  const std::string file = dir_ + "-plain-file";
  std::ofstream(file) << "x";
  CommandResult r = RunCheckers(
      {"new", "--mode=two-player", "--save=" + file + "/match.log"});
  EXPECT_EQ(r.exit_code, 73);
  EXPECT_EQ(Lines(r.err), 1);
}

// The errors a player meets are worded by the command from the lower
// layers' typed reasons (status codes, refusals), not passed on in English.
TEST_F(CliGameTest, ErrorsAPlayerMeetsSpeakTheInterfaceLanguage) {
  ASSERT_EQ(
      Run({"new", "--mode=two-player", "--fen=B:BK11:W6,7,14,15"}).exit_code,
      0);
  CommandResult r = Run({"move", "11x11", "--lang=sv"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("”11x11” passar mer än en slagväg; skriv hela "
                               "vägen: 11x18x9x2x11 11x2x9x18x11"));

  const int fd = open((save_ + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(flock(fd, LOCK_EX | LOCK_NB), 0);
  r = Run({"move", "11x2x9x18x11", "--lang=sv"});
  close(fd);
  EXPECT_EQ(r.exit_code, 75);
  EXPECT_THAT(r.err, HasSubstr("används av ett annat pågående parti"));

  r = Run({"moves", "--fen=B:W33:B1", "--lang=it"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("«B:W33:B1» non è una posizione FEN"));

  std::string bytes = ReadAll(save_);
  bytes[bytes.size() / 2] ^= 0x40;
  std::ofstream(save_, std::ios::binary) << bytes;
  r = Run({"move", "11x2x9x18x11", "--lang=sv"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("är skadad"));
  r = Run({"new", "--mode=two-player", "--lang=sv"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("behåller den som " + save_ + ".damaged"));
}

TEST_F(CliGameTest, CorruptedSaveExits65AndIsLeftAlone) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  ASSERT_EQ(Run({"move", "23-19"}).exit_code, 0);
  std::string bytes = ReadAll(save_);
  bytes[bytes.size() / 2] ^= 0x40;
  std::ofstream(save_, std::ios::binary) << bytes;
  CommandResult r = Run({"move", "8-11"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("byte"));
  EXPECT_EQ(Run({"show"}).exit_code, 65);
  EXPECT_EQ(ReadAll(save_), bytes);
  // A new game keeps the damaged save aside rather than destroying it.
  EXPECT_EQ(Run({"new", "--mode=two-player"}).exit_code, 65);
  r = Run({"new", "--mode=two-player", "--yes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadAll(save_ + ".damaged"), bytes);

  // A second damaged save does not replace the first one kept.
  const std::string second = bytes.substr(0, 40) + "garbage after the header";
  std::ofstream(save_, std::ios::binary) << second;
  r = Run({"new", "--mode=two-player", "--yes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr(save_ + ".damaged.2"));
  EXPECT_EQ(ReadAll(save_ + ".damaged"), bytes);
  EXPECT_EQ(ReadAll(save_ + ".damaged.2"), second);
}

TEST_F(CliGameTest, MissingSaveExits66) {
  EXPECT_EQ(Run({"show"}).exit_code, 66);
  EXPECT_EQ(RunCheckers({"log", dir_ + "/nothing.log"}).exit_code, 66);
}

TEST_F(CliGameTest, RefusedCommandsOnAMissingSaveCreateNothing) {
  for (const std::vector<std::string>& command :
       std::vector<std::vector<std::string>>{
           {"move", "11-15"}, {"undo"}, {"resign"}, {"draw", "offer"}}) {
    CommandResult r = Run(command);
    EXPECT_EQ(r.exit_code, 1) << command[0];
    EXPECT_THAT(r.err, HasSubstr("there is no game yet"));
    EXPECT_NE(access(dir_.c_str(), F_OK), 0)
        << command[0] << " created " << dir_;
  }
}

TEST_F(CliGameTest, SaveThatIsADirectoryIsRefusedAndNeverMovedAside) {
  ASSERT_EQ(mkdir(dir_.c_str(), 0700), 0);
  ASSERT_EQ(mkdir(save_.c_str(), 0700), 0);
  std::ofstream(save_ + "/keep") << "mine";
  for (const std::vector<std::string>& command :
       std::vector<std::vector<std::string>>{
           {"new", "--mode=two-player", "--yes"}, {"move", "11-15"}}) {
    CommandResult r = Run(command);
    EXPECT_EQ(r.exit_code, 73) << command[0];
    EXPECT_THAT(r.err, HasSubstr("is a directory, not a regular file"));
  }
  EXPECT_EQ(Run({"show"}).exit_code, 65);
  EXPECT_EQ(ReadAll(save_ + "/keep"), "mine");
  EXPECT_NE(access((save_ + ".damaged").c_str(), F_OK), 0);
}

TEST_F(CliGameTest, SaveThatIsAFifoIsRefusedWithoutWaitingForAWriter) {
  ASSERT_EQ(mkdir(dir_.c_str(), 0700), 0);
  ASSERT_EQ(mkfifo(save_.c_str(), 0600), 0);
  EXPECT_EQ(Run({"new", "--mode=two-player", "--yes"}).exit_code, 73);
  EXPECT_EQ(Run({"move", "11-15"}).exit_code, 73);
  CommandResult r = Run({"show"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("is a FIFO"));
}

TEST_F(CliGameTest, NewGameThroughASymlinkedSaveKeepsTheLink) {
  ASSERT_EQ(mkdir(dir_.c_str(), 0700), 0);
  const std::string target = dir_ + "/real.log";
  ASSERT_EQ(
      RunCheckers({"new", "--mode=two-player", "--save=" + target}).exit_code,
      0);
  ASSERT_EQ(symlink(target.c_str(), save_.c_str()), 0);
  ASSERT_EQ(Run({"move", "11-15"}).exit_code, 0);
  CommandResult r = Run({"new", "--mode=two-player", "--yes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(Run({"move", "9-13"}).exit_code, 0);
  struct stat st;
  ASSERT_EQ(lstat(save_.c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  r = RunCheckers({"log", target});
  EXPECT_THAT(r.out, HasSubstr("9-13"));
}

TEST_F(CliGameTest, EmptyFenForMovesIsABadFenNotTheSave) {
  ASSERT_EQ(Run({"new", "--mode=two-player"}).exit_code, 0);
  CommandResult r = Run({"moves", "--fen="});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_EQ(r.out, "");
}

TEST_F(CliGameTest, BadFenForNewExits65) {
  CommandResult r = Run({"new", "--mode=two-player", "--fen=B:W33:B1"});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("square 33"));
}

TEST_F(CliGameTest, BadFlagValuesExit64) {
  EXPECT_EQ(Run({"new"}).exit_code, 64);
  EXPECT_EQ(Run({"new", "--mode=online"}).exit_code, 64);
  EXPECT_EQ(
      Run({"new", "--mode=computer", "--difficulty=impossible"}).exit_code, 64);
  EXPECT_EQ(Run({"show", "--depth=3"}).exit_code, 64);
}

TEST_F(CliGameTest, HouseRulesAreRecordedAndApplied) {
  ASSERT_EQ(Run({"new", "--mode=two-player", "--capture=optional",
                 "--colours=black-white", "--fen=B:W22,23:B18,5"})
                .exit_code,
            0);
  CommandResult r = Run({"move", "5-9", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Black: 5-9\n");
}

}  // namespace
}  // namespace checkers
