// The search on the 10x10 board (engine/search.h, namespace intl): it
// finds international draughts' shots, knows that majority capture binds
// the opponent, plays only legal moves and keeps its levels in order.

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "engine/fen10.h"
#include "engine/game_position.h"
#include "engine/learned_eval.h"
#include "engine/movegen10.h"
#include "engine/notation10.h"
#include "engine/opening_book.h"
#include "engine/position10.h"
#include "engine/search.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

Position Fen(const char* fen) {
  absl::StatusOr<Position> pos = ParseFen(fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : Position::Initial();
}

SearchResult SearchAt(const Position& pos, Level level, uint64_t seed = 0) {
  SearchRequest request;
  request.position = pos;
  request.level = level;
  request.seed = seed;
  absl::StatusOr<SearchResult> result = Search(request);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *result : SearchResult();
}

bool IsLegal(const Position& pos, const Move& m) {
  MoveList moves;
  GenerateMoves(pos, &moves);
  for (const Move& legal : moves) {
    if (legal == m) return true;
  }
  return false;
}

TEST(Search10Test, SacrificeThatWinsByForceIsFound) {
  // 32-28 23x32 37x28x17x8: one man for three, and the man crowns.
  const Position pos = Fen("W:W32,33,37,41:B4,5,12,22,23");
  const SearchResult result = SearchAt(pos, Level::kHard);
  EXPECT_EQ(MoveToText(result.best_move), "32-28");
  EXPECT_TRUE(IsMateScore(result.score)) << result.score;
  EXPECT_GT(result.score, 0);
}

TEST(Search10Test, MajorityCaptureBindsTheOpponentToTheLosingCapture) {
  // After 33-28 Black could take one man safely with 22 or 31, but the
  // majority rule makes 23 take two (23x32x41), and 47 then takes four.
  const Position pos = Fen("W:W33,37,46,47:B13,22,23,26,31");
  const SearchResult result = SearchAt(pos, Level::kHard);
  EXPECT_EQ(MoveToText(result.best_move), "33-28");
  ASSERT_GE(result.pv.size(), 3u);
  EXPECT_EQ(MoveToText(result.pv[1]), "23x32x41");
  EXPECT_EQ(MoveToText(result.pv[2]), "47x36x27x18x9");
  EXPECT_GT(result.score, 3 * 100);
}

TEST(Search10Test, EveryLevelPlaysOnlyLegalMovesAlongAGame) {
  // A game between the levels, each move checked, from the start to a
  // king ending or 60 plies.
  Position pos = Position::Initial();
  for (int ply = 0; ply < 60 && HasLegalMove(pos); ++ply) {
    const Level level = ply % 3 == 0   ? Level::kEasy
                        : ply % 3 == 1 ? Level::kMedium
                                       : Level::kEasy;
    const SearchResult result = SearchAt(pos, level, ply);
    ASSERT_TRUE(IsLegal(pos, result.best_move))
        << ToFen(pos) << " " << MoveToText(result.best_move);
    Position line = pos;
    for (const Move& m : result.pv) {
      ASSERT_TRUE(IsLegal(line, m)) << ToFen(line) << " " << MoveToText(m);
      line.Play(m);
    }
    pos.Play(result.best_move);
  }
}

TEST(Search10Test, KingCaptureRoutesAreLegal) {
  const Position pos = Fen("B:WK28,K33,K39,45:BK7,K12,K18");
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    const SearchResult result = SearchAt(pos, level);
    EXPECT_TRUE(IsLegal(pos, result.best_move)) << MoveToText(result.best_move);
  }
}

TEST(Search10Test, LevelsAreOrderedByBudgetDepthAndNodes) {
  EXPECT_LT(intl::NodeBudget(Level::kEasy), intl::NodeBudget(Level::kMedium));
  EXPECT_LT(intl::NodeBudget(Level::kMedium), intl::NodeBudget(Level::kHard));
  const Position pos =
      Fen("W:W25,27,28,30,32-35,37-40,42-44,48:B3,7-9,11-19,21,23,26");
  const SearchResult easy = SearchAt(pos, Level::kEasy);
  const SearchResult medium = SearchAt(pos, Level::kMedium);
  const SearchResult hard = SearchAt(pos, Level::kHard);
  EXPECT_LE(easy.nodes, intl::NodeBudget(Level::kEasy));
  EXPECT_LT(easy.nodes, medium.nodes);
  EXPECT_LT(medium.nodes, hard.nodes);
  EXPECT_LE(easy.depth, medium.depth);
  EXPECT_LT(medium.depth, hard.depth);
}

TEST(Search10Test, TwentyFiveKingMovesEachWithoutACaptureScoreADraw) {
  const Position pos = Fen("W:WK46,K47,K50:BK5");
  SearchRequest request;
  request.position = pos;
  request.level = Level::kMedium;
  request.no_progress_plies = 49;
  absl::StatusOr<SearchResult> drawn = Search(request);
  ASSERT_TRUE(drawn.ok()) << drawn.status();
  EXPECT_EQ(drawn->score, 0);
  request.no_progress_plies = 0;
  absl::StatusOr<SearchResult> open = Search(request);
  ASSERT_TRUE(open.ok()) << open.status();
  EXPECT_GT(open->score, 0);
}

TEST(Search10Test, LearnedWeightsPriceTheLeavesUnlessTheHandSetOneIsAsked) {
  // Weights that double the hand-set evaluation: the same search, every
  // leaf worth twice as much.
  learned::Weights doubled = learned::HandSetOnly(Edition::kInternational);
  doubled.hand_scale = 2 * learned::kHandScaleOne;
  SearchRequest request;
  request.position = Fen("W:W27,28,32,33,37,38,41,44,47:B6,12,13,17,18,19,23");
  request.level = Level::kHard;
  request.limits.max_depth = 4;
  request.hand_set_eval = true;
  absl::StatusOr<SearchResult> hand = Search(request);
  ASSERT_TRUE(hand.ok()) << hand.status();
  ASSERT_NE(hand->score, 0);
  // Weights given do not count when the hand-set evaluation is asked for.
  request.eval_weights = &doubled;
  absl::StatusOr<SearchResult> asked = Search(request);
  ASSERT_TRUE(asked.ok()) << asked.status();
  EXPECT_EQ(asked->score, hand->score);
  EXPECT_EQ(asked->nodes, hand->nodes);
  request.hand_set_eval = false;
  absl::StatusOr<SearchResult> given = Search(request);
  ASSERT_TRUE(given.ok()) << given.status();
  EXPECT_NE(given->score, hand->score);
  // Without weights given, international's committed ones price it.
  request.eval_weights = nullptr;
  absl::StatusOr<SearchResult> committed = Search(request);
  ASSERT_TRUE(committed.ok()) << committed.status();
  EXPECT_NE(committed->score, hand->score);
  EXPECT_NE(committed->score, given->score);
}

TEST(Search10Test, TheInternationalBookIsPlayedWithoutASearchButNotByEasy) {
  const book::OpeningBook& book = book::Committed(Edition::kInternational);
  const book::Entry* entry =
      book.Find(GamePosition::Initial(Edition::kInternational));
  ASSERT_NE(entry, nullptr);
  SearchRequest request;
  request.position = Position::Initial();
  request.level = Level::kHard;
  request.opening_book = &book;
  absl::StatusOr<SearchResult> hard = Search(request);
  ASSERT_TRUE(hard.ok()) << hard.status();
  EXPECT_TRUE(hard->from_book);
  EXPECT_EQ(hard->nodes, 0u);
  EXPECT_EQ(hard->best_move, *entry->move.ten());
  EXPECT_EQ(hard->score, entry->score);
  request.level = Level::kEasy;
  absl::StatusOr<SearchResult> easy = Search(request);
  ASSERT_TRUE(easy.ok()) << easy.status();
  EXPECT_FALSE(easy->from_book);
  EXPECT_GT(easy->nodes, 0u);
  // An 8x8 edition's book is never read on this board.
  request.level = Level::kHard;
  request.opening_book = &book::Committed(Edition::kEnglish);
  absl::StatusOr<SearchResult> english = Search(request);
  ASSERT_TRUE(english.ok()) << english.status();
  EXPECT_FALSE(english->from_book);
}

TEST(Search10Test, SideWithoutAMoveIsFailedPrecondition) {
  SearchRequest request;
  request.position = Fen("W:W46:B37,41");
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(Search10Test, NegativeNoProgressCountIsInvalidArgument) {
  SearchRequest request;
  request.position = Position::Initial();
  request.no_progress_plies = -1;
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace checkers::intl
