#include "ui_cli/play_text.h"

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
#include "ui_cli/folded_game.h"

namespace checkers::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

TEST(PlayTextTest, BoardShowsPiecesAsLettersAndEmptySquaresAsNumbers) {
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

TEST(PlayTextTest, FlippedBoardPutsSquareOneAtTheBottomRight) {
  const std::string board = BoardText(English(), FoldedGame("B:WK32:B1", {}));
  EXPECT_EQ(board.substr(0, board.find('\n')), "     W    31    30    29");
  EXPECT_THAT(board, HasSubstr("  4     3     2     r\n"));
}

TEST(PlayTextTest, PiecesAreNamedByColourAndKind) {
  const events::GameState s = FoldedGame("", {});
  EXPECT_EQ(PieceText(English(), s, Piece::kBlackMan), "Red man");
  EXPECT_EQ(PieceText(English(), s, Piece::kWhiteKing), "White king");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kBlackKing), "R");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kWhiteMan), "w");
}

TEST(PlayTextTest, ColourNamesFollowTheGamesOptions) {
  events::RuleOptions options;
  options.set_colour_names(events::BLACK_WHITE);
  const events::GameState s = FoldedGame("", {}, events::TWO_PLAYER, options);
  EXPECT_EQ(SideText(English(), s, events::FIRST), "Black");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kBlackMan), "b");
}

TEST(PlayTextTest, ToMoveSaysWhoseTurnItIs) {
  EXPECT_EQ(ToMoveText(English(), FoldedGame("", {})), "Red to move");
  EXPECT_EQ(ToMoveText(English(), FoldedGame("", {}, events::VS_COMPUTER)),
            "Your move (Red)");
  EXPECT_EQ(
      ToMoveText(English(), FoldedGame("", {"11-15"}, events::VS_COMPUTER)),
      "White (computer) to move");
}

TEST(PlayTextTest, AWinNamesTheWinnersColour) {
  const events::GameState s = FoldedGame("B:W18:B14", {"14x23"});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s), "Red wins: White has no legal move");
  EXPECT_EQ(ToMoveText(English(), s), EndText(English(), s));
}

TEST(PlayTextTest, ThirdRepetitionIsNamed) {
  const events::GameState s = FoldedGame(
      "B:WK32:BK1",
      {"1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32"});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s),
            "Draw: third repetition of the same position");
  EXPECT_EQ(EndText(English(), s, EndEvidence::kCite),
            "Draw: third repetition of the same position (seqs 1, 5, 9)");
  EXPECT_EQ(EndText(lang::Catalogue::Builtin("sv"), s, EndEvidence::kCite),
            "Oavgjort: samma ställning för tredje gången (poster 1, 5, 9)");
}

TEST(PlayTextTest, NoProgressDrawIsNamedWithTurnsEach) {
  events::RuleOptions options;
  options.set_no_progress_turns(1);
  const events::GameState s =
      FoldedGame("B:WK32:BK1", {"1-6", "32-27"}, events::TWO_PLAYER, options);
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s),
            "Draw: 1 turn each without capture or man move");
  const events::GameState forty = FoldedGame("B:WK32:BK1", {});
  EXPECT_EQ(CountdownText(English(), forty),
            "Automatic draw in 80 turns without a capture or a man move");
}

TEST(PlayTextTest, CountdownCountsDownAndRepetitionWarns) {
  const events::GameState s =
      FoldedGame("B:WK32:BK1", {"1-6", "32-27", "6-1", "27-32"});
  EXPECT_THAT(CountdownText(English(), s), HasSubstr("in 76 turns"));
  EXPECT_EQ(RepetitionText(English(), s),
            "This position has now stood twice; a third time is a draw");
  EXPECT_EQ(RepetitionText(English(), FoldedGame("", {})), "");
}

TEST(PlayTextTest, LineBoardPutsThePersonsHomeRowsLast) {
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

TEST(PlayTextTest, AnEmptyPieceListIsWordedInEveryLanguage) {
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

TEST(PlayTextTest, ShowNamesSideTurnCountdownAndRules) {
  const std::string text = ShowText(English(), FoldedGame("", {"11-15"}));
  EXPECT_THAT(text, HasSubstr("White to move, turn 2\n"));
  EXPECT_THAT(text, HasSubstr("Rules: English draughts (checkers); forced "
                              "capture · Red moves first"));
  EXPECT_THAT(text, HasSubstr("Automatic draw in 80 turns"));
  EXPECT_THAT(text, HasSubstr("has stood 1 time\n"));
}

TEST(PlayTextTest, ShowOfAFinishedGameGivesWinnerReasonAndOneTurn) {
  const std::string text =
      ShowText(English(), FoldedGame("W:W22:B18", {"22x15"}));
  EXPECT_THAT(text, HasSubstr("Game over: White wins: Red has no legal move "
                              "(after 1 turn)\n"));
}

TEST(PlayTextTest, TheTurnLimitCountdownNamesTheLimit) {
  events::RuleOptions options;
  options.set_turn_limit(3);
  const events::GameState s =
      FoldedGame("", {"11-15", "23-19"}, events::TWO_PLAYER, options);
  EXPECT_EQ(CountdownText(English(), s), "Draw at the turn limit in 1 turn");
  EXPECT_EQ(CountdownText(English(), FoldedGame("", {})),
            "Automatic draw in 80 turns without a capture or a man move");
}

TEST(PlayTextTest, TheRulesFollowTheOptionsInEveryLanguage) {
  events::GameStarted started;
  started.mutable_options()->set_capture_optional(true);
  started.mutable_options()->set_colour_names(events::BLACK_WHITE);
  started.mutable_options()->set_swap_first_player(true);
  const std::vector<std::string> rules = RulesText(English(), &started);
  const std::string all = absl::StrJoin(rules, "\n");
  EXPECT_THAT(all, HasSubstr("Capturing is optional"));
  EXPECT_THAT(all, HasSubstr("Black moves first, from squares 1–12"));
  EXPECT_THAT(all, HasSubstr("sides swap at every new game"));
  EXPECT_THAT(absl::StrJoin(RulesText(English(), nullptr), "\n"),
              HasSubstr("Capturing is compulsory"));
  for (absl::string_view language : lang::kLanguages) {
    const lang::Catalogue& t = lang::Catalogue::Builtin(language);
    const std::vector<std::string> words = RulesText(t, &started);
    for (size_t i = 0; i < words.size(); ++i) {
      if (language != "en") {
        EXPECT_NE(words[i], rules[i]) << language;
      }
      EXPECT_THAT(words[i], Not(HasSubstr("options."))) << language;
    }
  }
}

TEST(PlayTextTest, SerbianUsesCyrillicAndItsOwnLetters) {
  const lang::Catalogue& sr = lang::Catalogue::Builtin("sr");
  const events::GameState s = FoldedGame("", {});
  EXPECT_NE(PieceText(sr, s, Piece::kBlackMan), "Red man");
  EXPECT_THAT(LineBoardText(sr, s), Not(HasSubstr(" r ")));
}

}  // namespace
}  // namespace checkers::cli
