// The difficulty levels are ordered: in self-play from a few standard
// openings, each played with both colours, Hard beats Medium and Medium
// beats Easy by a clear margin. The games are deterministic (fixed seeds),
// so the scores are too; the full match figures are in the issue's
// resolution.

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/eval8.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "engine/search.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

// 3-move openings of the standard tournament ballot, from
// match/ballots/3move_english.json (pydraughts, MIT).
constexpr const char* kOpenings[] = {
    // 009 09-13 22-18 11-16
    "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,10,12,13,16,2,3,4,5,6,7,8",
    // 060 10-14 22-17 09-13
    "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,11,12,13,14,2,3,4,5,6,7,8",
    // 100 10-15 23-18 09-14
    "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,11,12,14,15,2,3,4,5,6,7,8",
};

// A game is drawn after this many plies; real games end long before.
constexpr int kPlyCap = 200;
// Material lead, in centi-men, at which a quiet position is adjudicated a
// win: it spares the test the long technical finish.
constexpr int kDecisiveLead = 250;

int Material(const Position& pos, Color c) {
  const int pieces = PopCount(pos.occupied());
  return kManValue * PopCount(pos.men(c)) +
         KingValue(pieces) * PopCount(pos.kings(c));
}

// +1 if Black wins, -1 if White wins, 0 for a draw.
int PlayGame(Position pos, Level black, Level white, uint64_t seed) {
  std::vector<uint64_t> history;  // since the last capture or man's move
  std::map<uint64_t, int> seen;
  seen[pos.hash()] = 1;
  for (int ply = 0; ply < kPlyCap; ++ply) {
    const Color mover = pos.side_to_move();
    if (!HasLegalMove(pos)) return mover == Color::kBlack ? -1 : 1;
    if (!HasCapture(pos)) {
      const int lead =
          Material(pos, Color::kBlack) - Material(pos, Color::kWhite);
      if (lead >= kDecisiveLead) return 1;
      if (lead <= -kDecisiveLead) return -1;
    }
    SearchRequest request;
    request.position = pos;
    request.history = history;
    request.no_progress_plies = static_cast<int>(history.size());
    request.level = mover == Color::kBlack ? black : white;
    request.seed = seed * 1000 + ply;
    const absl::StatusOr<SearchResult> result = Search(request);
    EXPECT_TRUE(result.ok()) << result.status();
    if (!result.ok()) return 0;
    const Move& m = result->best_move;
    const bool irreversible = pos.IsIrreversible(m);
    history.push_back(pos.hash());
    pos.Play(m);
    if (irreversible) {
      history.clear();
      seen.clear();
    }
    if (++seen[pos.hash()] >= 3) return 0;
    if (static_cast<int>(history.size()) >= 80) return 0;
  }
  return 0;
}

struct Score {
  int wins = 0;
  int losses = 0;
  int draws = 0;
  double Percent() const {
    return 100.0 * (wins + 0.5 * draws) / (wins + losses + draws);
  }
  std::string Text() const {
    return absl::StrCat(wins, " wins, ", losses, " losses, ", draws, " draws");
  }
};

// `a` against `b` from `openings` (each with both colours).
Score Match(Level a, Level b, int openings) {
  Score score;
  for (int i = 0; i < openings; ++i) {
    const Position start = *ParseFen(kOpenings[i]);
    for (const bool a_is_black : {true, false}) {
      const int result =
          a_is_black ? PlayGame(start, a, b, i) : -PlayGame(start, b, a, i);
      if (result > 0) ++score.wins;
      if (result < 0) ++score.losses;
      if (result == 0) ++score.draws;
    }
  }
  return score;
}

TEST(LevelOrderingTest, MediumBeatsEasy) {
  const Score score = Match(Level::kMedium, Level::kEasy, 3);
  EXPECT_GE(score.Percent(), 75.0) << score.Text();
  EXPECT_EQ(score.losses, 0) << score.Text();
}

TEST(LevelOrderingTest, HardBeatsMedium) {
  const Score score = Match(Level::kHard, Level::kMedium, 1);
  EXPECT_GE(score.Percent(), 75.0) << score.Text();
  EXPECT_EQ(score.losses, 0) << score.Text();
}

}  // namespace
}  // namespace checkers
