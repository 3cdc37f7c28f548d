#include "ui_cli/game_view.h"

#include <string>

#include "engine/fen.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::cli {
namespace {

using ::testing::HasSubstr;

events::GameState Fold(const std::string& fen,
                       const std::vector<std::string>& moves) {
  events::GameStarted started;
  started.set_start_fen(fen);
  events::GameState s;
  auto commit = [&s](events::Event e) {
    absl::Status st = events::CommitAndFold(std::move(e), &s, nullptr);
    ASSERT_TRUE(st.ok()) << st;
  };
  commit(*events::StartEvent(started));
  for (const std::string& m : moves) commit(*events::TurnEvent(s, m));
  return s;
}

TEST(GameViewTest, BoardShowsPiecesAsLettersAndEmptySquaresAsNumbers) {
  const std::string board = BoardText(Position::Initial(), nullptr, false);
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

TEST(GameViewTest, FlippedBoardPutsSquareOneAtTheBottomRight) {
  const std::string board = BoardText(*ParseFen("B:WK32:B1"), nullptr, true);
  EXPECT_EQ(board.substr(0, board.find('\n')), "     W    31    30    29");
  EXPECT_THAT(board, HasSubstr("  4     3     2     r\n"));
}

TEST(GameViewTest, JsonOfAFinishedGameGivesWinnerAndReason) {
  const events::GameState s = Fold("W:W22:B18", {"22x15"});
  EXPECT_THAT(ShowJson(s), HasSubstr(R"("result":"second")"));
  EXPECT_THAT(ShowJson(s), HasSubstr(R"("reason":"no_legal_move")"));
}

TEST(GameViewTest, JsonListsLegalMovesWhileTheGameGoesOn) {
  EXPECT_THAT(ShowJson(Fold("", {})),
              HasSubstr(R"("legal_moves":["9-13","9-14",)"));
}

TEST(GameViewTest, EventLinesNameSeqTurnSideAndMove) {
  const events::GameState s = Fold("W:W22:B18,10", {});
  const events::Event turn = *events::TurnEvent(s, "22x6");
  const events::CheckedEvent checked = *events::Check(s, turn);
  EXPECT_EQ(EventLine(s, checked), "seq 2    turn 1    White  22x15x6");
  EXPECT_THAT(EventJson(s, checked), HasSubstr(R"("move":"22x15x6")"));
}

TEST(GameViewTest, TurnTextAsksTheRulesWhetherATurnCaptures) {
  const events::GameState s = Fold("W:W22:B18,10", {});
  EXPECT_EQ(TurnText(s, events::TurnEvent(s, "22x6")->turn_played()),
            "22x15x6");
  events::TurnPlayed not_legal;
  not_legal.set_side(events::SECOND);
  not_legal.add_squares(22);
  not_legal.add_squares(15);
  EXPECT_EQ(TurnText(s, not_legal), "22-15");
  const events::GameState start = Fold("", {});
  EXPECT_EQ(TurnText(start, events::TurnEvent(start, "11-15")->turn_played()),
            "11-15");
}

}  // namespace
}  // namespace checkers::cli
