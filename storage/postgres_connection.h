// One connection to a PostgreSQL server through libpq, for the PostgreSQL
// table store and its listener (postgres_store.h, postgres_listener.h).
// Statements are parameterized only: the values travel apart from the SQL
// text, in PostgreSQL's binary form, so no value is ever quoted into SQL;
// each statement is prepared once per connection. libpq's errors become
// Statuses with the project's codes (env.h):
//
//   Aborted              another writer came first: a unique key refused a
//                        row (SQLSTATE 23505), a serialization failure or a
//                        deadlock (40001, 40P01)
//   Unavailable          the server cannot be reached or the connection was
//                        lost (08xxx, 57P0x, or libpq's own failure)
//   PermissionDenied     authentication or privileges (28xxx, 42501)
//   ResourceExhausted    the server is out of disk, memory or connections
//                        (53xxx)
//   InvalidArgument      a connection string libpq cannot parse
//   Internal             anything else
//
// Not thread-safe: one thread uses a connection at a time.

#ifndef CHECKERS_STORAGE_POSTGRES_CONNECTION_H_
#define CHECKERS_STORAGE_POSTGRES_CONNECTION_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

// libpq's handles, declared here so that users of this header do not
// include libpq's.
struct pg_conn;
struct pg_result;

namespace checkers::storage::pg {

// A statement's parameter: its type's OID and its value in binary form.
struct Param {
  uint32_t type = 0;
  std::string value;
};

// bigint, text and bytea parameters.
Param Int8(int64_t value);
Param Text(absl::string_view value);
Param Bytea(absl::string_view value);

// The rows a statement returned, every column in binary form.
class Result {
 public:
  int rows() const;
  bool null(int row, int column) const;
  // A text or bytea column's bytes; valid while the Result lives.
  absl::string_view bytes(int row, int column) const;
  // A bigint column.
  int64_t int8(int row, int column) const;

 private:
  friend class Connection;
  struct Clear {
    void operator()(pg_result* result) const;
  };
  explicit Result(pg_result* result) : result_(result) {}

  std::unique_ptr<pg_result, Clear> result_;
};

// A notification received on a LISTENing connection.
struct Notification {
  std::string channel;
  std::string payload;
};

class Connection {
 public:
  // Connects to the server `uri` names (a libpq connection URI,
  // postgresql://..., or key=value string) and names the session
  // `application` (pg_stat_activity shows it), with synchronous_commit on
  // whatever the server's default: a commit is acknowledged only once it
  // is on the server's disk. Errors as the table at the top of this file,
  // naming the URI without its password.
  static absl::StatusOr<std::unique_ptr<Connection>> Open(
      const std::string& uri, absl::string_view application);

  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql`, whose $1, $2, ... are `params`, and returns its rows (none
  // for a statement that returns none). Errors as the table at the top of
  // this file, with the server's message.
  absl::StatusOr<Result> Exec(const std::string& sql,
                              const std::vector<Param>& params = {});

  // Whether the connection can still be used: false once it was lost (a
  // statement on it failed with Unavailable).
  bool usable() const;
  // usable(), and false too when the server sent anything while the
  // connection was idle (as it does when it closes it), for a connection
  // that does not LISTEN.
  bool Alive();
  // Whether no transaction is open (or failed) on it.
  bool idle() const;
  // The socket, for waiting until notifications arrive (poll for input).
  int socket() const;

  // Reads what the server sent without waiting, then returns the next
  // notification received, or nullopt when there is none. Unavailable when
  // the connection was lost.
  absl::StatusOr<std::optional<Notification>> NextNotification();

 private:
  explicit Connection(pg_conn* conn) : conn_(conn) {}

  // The Status for a failed statement, or for the connection when
  // `result` is null; marks the connection lost when it is Unavailable.
  absl::Status Error(const pg_result* result);

  pg_conn* conn_;
  // Set when a statement found the connection failed, which libpq may not
  // yet say itself.
  bool lost_ = false;
  // The prepared statements by their SQL, and their names.
  std::map<std::string, std::string> prepared_;
};

// `uri` with any password in it replaced by "***", for messages.
std::string Redacted(absl::string_view uri);

}  // namespace checkers::storage::pg

#endif  // CHECKERS_STORAGE_POSTGRES_CONNECTION_H_
