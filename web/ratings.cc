#include "web/ratings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

namespace checkers::web {
namespace {

struct Standing {
  double rating = kStartRating;
  Rating counts;
};

// The expected score of a player rated `ours` against one rated `theirs`.
double Expected(double ours, double theirs) {
  return 1.0 / (1.0 + std::pow(10.0, (theirs - ours) / 400.0));
}

}  // namespace

std::vector<Rating> FoldRatings(std::vector<RatedGame> games) {
  std::sort(games.begin(), games.end(),
            [](const RatedGame& a, const RatedGame& b) {
              return std::tie(a.ended_millis, a.table) <
                     std::tie(b.ended_millis, b.table);
            });
  std::map<std::string, Standing> standings;
  for (const RatedGame& g : games) {
    if (g.first == g.second || g.result == events::RESULT_UNSPECIFIED) {
      continue;
    }
    Standing& first = standings[g.first];
    Standing& second = standings[g.second];
    const double score = g.result == events::FIRST_WINS    ? 1.0
                         : g.result == events::SECOND_WINS ? 0.0
                                                           : 0.5;
    const double change =
        kEloK * (score - Expected(first.rating, second.rating));
    first.rating += change;
    second.rating -= change;
    for (auto [s, won] :
         {std::pair(&first, score == 1.0), std::pair(&second, score == 0.0)}) {
      ++s->counts.games;
      if (score == 0.5) {
        ++s->counts.draws;
      } else if (won) {
        ++s->counts.wins;
      } else {
        ++s->counts.losses;
      }
    }
  }
  std::vector<Rating> out;
  for (auto& [name, s] : standings) {
    Rating r = s.counts;
    r.name = name;
    r.rating = static_cast<int>(std::lround(s.rating));
    out.push_back(std::move(r));
  }
  std::stable_sort(
      out.begin(), out.end(),
      [](const Rating& a, const Rating& b) { return a.rating > b.rating; });
  return out;
}

}  // namespace checkers::web
