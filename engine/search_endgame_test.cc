// The search with an endgame database (engine/endgame_db.h): exact scores,
// root moves that keep the value, and won endings converted.

#include <cstdint>
#include <vector>

#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "engine/search.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

const egdb::Database& ThreePieces() {
  static const egdb::Database* db = [] {
    auto* built = new egdb::Database();
    for (const egdb::Material& m : egdb::SlicesUpTo(3)) {
      EXPECT_TRUE(built->BuildSlice(m).ok()) << m.Name();
    }
    return built;
  }();
  return *db;
}

// Every slice of up to four pieces, then three kings against two and two
// kings and a man against two kings: what that last ending reaches.
const egdb::Database& TwoKingsAndAManAgainstTwoKings() {
  static const egdb::Database* db = [] {
    auto* built = new egdb::Database();
    std::vector<egdb::Material> slices = egdb::SlicesUpTo(4);
    slices.push_back({0, 3, 0, 2});
    slices.push_back({1, 2, 0, 2});
    for (const egdb::Material& m : slices) {
      EXPECT_TRUE(built->BuildSlice(m).ok()) << m.Name();
    }
    return built;
  }();
  return *db;
}

SearchRequest Request(const Position& pos, Level level,
                      const egdb::Database* db) {
  SearchRequest request;
  request.position = pos;
  request.level = level;
  request.endgame_db = db;
  return request;
}

TEST(SearchEndgameTest, AWonEndingScoresAboveEveryEvaluationButIsNoForcedWin) {
  const Position pos = *ParseFen("B:WK28:BK1,K2");
  ASSERT_EQ(ThreePieces().Probe(pos), egdb::Wdl::kWin);
  absl::StatusOr<SearchResult> result =
      Search(Request(pos, Level::kMedium, &ThreePieces()));
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_GT(result->score, 10000);
  EXPECT_FALSE(IsMateScore(result->score) && result->depth == 0);
}

TEST(SearchEndgameTest, EveryMoveChosenInAWonEndingKeepsTheWin) {
  const egdb::Database& db = ThreePieces();
  int checked = 0;
  for (const egdb::Material& m :
       {egdb::Material{0, 2, 0, 1}, egdb::Material{1, 1, 0, 1},
        egdb::Material{2, 0, 1, 0}}) {
    for (uint64_t i = 0; i < egdb::SliceEntries(m); i += 97) {
      const std::optional<Position> pos = egdb::PositionAt(m, i);
      if (!pos.has_value() || db.Probe(*pos) != egdb::Wdl::kWin) continue;
      SearchRequest request = Request(*pos, Level::kMedium, &db);
      request.limits.max_nodes = 3000;
      absl::StatusOr<SearchResult> result = Search(request);
      ASSERT_TRUE(result.ok()) << result.status();
      EXPECT_EQ(db.Probe(pos->After(result->best_move)), egdb::Wdl::kLoss)
          << ToFen(*pos);
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

// Plays `pos` out, the side to move with `db` and the other with
// `defender_db`; the number of plies until the side to move of `pos` has
// won, or -1 when it has not within the 80-ply no-progress limit of a game.
// `max_nodes`, when not 0, limits each search below the level's budget.
int PliesToWin(Position pos, Level level, const egdb::Database* db,
               const egdb::Database* defender_db, uint64_t max_nodes = 0) {
  const Color attacker = pos.side_to_move();
  std::vector<uint64_t> history;
  int no_progress = 0;
  for (int ply = 0; ply < 200 && no_progress < 80; ++ply) {
    if (!HasLegalMove(pos)) return pos.side_to_move() == attacker ? -1 : ply;
    SearchRequest request =
        Request(pos, level, pos.side_to_move() == attacker ? db : defender_db);
    request.history = history;
    request.no_progress_plies = no_progress;
    request.limits.max_nodes = max_nodes;
    absl::StatusOr<SearchResult> result = Search(request);
    if (!result.ok()) return -1;
    if (pos.IsIrreversible(result->best_move)) {
      history.clear();
      no_progress = 0;
    } else {
      history.push_back(pos.hash());
      ++no_progress;
    }
    pos.Play(result->best_move);
  }
  return -1;
}

TEST(SearchEndgameTest, TwoKingsBeatAKingInTheDoubleCornerWellWithinTheLimit) {
  // The lone king's best refuge is the double corner (1 and 5, 28 and 32).
  for (const char* fen :
       {"B:WK28:BK1,K2", "B:WK32:BK1,K3", "B:WK5:BK27,K31", "B:WK1:BK30,K31"}) {
    const Position pos = *ParseFen(fen);
    ASSERT_EQ(ThreePieces().Probe(pos), egdb::Wdl::kWin) << fen;
    const int plies =
        PliesToWin(pos, Level::kMedium, &ThreePieces(), &ThreePieces());
    EXPECT_GT(plies, 0) << fen;
    EXPECT_LE(plies, 40) << fen;
  }
}

TEST(SearchEndgameTest, TwoKingsBeatAKingThatSearchesWithoutTheDatabase) {
  for (const char* fen :
       {"B:WK28:BK1,K2", "B:WK32:BK1,K3", "B:WK5:BK27,K31", "B:WK1:BK30,K31"}) {
    const int plies =
        PliesToWin(*ParseFen(fen), Level::kMedium, &ThreePieces(), nullptr);
    EXPECT_GT(plies, 0) << fen;
    EXPECT_LE(plies, 60) << fen;
  }
}

TEST(SearchEndgameTest, WonThreePieceEndingsAreWonWithinTheNoProgressLimit) {
  const egdb::Database& db = ThreePieces();
  int games = 0;
  for (const egdb::Material& m :
       {egdb::Material{0, 2, 0, 1}, egdb::Material{1, 1, 0, 1}}) {
    for (uint64_t i = 0; i < egdb::SliceEntries(m); i += 1009) {
      const std::optional<Position> pos = egdb::PositionAt(m, i);
      if (!pos.has_value() || db.Probe(*pos) != egdb::Wdl::kWin) continue;
      const int plies = PliesToWin(*pos, Level::kMedium, &db, &db);
      EXPECT_GT(plies, 0) << ToFen(*pos);
      ++games;
    }
  }
  EXPECT_GT(games, 20);
}

TEST(SearchEndgameTest, TwoKingsAndAManBeatTwoKingsThatBlockTheMan) {
  // White's king on 32 stops the man on 28 from crowning, and White's other
  // king keeps to the open board. Black wins only by driving that king
  // where it has no move, so that the blocker must step aside; a search
  // that prizes closing in over crowning never gets there. Both positions
  // come from games against Simple Checkers 1.15 drawn by the no-progress
  // rule (docs/SEARCH.md).
  const egdb::Database& db = TwoKingsAndAManAgainstTwoKings();
  for (const char* fen : {"B:WK5,K32:BK14,K16,28", "B:WK1,K32:BK10,K22,28"}) {
    const Position pos = *ParseFen(fen);
    ASSERT_EQ(db.Probe(pos), egdb::Wdl::kWin) << fen;
    // About what the CheckerBoard engine searches in 0.1 s.
    EXPECT_GT(PliesToWin(pos, Level::kHard, &db, &db, 300'000), 0) << fen;
  }
}

TEST(SearchEndgameTest, ASearchOfAWonEndingBuildsOnTheTableTheLastOneLeft) {
  // As the CheckerBoard engine searches, keeping the table between moves:
  // a won ending's way to the conversion can be longer than one search
  // sees, so each search starts from what the one before it found.
  const egdb::Database& db = TwoKingsAndAManAgainstTwoKings();
  SearchRequest won =
      Request(*ParseFen("B:WK5,K32:BK14,K16,28"), Level::kHard, &db);
  won.limits.max_nodes = 50'000;
  absl::StatusOr<SearchResult> fresh = Search(won);

  // A table the database's scores cut lines off in is emptied first: here
  // a drawn ending's.
  SearchRequest drawn =
      Request(*ParseFen("B:WK22,K24:BK30,K31"), Level::kHard, &db);
  drawn.limits.max_nodes = 50'000;
  drawn.limits.keep_table = true;
  ASSERT_TRUE(Search(drawn).ok());
  won.limits.keep_table = true;
  absl::StatusOr<SearchResult> first = Search(won);
  absl::StatusOr<SearchResult> second = Search(won);
  ASSERT_TRUE(fresh.ok() && first.ok() && second.ok());
  EXPECT_EQ(first->depth, fresh->depth);
  EXPECT_EQ(first->score, fresh->score);
  EXPECT_GT(second->depth, first->depth);
}

TEST(SearchEndgameTest, ADatabaseOtherRulesDoNotUseChangesNothing) {
  const Position pos = *ParseFen("W:WK29,32:B18,1");
  SearchRequest request = Request(pos, Level::kMedium, nullptr);
  request.rules.edition = Edition::kRussian;
  absl::StatusOr<SearchResult> without = Search(request);
  request.endgame_db = &ThreePieces();
  absl::StatusOr<SearchResult> with = Search(request);
  ASSERT_TRUE(without.ok() && with.ok());
  EXPECT_EQ(without->nodes, with->nodes);
  EXPECT_EQ(without->best_move, with->best_move);
}

TEST(SearchEndgameTest, EasyPlaysWithoutTheDatabase) {
  const Position pos = *ParseFen("B:WK28:BK1,K2");
  SearchRequest request = Request(pos, Level::kEasy, nullptr);
  request.seed = 7;
  absl::StatusOr<SearchResult> without = Search(request);
  request.endgame_db = &ThreePieces();
  absl::StatusOr<SearchResult> with = Search(request);
  ASSERT_TRUE(without.ok() && with.ok());
  EXPECT_EQ(without->nodes, with->nodes);
}

}  // namespace
}  // namespace checkers
