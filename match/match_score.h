// How a match came out: the score with its interval and sign test, and
// how each engine used its time, from the games PlayMatchGame played.

#ifndef CHECKERS_MATCH_MATCH_SCORE_H_
#define CHECKERS_MATCH_MATCH_SCORE_H_

#include <vector>

#include "match/match.h"

namespace checkers::match {

// The score of the match from engine A's view: points (win 1, draw 1/2)
// as a percentage of games, and its 95% confidence interval (Wilson's
// score interval, which stays honest for small matches and one-sided
// results: 40 wins of 40 games is 91% to 100%, not exactly 100%). The
// interval counts every game as a coin worth 0 or 1, so with many draws it
// is wider than the games warrant; `sign_p` asks the narrower question of
// the decisive games alone: the chance, were the engines equal, of wins and
// losses at least as far apart as these (two-sided, exact; 1 when there is
// no decisive game).
struct MatchScore {
  int wins = 0;
  int losses = 0;
  int draws = 0;
  double percent = 0;
  double low = 0;
  double high = 0;
  double sign_p = 1;
};
MatchScore ScoreOf(const std::vector<MatchGame>& games);

// How much of its time per move an engine used over a match: the number of
// its moves, the mean, median, 95th percentile and largest share of the
// time per move (1 is all of it), and how many moves took more than 110%.
struct TimeUse {
  int moves = 0;
  double mean = 0;
  double median = 0;
  double p95 = 0;
  double max = 0;
  // Where the slowest move was, so that its position can be found in the
  // match's PDN: the game's number and the turn's, both from 1.
  int max_game = 0;
  int max_turn = 0;
  int over_110 = 0;
};
// The time use of engine A (`engine_a`) or B over `games`, each move's
// time divided by `seconds`, the time per move (above 0).
TimeUse TimeUseOf(const std::vector<MatchGame>& games, bool engine_a,
                  double seconds);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_MATCH_SCORE_H_
