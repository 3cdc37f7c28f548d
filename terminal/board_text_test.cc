#include "terminal/board_text.h"

#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "session/folded_game.h"
#include "session/play_text.h"

namespace checkers::terminal {

using session::PieceText;

using session::FoldedGame;
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

TEST(BoardTextTest, BoardShowsPiecesAsLettersAndEmptySquaresAsNumbers) {
  // Against the computer, the person's side is at the bottom: White's.
  events::GameStarted started;
  started.set_mode(events::VS_COMPUTER);
  started.set_human_side(events::SECOND);
  events::GameState s;
  ASSERT_TRUE(
      events::CommitAndFold(*events::StartEvent(started), &s, nullptr).ok());
  const std::string board = BoardText(English(), s);
  EXPECT_EQ(board,
            "     r     r     r     r\n"
            "  r     r     r     r\n"
            "     r     r     r     r\n"
            " 13    14    15    16\n"
            "    17    18    19    20\n"
            "  w     w     w     w\n"
            "     w     w     w     w\n"
            "  w     w     w     w\n");
}

TEST(BoardTextTest, FlippedBoardPutsSquareOneAtTheBottomRight) {
  const std::string board = BoardText(English(), FoldedGame("B:WK32:B1", {}));
  EXPECT_EQ(board.substr(0, board.find('\n')), "     W    31    30    29");
  EXPECT_THAT(board, HasSubstr("  4     3     2     r\n"));
}

TEST(BoardTextTest, LineBoardPutsThePersonsHomeRowsLast) {
  const std::string board =
      LineBoardText(English(), FoldedGame("", {"11-15"}, events::VS_COMPUTER));
  const std::vector<std::string> lines = absl::StrSplit(board, '\n');
  ASSERT_GE(lines.size(), 10u);
  EXPECT_EQ(lines[0], "     w     w     w     w");
  EXPECT_EQ(lines[7], "  r     r     r     r");
  EXPECT_THAT(lines[4], HasSubstr(" r "));  // the man on 15
  EXPECT_EQ(lines[8],
            "Red: men on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15; no kings");
}

TEST(BoardTextTest, AnEmptyPieceListIsWordedInEveryLanguage) {
  const events::GameState s = FoldedGame("W:WK30:B5", {});
  EXPECT_THAT(LineBoardText(English(), s),
              HasSubstr("White: no men; kings on 30\n"));
  EXPECT_THAT(LineBoardText(lang::Catalogue::Builtin("sv"), s),
              HasSubstr("Vit: inga pjäser; kungar på 30\n"));
  for (absl::string_view language : lang::kLanguages) {
    const lang::Catalogue& t = lang::Catalogue::Builtin(language);
    if (language == "en") continue;
    EXPECT_NE(t.Get("pieces.no_men"), English().Get("pieces.no_men"))
        << language;
  }
}

TEST(BoardTextTest, ShowNamesSideTurnCountdownAndRules) {
  const std::string text = ShowText(English(), FoldedGame("", {"11-15"}));
  EXPECT_THAT(text, HasSubstr("White to move, turn 2\n"));
  EXPECT_THAT(text, HasSubstr("Rules: English draughts (checkers); forced "
                              "capture · Red moves first"));
  EXPECT_THAT(text, HasSubstr("Automatic draw in 80 turns"));
  EXPECT_THAT(text, HasSubstr("has stood 1 time\n"));
}

TEST(BoardTextTest, ShowOfAFinishedGameGivesWinnerReasonAndOneTurn) {
  const std::string text =
      ShowText(English(), FoldedGame("W:W22:B18", {"22x15"}));
  EXPECT_THAT(text, HasSubstr("Game over: White wins: Red has no legal move "
                              "(after 1 turn)\n"));
}

TEST(BoardTextTest, SerbianUsesCyrillicAndItsOwnLetters) {
  const lang::Catalogue& sr = lang::Catalogue::Builtin("sr");
  const events::GameState s = FoldedGame("", {});
  EXPECT_NE(PieceText(sr, s, Piece::kBlackMan), "Red man");
  EXPECT_THAT(LineBoardText(sr, s), Not(HasSubstr(" r ")));
}

}  // namespace
}  // namespace checkers::terminal
