// Ratings of the players of rated tables: Elo, folded from the finished
// rated games in a fixed order, so the same logs always give the same
// ratings (docs/RATINGS.md).

#ifndef CHECKERS_WEB_RATINGS_H_
#define CHECKERS_WEB_RATINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "events/events.pb.h"

namespace checkers::web {

// One finished rated game: who held each seat and how it ended.
struct RatedGame {
  // The table, for a fixed order among games that ended at once.
  std::string table;
  // The unix_millis of its GameEnded.
  int64_t ended_millis = 0;
  std::string first;
  std::string second;
  events::Result result = events::RESULT_UNSPECIFIED;
};

struct Rating {
  std::string name;
  // Rounded to the nearest whole point.
  int rating = 0;
  int games = 0;
  int wins = 0;
  int losses = 0;
  int draws = 0;
};

// Everyone starts at this rating.
inline constexpr double kStartRating = 1500;
// How far one game moves a rating.
inline constexpr double kEloK = 32;

// The ratings after `games`, folded in order of their end (then of table
// id): for each game each player's rating moves by kEloK times their score
// (1 a win, 1/2 a draw, 0 a loss) less their expected score
// 1 / (1 + 10^((theirs - ours) / 400)). A game whose two seats carry one
// name, or whose result is unset, is left out. Highest rating first, then
// by name.
std::vector<Rating> FoldRatings(std::vector<RatedGame> games);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_RATINGS_H_
