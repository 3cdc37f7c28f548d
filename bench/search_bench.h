// `checkers bench search`: the search's behaviour fingerprint and speed.
//
// The fingerprint is the total node count of a fixed-depth search over a
// fixed set of positions: any change to move generation, ordering,
// pruning, extensions or evaluation changes it, while speed-ups that keep
// the tree do not. Then the speed, and the time Hard takes on each
// position at its real budget (the figure the one-second promise rests on).

#ifndef CHECKERS_BENCH_SEARCH_BENCH_H_
#define CHECKERS_BENCH_SEARCH_BENCH_H_

#include "absl/status/statusor.h"
#include "bench/figure.h"
#include "engine/rules.h"

namespace checkers::bench {

// Runs the fingerprint searches and Hard's searches: search_positions,
// search_depth, search_nodes (the fingerprint), search_seconds,
// search_nodes_per_second, hard_node_budget, hard_mean_move_seconds,
// hard_worst_move_seconds. Fails with the search's own error if a search
// fails. Under `edition` (an 8x8 one) from the same positions; for one
// other than English the figures follow search_rules, naming it.
absl::StatusOr<Figures> SearchBench(Edition edition = Edition::kEnglish);

// The same figures for international draughts (10x10) from its own
// positions and depth, after search_rules: international.
absl::StatusOr<Figures> Search10Bench();

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_SEARCH_BENCH_H_
