// `checkers bench import`: what importing and auditing a PDN collection
// costs, in memory. A round reads the PDN, replays every game, turns it
// into events checked by the fold, serializes them into log bytes, then
// parses, folds and audits those bytes. Nothing is written to disk, so no
// sync is counted.

#ifndef CHECKERS_BENCH_IMPORT_BENCH_H_
#define CHECKERS_BENCH_IMPORT_BENCH_H_

#include <string>

#include "absl/status/statusor.h"
#include "bench/figure.h"

namespace checkers::bench {

// The collection the bench reads: $CHECKERS_BENCH_PDN when set and not
// empty, else tests/data/tinsley.pdn relative to the working directory
// (the project root). Read at run time, never built into the binary.
std::string ImportBenchPath();

// Times `rounds` (1 or more) rounds on the PDN file at `path` and reports
// the fastest, the one least disturbed by whatever else the machine runs:
// import_file, games, plies, seconds, games_per_second, plies_per_second,
// import_seconds, encode_and_audit_seconds. The file's read error (its
// code kept, the message saying how to point the bench elsewhere) when it
// cannot be read; DataLoss when it is not PDN; Internal when an imported
// game fails its audit.
absl::StatusOr<Figures> ImportBench(const std::string& path, int rounds);

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_IMPORT_BENCH_H_
