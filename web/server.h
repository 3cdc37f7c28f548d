// `checkers serve`: the web board's HTTP server (web/API.md). It holds the
// tables (each a session over one log) and answers requests through one
// table of routes; the connections are web/http's. Nothing else: a server
// started again on the same data directory serves every table as it was.

#ifndef CHECKERS_WEB_SERVER_H_
#define CHECKERS_WEB_SERVER_H_

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "lang/catalogue.h"
#include "replay/analysis.h"
#include "session/clock.h"
#include "storage/file_table_store.h"
#include "storage/postgres_listener.h"
#include "storage/table_store.h"
#include "web/allowed_hosts.h"
#include "web/analyses.h"
#include "web/http/request.h"
#include "web/http/response.h"
#include "web/http/router.h"
#include "web/http/server.h"
#include "web/http/workers.h"
#include "web/opened_games.h"
#include "web/table.h"

namespace checkers::web {

class Server {
 public:
  struct Options {
    // Where to listen; port 0 picks a free one.
    std::string host = "127.0.0.1";
    int port = 8080;
    // Names a request's Host may give besides those the listening
    // address allows (web/allowed_hosts.h).
    std::vector<std::string> allowed_hosts;
    // The terminal game's save is DIR/match.log (the table `local`); every
    // other table is DIR/tables/<id>.log, unless `store` names a database.
    std::string data_dir;
    // A PostgreSQL connection URI (postgresql://...): the tables' logs are
    // that database's (storage/POSTGRES.md), which other servers may share,
    // and `data_dir`, if any, serves only the table `local`. Empty: the
    // file store of `data_dir`.
    std::string store;
    // Event streams open at once; one more is refused with 503. A sanity
    // bound: an open stream holds no thread.
    int max_streams = 1000;
    // How long an idle event stream waits before a keep-alive comment.
    absl::Duration keepalive = absl::Seconds(15);
    // Connections one client address may hold (http::Server::Options).
    int max_connections_per_address = 64;
    // Threads running requests at once (each may wait on a table's lock
    // or the fdatasync of a move; concurrent syncs of different logs
    // share the disk's flushes, so more than a few pay off).
    int workers = 16;
    Table::Options table;
    // How the replay page's analyses judge each game (web/analyses.h).
    replay::AnalysisOptions analysis;
    // Test-only: the tables' clock (table.clock) when it is a manual one,
    // which POST /api/test/clock moves on; null serves no such route.
    session::ManualClock* test_clock = nullptr;
  };

  // Opens every table of the store: `options.data_dir` (creating the
  // directory) or `options.store`, then follows the database's changes
  // (storage/postgres_listener.h): a table another server changed is
  // caught up and its followers sent what is new, and a table another
  // server made is served here too. A table whose log is damaged is left
  // out, with a line on stderr naming it and `checkers audit`. Errors: the
  // data directory cannot be created (Env's words); the database cannot
  // be reached (PostgresTableStore::Open's words).
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

  // The answer to `request`, as the connection would get it (without the
  // socket, for tests and the fuzz target): the Host and Origin rules,
  // the route, and the headers every answer carries.
  http::Response Handle(const http::Request& request);

  // Whether any table's computer has a move or a draw answer under way or
  // due (Table::ComputerBusy): for a test that compares logs before and
  // after a request, which must wait until none has.
  bool ComputerBusy();

  // The port bound, once Bind() succeeded.
  int port() const { return http_.port(); }

 private:
  explicit Server(Options options);

  void Route();
  // The replay page's routes (replay_routes.cc).
  void RouteReplay();
  // The table `id`, or null. A shared store's table made by another
  // server is opened here on first sight.
  Table* Find(const std::string& id);
  // Opens the store's table `id` and serves it, unless it is served
  // already or being made here; the table, or null when it cannot be
  // opened (said on stderr unless it does not exist).
  Table* Adopt(const std::string& id);
  // A notification of the shared store: the table is caught up (or
  // adopted).
  void OnStoreChange(const storage::TableChange& change);
  // Has every table read the shared store again: after the listener lost
  // its connection, and now and then for a notification never sent.
  void CatchUpAll();
  std::vector<Table*> Tables();
  absl::StatusOr<Table*> CreateTable(events::GameStarted started,
                                     const lang::Catalogue& text);

  // Handlers of the routes (web/API.md, "Requests").
  http::Response CreateTableAnswer(const http::Request& request);
  http::Response TakeSeatAnswer(const http::Request& request, Table& t,
                                const std::string& side);
  http::Response Ratings();
  http::Response AdvanceTestClock(const http::Request& request);
  http::Response TableEvents(const http::Request& request, Table& t);
  http::Response TablesEvents(const http::Request& request);
  // A stream whose closing frees its place under max_streams; null past
  // it.
  std::shared_ptr<http::Stream> OpenStream(absl::Duration keepalive);

  const Options options_;
  const AllowedHosts allowed_hosts_;
  http::Router router_;
  std::atomic<int> open_streams_{0};
  const std::unique_ptr<Analyses> analyses_;
  const std::unique_ptr<OpenedGames> opened_games_;
  absl::Mutex mu_;
  // The store of every table but `local`.
  std::unique_ptr<storage::TableStore> store_;
  // store_ when it is the file store of data_dir; null for a database.
  storage::FileTableStore* file_store_ = nullptr;
  std::map<std::string, std::unique_ptr<Table>> tables_ ABSL_GUARDED_BY(mu_);
  // Tables being made here, not yet in tables_: notifications of them are
  // this server's own.
  std::set<std::string> creating_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  // Last: destroyed first, while the tables its handlers use still are.
  http::Server http_;
  // Read the store again for the tables a notification names, so that
  // the listener's thread hands each on at once: one read at a time, each
  // waiting for its table's lock (held through a move's commit), fell
  // seconds behind 100 busy tables (docs/SCALE.md).
  std::unique_ptr<http::Workers> catch_ups_;
  // Follows a shared store's changes; stopped before the tables are.
  std::unique_ptr<storage::TableListener> listener_;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_SERVER_H_
