// End-to-end tests of the full-screen game: the real `checkers` binary in
// an 80x24 terminal (tmux), keys typed as a person types them, and what
// the screen and the save then show.

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"
#include "tests/tmux_session.h"

namespace checkers {
namespace {

using ::checkers::testing::CheckersBinary;
using ::checkers::testing::MouseClick;
using ::checkers::testing::RunCheckers;
using ::checkers::testing::TmuxSession;
using ::testing::HasSubstr;
using ::testing::Not;

std::string TempDir() { return ::checkers::testing::NewTempDir("tui"); }

// The command line that plays on `save` with `flags`, then reports how it
// exited and keeps the pane open to read it.
std::string Play(const std::string& save, const std::string& flags = "") {
  return absl::StrCat(CheckersBinary(), " play --save=", save, " ", flags,
                      "; echo \"EXIT=$?\"; sleep 600");
}

// The save's events, one line each (`checkers log`).
std::vector<std::string> Log(const std::string& save) {
  const auto r = RunCheckers({"log", "--save=" + save});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return absl::StrSplit(r.out, '\n', absl::SkipEmpty());
}

// Types `move` at the game's ':' prompt and enters it.
void TypeMove(const TmuxSession& tmux, const std::string& move) {
  tmux.Keys({":"});
  tmux.Type(move);
  tmux.Keys({"Enter"});
}

// Plays Red's 11-15 at the first prompt of a new game against the
// computer; false, with the screen in `screen`, when the prompt never came.
bool PlayElevenFifteen(const TmuxSession& tmux, std::string* screen) {
  if (!tmux.ok() || !tmux.WaitFor("Your move (Red)", screen)) return false;
  TypeMove(tmux, "11-15");
  return true;
}

// The node count on the thinking indicator, or -1.
long long Nodes(const std::string& screen) {
  std::smatch m;
  static const std::regex kNodes("([0-9]+) nodes");
  if (!std::regex_search(screen, m, kNodes)) return -1;
  return std::stoll(m[1]);
}

TEST(PlayTuiTest, ArrowsAndEnterSelectAPieceAndItsDestination) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man · Red to move", &screen))
      << screen;
  EXPECT_THAT(screen, HasSubstr("Checkers · two players · same device"));
  tmux.Keys({"Right", "Right"});
  ASSERT_TRUE(tmux.WaitFor("Square 10, Red man · Red to move", &screen))
      << screen;
  tmux.Keys({"Enter"});
  ASSERT_TRUE(tmux.WaitFor("Square 10, Red man, selected", &screen)) << screen;
  tmux.Keys({"Up"});
  ASSERT_TRUE(tmux.WaitFor("Square 15, empty, legal destination", &screen))
      << screen;
  tmux.Keys({"Space"});
  ASSERT_TRUE(tmux.WaitFor("Red: 10-15", &screen)) << screen;
  EXPECT_THAT(screen, HasSubstr("Square 15, Red man · White to move"));
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_THAT(log[1], HasSubstr("Red    10-15"));
}

TEST(PlayTuiTest, AMultiJumpIsEnteredLandingByLandingAndEscapeCancelsIt) {
  const std::string save = TempDir() + "/match.log";
  ASSERT_EQ(RunCheckers({"new", "--mode=two-player", "--fen=W:W22,30:B18,10,11",
                         "--save=" + save})
                .exit_code,
            0);
  TmuxSession tmux(Play(save));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("A saved game exists", &screen)) << screen;
  tmux.Keys({"1"});
  ASSERT_TRUE(tmux.WaitFor("Square 22, White man, must capture", &screen))
      << screen;
  tmux.Keys({"Enter"});
  tmux.Keys({":", "1", "5", "Enter"});
  ASSERT_TRUE(tmux.WaitFor("Square 15, empty, legal destination", &screen))
      << screen;
  tmux.Keys({"Enter"});
  ASSERT_TRUE(tmux.WaitFor("choose the next landing (6, 8)", &screen))
      << screen;
  EXPECT_THAT(screen, HasSubstr("Square 15, White man, landing 1 of the jump"));
  // The partial jump is on screen only: the save holds the start alone.
  EXPECT_EQ(Log(save).size(), 1u);

  tmux.Keys({"Escape"});
  ASSERT_TRUE(tmux.WaitFor("Turn cancelled", &screen)) << screen;
  EXPECT_THAT(screen, HasSubstr("Square 22, White man, must capture"));
  EXPECT_EQ(Log(save).size(), 1u);

  tmux.Keys(
      {"Enter", ":", "1", "5", "Enter", "Enter", ":", "6", "Enter", "Enter"});
  ASSERT_TRUE(tmux.WaitFor("White: 22x15x6", &screen)) << screen;
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_THAT(log[1], HasSubstr("22x15x6"));
}

// A capture by a flying king or a man, entered landing by landing in a
// resumed two-player game, Black's reply, then a king's flight.
struct CaptureAndFlight {
  std::string rules, fen, title;
  // The landings of the capture, each entered at the ':' prompt, and the
  // move as the move list then shows it.
  std::vector<std::string> capture;
  std::string capture_text;
  std::string reply;
  // The king's flight: from, to.
  std::string from, to;
};

void PlayCaptureAndFlight(const CaptureAndFlight& game) {
  const std::string save = TempDir() + "/match.log";
  ASSERT_EQ(RunCheckers({"new", "--mode=two-player", "--rules=" + game.rules,
                         "--fen=" + game.fen, "--save=" + save})
                .exit_code,
            0);
  TmuxSession tmux(Play(save));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("A saved game exists", &screen)) << screen;
  tmux.Keys({"1"});
  ASSERT_TRUE(tmux.WaitFor(game.title, &screen)) << screen;
  for (const std::string& landing : game.capture) {
    tmux.Keys({":"});
    tmux.Type(landing);
    tmux.Keys({"Enter", "Enter"});
  }
  ASSERT_TRUE(tmux.WaitFor("White: " + game.capture_text, &screen)) << screen;
  TypeMove(tmux, game.reply);
  ASSERT_TRUE(tmux.WaitFor("Black: " + game.reply, &screen)) << screen;
  for (const std::string& square : {game.from, game.to}) {
    tmux.Keys({":"});
    tmux.Type(square);
    tmux.Keys({"Enter", "Enter"});
  }
  const std::string flight = absl::StrCat(game.from, "-", game.to);
  ASSERT_TRUE(tmux.WaitFor("White: " + flight, &screen)) << screen;
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 4u);
  EXPECT_THAT(log[1], HasSubstr(game.capture_text));
  EXPECT_THAT(log[3], HasSubstr(flight));
}

// White's flying king on 29 must take 18 and 10, and after Black's reply
// flies from 6 to 28.
TEST(PlayTuiTest, ARussianKingCapturesLandingByLandingAndFlies) {
  PlayCaptureAndFlight({"russian",
                        "W:WK29,31:B18,10,12",
                        "Rules: Russian draughts",
                        {"29", "15", "6"},
                        "29x15x6",
                        "12-16",
                        "6",
                        "28"});
}

TEST(PlayTuiTest, APoolKingCapturesLandingByLandingAndFlies) {
  PlayCaptureAndFlight({"pool",
                        "W:WK29,31:B18,10,12",
                        "Rules: Pool checkers",
                        {"29", "15", "6"},
                        "29x15x6",
                        "12-16",
                        "6",
                        "28"});
}

// International draughts on the 10x10 board: the man on 32 must take two
// pieces (majority capture), landing by landing, and after Black's reply
// the king on 46 flies the long diagonal to 5.
TEST(PlayTuiTest, AnInternationalCaptureAndAKingsFlightOnTheTenByTenBoard) {
  PlayCaptureAndFlight({"international",
                        "W:W32,K46:B17,27,1",
                        "Rules: International draughts",
                        {"32", "21", "12"},
                        "32x21x12",
                        "1-6",
                        "46",
                        "5"});
}

TEST(PlayTuiTest, UndoAgainstTheComputerTakesBackTheReplyToo) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=computer --difficulty=easy"));
  std::string screen;
  ASSERT_TRUE(PlayElevenFifteen(tmux, &screen)) << screen;
  ASSERT_TRUE(tmux.WaitFor("White (computer): ", &screen)) << screen;
  ASSERT_EQ(Log(save).size(), 3u);
  tmux.Keys({"u"});
  ASSERT_TRUE(tmux.WaitFor("Turn taken back. Your move (Red)", &screen))
      << screen;
  EXPECT_EQ(Log(save).size(), 1u);
}

TEST(PlayTuiTest, PauseStopsTheSearchAndNoComputerTurnIsSaved) {
  const std::string save = TempDir() + "/match.log";
  // A node budget no search finishes while the test watches.
  TmuxSession tmux(Play(save, "--mode=computer --difficulty=hard"),
                   {"CHECKERS_SEARCH_NODES=4000000000"});
  std::string screen;
  ASSERT_TRUE(PlayElevenFifteen(tmux, &screen)) << screen;
  ASSERT_TRUE(tmux.WaitUntil([](const std::string& s) { return Nodes(s) > 0; },
                             &screen))
      << screen;
  EXPECT_THAT(screen, HasSubstr("White is thinking: "));
  tmux.Keys({"p"});
  // PAUSED shows once the search has stopped at a poll: the count on
  // that screen is final.
  ASSERT_TRUE(tmux.WaitFor("PAUSED", &screen)) << screen;
  const long long paused_at = Nodes(screen);
  ASSERT_GT(paused_at, 0);
  // Every later screen shows the same count while paused.
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(tmux.WaitFor("PAUSED", &screen)) << screen;
    EXPECT_EQ(Nodes(screen), paused_at);
  }
  EXPECT_EQ(Log(save).size(), 2u);

  tmux.Keys({"p"});
  ASSERT_TRUE(tmux.WaitUntil(
      [paused_at](const std::string& s) { return Nodes(s) > paused_at; },
      &screen))
      << screen;
  tmux.Keys({"q"});
  ASSERT_TRUE(tmux.WaitFor("EXIT=0", &screen)) << screen;
  EXPECT_EQ(Log(save).size(), 2u);
}

TEST(PlayTuiTest, AfterKill9ResumeReturnsToTheLastCompletedTurn) {
  const std::string dir = TempDir();
  const std::string save = dir + "/match.log";
  ASSERT_EQ(RunCheckers({"new", "--mode=two-player", "--fen=B:W22,30:B14,10,11",
                         "--save=" + save})
                .exit_code,
            0);
  std::string screen;
  {
    TmuxSession tmux(
        absl::StrCat("exec ", CheckersBinary(), " play --save=", save));
    ASSERT_TRUE(tmux.ok());
    ASSERT_TRUE(tmux.WaitFor("A saved game exists", &screen)) << screen;
    tmux.Keys({"1", ":"});
    tmux.Type("14-18");
    tmux.Keys({"Enter"});
    ASSERT_TRUE(tmux.WaitFor("Red: 14-18", &screen)) << screen;
    // White starts its double jump and is killed half-way.
    tmux.Keys(
        {":", "2", "2", "Enter", "Enter", ":", "1", "5", "Enter", "Enter"});
    ASSERT_TRUE(tmux.WaitFor("landing 1 of the jump", &screen)) << screen;
    const int pid = tmux.Pid();
    ASSERT_GT(pid, 0);
    ASSERT_EQ(kill(pid, SIGKILL), 0);
  }
  const std::vector<std::string> log = Log(save);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_THAT(log[1], HasSubstr("14-18"));

  TmuxSession again(Play(save));
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(again.WaitFor("Turns played: 1", &screen)) << screen;
  again.Keys({"1"});
  ASSERT_TRUE(again.WaitFor(
      "Square 22, White man, must capture · White to move", &screen))
      << screen;
  EXPECT_THAT(screen, Not(HasSubstr("landing")));
}

TEST(PlayTuiTest, AnUnusableSaveIsNoticedAndTheGameGoesOn) {
  const std::string dir = TempDir();
  // A save "inside" a plain file can never be created.
  std::ofstream(dir + "/not-a-directory") << "x";
  const std::string save = dir + "/not-a-directory/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("the game goes on without saving", &screen))
      << screen;
  EXPECT_THAT(screen, HasSubstr("NOT SAVED: the save cannot be"));
  TypeMove(tmux, "11-15");
  ASSERT_TRUE(tmux.WaitFor("Red: 11-15", &screen)) << screen;
  tmux.Keys({"q"});
  ASSERT_TRUE(tmux.WaitFor("Quit? This game is not saved.", &screen)) << screen;
  tmux.Keys({"1"});
  ASSERT_TRUE(tmux.WaitFor("EXIT=0", &screen)) << screen;
}

TEST(PlayTuiTest, ASaveLockedByAnotherRunningGameIsNoticedAndLeftAlone) {
  const std::string save = TempDir() + "/match.log";
  ASSERT_EQ(
      RunCheckers({"new", "--mode=two-player", "--save=" + save}).exit_code, 0);
  ASSERT_EQ(RunCheckers({"move", "11-15", "--save=" + save}).exit_code, 0);
  // The other running game: line mode, waiting at its prompt.
  TmuxSession tmux(
      absl::StrCat(CheckersBinary(), " play --line --save=", save));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Resumed the saved game", &screen)) << screen;
  ASSERT_TRUE(tmux.AddSession("second", Play(save)));
  ASSERT_TRUE(tmux.WaitFor("in use by another running game", &screen,
                           absl::Seconds(30), "second"))
      << screen;
  // Its game is a copy in memory: it can be played, and the save is left as
  // the other game has it.
  tmux.Keys({"1", ":"}, "second");
  tmux.Type("24-20", "second");
  tmux.Keys({"Enter"}, "second");
  ASSERT_TRUE(
      tmux.WaitFor("White: 24-20", &screen, absl::Seconds(30), "second"))
      << screen;
  EXPECT_EQ(Log(save).size(), 2u);
}

TEST(PlayTuiTest, AComputerErrorOffersResumeWhichRetriesOnce) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=computer --difficulty=easy"),
                   {"CHECKERS_FAIL_SEARCHES=1"});
  std::string screen;
  ASSERT_TRUE(PlayElevenFifteen(tmux, &screen)) << screen;
  ASSERT_TRUE(tmux.WaitFor("The computer could not move", &screen)) << screen;
  EXPECT_THAT(screen, HasSubstr("Resume (retry once)"));
  EXPECT_THAT(screen, HasSubstr("Continue as two players"));
  EXPECT_EQ(Log(save).size(), 2u);
  tmux.Keys({"p"});
  ASSERT_TRUE(tmux.WaitFor("White (computer): ", &screen)) << screen;
  EXPECT_EQ(Log(save).size(), 3u);
}

TEST(PlayTuiTest, MouseClicksSelectAndMove) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  // Square 11 is drawn at rows 12-13, columns 13-18; square 15 at rows
  // 10-11, columns 19-24.
  tmux.Type(MouseClick(14, 13));
  ASSERT_TRUE(tmux.WaitFor("Square 11, Red man, selected", &screen)) << screen;
  tmux.Type(MouseClick(20, 10));
  ASSERT_TRUE(tmux.WaitFor("Red: 11-15", &screen)) << screen;
}

TEST(PlayTuiTest, ASmallTerminalIsAskedToGrowAndTheGameComesBack) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  tmux.Resize(60, 20);
  ASSERT_TRUE(tmux.WaitFor("at least 80 columns", &screen)) << screen;
  tmux.Resize(80, 24);
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
}

TEST(PlayTuiTest, TheKeyFooterUsesTheTerminalsWidthAndWraps) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  // 80 columns: the footer wraps, and its end ("q quit") is still shown.
  EXPECT_THAT(screen, HasSubstr("q quit")) << screen;
  tmux.Resize(130, 24);
  ASSERT_TRUE(tmux.WaitFor("? help · q quit", &screen)) << screen;
}

TEST(PlayTuiTest, WithoutColoursTheDarkSquaresAreDotted) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player --no-color"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  // An empty dark square (its number, then dots) beside a blank light one.
  EXPECT_THAT(screen, HasSubstr("      13....")) << screen;
  EXPECT_THAT(screen, HasSubstr("......      ......")) << screen;
}

TEST(PlayTuiTest, TheComputersLastMoveIsMarkedOnTheBoard) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=computer --difficulty=easy"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Your move (Red)", &screen)) << screen;
  EXPECT_THAT(screen, Not(HasSubstr("+")));
  TypeMove(tmux, "11-15");
  ASSERT_TRUE(tmux.WaitFor("White (computer): ", &screen)) << screen;
  ASSERT_TRUE(tmux.WaitUntil(
      [](const std::string& s) {
        // Two squares of the board (rows 1-18) carry the mark.
        const std::vector<std::string> rows = absl::StrSplit(s, '\n');
        int marks = 0;
        for (size_t r = 1; r < rows.size() && r <= 18; ++r)
          marks += std::count(
              rows[r].begin(),
              rows[r].begin() + std::min<size_t>(rows[r].size(), 50), '+');
        return marks == 2;
      },
      &screen))
      << screen;
}

TEST(PlayTuiTest, SuspendingPausesTheGame) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(absl::StrCat("exec ", CheckersBinary(), " play --save=",
                                save, " --mode=two-player --no-color"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  tmux.Keys({"C-z"});
  // Whether the stop took (under a shell with job control) or not, SIGCONT
  // brings the game back, paused.
  absl::SleepFor(absl::Milliseconds(200));
  kill(tmux.Pid(), SIGCONT);
  ASSERT_TRUE(tmux.WaitFor("Paused while the program was suspended", &screen))
      << screen;
  EXPECT_THAT(screen, HasSubstr("· Paused"));
  tmux.Keys({"p"});
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man · Red to move", &screen))
      << screen;
}

TEST(PlayTuiTest, QuittingGivesTheTerminalBack) {
  const std::string save = TempDir() + "/match.log";
  TmuxSession tmux(Play(save, "--mode=two-player"));
  ASSERT_TRUE(tmux.ok());
  std::string screen;
  ASSERT_TRUE(tmux.WaitFor("Square 12, Red man", &screen)) << screen;
  tmux.Keys({"q"});
  ASSERT_TRUE(tmux.WaitFor("EXIT=0", &screen)) << screen;
  // The full screen was an alternate screen: leaving it shows the shell's
  // screen again, without the board.
  EXPECT_THAT(screen, Not(HasSubstr("Square 12")));
  EXPECT_THAT(screen, Not(HasSubstr("┌")));
}

TEST(PlayTuiTest, EveryLanguagePlaysTheSameSavedMatch) {
  const std::string save = TempDir() + "/match.log";
  std::string screen;
  {
    TmuxSession tmux(Play(save, "--mode=two-player --lang=sv"));
    ASSERT_TRUE(tmux.ok());
    ASSERT_TRUE(tmux.WaitFor("Ruta 12, röd pjäs · Röd drar", &screen))
        << screen;
    TypeMove(tmux, "11-15");
    ASSERT_TRUE(tmux.WaitFor("Röd: 11-15", &screen)) << screen;
    tmux.Keys({"q"});
    ASSERT_TRUE(tmux.WaitFor("EXIT=0", &screen)) << screen;
  }
  TmuxSession tmux(Play(save), {"LANG=it_IT.UTF-8"});
  ASSERT_TRUE(tmux.ok());
  ASSERT_TRUE(tmux.WaitFor("Esiste una partita salvata", &screen)) << screen;
  EXPECT_THAT(screen, HasSubstr("Turni giocati: 1"));
  tmux.Keys({"1"});
  ASSERT_TRUE(tmux.WaitFor("Muove il Bianco", &screen)) << screen;
}

}  // namespace
}  // namespace checkers
