#include "ui_cli/play_text.h"

#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"

namespace checkers::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A game folded from a start and moves, every commit checked.
events::GameState Fold(const std::string& fen,
                       const std::vector<std::string>& moves,
                       events::Mode mode = events::TWO_PLAYER,
                       events::RuleOptions options = {}) {
  events::GameStarted started;
  started.set_start_fen(fen);
  started.set_mode(mode);
  *started.mutable_options() = options;
  events::GameState state;
  auto commit = [&state](events::Event e) {
    absl::Status st = events::CommitAndFold(std::move(e), &state, nullptr);
    EXPECT_TRUE(st.ok()) << st;
  };
  commit(*events::StartEvent(started));
  for (const std::string& m : moves) commit(*events::TurnEvent(state, m));
  return state;
}

const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

TEST(PlayTextTest, PiecesAreNamedByColourAndKind) {
  const events::GameState s = Fold("", {});
  EXPECT_EQ(PieceText(English(), s, Piece::kBlackMan), "Red man");
  EXPECT_EQ(PieceText(English(), s, Piece::kWhiteKing), "White king");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kBlackKing), "R");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kWhiteMan), "w");
}

TEST(PlayTextTest, ColourNamesFollowTheGamesOptions) {
  events::RuleOptions options;
  options.set_colour_names(events::BLACK_WHITE);
  const events::GameState s = Fold("", {}, events::TWO_PLAYER, options);
  EXPECT_EQ(SideText(English(), s, events::FIRST), "Black");
  EXPECT_EQ(PieceLetter(English(), s, Piece::kBlackMan), "b");
}

TEST(PlayTextTest, ToMoveSaysWhoseTurnItIs) {
  EXPECT_EQ(ToMoveText(English(), Fold("", {})), "Red to move");
  EXPECT_EQ(ToMoveText(English(), Fold("", {}, events::VS_COMPUTER)),
            "Your move (Red)");
  EXPECT_EQ(ToMoveText(English(), Fold("", {"11-15"}, events::VS_COMPUTER)),
            "White (computer) to move");
}

TEST(PlayTextTest, AWinNamesTheWinnersColour) {
  const events::GameState s = Fold("B:W18:B14", {"14x23"});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s), "Red wins: White has no legal move");
  EXPECT_EQ(ToMoveText(English(), s), EndText(English(), s));
}

TEST(PlayTextTest, ThirdRepetitionIsNamed) {
  const events::GameState s =
      Fold("B:WK32:BK1",
           {"1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32"});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s),
            "Draw: third repetition of the same position");
}

TEST(PlayTextTest, NoProgressDrawIsNamedWithTurnsEach) {
  events::RuleOptions options;
  options.set_no_progress_turns(1);
  const events::GameState s =
      Fold("B:WK32:BK1", {"1-6", "32-27"}, events::TWO_PLAYER, options);
  ASSERT_TRUE(s.over());
  EXPECT_EQ(EndText(English(), s),
            "Draw: 1 turn each without capture or man move");
  const events::GameState forty = Fold("B:WK32:BK1", {});
  EXPECT_EQ(CountdownText(English(), forty),
            "Automatic draw in 80 turns without a capture or a man move");
}

TEST(PlayTextTest, CountdownCountsDownAndRepetitionWarns) {
  const events::GameState s =
      Fold("B:WK32:BK1", {"1-6", "32-27", "6-1", "27-32"});
  EXPECT_THAT(CountdownText(English(), s), HasSubstr("in 76 turns"));
  EXPECT_EQ(RepetitionText(English(), s),
            "This position has now stood twice; a third time is a draw");
  EXPECT_EQ(RepetitionText(English(), Fold("", {})), "");
}

TEST(PlayTextTest, LineBoardPutsThePersonsHomeRowsLast) {
  const std::string board =
      LineBoardText(English(), Fold("", {"11-15"}, events::VS_COMPUTER));
  const std::vector<std::string> lines = absl::StrSplit(board, '\n');
  ASSERT_GE(lines.size(), 10u);
  EXPECT_EQ(lines[0], "     w     w     w     w");
  EXPECT_EQ(lines[7], "  r     r     r     r");
  EXPECT_THAT(lines[4], HasSubstr(" r "));  // the man on 15
  EXPECT_EQ(lines[8],
            "Red: men on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15; kings on none");
}

TEST(PlayTextTest, SerbianUsesCyrillicAndItsOwnLetters) {
  const lang::Catalogue& sr = lang::Catalogue::Builtin("sr");
  const events::GameState s = Fold("", {});
  EXPECT_NE(PieceText(sr, s, Piece::kBlackMan), "Red man");
  EXPECT_THAT(LineBoardText(sr, s), Not(HasSubstr(" r ")));
}

}  // namespace
}  // namespace checkers::cli
