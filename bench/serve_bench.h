// `checkers bench serve`: what the web board costs a move over loopback
// HTTP. For each table count, an in-process server on 127.0.0.1:0 and, per
// table (two players), a client that plays random legal moves and a second
// client following the table's event stream (web/API.md), each through
// web/http's client. Each move waits for the follower to see it, so the
// latency is the whole path: POST, check, durable append (one fdatasync),
// fold, and the event arriving. The players, which stand for browsers on
// other machines, run at a lower CPU priority than the server and the
// viewers (serve_bench.cc, kPlayerNice).

#ifndef CHECKERS_BENCH_SERVE_BENCH_H_
#define CHECKERS_BENCH_SERVE_BENCH_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "bench/figure.h"

namespace checkers::bench {

struct ServeBenchOptions {
  // One round per entry, each with a fresh server and data directory.
  std::vector<int> table_counts = {1, 10, 100};
  // Then one round per entry of remote tables: the player holds both
  // seats, and each table has both players' event streams and
  // `spectators` more. Every viewer must receive every record in order,
  // none twice.
  std::vector<int> remote_table_counts = {100};
  int spectators = 3;
  // Each round stops after this long, or when every table has played
  // max_moves_per_table, whichever comes first.
  absl::Duration round = absl::Seconds(3);
  int64_t max_moves_per_table = 100000;
  // A PostgreSQL connection URI (storage/POSTGRES.md): every round is then
  // run again on that database once per entry of `store_servers`, with
  // that many servers, each with its own connections and listener, as
  // `checkers serve --store=URI` processes have. Table i is made and
  // played on server i mod N and its viewers follow it on the next
  // server, so that with 2 servers each event crosses from one server to
  // the other through the database's notifications. The database's
  // tables are removed before each round.
  std::string store;
  std::vector<int> store_servers = {1, 2};
};

// Per round, serve_<N>_tables_moves, _moves_per_second, _p50_ms and
// _p99_ms (POST sent to the event arriving at the last of its viewers);
// for remote rounds serve_remote_<N>_tables_ and first _viewers; the
// rounds on the database as serve_pg<S>_<N>_tables_... and
// serve_pg<S>_remote_<N>_tables_... with S servers. Runs in a
// fresh directory under $TMPDIR (or /tmp), removed afterwards. Errors: the
// directory or the server cannot be made (their words); Internal when a
// request fails, a move's event does not reach every viewer within 30 s,
// or a viewer receives a record out of order or twice.
absl::StatusOr<Figures> ServeBench(const ServeBenchOptions& options);

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_SERVE_BENCH_H_
