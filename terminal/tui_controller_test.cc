#include "terminal/tui_controller.h"

#include <fstream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/fen8.h"
#include "engine/notation8.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "session/session.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "terminal/text_wrap.h"
#include "terminal/tui_view.h"
#include "tests/run_command.h"

namespace checkers::terminal {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string TempPath(const std::string& name) {
  return ::checkers::testing::NewTempDir("controller") + "/" + name;
}

// Writes a save holding a game of `edition` in `mode` from `fen`.
void WriteGame(const std::string& path, const std::string& fen,
               events::Mode mode,
               events::RulesEdition edition = events::ENGLISH) {
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log =
      storage::GameLog::Open(storage::Env::Default(), path);
  ASSERT_TRUE(log.ok()) << log.status();
  events::GameStarted started;
  started.set_mode(mode);
  started.set_edition(edition);
  started.set_start_fen(fen);
  ASSERT_TRUE((*log)->NewGame(*events::StartEvent(started)).ok());
}

session::Session& Opened(session::Session& session, const std::string& path) {
  session.Open(path);
  return session;
}

// A controller on a session on the save at `path`.
struct Screen {
  explicit Screen(const std::string& path, TuiController::Options options = {},
                  session::ComputerOptions computer = {},
                  absl::string_view language = "en")
      : text(lang::Catalogue::Builtin(language)),
        session({.computer = computer}),
        controller(text, &Opened(session, path), options) {
    controller.Start();
  }

  void Keys(std::initializer_list<int> keys) {
    for (int k : keys) controller.OnKey(k);
  }
  void Type(absl::string_view text_typed) {
    for (char c : text_typed) controller.OnKey(c);
  }
  // Types `square` into the move prompt, which focuses it.
  void Focus(int square) {
    controller.OnKey(':');
    Type(absl::StrCat(square));
    controller.OnKey(kKeyEnter);
  }
  // Focuses `square` and presses Enter on it: selects it, or lands there.
  void Select(int square) {
    Focus(square);
    controller.OnKey(kKeyEnter);
  }
  // Plays 11-15 with the keys; then the computer replies.
  void PlayFirstTurnAndReply() {
    Select(11);
    Select(15);
    ASSERT_TRUE(Settle());
  }
  std::string Messages() const {
    return absl::StrJoin(controller.Model().messages, "\n");
  }
  std::string Status() const { return controller.Model().status; }
  std::string Panel() const {
    return absl::StrJoin(controller.Model().panel, "\n");
  }
  // The cell showing PDN square `square`.
  CellView Cell(int square) const {
    const ScreenModel model = controller.Model();
    for (const auto& row : model.cells) {
      for (const CellView& cell : row) {
        if (cell.square == square - 1) return cell;
      }
    }
    return CellView();
  }
  bool Settle() {
    const absl::Time deadline = absl::Now() + absl::Seconds(20);
    while (session.ComputerBusy()) {
      if (absl::Now() > deadline) return false;
      session.WaitForComputer(absl::Milliseconds(20));
      controller.Tick();
    }
    controller.Tick();
    return true;
  }

  const lang::Catalogue& text;
  session::Session session;
  TuiController controller;
};

TEST(TuiControllerTest, WithoutASaveItAsksForTheMode) {
  Screen s(TempPath("a.log"));
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.controller.Model().menu->title, "New game: who plays?");
  s.Keys({'1'});
  EXPECT_EQ(s.controller.Model().menu->title, "Difficulty");
  s.Keys({kKeyDown, kKeyEnter});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.session.state().difficulty, events::HARD);
  EXPECT_EQ(s.session.state().mode, events::VS_COMPUTER);
}

TEST(TuiControllerTest, AnInternationalGameIsDrawnTenByTenAndAKingFlies) {
  const std::string path = TempPath("international.log");
  WriteGame(path, "W:W32,K46:B17,27,1", events::TWO_PLAYER,
            events::INTERNATIONAL);
  Screen s(path);
  s.Keys({'1'});
  EXPECT_EQ(s.controller.Model().board_size, 10);
  EXPECT_EQ(s.Cell(46).piece, Piece::kWhiteKing);
  EXPECT_EQ(s.Cell(50).square, 49);
  // Majority capture, landing by landing.
  s.Select(32);
  s.Select(21);
  s.Select(12);
  EXPECT_THAT(s.Messages(), HasSubstr("White: 32x21x12"));
  s.Select(1);
  s.Select(6);
  // The king flies the length of the long diagonal.
  s.Select(46);
  s.Select(5);
  EXPECT_THAT(s.Messages(), HasSubstr("White: 46-5"));
  EXPECT_EQ(s.Cell(5).piece, Piece::kWhiteKing);
  EXPECT_EQ(s.Cell(46).piece, Piece::kEmpty);
}

TEST(TuiControllerTest, TheModeDialogChoosesAPresetOfTheEnglishHouseRules) {
  Screen s(TempPath("presets.log"));
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_THAT(s.controller.Model().menu->options,
              ::testing::Contains("House rules: as in the last game"));
  s.Keys({'5', '5'});
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_THAT(s.controller.Model().menu->options,
              ::testing::Contains("House rules: Qdan site"));
  s.Keys({'2'});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(events::PresetOf(s.session.state().started->options()), "qdan");
  // The variants play by their own rules: no preset is offered for them.
  // (From the game the dialog has no Quit, so the rules are choice 3.)
  s.Keys({'n'});
  s.Keys({'3'});
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_THAT(
      s.controller.Model().menu->options,
      ::testing::Not(::testing::Contains(::testing::HasSubstr("House rules"))));
}

TEST(TuiControllerTest, TheModeDialogChoosesTheEdition) {
  Screen s(TempPath("editions.log"));
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_THAT(s.controller.Model().menu->options,
              ::testing::Contains("Rules: English draughts (checkers)"));
  s.Keys({'4'});
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_THAT(s.controller.Model().menu->options,
              ::testing::Contains("Rules: Russian draughts"));
  s.Keys({'2'});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.session.state().rules.edition, Edition::kRussian);
  EXPECT_EQ(s.session.state().position.side_to_move(), Color::kWhite);
  EXPECT_THAT(s.Panel(), HasSubstr("Rules: Russian draughts"));
  s.Focus(22);
  s.Keys({kKeyEnter});
  s.Focus(18);
  s.Keys({kKeyEnter});
  EXPECT_THAT(s.Messages(), HasSubstr("White: 22-18"));
}

TEST(TuiControllerTest, TheModeFlagSkipsTheQuestionsForASaveWithoutTurns) {
  Screen s(TempPath("b.log"), {.mode = events::TWO_PLAYER});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.session.state().mode, events::TWO_PLAYER);
}

TEST(TuiControllerTest, ASavedGameOffersResumeAndNewNeedsConfirmation) {
  const std::string path = TempPath("c.log");
  {
    Screen first(path, {.mode = events::TWO_PLAYER});
    first.Focus(11);
    first.Keys({kKeyEnter});
    first.Focus(15);
    first.Keys({kKeyEnter});
    ASSERT_EQ(first.session.state().turns, 1);
  }
  Screen s(path);
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.controller.Model().menu->title, "A saved game exists");
  s.Keys({'2'});
  EXPECT_EQ(s.controller.Model().menu->title, "Replace the saved game?");
  s.Keys({'2'});  // No, keep it.
  EXPECT_EQ(s.controller.Model().menu->title, "A saved game exists");
  s.Keys({'1'});  // Resume.
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.session.state().turns, 1);
  EXPECT_THAT(s.Messages(), HasSubstr("Resumed the saved game"));
  s.Keys({'n', '1', '2'});  // New game, replace it, two players.
  EXPECT_EQ(s.session.state().turns, 0);
}

TEST(TuiControllerTest, ArrowsVisitOnlyPlayableSquares) {
  Screen s(TempPath("d.log"), {.mode = events::TWO_PLAYER});
  for (int key : {kKeyUp, kKeyUp, kKeyRight, kKeyRight, kKeyRight, kKeyRight,
                  kKeyDown, kKeyLeft, kKeyUp, kKeyUp, kKeyUp, kKeyUp, kKeyUp,
                  kKeyUp, kKeyUp, kKeyLeft}) {
    s.Keys({key});
    const Square f = s.controller.focus();
    ASSERT_GE(f, 0);
    ASSERT_LT(f, 32);
    EXPECT_TRUE(s.Cell(f + 1).focus);
    EXPECT_THAT(s.Status(), HasSubstr(absl::StrCat("Square ", f + 1, ",")));
  }
  // Up then down returns to the same square.
  const Square before = s.controller.focus();
  s.Keys({kKeyDown, kKeyDown, kKeyUp, kKeyUp});
  EXPECT_EQ(s.controller.focus(), before);
}

TEST(TuiControllerTest, SelectThenDestinationPlaysTheTurn) {
  Screen s(TempPath("e.log"), {.mode = events::TWO_PLAYER});
  EXPECT_EQ(s.Status(), "Square 12, Red man · Red to move");
  s.Keys({kKeyRight, kKeyRight});
  EXPECT_EQ(s.Status(), "Square 10, Red man · Red to move");
  s.Keys({' '});
  EXPECT_TRUE(s.Cell(10).selected);
  EXPECT_TRUE(s.Cell(14).destination);
  EXPECT_TRUE(s.Cell(15).destination);
  s.Keys({kKeyUp});
  EXPECT_EQ(s.Status(), "Square 15, empty, legal destination · Red to move");
  s.Keys({kKeyEnter});
  EXPECT_EQ(s.session.state().turns, 1);
  EXPECT_THAT(s.Messages(), HasSubstr("Red: 10-15"));
  EXPECT_EQ(s.Status(), "Square 15, Red man · White to move");
}

TEST(TuiControllerTest, ThePromptPlaysAWholeMove) {
  Screen s(TempPath("f.log"), {.mode = events::TWO_PLAYER});
  s.Keys({':'});
  EXPECT_EQ(s.controller.Model().prompt, "Move: ");
  s.Type("11-16");
  s.Keys({kKeyEnter});
  EXPECT_EQ(s.session.state().turns, 1);
  s.Keys({':'});
  s.Type("9-13");
  s.Keys({kKeyEnter});
  EXPECT_THAT(s.Messages(), HasSubstr("is not a legal move here"));
}

TEST(TuiControllerTest,
     AMultiJumpGoesLandingByLandingAndEscapeRestoresTheBoard) {
  const std::string path = TempPath("g.log");
  WriteGame(path, "W:W22,30:B18,10,11", events::TWO_PLAYER);
  Screen s(path);
  s.Keys({'1'});
  EXPECT_EQ(s.controller.focus(), 21);
  EXPECT_TRUE(s.Cell(22).must_capture);
  s.Keys({kKeyEnter});
  s.Select(15);
  EXPECT_EQ(s.controller.route().size(), 2u);
  EXPECT_EQ(s.Cell(15).route_step, 1);
  EXPECT_EQ(s.Cell(15).piece, Piece::kWhiteMan);
  EXPECT_EQ(s.Cell(22).piece, Piece::kEmpty);
  EXPECT_TRUE(s.Cell(18).captured);
  EXPECT_TRUE(s.Cell(6).destination);
  EXPECT_TRUE(s.Cell(8).destination);
  EXPECT_EQ(s.Status(),
            "Square 15, White man, landing 1 of the jump · White to move");
  EXPECT_THAT(s.Messages(), HasSubstr("choose the next landing (6, 8)"));
  EXPECT_EQ(s.session.state().turns, 0);
  EXPECT_EQ(storage::LoadGame(storage::Env::Default(), path)->events.size(),
            1u);

  // Another piece cannot take over mid-chain.
  s.Select(30);
  EXPECT_THAT(s.Messages(),
              HasSubstr("Finish the jump with the piece from square 22"));
  EXPECT_EQ(s.controller.route().size(), 2u);

  s.Keys({kKeyEscape});
  EXPECT_TRUE(s.controller.route().empty());
  EXPECT_EQ(s.Cell(22).piece, Piece::kWhiteMan);
  EXPECT_EQ(s.Cell(15).piece, Piece::kEmpty);
  EXPECT_EQ(s.Cell(18).piece, Piece::kBlackMan);
  EXPECT_EQ(s.controller.focus(), 21);
  EXPECT_THAT(s.Messages(), HasSubstr("Turn cancelled"));

  s.Keys({kKeyEnter});
  s.Select(15);
  s.Select(8);
  EXPECT_EQ(s.session.state().turns, 1);
  EXPECT_THAT(s.Messages(), HasSubstr("White: 22x15x8"));
}

TEST(TuiControllerTest, ClicksSelectAndMove) {
  Screen s(TempPath("h.log"), {.mode = events::TWO_PLAYER});
  s.controller.OnClickSquare(10);  // square 11
  EXPECT_TRUE(s.Cell(11).selected);
  s.controller.OnClickSquare(15);  // square 16
  EXPECT_EQ(s.session.state().turns, 1);
  EXPECT_THAT(s.Messages(), HasSubstr("Red: 11-16"));
}

TEST(TuiControllerTest, UndoAgainstTheComputerReturnsToThePersonsTurn) {
  Screen s(TempPath("i.log"),
           {.mode = events::VS_COMPUTER, .difficulty = events::EASY});
  s.PlayFirstTurnAndReply();
  ASSERT_EQ(s.session.state().turns, 2);
  EXPECT_THAT(s.Messages(), HasSubstr("White (computer): "));
  s.Keys({'u'});
  EXPECT_EQ(s.session.state().turns, 0);
  EXPECT_THAT(s.Messages(), HasSubstr("Turn taken back. Your move (Red)"));
}

TEST(TuiControllerTest, PauseShowsAndHoldsTheThinkingComputer) {
  Screen s(TempPath("j.log"),
           {.mode = events::VS_COMPUTER, .difficulty = events::HARD},
           {.max_nodes = 4'000'000'000});
  s.Keys({':'});
  s.Type("11-15");
  s.Keys({kKeyEnter});
  const absl::Time deadline = absl::Now() + absl::Seconds(20);
  while (s.session.computer().nodes == 0 && absl::Now() < deadline)
    s.controller.Tick();
  EXPECT_THAT(s.Panel(), HasSubstr("White is thinking: "));
  s.Keys({'p'});
  EXPECT_TRUE(s.session.paused());
  // PAUSED shows once the search acknowledges the pause.
  while (!s.session.computer().paused && absl::Now() < deadline)
    s.controller.Tick();
  EXPECT_THAT(s.Panel(), HasSubstr("PAUSED"));
  EXPECT_THAT(s.Status(), HasSubstr("· Paused"));
  s.Keys({'u'});
  EXPECT_EQ(s.session.state().turns, 1);
  s.Keys({'p', 'u'});
  EXPECT_EQ(s.session.state().turns, 0);
}

TEST(TuiControllerTest, SuspendingPausesTheGame) {
  Screen s(TempPath("k.log"), {.mode = events::TWO_PLAYER});
  s.controller.OnSuspend();
  EXPECT_TRUE(s.session.paused());
  EXPECT_THAT(s.Messages(),
              HasSubstr("Paused while the program was suspended"));
  s.Keys({kKeyEnter});
  EXPECT_THAT(s.Messages(), HasSubstr("The game is paused"));
  s.Keys({'p'});
  EXPECT_FALSE(s.session.paused());
}

TEST(TuiControllerTest, HintsAndNumbersCanBeSwitchedOff) {
  Screen s(TempPath("l.log"), {.mode = events::TWO_PLAYER});
  s.Keys({' '});
  EXPECT_TRUE(s.Cell(16).destination);
  s.Keys({'h'});
  EXPECT_FALSE(s.Cell(16).destination);
  EXPECT_THAT(s.Panel(), HasSubstr("Hints: off"));
  EXPECT_TRUE(s.controller.Model().numbers);
  s.Keys({'#'});
  EXPECT_FALSE(s.controller.Model().numbers);
}

TEST(TuiControllerTest, KingsWearACrownAndALetter) {
  const std::string path = TempPath("m.log");
  WriteGame(path, "B:WK30:BK5,9", events::TWO_PLAYER);
  Screen s(path);
  s.Keys({'1'});
  EXPECT_EQ(s.Cell(5).glyph, "\u265BR");
  EXPECT_EQ(s.Cell(9).glyph, "r");
  EXPECT_EQ(s.Cell(30).glyph, "\u265BW");
  s.Focus(30);
  EXPECT_EQ(s.Status(), "Square 30, White king · Red to move");
}

TEST(TuiControllerTest, AComputerErrorOffersRetryAndTwoPlayers) {
  Screen s(TempPath("n.log"),
           {.mode = events::VS_COMPUTER, .difficulty = events::EASY},
           {.failing_searches = 2});
  s.Keys({':'});
  s.Type("11-15");
  s.Keys({kKeyEnter});
  ASSERT_TRUE(s.Settle());
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.controller.Model().menu->title, "The computer could not move");
  s.Keys({'p'});  // The retry fails too: the question comes back.
  ASSERT_TRUE(s.Settle());
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  s.Keys({'2'});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.session.state().mode, events::TWO_PLAYER);
  EXPECT_THAT(s.Messages(), HasSubstr("between two players"));
}

TEST(TuiControllerTest, ADrawOfferIsAnsweredByTheOtherPlayer) {
  Screen s(TempPath("o.log"), {.mode = events::TWO_PLAYER});
  s.Keys({'d'});
  ASSERT_TRUE(s.controller.Model().menu.has_value());
  EXPECT_EQ(s.controller.Model().menu->title, "Red offers a draw");
  s.Keys({'2'});
  EXPECT_FALSE(s.session.state().over());
  s.Keys({'d', '1'});
  EXPECT_TRUE(s.session.state().over());
  EXPECT_THAT(s.Messages(), HasSubstr("Draw by agreement"));
}

TEST(TuiControllerTest, TheEndNamesTheWinnerAndResignNeedsConfirmation) {
  const std::string path = TempPath("p.log");
  WriteGame(path, "B:W18:B14", events::TWO_PLAYER);
  Screen s(path);
  s.Keys({'1', kKeyEnter});
  s.Select(23);
  EXPECT_THAT(s.Messages(),
              HasSubstr("Game over: Red wins: White has no legal move"));
  EXPECT_THAT(s.Status(), HasSubstr("Red wins"));

  Screen t(TempPath("q.log"), {.mode = events::TWO_PLAYER});
  t.Keys({'r'});
  EXPECT_EQ(t.controller.Model().menu->title, "Resign this game?");
  t.Keys({kKeyEscape});
  EXPECT_FALSE(t.session.state().over());
  t.Keys({'r', '1'});
  EXPECT_THAT(t.Messages(), HasSubstr("White wins: Red resigned"));
}

TEST(TuiControllerTest, TheCountdownIsShownBeforeTheDraw) {
  Screen s(TempPath("r.log"), {.mode = events::TWO_PLAYER});
  EXPECT_THAT(s.Panel(), HasSubstr("Automatic draw in 80 turns"));
}

TEST(TuiControllerTest, QuittingAnUnsavedGameAsksFirst) {
  const std::string file = TempPath("plain");
  std::ofstream(file) << "x";
  Screen s(file + "/match.log", {.mode = events::TWO_PLAYER});
  EXPECT_THAT(s.Messages(), HasSubstr("The save cannot be used"));
  EXPECT_THAT(s.Panel(), HasSubstr("NOT SAVED"));
  s.Keys({':'});
  s.Type("11-15");
  s.Keys({kKeyEnter, 'q'});
  EXPECT_FALSE(s.controller.done());
  EXPECT_EQ(s.controller.Model().menu->title, "Quit? This game is not saved.");
  s.Keys({'1'});
  EXPECT_TRUE(s.controller.done());
}

TEST(TuiControllerTest, ConfirmationsPreselectTheSafeChoice) {
  Screen s(TempPath("safe.log"), {.mode = events::TWO_PLAYER});
  s.Select(11);
  s.Select(15);
  ASSERT_EQ(s.session.state().turns, 1);
  s.Keys({'r', kKeyEnter});
  EXPECT_FALSE(s.session.state().over());
  s.Keys({'n', kKeyEnter});
  EXPECT_EQ(s.session.state().turns, 1);
  EXPECT_FALSE(s.controller.Model().menu.has_value());
}

TEST(TuiControllerTest, QAndEscapeLeaveTheResumeMenu) {
  const std::string path = TempPath("resume.log");
  WriteGame(path, "", events::TWO_PLAYER);
  for (int key : {int{'q'}, int{kKeyEscape}}) {
    Screen s(path);
    ASSERT_EQ(s.controller.Model().menu->title, "A saved game exists");
    s.Keys({key});
    EXPECT_TRUE(s.controller.done()) << key;
  }
}

TEST(TuiControllerTest, TheHelpNamesTheSaveAndOpensTheRules) {
  const std::string path = TempPath("rules.log");
  Screen s(path, {.mode = events::TWO_PLAYER});
  s.Keys({'?'});
  EXPECT_THAT(absl::StrJoin(s.controller.Model().menu->lines, "\n"),
              HasSubstr("already saved, in " + path));
  s.Keys({'r'});
  const MenuView rules = *s.controller.Model().menu;
  EXPECT_EQ(rules.title, "Rules: English draughts (checkers)");
  EXPECT_THAT(absl::StrJoin(rules.lines, "\n"),
              HasSubstr("Rule options in force: forced capture"));
  s.Keys({kKeyEscape});
  EXPECT_FALSE(s.controller.Model().menu.has_value());
}

TEST(TuiControllerTest, TheRulesFitTheSmallestScreenInEveryLanguage) {
  for (absl::string_view language : lang::kLanguages) {
    Screen s(TempPath(absl::StrCat("rules_", language, ".log")),
             {.mode = events::TWO_PLAYER}, {}, language);
    s.Keys({'?', 'r'});
    const MenuView menu = *s.controller.Model().menu;
    int rows = kMenuExtraRows + static_cast<int>(menu.options.size());
    for (const std::string& line : menu.lines) {
      rows += static_cast<int>(WrapText(line, kMenuTextWidth).size());
    }
    EXPECT_LE(rows, kScreenHeight) << language;
  }
}

TEST(TuiControllerTest, TheComputersLastMoveIsMarkedUntilTheNextMove) {
  Screen s(TempPath("last.log"),
           {.mode = events::VS_COMPUTER, .difficulty = events::EASY});
  s.PlayFirstTurnAndReply();
  ASSERT_EQ(s.session.state().turns, 2);
  const events::TurnPlayed& reply = s.session.events().back().turn_played();
  ASSERT_TRUE(reply.has_computer());
  EXPECT_TRUE(s.Cell(reply.squares(0)).last_move);
  EXPECT_TRUE(s.Cell(reply.squares(reply.squares_size() - 1)).last_move);
  EXPECT_FALSE(s.Cell(15).last_move);
  s.Focus(reply.squares(reply.squares_size() - 1));
  EXPECT_THAT(s.Status(), HasSubstr("the computer's last move"));
  s.Keys({':'});
  ASSERT_FALSE(s.session.Entry().moves().empty());
  s.Type(s.session.Entry().moves().front().Text());
  s.Keys({kKeyEnter});
  EXPECT_FALSE(s.Cell(reply.squares(0)).last_move);
  EXPECT_FALSE(s.Cell(reply.squares(reply.squares_size() - 1)).last_move);
}

TEST(TuiControllerTest, PiecesTheSelectedPieceCanTakeAreMarkedBeforeTheJump) {
  const std::string path = TempPath("take.log");
  WriteGame(path, "W:W22,30:B18,10,11", events::TWO_PLAYER);
  Screen s(path);
  s.Keys({'1'});
  s.Select(22);
  EXPECT_TRUE(s.Cell(18).capturable);
  EXPECT_TRUE(s.Cell(10).capturable);
  EXPECT_TRUE(s.Cell(11).capturable);
  EXPECT_FALSE(s.Cell(30).capturable);
  s.Focus(18);
  EXPECT_THAT(s.Status(), HasSubstr("Red man, can be taken"));
}

// Every language fills every text on the screen: a key shown as itself
// would mean a catalogue lacks it.
TEST(TuiControllerTest, EveryLanguageWordsTheWholeScreen) {
  for (absl::string_view language : lang::kLanguages) {
    const std::string path = TempPath(absl::StrCat(language, ".log"));
    WriteGame(path, "W:W22,30:BK18,10,11", events::TWO_PLAYER);
    Screen s(path, {}, {}, language);
    std::string all = s.controller.Model().menu->title;
    s.Keys({'1', kKeyEnter});
    s.Focus(15);
    s.Keys({kKeyEnter, '?'});
    const ScreenModel model = s.controller.Model();
    all = absl::StrCat(all, model.title, model.status,
                       absl::StrJoin(model.panel, ""),
                       absl::StrJoin(model.messages, ""), model.keys,
                       model.menu->title, absl::StrJoin(model.menu->lines, ""));
    EXPECT_THAT(
        all,
        Not(::testing::ContainsRegex(
            "(square|status|panel|tui|menu|help|keys|to_move|mode|piece|colour|"
            "report|refuse|notice|end|countdown)\\.[a-z_]")))
        << language;
    EXPECT_THAT(model.status, HasSubstr("15")) << language;
  }
}

// The longest question, the help, must fit an 80x24 terminal in every
// language.
TEST(TuiControllerTest, TheHelpFitsTheSmallestScreenInEveryLanguage) {
  for (absl::string_view language : lang::kLanguages) {
    Screen s(TempPath(absl::StrCat("help_", language, ".log")),
             {.mode = events::TWO_PLAYER}, {}, language);
    s.Keys({'?'});
    const MenuView menu = *s.controller.Model().menu;
    int rows = kMenuExtraRows + static_cast<int>(menu.options.size());
    for (const std::string& line : menu.lines) {
      rows += static_cast<int>(WrapText(line, kMenuTextWidth).size());
    }
    EXPECT_LE(rows, kScreenHeight) << language;
  }
}

}  // namespace
}  // namespace checkers::terminal
