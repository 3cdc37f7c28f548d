#include "session/play_text.h"

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

namespace checkers::session {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

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

}  // namespace
}  // namespace checkers::session
