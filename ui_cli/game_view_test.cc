#include "ui_cli/game_view.h"

#include <string>

#include "engine/fen.h"
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
    absl::StatusOr<std::vector<events::Event>> events =
        events::CommitFor(s, std::move(e));
    ASSERT_TRUE(events.ok()) << events.status();
    for (const events::Event& x : *events) s = events::Apply(s, x);
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
  EXPECT_EQ(EventLine(s, turn), "seq 2    turn 1    White  22x15x6");
  EXPECT_THAT(EventJson(s, turn), HasSubstr(R"("move":"22x15x6")"));
}

}  // namespace
}  // namespace checkers::cli
