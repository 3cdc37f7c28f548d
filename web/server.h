// `checkers serve`: the web board's HTTP server (web/API.md). It holds the
// tables (each a session over one log) and the open connections, nothing
// else: a server started again on the same data directory serves every
// table as it was.

#ifndef CHECKERS_WEB_SERVER_H_
#define CHECKERS_WEB_SERVER_H_

#include <atomic>
#include <map>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "httplib.h"
#include "lang/catalogue.h"
#include "session/clock.h"
#include "web/table.h"

namespace checkers::web {

class Server {
 public:
  struct Options {
    // Where to listen; port 0 picks a free one.
    std::string host = "127.0.0.1";
    int port = 8080;
    // The terminal game's save is DIR/match.log (the table `local`); every
    // other table is DIR/tables/<id>.log.
    std::string data_dir;
    // Event streams open at once; one more is refused with 503.
    int max_streams = 64;
    // How long an idle event stream waits before a keep-alive comment.
    absl::Duration keepalive = absl::Seconds(15);
    Table::Options table;
    // Test-only: the tables' clock (table.clock) when it is a manual one,
    // which POST /api/test/clock moves on; null serves no such route.
    session::ManualClock* test_clock = nullptr;
  };

  // Opens every table of `options.data_dir` (creating the directory).
  // A table whose log is damaged is left out, with a line on stderr
  // naming it and `checkers audit`. Errors: the data directory cannot be
  // created (Env's words).
  static absl::StatusOr<std::unique_ptr<Server>> Create(Options options);
  ~Server();

  // Binds the listening socket and returns its port. Unavailable naming
  // the address when it cannot be bound.
  absl::StatusOr<int> Bind();
  // Serves the bound socket until Stop(); returns once every request
  // under way has been answered.
  void Serve();
  // From any thread: stops accepting, ends the event streams, lets the
  // actions under way commit, and stops the computer's workers.
  void Stop();

  // The port bound, once Bind() succeeded.
  int port() const { return port_; }

 private:
  explicit Server(Options options);

  void Route();
  // The table `id`, or null.
  Table* Find(const std::string& id);
  absl::StatusOr<Table*> CreateTable(events::GameStarted started,
                                     const lang::Catalogue& text);

  const Options options_;
  httplib::Server http_;
  int port_ = 0;
  // The listening socket, once bound (for its queue's length).
  int listen_socket_ = -1;
  std::atomic<int> open_streams_{0};
  absl::Mutex mu_;
  std::map<std::string, std::unique_ptr<Table>> tables_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_SERVER_H_
