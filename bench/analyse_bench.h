// `checkers bench analyse`: what `checkers analyse` costs per position,
// and how far its marks agree with a deeper search's. The first games of a
// PDN collection (ImportBenchPath's) are judged as `checkers analyse`
// judges them, then again with every position searched at `deeper` times
// the nodes; a turn agrees when both mark it the same (unmarked, a mistake
// or a blunder).

#ifndef CHECKERS_BENCH_ANALYSE_BENCH_H_
#define CHECKERS_BENCH_ANALYSE_BENCH_H_

#include <string>

#include "absl/status/statusor.h"
#include "bench/figure.h"

namespace checkers::bench {

// The figures of `games` games of the PDN file at `path`:
// analyse_games, positions, ms_per_position, nodes_per_second, mistakes,
// blunders (at the default budget); deeper_nodes, marked_turns (turns
// either search marks), marks_agree (of those, the share both mark the
// same) and turns_agree (of every turn). The file's read error when it
// cannot be read, DataLoss when it is not PDN.
absl::StatusOr<Figures> AnalyseBench(const std::string& path, int games,
                                     int deeper);

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_ANALYSE_BENCH_H_
