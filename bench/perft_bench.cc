#include "bench/perft_bench.h"

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/movegen8.h"
#include "engine/movegen10.h"
#include "engine/position8.h"
#include "engine/position10.h"

namespace checkers::bench {

Figures PerftBench(int depth) {
  const Position start = Position::Initial();
  const absl::Time begin = absl::Now();
  const uint64_t leaves = Perft(start, depth);
  const double seconds = absl::ToDoubleSeconds(absl::Now() - begin);
  return {
      {"perft_depth", absl::StrCat(depth)},
      {"perft_leaves", absl::StrCat(leaves)},
      {"perft_seconds", absl::StrFormat("%.3f", seconds)},
      {"perft_leaves_per_second", absl::StrFormat("%.0f", leaves / seconds)},
  };
}

// International draughts: the same figures from its own starting position.
Figures Perft10Bench(int depth) {
  const intl::Position start = intl::Position::Initial();
  const absl::Time begin = absl::Now();
  const uint64_t leaves = intl::Perft(start, depth);
  const double seconds = absl::ToDoubleSeconds(absl::Now() - begin);
  return {
      {"perft_rules", "international"},
      {"perft_depth", absl::StrCat(depth)},
      {"perft_leaves", absl::StrCat(leaves)},
      {"perft_seconds", absl::StrFormat("%.3f", seconds)},
      {"perft_leaves_per_second", absl::StrFormat("%.0f", leaves / seconds)},
  };
}

}  // namespace checkers::bench
