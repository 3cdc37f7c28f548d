#include <algorithm>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "engine/fen8.h"
#include "engine/learned_eval.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/opening_book.h"
#include "engine/position8.h"
#include "engine/search.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers {
namespace {

using ::checkers::testing::FenPosition;

SearchRequest Request(const Position& pos, Level level, uint64_t seed = 0) {
  SearchRequest request;
  request.position = pos;
  request.level = level;
  request.seed = seed;
  return request;
}

bool IsLegal(const Position& pos, const Move& m) {
  MoveList moves;
  GenerateMoves(pos, &moves);
  for (const Move& legal : moves) {
    if (legal == m) return true;
  }
  return false;
}

constexpr const char* kMiddleGame =
    "B:W15,19,21,22,23,25,27,29,30,32:B1,3,4,7,8,9,12,13,14,16";

TEST(SearchTest, ARussianSearchTakesWithItsFlyingKing) {
  // Only a flying king can reach 18; the search must play one of its
  // captures, which the English rules do not have.
  SearchRequest request = Request(*ParseFen("W:WK29,32:B18,1"), Level::kMedium);
  request.rules.edition = Edition::kRussian;
  absl::StatusOr<SearchResult> result = Search(request);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->best_move.from, 28);
  EXPECT_TRUE(result->best_move.IsCapture());
}

TEST(SearchTest, TheTenByTenEditionIsRefused) {
  SearchRequest request = Request(Position::Initial(), Level::kEasy);
  request.rules.edition = Edition::kInternational;
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(SearchTest, LevelNamesRoundTrip) {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    EXPECT_EQ(ParseLevel(LevelName(level)), level);
  }
  EXPECT_EQ(ParseLevel("HARD"), Level::kHard);
  EXPECT_EQ(ParseLevel("expert"), std::nullopt);
}

TEST(SearchTest, BudgetsGrowWithTheLevel) {
  EXPECT_LT(NodeBudget(Level::kEasy), NodeBudget(Level::kMedium));
  EXPECT_LT(NodeBudget(Level::kMedium), NodeBudget(Level::kHard));
}

TEST(SearchTest, APositionWithoutMovesIsAFinishedGame) {
  const absl::StatusOr<SearchResult> r =
      Search(Request(FenPosition("B:W21,22:B"), Level::kMedium));
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  // Blocked, not empty: Black's man on 28 cannot step onto White's 32.
  const absl::StatusOr<SearchResult> blocked =
      Search(Request(FenPosition("B:W32,24:B28"), Level::kMedium));
  EXPECT_EQ(blocked.status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(SearchTest, OutOfRangeOptionsAreRejected) {
  SearchRequest request = Request(Position::Initial(), Level::kMedium);
  request.no_progress_plies = -1;
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kInvalidArgument);
  request = Request(Position::Initial(), Level::kMedium);
  request.rules.no_progress_limit_plies = -5;
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kInvalidArgument);
  request = Request(Position::Initial(), Level::kMedium);
  request.limits.hash_mib = 4096;
  EXPECT_EQ(Search(request).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(SearchTest, ReturnsALegalMoveAndALegalPrincipalVariation) {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    const Position start = FenPosition(kMiddleGame);
    const absl::StatusOr<SearchResult> r = Search(Request(start, level));
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_FALSE(r->pv.empty());
    EXPECT_EQ(r->pv[0], r->best_move);
    Position pos = start;
    for (const Move& m : r->pv) {
      ASSERT_TRUE(IsLegal(pos, m)) << MoveToText(m);
      pos.Play(m);
    }
    EXPECT_GT(r->depth, 0);
    EXPECT_GT(r->nodes, 0u);
  }
}

// Positions from pseudo-random games, under both capture rules: every
// answer is a legal move with a legal principal variation.
TEST(SearchTest, AnswersAreLegalThroughoutRandomGames) {
  uint64_t state = 99;
  int searched = 0;
  for (const CaptureRule rule :
       {CaptureRule::kMandatory, CaptureRule::kOptional}) {
    for (int game = 0; game < 6; ++game) {
      Position pos = Position::Initial();
      for (int ply = 0; ply < 150; ++ply) {
        MoveList moves;
        GenerateMoves(pos, &moves, rule);
        if (moves.empty()) break;
        if (ply % 9 == 4) {
          SearchRequest request =
              Request(pos, ply % 2 ? Level::kEasy : Level::kMedium, ply);
          request.rules.capture_rule = rule;
          const absl::StatusOr<SearchResult> r = Search(request);
          ASSERT_TRUE(r.ok()) << r.status();
          Position line = pos;
          for (const Move& m : r->pv) {
            MoveList legal;
            GenerateMoves(line, &legal, rule);
            ASSERT_TRUE(std::find(legal.begin(), legal.end(), m) != legal.end())
                << MoveToText(m) << " in " << ToFen(line);
            line.Play(m);
          }
          ++searched;
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        pos.Play(moves[(state >> 33) % moves.size()]);
      }
    }
  }
  EXPECT_GT(searched, 50);
}

TEST(SearchTest, SameRequestGivesTheSameAnswer) {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    SearchRequest request = Request(FenPosition(kMiddleGame), level, 42);
    const absl::StatusOr<SearchResult> a = Search(request);
    const absl::StatusOr<SearchResult> b = Search(request);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->best_move, b->best_move) << LevelName(level);
    EXPECT_EQ(a->score, b->score);
    EXPECT_EQ(a->depth, b->depth);
    EXPECT_EQ(a->nodes, b->nodes);
  }
}

// A thread keeps its transposition table for its next search and empties
// it first; nothing of an earlier search may show in a later one's answer,
// whether the earlier one wrote a few entries (emptied one by one) or
// more than a sixteenth of the table (emptied whole).
TEST(SearchTest, AnswersDoNotDependOnTheThreadsEarlierSearches) {
  struct Case {
    uint64_t nodes;
    int hash_mib;
    uint64_t earlier_nodes;
  };
  for (const Case& c : {Case{3'000, 16, 20'000}, Case{20'000, 1, 200'000}}) {
    SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
    request.limits.max_nodes = c.nodes;
    request.limits.hash_mib = c.hash_mib;
    // The same position searched further: any entry left over would be
    // found.
    SearchRequest earlier = request;
    earlier.limits.max_nodes = c.earlier_nodes;

    absl::StatusOr<SearchResult> fresh, after;
    std::thread([&] { fresh = Search(request); }).join();
    std::thread([&] {
      ASSERT_TRUE(Search(earlier).ok());
      after = Search(request);
    }).join();
    ASSERT_TRUE(fresh.ok() && after.ok()) << c.nodes;
    EXPECT_EQ(fresh->best_move, after->best_move) << c.nodes;
    EXPECT_EQ(fresh->score, after->score) << c.nodes;
    EXPECT_EQ(fresh->depth, after->depth) << c.nodes;
    EXPECT_EQ(fresh->nodes, after->nodes) << c.nodes;
    EXPECT_EQ(fresh->pv, after->pv) << c.nodes;
  }
}

// A search that keeps the table (as moves by the clock do) starts from
// what the thread's search before it found: the same position to the same
// depth then takes fewer nodes. The next search that does not keep it
// still answers as on a fresh thread.
TEST(SearchTest, AKeptTableCarriesTheEarlierSearchIntoTheNext) {
  SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
  request.limits.max_depth = 10;
  SearchRequest kept = request;
  kept.limits.keep_table = true;

  absl::StatusOr<SearchResult> fresh, second, after;
  std::thread([&] { fresh = Search(request); }).join();
  std::thread([&] {
    ASSERT_TRUE(Search(kept).ok());
    second = Search(kept);
    after = Search(request);
  }).join();
  ASSERT_TRUE(fresh.ok() && second.ok() && after.ok());
  EXPECT_EQ(second->depth, 10);
  // How much the table saves depends on the position and the evaluation
  // (a half with the first fitted weights, a fifth with the second); that
  // it saves is the point.
  EXPECT_LT(second->nodes, fresh->nodes);
  EXPECT_TRUE(IsLegal(FenPosition(kMiddleGame), second->best_move));
  EXPECT_EQ(after->best_move, fresh->best_move);
  EXPECT_EQ(after->score, fresh->score);
  EXPECT_EQ(after->nodes, fresh->nodes);
}

TEST(SearchTest, EasyVariesWithTheSeed) {
  // Over a few seeds Easy picks more than one move in the opening, where
  // several moves are about equally good.
  std::set<std::string> moves;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    const absl::StatusOr<SearchResult> r =
        Search(Request(Position::Initial(), Level::kEasy, seed));
    ASSERT_TRUE(r.ok());
    moves.insert(MoveToText(r->best_move));
  }
  EXPECT_GT(moves.size(), 1u);
}

TEST(SearchTest, OtherLevelsIgnoreTheSeed) {
  const absl::StatusOr<SearchResult> a =
      Search(Request(FenPosition(kMiddleGame), Level::kMedium, 1));
  const absl::StatusOr<SearchResult> b =
      Search(Request(FenPosition(kMiddleGame), Level::kMedium, 2));
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->best_move, b->best_move);
  EXPECT_EQ(a->nodes, b->nodes);
}

TEST(SearchTest, NodeBudgetIsRespected) {
  SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
  request.limits.max_nodes = 50'000;
  const absl::StatusOr<SearchResult> r = Search(request);
  ASSERT_TRUE(r.ok());
  EXPECT_LE(r->nodes, 50'000u);
}

TEST(SearchTest, FixedDepthStopsThere) {
  SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
  request.limits.max_depth = 3;
  const absl::StatusOr<SearchResult> r = Search(request);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->depth, 3);
}

TEST(SearchTest, CapturingTheLastPieceIsAWinInOne) {
  const absl::StatusOr<SearchResult> r =
      Search(Request(FenPosition("B:W18:B14"), Level::kMedium));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(MoveToText(r->best_move), "14x23");
  EXPECT_EQ(r->score, kMateScore - 1);
}

TEST(SearchTest, BlockingEveryMoveIsAWin) {
  // After 24-27 White's man on 32 can step to neither 27 nor 28 and cannot
  // jump 27 (23 is held): White has no move and has lost. 23-27 instead
  // would open 32x23.
  const absl::StatusOr<SearchResult> r =
      Search(Request(FenPosition("B:W32:B23,24,28"), Level::kMedium));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(MoveToText(r->best_move), "24-27");
  EXPECT_EQ(r->score, kMateScore - 1);
}

TEST(SearchTest, TwoKingsAgainstOneIsAForcedWin) {
  const absl::StatusOr<SearchResult> r =
      Search(Request(FenPosition("W:WK19,K26:BK1"), Level::kHard));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(IsMateScore(r->score));
  EXPECT_GT(r->score, 0);
}

TEST(SearchTest, RepeatingAnEarlierPositionIsADraw) {
  // Three kings against one: Black is lost, unless 5-1 brings back the
  // position the game had three plies ago.
  const Position before = FenPosition("W:WK18,K19,K23:BK1");
  const Position root = FenPosition("B:WK18,K19,K23:BK5");
  SearchRequest request = Request(root, Level::kMedium);
  const absl::StatusOr<SearchResult> lost = Search(request);
  ASSERT_TRUE(lost.ok());
  EXPECT_LT(lost->score, -200);

  request.history = {before.hash(), FenPosition("B:WK18,K19,K26:BK1").hash(),
                     FenPosition("W:WK18,K19,K26:BK5").hash()};
  request.no_progress_plies = 3;
  const absl::StatusOr<SearchResult> drawn = Search(request);
  ASSERT_TRUE(drawn.ok());
  EXPECT_EQ(MoveToText(drawn->best_move), "5-1");
  EXPECT_EQ(drawn->score, 0);
}

TEST(SearchTest, NoProgressLimitDrawsTheGame) {
  // The same lost ending one ply before the no-progress limit: any king
  // move draws.
  SearchRequest request =
      Request(FenPosition("B:WK18,K19,K23:BK5"), Level::kMedium);
  request.no_progress_plies = 79;
  const absl::StatusOr<SearchResult> r = Search(request);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->score, 0);

  request.rules.no_progress_limit_plies = 0;
  const absl::StatusOr<SearchResult> off = Search(request);
  ASSERT_TRUE(off.ok());
  EXPECT_LT(off->score, -200);
}

TEST(SearchTest, BlockingTheLastManWinsEvenAtTheNoProgressLimit) {
  // 6-1 leaves White's man on 5 without a move in the very turn that
  // reaches the limit; the game's fold calls that a win, and so must the
  // search.
  SearchRequest request = Request(FenPosition("B:W5:BK6"), Level::kMedium);
  request.no_progress_plies = 79;
  const absl::StatusOr<SearchResult> r = Search(request);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(MoveToText(r->best_move), "6-1");
  EXPECT_TRUE(IsMateScore(r->score) && r->score > 0) << r->score;
}

TEST(SearchTest, OptionalCaptureMayDeclineATake) {
  // The "Shiftless" trap after Black's 8-11: every capture White has loses
  // three for one. Under optional capture White declines. The rules are
  // the subject here, so the hand-set evaluation prices the lines: the
  // learned one rates 23x14 and 21-17 within a point of each other once
  // Black's replies are optional too.
  const Position pos = FenPosition(
      "W:W13,19,21,22,23,24,25,27,28,30,32:B2,4,5,6,7,10,11,12,15,16,18");
  SearchRequest request = Request(pos, Level::kHard);
  const learned::Weights hand_set_only;
  request.eval_weights = &hand_set_only;
  const absl::StatusOr<SearchResult> forced = Search(request);
  ASSERT_TRUE(forced.ok());
  EXPECT_TRUE(forced->best_move.IsCapture());
  EXPECT_LT(forced->score, -200);

  request.rules.capture_rule = CaptureRule::kOptional;
  const absl::StatusOr<SearchResult> free = Search(request);
  ASSERT_TRUE(free.ok());
  EXPECT_FALSE(free->best_move.IsCapture());
  EXPECT_GT(free->score, forced->score + 150);
}

TEST(SearchTest, EachEightByEightEditionSearchesWithItsOwnWeights) {
  for (Edition edition : {Edition::kRussian, Edition::kPool}) {
    SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
    request.rules.edition = edition;
    request.limits.max_depth = 6;
    // The hand-set evaluation alone prices as a factor of one and empty
    // windows do.
    request.hand_set_eval = true;
    const absl::StatusOr<SearchResult> hand = Search(request);
    request.hand_set_eval = false;
    const learned::Weights hand_set_only;
    request.eval_weights = &hand_set_only;
    const absl::StatusOr<SearchResult> zero = Search(request);
    // No weights given: the edition's committed ones.
    request.eval_weights = nullptr;
    const absl::StatusOr<SearchResult> committed = Search(request);
    request.eval_weights = learned::Committed(edition);
    const absl::StatusOr<SearchResult> own = Search(request);
    ASSERT_TRUE(hand.ok() && zero.ok() && committed.ok() && own.ok());
    EXPECT_EQ(hand->score, zero->score) << EditionName(edition);
    EXPECT_EQ(hand->nodes, zero->nodes) << EditionName(edition);
    EXPECT_EQ(committed->score, own->score) << EditionName(edition);
    EXPECT_EQ(committed->nodes, own->nodes) << EditionName(edition);
    EXPECT_TRUE(committed->score != hand->score ||
                committed->nodes != hand->nodes)
        << EditionName(edition);
  }
}

TEST(SearchTest, PollCanStopAndCancel) {
  SearchRequest request = Request(FenPosition(kMiddleGame), Level::kHard);
  int polls = 0;
  const absl::StatusOr<SearchResult> stopped =
      Search(request, [&](const SearchProgress& p) {
        ++polls;
        return p.nodes > 20'000 ? PollAction::kStop : PollAction::kContinue;
      });
  ASSERT_TRUE(stopped.ok());
  EXPECT_LT(stopped->nodes, 20'000u + 2 * kPollIntervalNodes);
  EXPECT_TRUE(IsLegal(FenPosition(kMiddleGame), stopped->best_move));
  EXPECT_GT(polls, 1);

  const absl::StatusOr<SearchResult> cancelled = Search(
      request, [](const SearchProgress&) { return PollAction::kCancel; });
  EXPECT_EQ(cancelled.status().code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace checkers

namespace checkers {
namespace {

// A book of `edition` whose move for the start is 9-13, a move no search
// prefers.
book::OpeningBook StartBook(Edition edition = Edition::kEnglish) {
  absl::StatusOr<book::OpeningBook> parsed = book::Parse(
      "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 "
      "9-13 7 23\n",
      edition);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return *std::move(parsed);
}

TEST(SearchTest, MediumAndHardPlayTheBookMoveWithoutSearching) {
  const book::OpeningBook book = StartBook();
  for (Level level : {Level::kMedium, Level::kHard}) {
    SearchRequest request = Request(Position::Initial(), level);
    request.opening_book = &book;
    absl::StatusOr<SearchResult> result = Search(request);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(MoveToText(result->best_move), "9-13");
    EXPECT_TRUE(result->from_book);
    EXPECT_EQ(result->nodes, 0u);
    EXPECT_EQ(result->score, 7);
    EXPECT_EQ(result->depth, 23);
    ASSERT_EQ(result->pv.size(), 1u);
  }
}

TEST(SearchTest, TheBookIsLeftAsideByEasyOtherRulesAndUnknownPositions) {
  const book::OpeningBook book = StartBook();
  SearchRequest easy = Request(Position::Initial(), Level::kEasy);
  SearchRequest optional = Request(Position::Initial(), Level::kMedium);
  optional.rules.capture_rule = CaptureRule::kOptional;
  SearchRequest russian = Request(Position::Initial(), Level::kMedium);
  russian.rules.edition = Edition::kRussian;
  SearchRequest elsewhere = Request(FenPosition(kMiddleGame), Level::kMedium);
  for (SearchRequest* request : {&easy, &optional, &russian, &elsewhere}) {
    request->opening_book = &book;
    absl::StatusOr<SearchResult> result = Search(*request);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_FALSE(result->from_book);
    EXPECT_GT(result->nodes, 0u);
  }
}

// A Russian game must never play the English book's move nor an English
// game the Russian book's: the same men are another position there.
TEST(SearchTest, ABookIsPlayedOnlyInTheGamesOfItsOwnEdition) {
  for (Edition book_edition :
       {Edition::kEnglish, Edition::kRussian, Edition::kPool}) {
    const book::OpeningBook book = StartBook(book_edition);
    EXPECT_EQ(book.edition(), book_edition);
    for (Edition game :
         {Edition::kEnglish, Edition::kRussian, Edition::kPool}) {
      SearchRequest request = Request(Position::Initial(), Level::kMedium);
      request.rules.edition = game;
      request.opening_book = &book;
      absl::StatusOr<SearchResult> result = Search(request);
      ASSERT_TRUE(result.ok()) << result.status();
      EXPECT_EQ(result->from_book, game == book_edition)
          << EditionName(book_edition) << " book, " << EditionName(game)
          << " game";
    }
  }
}

}  // namespace
}  // namespace checkers
