// A throwaway PostgreSQL server for tests and benchmarks: a new cluster
// (initdb) in a fresh directory under /tmp, listening only on a Unix socket
// in that directory, removed with its directory when the object is
// destroyed, and also when the process dies without destroying it (a
// watcher process, in a session of its own, does it then). It needs
// PostgreSQL's server programs (Debian's postgresql-15, which
// tools/setup.sh installs), not a running server.
//
// initdb refuses to run as root, so as root the cluster belongs to the
// user postgres (which Debian's package creates) and its programs run as
// that user through runuser.

#ifndef CHECKERS_STORAGE_SCRATCH_POSTGRES_H_
#define CHECKERS_STORAGE_SCRATCH_POSTGRES_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace checkers::storage {

class ScratchPostgres {
 public:
  // The directory of PostgreSQL's server programs: $CHECKERS_POSTGRES_BIN,
  // else Debian's /usr/lib/postgresql/15/bin.
  static std::string BinDir();

  struct Options {
    // Whether the server makes its writes durable (fsync, PostgreSQL's
    // default). Tests that need no power-cut safety run faster without;
    // a benchmark keeps it.
    bool fsync = true;
  };

  // Makes and starts a cluster (a second or two). NotFound, naming the
  // package, when initdb or pg_ctl is missing from BinDir(); Internal with
  // the program's own words when initdb or pg_ctl fails.
  static absl::StatusOr<std::unique_ptr<ScratchPostgres>> Start(
      Options options);

  // Stops the server and removes its directory, and waits until both are
  // done.
  ~ScratchPostgres();
  ScratchPostgres(const ScratchPostgres&) = delete;
  ScratchPostgres& operator=(const ScratchPostgres&) = delete;

  // The connection URI of the database "postgres" as the superuser
  // "checkers", through the socket.
  const std::string& uri() const { return uri_; }

  // Makes the schema `name` (lower-case letters, digits and '_', not
  // starting with a digit) and returns a URI whose sessions keep their
  // tables there (search_path), so that tests sharing the server share no
  // tables. InvalidArgument for another name; the server's errors as
  // postgres_connection.h.
  absl::StatusOr<std::string> NewSchema(absl::string_view name);

  // Stops the server as a crash would (pg_ctl stop -m immediate: nothing
  // is flushed or checkpointed, open connections are cut), then starts it
  // again, recovering from its write-ahead log. Internal with pg_ctl's
  // words when either fails.
  absl::Status CrashAndRestart();

 private:
  ScratchPostgres(std::string dir, Options options, pid_t watcher,
                  int watcher_pipe);

  // Runs a server program of BinDir() (as postgres when root), with its
  // output appended to <dir>/programs.log; Internal naming the program and
  // quoting the log's end when it fails.
  static absl::Status RunProgram(const std::string& dir,
                                 const std::vector<std::string>& args);
  absl::Status StartServer();

  const std::string dir_;
  const Options options_;
  const std::string uri_;
  const pid_t watcher_;
  // The write end of the pipe the watcher reads: closing it (here, or by
  // the process ending) tells the watcher to stop the server.
  const int watcher_pipe_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_SCRATCH_POSTGRES_H_
