// Hard must find the winning shot in positions where one move wins
// material (or the game) and the others do not.
//
// Most positions are the moment before the shot in the opening traps of
// tests/data/traps.pdn (Denvir, Hopper, Reinfeld, Wiswell, Loy),
// replayed from the game scores with our move generator. Each was checked
// by searching every root move for 3 million nodes: the expected moves
// lead the next best by at least 90 centi-men. Where two moves are listed
// they play the same shot in a different order.

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/position8.h"
#include "engine/search.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

struct Shot {
  const char* name;
  const char* fen;
  std::vector<std::string> winning;
};

const Shot kShots[] = {
    // Black 8-11: White's captures all lose three for one.
    {"Shiftless",
     "B:W13,19,21,22,23,24,25,27,28,30,32:B2,4,5,6,7,8,10,12,15,16,18",
     {"8-11"}},
    {"Sturges' Steamroller",
     "B:W15,17,18,21,23,25,26,28,30,31,32:B1,2,5,6,8,9,11,12,14,16,20",
     {"20-24"}},
    {"Canalejas",
     "W:W18,19,21,22,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,20",
     {"19-15"}},
    // Two for one.
    {"Tourist Trap",
     "B:W19,20,21,22,23,25,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,12,13,14,16",
     {"14-17"}},
    {"Steel Shot",
     "B:W14,15,19,23,24,25,26,27,29,30,32:B1,2,3,5,6,7,8,12,17,18,20",
     {"18-22", "12-16"}},
    {"Kelso",
     "W:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,12,15,16",
     {"17-13"}},
    {"Farmer Trap",
     "B:W18,21,22,23,24,26,27,28,30,31,32:B1,2,3,4,5,7,8,9,11,12,15",
     {"15-19"}},
    {"A Kelso Shot",
     "B:W14,18,19,22,24,25,26,27,28,29,31,32:B1,2,3,4,5,7,9,11,12,13,15,20",
     {"13-17"}},
    {"Triple Action",
     "W:W19,21,24,25,26,28,29,30,31,32:B1,2,3,4,5,7,10,12,13,15,23",
     {"19-16"}},
    {"Chicago Trap",
     "W:W5,17,24,26,27,28,29,30,31,32:B1,2,3,4,7,9,10,12,15,21",
     {"30-25"}},
    // Three for one, built for this test: 9-14 forces 17x10, then
    // 6x15x24x31 takes 10, 19 and 27 and crowns.
    {"Three for one", "B:W17,19,27,29,30,32:B1,2,3,4,6,9", {"9-14"}},
    // The man on 9 must run to the crown while the king on 6 holds White's
    // man on 13; 9-14 wins, every king move only draws.
    {"Runaway", "B:W13,29:BK6,9", {"9-14"}},
};

class TacticsTest : public ::testing::TestWithParam<Shot> {};

TEST_P(TacticsTest, HardFindsTheWinningMove) {
  const Shot& shot = GetParam();
  absl::StatusOr<Position> pos = ParseFen(shot.fen);
  ASSERT_TRUE(pos.ok()) << pos.status();
  SearchRequest request;
  request.position = *pos;
  request.level = Level::kHard;
  absl::StatusOr<SearchResult> result = Search(request);
  ASSERT_TRUE(result.ok()) << result.status();
  const std::string played = MoveToText(result->best_move);
  EXPECT_TRUE(std::find(shot.winning.begin(), shot.winning.end(), played) !=
              shot.winning.end())
      << shot.name << ": played " << played << " (score " << result->score
      << ")";
  EXPECT_GT(result->score, 80) << shot.name;
}

INSTANTIATE_TEST_SUITE_P(Shots, TacticsTest, ::testing::ValuesIn(kShots),
                         [](const ::testing::TestParamInfo<Shot>& info) {
                           std::string name;
                           for (const char c : std::string(info.param.name)) {
                             if (std::isalnum(static_cast<unsigned char>(c)))
                               name += c;
                           }
                           return name;
                         });

// Endgame technique: the stronger side must force lone kings out of the
// double corner before the no-progress rule draws the game.
TEST(EndgameTechniqueTest, HardDrivesKingsOutOfTheDoubleCorner) {
  for (const char* fen : {"B:WK1:BK23,K27", "B:WK1,K5:BK14,K18,K23"}) {
    Position pos = *ParseFen(fen);
    std::vector<uint64_t> history;
    bool black_won = false;
    for (int ply = 0; ply < 80 && !black_won; ++ply) {
      SearchRequest request;
      request.position = pos;
      request.history = history;
      request.no_progress_plies = static_cast<int>(history.size());
      request.level = Level::kHard;
      const absl::StatusOr<SearchResult> r = Search(request);
      ASSERT_TRUE(r.ok()) << r.status();
      const bool capture = r->best_move.IsCapture();
      history.push_back(pos.hash());
      pos.Play(r->best_move);
      if (capture) history.clear();
      black_won = pos.pieces(Color::kWhite) == 0 || !HasLegalMove(pos);
    }
    EXPECT_TRUE(black_won) << fen << " ends as " << ToFen(pos);
  }
}

}  // namespace
}  // namespace checkers
