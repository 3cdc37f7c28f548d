#include "events/game_state.h"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/fen8.h"
#include "engine/notation8.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::events {
namespace {

using ::testing::ElementsAre;

// Folds a start (from `fen`, or the standard start) and then `moves`,
// checking each commit and folding any GameEnded the rules impose.
class Game {
 public:
  explicit Game(const std::string& fen = "", RuleOptions options = {},
                RulesEdition edition = ENGLISH) {
    GameStarted started;
    started.set_edition(edition);
    started.set_start_fen(fen);
    started.set_mode(TWO_PLAYER);
    *started.mutable_options() = options;
    Commit(*StartEvent(started));
  }

  void Commit(Event event) {
    absl::Status st = CommitAndFold(std::move(event), &state_, nullptr);
    ASSERT_TRUE(st.ok()) << st;
  }

  void Play(const std::vector<std::string>& moves) {
    for (const std::string& text : moves) {
      absl::StatusOr<Event> turn = TurnEvent(state_, text);
      ASSERT_TRUE(turn.ok()) << text << ": " << turn.status();
      Commit(*turn);
    }
  }

  const GameState& state() const { return state_; }

 private:
  GameState state_;
};

TEST(GameStateTest, FoldedTurnsGiveTheEnginePosition) {
  Game g;
  g.Play({"11-15", "23-19", "8-11", "22-17"});
  Position p = Position::Initial();
  for (const char* m : {"11-15", "23-19", "8-11", "22-17"})
    p = p.After(*ParseMove(p, m));
  EXPECT_EQ(*g.state().position.eight(), p);
  EXPECT_EQ(g.state().turns, 4);
  EXPECT_EQ(g.state().last_seq, 5u);
  EXPECT_EQ(g.state().side_to_move(), FIRST);
}

TEST(GameStateTest, ApplyLeavesTheGivenStateUnchanged) {
  Game g;
  const GameState before = g.state();
  const Event turn = *TurnEvent(before, "11-15");
  const GameState after = Apply(before, *Check(before, turn));
  EXPECT_EQ(before.turns, 0);
  EXPECT_EQ(*before.position.eight(), Position::Initial());
  EXPECT_EQ(after.turns, 1);
}

TEST(GameStateTest, GameGoesOnFromItsStartUntilTheRulesEndIt) {
  EXPECT_FALSE(GoesOn(GameState()));
  Game g("W:W22:B18");
  EXPECT_TRUE(GoesOn(g.state()));
  g.Play({"22x15"});
  EXPECT_TRUE(g.state().over());
  EXPECT_FALSE(GoesOn(g.state()));
  // Red has no move at the start: ended by the rules, not yet recorded.
  GameStarted blocked;
  blocked.set_start_fen("B:W8,11:B4");
  const Event start = *StartEvent(blocked);
  const GameState unrecorded = Apply(GameState(), *Check(GameState(), start));
  EXPECT_FALSE(unrecorded.over());
  EXPECT_FALSE(GoesOn(unrecorded));
}

TEST(GameStateTest, ThirdOccurrenceOfAPositionIsADrawWithItsSeqs) {
  Game g("B:WK32:BK1");
  g.Play({"1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1"});
  EXPECT_FALSE(g.state().over());
  EXPECT_EQ(g.state().RepetitionCount(), 2);
  g.Play({"28-32"});
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->result(), DRAW);
  EXPECT_EQ(g.state().ended->reason(), THREEFOLD_REPETITION);
  // The start (seq 1) and the positions after turns 4 and 8 (seqs 5, 9).
  EXPECT_THAT(g.state().ended->repetition_seqs(), ElementsAre(1, 5, 9));
}

TEST(GameStateTest, ManMoveClearsTheRepetitionHistory) {
  Game g("B:WK32:BK1,15");
  g.Play({"1-5", "32-28", "5-1", "28-32"});
  EXPECT_EQ(g.state().RepetitionCount(), 2);
  g.Play({"15-18"});
  EXPECT_EQ(g.state().RepetitionCount(), 1);
  EXPECT_EQ(g.state().since_irreversible.size(), 1u);
  EXPECT_EQ(g.state().no_progress_turns, 0);
}

TEST(GameStateTest, KingCaptureResetsTheNoProgressCount) {
  Game g("B:WK32,19:BK1,K10");
  g.Play({"1-5", "32-28"});
  EXPECT_EQ(g.state().no_progress_turns, 2);
  g.Play({"5-9", "19-15", "10x19"});
  EXPECT_EQ(g.state().no_progress_turns, 0);
  EXPECT_EQ(g.state().no_progress_since_seq, 6u);
}

TEST(GameStateTest, FortyTurnsEachWithoutProgressIsADraw) {
  // Two kings walk closed tours of 8 and 10 steps in rows that never
  // touch; no position stands three times within 80 turns.
  Game g("B:WK17:BK1");
  const std::vector<std::string> black = {"1-5",  "5-9", "9-6", "6-10",
                                          "10-7", "7-2", "2-6", "6-1"};
  const std::vector<std::string> white = {"17-21", "21-25", "25-30", "30-26",
                                          "26-31", "31-27", "27-23", "23-18",
                                          "18-22", "22-17"};
  int played = 0;
  while (!g.state().over() && played < 200) {
    const int move = played / 2;
    ASSERT_NO_FATAL_FAILURE(
        g.Play({played % 2 == 0 ? black[move % black.size()]
                                : white[move % white.size()]}));
    ++played;
  }
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), NO_PROGRESS);
  EXPECT_EQ(played, 80);
  EXPECT_EQ(g.state().ended->no_progress_since_seq(), 1u);
}

TEST(GameStateTest, ManMoveResetsTheNoProgressCount) {
  Game g("B:WK32,21:BK1,10");
  g.Play({"1-5", "32-28", "5-1"});
  EXPECT_EQ(g.state().no_progress_turns, 3);
  EXPECT_EQ(g.state().TurnsUntilAutomaticDraw(), 77);
  g.Play({"21-17"});
  EXPECT_EQ(g.state().no_progress_turns, 0);
  EXPECT_EQ(g.state().no_progress_since_seq, 5u);
  EXPECT_EQ(g.state().TurnsUntilAutomaticDraw(), 80);
}

TEST(GameStateTest, TotalNoProgressCountHalvesTheLimit) {
  RuleOptions options;
  options.set_no_progress_count(TOTAL);
  Game g("B:WK32:BK1", options);
  EXPECT_EQ(g.state().rules.no_progress_limit, 40);
}

TEST(GameStateTest, TurnLimitDrawsTheGame) {
  RuleOptions options;
  options.set_turn_limit(2);
  Game g("", options);
  g.Play({"11-15", "23-19"});
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), TURN_LIMIT);
}

TEST(GameStateTest, SideWithoutLegalMoveLoses) {
  Game g("W:W22:B18");
  g.Play({"22x15"});
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->result(), SECOND_WINS);
  EXPECT_EQ(g.state().ended->reason(), NO_LEGAL_MOVE);
}

TEST(GameStateTest, StartWithoutLegalMoveEndsAtOnce) {
  Game g("B:W8,11:B4");
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->result(), SECOND_WINS);
}

TEST(GameStateTest, DrawOfferLapsesWhenATurnIsPlayed) {
  Game g;
  g.Commit(*OfferDrawEvent(g.state()));
  EXPECT_EQ(g.state().draw_offer, FIRST);
  g.Play({"11-15"});
  EXPECT_FALSE(g.state().draw_offer.has_value());
}

TEST(GameStateTest, AcceptedDrawEndsTheGameByAgreement) {
  Game g;
  g.Commit(*OfferDrawEvent(g.state()));
  g.Commit(*AcceptDrawEvent(g.state()));
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->result(), DRAW);
  EXPECT_EQ(g.state().ended->reason(), AGREEMENT);
}

TEST(GameStateTest, ResignationGivesTheOtherSideTheWin) {
  Game g;
  g.Commit(*ResignEvent(g.state(), FIRST));
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->result(), SECOND_WINS);
  EXPECT_EQ(g.state().ended->reason(), RESIGNATION);
}

TEST(GameStateTest, AutomaticDrawsOffLeavesOnlyTheWinRule) {
  RuleOptions options;
  options.set_automatic_draws_off(true);
  Game g("B:WK32:BK1", options);
  g.Play(
      {"1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1", "28-32", "1-5"});
  EXPECT_FALSE(g.state().over());
  EXPECT_EQ(g.state().TurnsUntilAutomaticDraw(), -1);
}

TEST(GameStateTest, ModeChangeContinuesTheSamePositionWithTwoPlayers) {
  Game g;
  g.Play({"11-15"});
  const GamePosition before = g.state().position;
  g.Commit(*ModeChangeEvent(g.state(), TWO_PLAYER, MEDIUM));
  EXPECT_EQ(g.state().mode, TWO_PLAYER);
  EXPECT_EQ(g.state().position, before);
  EXPECT_EQ(g.state().turns, 1);
}

TEST(GameStateTest, SideNamesFollowTheColourOptions) {
  GameStarted started;
  EXPECT_EQ(SideName(&started, FIRST), "Red");
  EXPECT_EQ(SideName(&started, SECOND), "White");
  started.mutable_options()->set_colour_names(BLACK_WHITE);
  EXPECT_EQ(SideName(&started, FIRST), "Black");
  started.mutable_options()->set_light_moves_first(true);
  EXPECT_EQ(SideName(&started, FIRST), "White");
  EXPECT_EQ(SideName(nullptr, FIRST), "Red");
}

TEST(GameStateTest, ALogWithoutAnEditionReadsAsEnglish) {
  const GameRules rules = RulesOf(GameStarted());
  EXPECT_EQ(rules.edition, Edition::kEnglish);
  EXPECT_EQ(rules.first_mover, Color::kBlack);
}

TEST(RussianGameStateTest, WhiteOnTheHighSquaresMovesFirst) {
  Game g("", {}, RUSSIAN);
  EXPECT_EQ(g.state().side_to_move(), FIRST);
  EXPECT_EQ(g.state().position.side_to_move(), Color::kWhite);
  EXPECT_EQ(g.state().ColorOf(FIRST), Color::kWhite);
  g.Play({"22-18"});
  EXPECT_EQ(g.state().side_to_move(), SECOND);
}

TEST(RussianGameStateTest, TheFoldPlaysFlyingKings) {
  Game g("W:WK29:B18,10", {}, RUSSIAN);
  g.Play({"29x15x1"});
  EXPECT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), NO_LEGAL_MOVE);
}

TEST(RussianGameStateTest, TheRussianEditionHasNoNoProgressDrawOfItsOwn) {
  Game g("", {}, RUSSIAN);
  EXPECT_EQ(g.state().rules.no_progress_limit, 0);
  RuleOptions options;
  options.set_no_progress_turns(40);
  options.set_no_progress_count(TOTAL);
  Game house("", options, RUSSIAN);
  EXPECT_EQ(house.state().rules.no_progress_limit, 40);
}

TEST(RussianGameStateTest,
     ThreeKingsThatDoNotTakeALoneKingInFifteenTurnsDrawWithTheSeq) {
  // The white kings keep off the lone king's diagonals while it shuffles
  // between 4 and 8; no position stands three times.
  Game g("W:WK32,K31,K1:BK4", {}, RUSSIAN);
  const std::vector<std::string> white = {
      "32-27", "27-23", "23-19", "19-16", "16-20", "20-24", "24-28", "1-5",
      "5-9",   "9-13",  "13-17", "17-21", "31-26", "26-30", "30-26"};
  for (int i = 0; i < static_cast<int>(white.size()); ++i) {
    ASSERT_FALSE(g.state().over()) << "after " << i << " white turns";
    ASSERT_NO_FATAL_FAILURE(g.Play({white[i]}));
    if (i + 1 < static_cast<int>(white.size())) {
      ASSERT_NO_FATAL_FAILURE(g.Play({i % 2 == 0 ? "4-8" : "8-4"}));
    }
  }
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), LONE_KING_HELD);
  EXPECT_EQ(g.state().ended->result(), DRAW);
  EXPECT_EQ(g.state().ended->lone_king_since_seq(), 1u);
  EXPECT_EQ(g.state().turns, 29);
}

TEST(RussianGameStateTest, OneKingAgainstOneKingIsADrawAtOnce) {
  Game g("W:WK29:BK3", {}, RUSSIAN);
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), KING_AGAINST_KING);
  Game english("W:WK29:BK3");
  EXPECT_FALSE(english.state().over());
}

TEST(RussianGameStateTest, OneKingThatCanTakeTheOtherPlaysOn) {
  Game g("W:WK29:BK18", {}, RUSSIAN);
  EXPECT_FALSE(g.state().over());
}

TEST(PoolGameStateTest, DarkMovesFirstAndMenCaptureBackward) {
  Game g("B:W6:B10", {}, POOL);
  EXPECT_EQ(g.state().side_to_move(), FIRST);
  g.Play({"10x1"});
  EXPECT_TRUE(g.state().over());
}

TEST(InternationalGameStateTest, WhiteMovesFirstOnTheTenByTenBoard) {
  Game g("", {}, INTERNATIONAL);
  EXPECT_EQ(g.state().position.board_size(), 10);
  EXPECT_EQ(g.state().position.side_to_move(), Color::kWhite);
  g.Play({"32-28", "19-23"});
  EXPECT_EQ(g.state().turns, 2);
  EXPECT_EQ(g.state().position.PieceAt(28), Piece::kWhiteMan);
}

TEST(InternationalGameStateTest, AFlyingKingsCaptureIsFoldedWithItsRoute) {
  Game g("W:WK46:B28,24,1", {}, INTERNATIONAL);
  g.Play({"46x30"});
  EXPECT_EQ(g.state().position.PieceAt(30), Piece::kWhiteKing);
  EXPECT_EQ(g.state().position.PieceCount(Color::kBlack), 1);
  EXPECT_EQ(g.state().no_progress_turns, 0);
}

TEST(InternationalGameStateTest, ATurnOffTheFiftySquaresIsRefused) {
  Game g("", {}, INTERNATIONAL);
  Event e;
  e.mutable_turn_played()->set_side(FIRST);
  e.mutable_turn_played()->add_squares(32);
  e.mutable_turn_played()->add_squares(51);
  absl::StatusOr<CheckedEvent> checked = Check(g.state(), e);
  ASSERT_FALSE(checked.ok());
  EXPECT_EQ(checked.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(checked.status().message()),
              ::testing::HasSubstr("between 1 and 50"));
}

// Whether the side to move of `p` has a move that captures nothing and
// leaves the other side nothing to capture.
bool HasQuietReply(const GamePosition& p) {
  for (const GameMove& m : p.LegalMoves()) {
    if (!m.is_capture() && !p.After(m).HasCapture()) return true;
  }
  return false;
}

// Plays `turns` turns of `g` that capture nothing and leave the side to
// move nothing to capture, each to a position not seen before, so that
// neither a capture nor a repetition ends the count under test.
void PlayQuietTurns(Game* g, int turns) {
  for (int i = 0; i < turns && !g->state().over(); ++i) {
    const GamePosition& p = g->state().position;
    std::optional<GameMove> quiet;
    std::vector<GameMove> moves = p.LegalMoves();
    // Rotated by the turn, so that the kings wander rather than cycle.
    std::rotate(moves.begin(), moves.begin() + (i * 7) % moves.size(),
                moves.end());
    for (const GameMove& m : moves) {
      const GamePosition after = p.After(m);
      bool seen = false;
      for (const Occurrence& o : g->state().since_irreversible)
        seen = seen || o.hash == after.hash();
      if (!m.is_capture() && !after.HasCapture() && !seen &&
          HasQuietReply(after)) {
        quiet = m;
        break;
      }
    }
    ASSERT_TRUE(quiet.has_value()) << p.ToFen();
    g->Play({quiet->Text()});
  }
}

TEST(InternationalGameStateTest, TwentyFiveMovesEachWithKingsOnlyDraw) {
  // One king each: nothing but the 25-move rule can draw it.
  Game g("W:WK50:BK1", {}, INTERNATIONAL);
  EXPECT_EQ(g.state().rules.no_progress_limit, 50);
  PlayQuietTurns(&g, 49);
  ASSERT_FALSE(g.state().over());
  PlayQuietTurns(&g, 1);
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), NO_PROGRESS);
  EXPECT_EQ(g.state().ended->no_progress_since_seq(), 1u);
}

TEST(InternationalGameStateTest, ThreePiecesWithAKingDrawAfterSixteenMoves) {
  // Two kings and a man against a lone king.
  Game g("W:WK46,K50,45:BK1", {}, INTERNATIONAL);
  ASSERT_EQ(g.state().lone_king_hunter, Color::kWhite);
  EXPECT_EQ(g.state().LoneKingLimit(), 16);
  PlayQuietTurns(&g, 30);
  ASSERT_FALSE(g.state().over());
  PlayQuietTurns(&g, 1);
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), LONE_KING_HELD);
  EXPECT_EQ(g.state().ended->lone_king_since_seq(), 1u);
  EXPECT_EQ(g.state().lone_king_turns, 16);
}

TEST(InternationalGameStateTest, TwoPiecesWithAKingDrawAfterFiveMoves) {
  Game g("W:WK46,45:BK1", {}, INTERNATIONAL);
  EXPECT_EQ(g.state().LoneKingLimit(), 5);
  PlayQuietTurns(&g, 8);
  ASSERT_FALSE(g.state().over());
  PlayQuietTurns(&g, 1);
  ASSERT_TRUE(g.state().over());
  EXPECT_EQ(g.state().ended->reason(), LONE_KING_HELD);
  EXPECT_EQ(g.state().lone_king_turns, 5);
}

TEST(InternationalGameStateTest, FourPiecesAgainstALoneKingHaveNoEndgameDraw) {
  Game g("W:WK46,K50,45,44:BK1", {}, INTERNATIONAL);
  EXPECT_FALSE(g.state().lone_king_hunter.has_value());
  PlayQuietTurns(&g, 40);
  EXPECT_FALSE(g.state().over());
}

}  // namespace
}  // namespace checkers::events
