#include "bench/levels10.h"

#include <map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/eval10.h"
#include "engine/movegen10.h"

namespace checkers::bench {
namespace {

// Plies of king moves without a capture that draw (docs/RULES.md).
constexpr int kKingMovesDraw = 50;

int Material(const intl::Position& pos, Color c) {
  const int pieces = intl::PopCount(pos.occupied());
  return intl::kManValue * intl::PopCount(pos.men(c)) +
         intl::KingValue(pieces) * intl::PopCount(pos.kings(c));
}

// White's material lead over Black.
int Lead(const intl::Position& pos) {
  return Material(pos, Color::kWhite) - Material(pos, Color::kBlack);
}

// The starting position after two plies drawn by `rng` (SplitMix64).
intl::Position Opening(uint64_t rng) {
  intl::Position pos = intl::Position::Initial();
  for (int ply = 0; ply < 2; ++ply) {
    intl::MoveList moves;
    intl::GenerateMoves(pos, &moves);
    const uint64_t r = checkers::internal::SplitMix64(rng);
    pos.Play(moves[r % moves.size()]);
  }
  return pos;
}

}  // namespace

double MatchScore::Percent() const {
  const int games = wins + losses + draws;
  return games == 0 ? 0 : 100.0 * (wins + 0.5 * draws) / games;
}

std::string MatchScore::Text() const {
  return absl::StrCat(wins, "-", losses, "-", draws);
}

absl::StatusOr<Game10> PlayGame10(const intl::Position& start, Level white,
                                  Level black, uint64_t seed,
                                  const Game10Options& options) {
  intl::Position pos = start;
  // The positions since the last capture or man's move, for the search's
  // repetition draws and the king-moves draw; `seen` counts repetitions.
  std::vector<uint64_t> history;
  std::map<uint64_t, int> seen = {{pos.hash(), 1}};
  Game10 game;
  for (; game.plies < options.max_plies; ++game.plies) {
    const Color mover = pos.side_to_move();
    const int sign = mover == Color::kWhite ? 1 : -1;
    if (!intl::HasLegalMove(pos)) {
      game.result = -sign;
      game.how = "no legal move";
      return game;
    }
    if (!intl::HasCapture(pos)) {
      const int lead = Lead(pos);
      if (lead >= options.decisive_lead || lead <= -options.decisive_lead) {
        game.result = lead > 0 ? 1 : -1;
        game.how = "adjudicated on material";
        return game;
      }
    }
    intl::SearchRequest request;
    request.position = pos;
    request.history = history;
    request.no_progress_plies = static_cast<int>(history.size());
    request.level = mover == Color::kWhite ? white : black;
    request.seed = seed * 1000 + game.plies;
    absl::StatusOr<intl::SearchResult> result = intl::Search(request);
    if (!result.ok()) return result.status();
    const intl::Move& m = result->best_move;
    const bool irreversible = pos.IsIrreversible(m);
    history.push_back(pos.hash());
    pos.Play(m);
    if (irreversible) {
      history.clear();
      seen.clear();
    }
    if (++seen[pos.hash()] >= 3) {
      game.plies++;
      game.how = "third repetition";
      return game;
    }
    if (static_cast<int>(history.size()) >= kKingMovesDraw) {
      game.plies++;
      game.how = "25 king moves each without a capture";
      return game;
    }
  }
  const int lead = Lead(pos);
  game.result = lead >= intl::kManValue ? 1 : lead <= -intl::kManValue ? -1 : 0;
  game.how = "ply cap, adjudicated on material";
  return game;
}

absl::StatusOr<MatchScore> PlayMatch10(Level a, Level b, int openings,
                                       uint64_t seed) {
  MatchScore score;
  for (int i = 0; i < openings; ++i) {
    const intl::Position start = Opening(seed * 7919 + i);
    for (const bool a_is_white : {true, false}) {
      absl::StatusOr<Game10> game = a_is_white
                                        ? PlayGame10(start, a, b, seed + i)
                                        : PlayGame10(start, b, a, seed + i);
      if (!game.ok()) return game.status();
      const int for_a = a_is_white ? game->result : -game->result;
      if (for_a > 0) ++score.wins;
      if (for_a < 0) ++score.losses;
      if (for_a == 0) ++score.draws;
    }
  }
  return score;
}

absl::StatusOr<Figures> Levels10Bench(int openings) {
  const absl::Time start = absl::Now();
  absl::StatusOr<MatchScore> hard =
      PlayMatch10(Level::kHard, Level::kEasy, openings, /*seed=*/1);
  if (!hard.ok()) return hard.status();
  absl::StatusOr<MatchScore> medium =
      PlayMatch10(Level::kMedium, Level::kEasy, openings, /*seed=*/1);
  if (!medium.ok()) return medium.status();
  absl::StatusOr<MatchScore> hard_medium =
      PlayMatch10(Level::kHard, Level::kMedium, openings, /*seed=*/1);
  if (!hard_medium.ok()) return hard_medium.status();
  return Figures{
      {"levels_rules", "international"},
      {"levels_games_per_match", absl::StrCat(2 * openings)},
      {"hard_vs_easy", hard->Text()},
      {"hard_vs_easy_percent", absl::StrFormat("%.1f", hard->Percent())},
      {"medium_vs_easy", medium->Text()},
      {"medium_vs_easy_percent", absl::StrFormat("%.1f", medium->Percent())},
      {"hard_vs_medium", hard_medium->Text()},
      {"hard_vs_medium_percent",
       absl::StrFormat("%.1f", hard_medium->Percent())},
      {"levels_seconds",
       absl::StrFormat("%.1f", absl::ToDoubleSeconds(absl::Now() - start))},
  };
}

}  // namespace checkers::bench
