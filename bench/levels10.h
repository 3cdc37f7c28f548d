// `checkers bench levels --rules=international`: the 10x10 levels' order,
// measured by engine-vs-engine games. They are played here on bare
// positions, not through the fold as `checkers match` plays them, with the
// draw rules of docs/RULES.md that the search knows (third repetition, 25
// king moves each without a capture), a ply cap and adjudication by
// material.

#ifndef CHECKERS_BENCH_LEVELS10_H_
#define CHECKERS_BENCH_LEVELS10_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "bench/figure.h"
#include "engine/position10.h"
#include "engine/search.h"

namespace checkers::bench {

struct Game10Options {
  // The game is adjudicated after this many plies: won by the side with
  // at least a man's worth more material, else drawn.
  int max_plies = 250;
  // A lead, in centi-men (engine/eval10.h prices kings), at which a
  // position without a pending capture is adjudicated won: it spares the
  // long technical finish.
  int decisive_lead = 300;
};

struct Game10 {
  // +1 when White won, -1 when Black won, 0 for a draw.
  int result = 0;
  int plies = 0;
  // Why it ended, in words.
  std::string how;
};

// Plays `start` to its end with `white` and `black` choosing the moves;
// `seed` feeds Easy's choices. Fails with the search's error if a search
// fails.
absl::StatusOr<Game10> PlayGame10(const intl::Position& start, Level white,
                                  Level black, uint64_t seed,
                                  const Game10Options& options = {});

struct MatchScore {
  int wins = 0;
  int losses = 0;
  int draws = 0;
  // Points in percent: a win is 1, a draw half.
  double Percent() const;
  // "W-L-D".
  std::string Text() const;
};

// `a` against `b` over `openings` openings, each played twice with the
// colours swapped: 2 * openings games. Opening i is the starting position
// after two random plies (one by each side) drawn from a generator seeded
// with `seed` and i, so that a match is the same on every run. Fails as
// PlayGame10 does.
absl::StatusOr<MatchScore> PlayMatch10(Level a, Level b, int openings,
                                       uint64_t seed);

// The figures of `checkers bench levels --rules=international`: Hard
// against Easy, Medium against Easy and Hard against Medium over
// `openings` openings each (hard_vs_easy, medium_vs_easy, hard_vs_medium
// as wins-losses-draws of the first level, each with its _percent, and
// levels_seconds).
absl::StatusOr<Figures> Levels10Bench(int openings);

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_LEVELS10_H_
