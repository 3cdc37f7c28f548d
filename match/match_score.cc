#include "match/match_score.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::match {
namespace {

// The two-sided sign test of `wins` against `losses`: twice the chance that
// a fair coin tossed wins + losses times shows min(wins, losses) heads or
// fewer, capped at 1. Terms in logarithms, as matches run to hundreds of
// games.
double SignTest(int wins, int losses) {
  const int n = wins + losses;
  const int k = std::min(wins, losses);
  // log(n! / 2^n), the part of every term that does not depend on i.
  const double log_common = std::lgamma(n + 1.0) - n * std::log(2.0);
  double tail = 0;
  for (int i = 0; i <= k; ++i) {
    tail +=
        std::exp(log_common - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0));
  }
  return std::min(1.0, 2 * tail);
}

}  // namespace

MatchScore ScoreOf(const std::vector<MatchGame>& games) {
  MatchScore score;
  std::vector<double> points;
  for (const MatchGame& g : games) {
    // A game's winner is a side; which engine played it depends on the
    // opening's side to move.
    const Color a_colour = g.first_is_a ? g.start.side_to_move()
                                        : Opponent(g.start.side_to_move());
    const Color winner = events::ColorOf(
        g.result == events::FIRST_WINS ? events::FIRST : events::SECOND,
        g.first_mover);
    double p = 0.5;
    if (g.result == events::DRAW) {
      ++score.draws;
    } else if (winner == a_colour) {
      ++score.wins;
      p = 1;
    } else {
      ++score.losses;
      p = 0;
    }
    points.push_back(p);
  }
  if (points.empty()) return score;
  const double n = static_cast<double>(points.size());
  double sum = 0;
  for (double p : points) sum += p;
  const double p = sum / n;
  constexpr double kZ = 1.96;
  const double z2 = kZ * kZ;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half =
      kZ * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  score.percent = 100 * p;
  score.low = 100 * std::max(0.0, centre - half);
  score.high = 100 * std::min(1.0, centre + half);
  score.sign_p = SignTest(score.wins, score.losses);
  return score;
}

TimeUse TimeUseOf(const std::vector<MatchGame>& games, bool engine_a,
                  double seconds) {
  std::vector<double> shares;
  TimeUse use;
  for (size_t n = 0; n < games.size(); ++n) {
    const MatchGame& g = games[n];
    // The first engine makes the even moves.
    const size_t first = g.first_is_a == engine_a ? 0 : 1;
    for (size_t i = first; i < g.move_seconds.size(); i += 2) {
      const double share = g.move_seconds[i] / seconds;
      if (shares.empty() || share > use.max) {
        use.max = share;
        use.max_game = static_cast<int>(n) + 1;
        use.max_turn = static_cast<int>(i) + 1;
      }
      shares.push_back(share);
    }
  }
  if (shares.empty()) return use;
  std::sort(shares.begin(), shares.end());
  use.moves = static_cast<int>(shares.size());
  double sum = 0;
  for (double s : shares) {
    sum += s;
    if (s > 1.1) ++use.over_110;
  }
  use.mean = sum / shares.size();
  use.median = shares[shares.size() / 2];
  use.p95 = shares[std::min(shares.size() - 1, shares.size() * 95 / 100)];
  return use;
}

}  // namespace checkers::match
