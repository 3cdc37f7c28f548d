// `checkers bench log`: what saving a turn costs. A turn is acknowledged only
// after fdatasync, so durable appends are bounded by the disk's fdatasync rate;
// the bench measures both in the same directory and run, alternating so
// that a change in the machine's load hits both alike, and reports their
// ratio (target >= 0.95: the append path adds nothing to the sync). Then
// what rebuilding costs: the fold rate over many recorded games, every
// turn checked for legality (target >= 5 M turns/s), and the time to
// resume a saved 200-turn game (open, recover, parse, fold).

#ifndef CHECKERS_BENCH_STORAGE_BENCH_H_
#define CHECKERS_BENCH_STORAGE_BENCH_H_

#include "absl/status/statusor.h"
#include "bench/figure.h"

namespace checkers::bench {

// Runs the three measures in a fresh directory under $TMPDIR (or /tmp),
// removed afterwards: durable_appends_per_second, raw_fdatasync_per_second,
// append_to_fdatasync_ratio, fold_turns, fold_turns_per_second,
// resume_200_turn_seconds. Fails with the file system's error (naming the
// path) when the directory cannot be made or written, and Internal if a
// resumed game loses turns.
absl::StatusOr<Figures> StorageBench();

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_STORAGE_BENCH_H_
