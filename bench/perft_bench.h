// `checkers bench perft`: the speed of move generation alone.

#ifndef CHECKERS_BENCH_PERFT_BENCH_H_
#define CHECKERS_BENCH_PERFT_BENCH_H_

#include "bench/figure.h"

namespace checkers::bench {

// The depth `checkers bench perft` counts to.
inline constexpr int kPerftBenchDepth = 12;

// Counts the leaves of the starting position to `depth` (1 or more) and
// times it: perft_depth, perft_leaves, perft_seconds,
// perft_leaves_per_second. Cannot fail.
Figures PerftBench(int depth);

// International draughts (10x10): the depth `checkers bench perft
// --rules=international` counts to, and the same figures from its starting
// position ("keep" convention), after perft_rules: international. Cannot
// fail.
inline constexpr int kPerft10BenchDepth = 9;
Figures Perft10Bench(int depth);

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_PERFT_BENCH_H_
