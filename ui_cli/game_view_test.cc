#include "ui_cli/game_view.h"

#include <string>

#include "engine/fen8.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "session/folded_game.h"

namespace checkers::cli {

using session::FoldedGame;
namespace {

using ::testing::HasSubstr;

TEST(GameViewTest, JsonOfAFinishedGameGivesWinnerAndReason) {
  const events::GameState s = FoldedGame("W:W22:B18", {"22x15"});
  EXPECT_THAT(ShowJson(s), HasSubstr(R"("result":"second")"));
  EXPECT_THAT(ShowJson(s), HasSubstr(R"("reason":"no_legal_move")"));
}

TEST(GameViewTest, JsonListsLegalMovesWhileTheGameGoesOn) {
  EXPECT_THAT(ShowJson(FoldedGame("", {})),
              HasSubstr(R"("legal_moves":["9-13","9-14",)"));
}

TEST(GameViewTest, EventLinesNameSeqTurnSideAndMove) {
  const events::GameState s = FoldedGame("W:W22:B18,10", {});
  const events::Event turn = *events::TurnEvent(s, "22x6");
  const events::CheckedEvent checked = *events::Check(s, turn);
  EXPECT_EQ(EventLine(lang::Catalogue::Builtin("en"), s, checked),
            "seq 2    turn 1    White  22x15x6");
  EXPECT_THAT(EventJson(s, checked), HasSubstr(R"("move":"22x15x6")"));
}

TEST(GameViewTest, AComputerTurnSaysWhetherItWasSearchedOrTheBooks) {
  events::GameStarted started;
  started.set_mode(events::VS_COMPUTER);
  started.set_difficulty(events::HARD);
  started.set_human_side(events::SECOND);
  events::GameState before;
  ASSERT_TRUE(
      events::CommitAndFold(*events::StartEvent(started), &before, nullptr)
          .ok());
  events::Event turn = *events::TurnEvent(before, "11-15");
  events::ComputerChoice* c = turn.mutable_turn_played()->mutable_computer();
  c->set_level(events::HARD);
  c->set_depth(17);
  c->set_nodes(123456);
  const lang::Catalogue& en = lang::Catalogue::Builtin("en");
  EXPECT_THAT(EventLine(en, before, *events::Check(before, turn)),
              HasSubstr("11-15  (computer, Hard, depth 17, 123456 nodes)"));
  c->set_nodes(0);
  c->set_from_book(true);
  EXPECT_THAT(EventLine(en, before, *events::Check(before, turn)),
              HasSubstr("11-15  (computer, Hard, opening book)"));
}

TEST(GameViewTest, EventLinesSpeakTheCataloguesLanguageAndJsonStaysEnglish) {
  events::GameState before;
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  const events::Event event = *events::StartEvent(started);
  const events::CheckedEvent start = *events::Check(before, event);
  EXPECT_EQ(EventLine(lang::Catalogue::Builtin("sv"), before, start),
            "post 1   tur 0     -      partiet startade: Engelskt damspel "
            "(checkers), två spelare · samma enhet, från standardställningen");
  // Columns are counted in characters, not bytes.
  EXPECT_EQ(EventLine(lang::Catalogue::Builtin("sr"), before, start)
                .substr(0, std::string("запис 1  потез 0   -      ").size()),
            "запис 1  потез 0   -      ");
  EXPECT_THAT(EventJson(before, start),
              HasSubstr(R"("text":"game started: English draughts (checkers), )"
                        R"(two players · same device, )"
                        R"(from the standard start")"));
}

TEST(GameViewTest, JsonOfAGameEndCitesItsEvidenceInEnglish) {
  const events::GameState s = FoldedGame(
      "B:WK32:BK1",
      {"1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32"});
  ASSERT_TRUE(s.over());
  EXPECT_THAT(ShowJson(s),
              HasSubstr(R"j("end":"Draw: third repetition of the same )j"
                        R"j(position (seqs 1, 5, 9)")j"));
}

TEST(GameViewTest, TurnTextAsksTheRulesWhetherATurnCaptures) {
  const events::GameState s = FoldedGame("W:W22:B18,10", {});
  EXPECT_EQ(TurnText(s, events::TurnEvent(s, "22x6")->turn_played()),
            "22x15x6");
  events::TurnPlayed not_legal;
  not_legal.set_side(events::SECOND);
  not_legal.add_squares(22);
  not_legal.add_squares(15);
  EXPECT_EQ(TurnText(s, not_legal), "22-15");
  const events::GameState start = FoldedGame("", {});
  EXPECT_EQ(TurnText(start, events::TurnEvent(start, "11-15")->turn_played()),
            "11-15");
}

}  // namespace
}  // namespace checkers::cli
