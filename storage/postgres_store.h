// The tables of `checkers serve --store=postgresql://...`: every table's
// log in one PostgreSQL database that any number of server processes share
// (the schema, and why it is shaped so, in POSTGRES.md).
//
// A log is the rows of checkers_events keyed (table id, seq), each row one
// record's frame exactly as FORMAT.md lays it out in a file, and a row of
// checkers_tables holding the log id, the head (the last seq) and the
// epoch (how many times records were taken back or replaced). Every change
// of a log is one transaction that first moves the table's row from the
// (head, epoch) its writer last saw: so a commit lands only at head + 1 of
// the log its writer had read, two writers racing for the same seq are
// decided by the database (the loser is refused with Aborted and nothing
// of its commit is stored), and a commit is acknowledged once PostgreSQL
// has it on disk (synchronous_commit on). Each change notifies the channel
// kTablesChannel with "ID:HEAD" (postgres_listener.h): a table made or
// removed in its own transaction, a change of a log right after it has
// committed.

#ifndef CHECKERS_STORAGE_POSTGRES_STORE_H_
#define CHECKERS_STORAGE_POSTGRES_STORE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "storage/event_log.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "storage/postgres_connection.h"
#include "storage/table_store.h"

namespace checkers::storage {

// The channel every change of a table is notified on, with the payload
// "ID:HEAD": the table's id and its last seq after the change.
inline constexpr absl::string_view kTablesChannel = "checkers_tables";

// The version of the schema this build makes and reads (POSTGRES.md).
inline constexpr int kPostgresSchemaVersion = 1;

// Whether `where` names a PostgreSQL database (a postgresql:// or
// postgres:// URI) rather than a directory.
bool IsPostgresUri(absl::string_view where);

class PostgresEventLog;

class PostgresTableStore final : public TableStore {
 public:
  struct Options {
    // The most connections the store holds open at once; an operation
    // waits for one when all are busy. A server shares them among all its
    // tables.
    int max_connections = 8;
  };

  // Connects to the database at `uri` (a libpq connection URI) and makes
  // the schema if it is missing, under an advisory lock so that processes
  // starting together make it once. Errors as postgres_connection.h says
  // (Unavailable when the server cannot be reached; InvalidArgument for a
  // URI libpq cannot parse), and FailedPrecondition when the database
  // holds tables in a newer schema version than kPostgresSchemaVersion.
  static absl::StatusOr<std::unique_ptr<PostgresTableStore>> Open(
      const std::string& uri, Options options);
  static absl::StatusOr<std::unique_ptr<PostgresTableStore>> Open(
      const std::string& uri);

  ~PostgresTableStore() override;

  // The URI without its password.
  const std::string& name() const override { return name_; }
  absl::StatusOr<std::vector<std::string>> List() override;
  // A PostgresEventLog. Creating a table notifies "ID:0".
  absl::StatusOr<std::unique_ptr<EventLog>> Open(const std::string& id,
                                                 bool create) override;
  // The header under the table's log id, then every row's frame in seq
  // order, read in one snapshot.
  absl::StatusOr<std::string> ReadBytes(const std::string& id) override;
  // One transaction; notifies "ID:HEAD".
  absl::Status Create(const std::string& id, const LogContents& log) override;
  // Notifies "ID:0"; a log object still open on the table then finds it
  // gone (NotFound).
  absl::Status Remove(const std::string& id) override;

 private:
  friend class PostgresEventLog;

  // A connection lent for one operation: back to the pool when it goes out
  // of scope, or closed if it is no longer usable or a transaction was left
  // open on it.
  class Lease {
   public:
    Lease(PostgresTableStore* store, std::unique_ptr<pg::Connection> conn)
        : store_(store), conn_(std::move(conn)) {}
    Lease(Lease&& other)
        : store_(std::exchange(other.store_, nullptr)),
          conn_(std::move(other.conn_)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    pg::Connection& operator*() const { return *conn_; }
    pg::Connection* operator->() const { return conn_.get(); }

   private:
    PostgresTableStore* store_;
    std::unique_ptr<pg::Connection> conn_;
  };

  PostgresTableStore(std::string uri, Options options);

  // A connection from the pool, or a new one when none is idle and fewer
  // than max_connections are lent; else waits for one to come back.
  absl::StatusOr<Lease> Borrow();
  bool CanLend() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void GiveBack(std::unique_ptr<pg::Connection> conn);
  absl::Status MakeSchema();
  // Notifies "ID:HEAD" after a change of a log has committed, in a
  // transaction of its own whose commit does not wait for the disk: a
  // notification sent inside the change would hold PostgreSQL's lock on
  // the notification queue across the change's flush to disk, so that
  // changes of different tables could not share flushes (POSTGRES.md,
  // "Notifications"). A notification that fails is not retried: a
  // notification lost costs latency, never an event.
  void Notify(const std::string& id, uint64_t head);
  // `status` with the table and the store named.
  absl::Status Named(const std::string& id, const absl::Status& status) const;

  const std::string uri_;
  const std::string name_;
  const Options options_;
  absl::Mutex mu_;
  std::vector<std::unique_ptr<pg::Connection>> idle_ ABSL_GUARDED_BY(mu_);
  int lent_ ABSL_GUARDED_BY(mu_) = 0;
};

// The log of one table of a PostgresTableStore. Not thread-safe, like every
// EventLog; many of them, in many processes, may be open on one table.
class PostgresEventLog final : public EventLog {
 public:
  const std::vector<Record>& records() const override { return records_; }

  // One statement (one round trip, one transaction) that moves the table's
  // head from records().size() to the commit's last seq and inserts its
  // rows. Aborted, nothing stored, when another writer changed the log
  // since this object last read or wrote it: CatchUp, then decide again.
  // NotFound when the table was removed. A connection lost on the way is
  // Unavailable, unless a new connection finds the commit stored (then OK)
  // or finds the log as it was (then the commit is tried once more on the
  // new connection).
  absl::Status Append(std::vector<std::string> payloads) override;

  // Deletes the rows after `num_records` and counts a new epoch, in one
  // statement; Aborted as for Append.
  absl::Status TruncateTo(size_t num_records) override;

  // One transaction: a new log id and epoch, the old rows deleted and the
  // new commit inserted; Aborted as for Append.
  absl::Status ReplaceWith(std::vector<std::string> payloads) override;

  bool durable() const override { return true; }

  // Reads, in one statement, the table's head and epoch and the rows this
  // object has not seen: those after its head, and those written in a
  // later epoch (POSTGRES.md, "Catching up"). NotFound when the table was
  // removed; DataLoss naming the seq when the rows are damaged (a frame's
  // checksum or number is wrong, or a record is missing).
  absl::StatusOr<size_t> CatchUp() override;

  const std::string& table_id() const { return id_; }
  // The id in the log's header; new after each ReplaceWith.
  const LogId& log_id() const { return log_id_; }
  // How many times records were taken back or replaced, as of the last
  // read or write.
  int64_t epoch() const { return epoch_; }

 private:
  friend class PostgresTableStore;

  // What one read of the table found.
  struct Snapshot {
    LogId log_id{};
    uint64_t head = 0;
    int64_t epoch = 0;
    // How many of the reader's records are still the log's first ones.
    size_t kept = 0;
    // The log's records after them.
    std::vector<Record> added;
  };

  PostgresEventLog(PostgresTableStore* store, std::string id)
      : store_(store), id_(std::move(id)) {}

  // Reads the table as CatchUp does, relative to `records` read in
  // `epoch` (none, epoch 0: the whole log).
  static absl::StatusOr<Snapshot> Read(pg::Connection& conn,
                                       const std::string& id,
                                       const std::vector<Record>& records,
                                       int64_t epoch);
  // Takes `snapshot` in: records() becomes the log it read.
  size_t Apply(Snapshot snapshot);

  // Runs `change` on a connection: true when it moved the table from the
  // head and epoch this object saw, false when another writer came first
  // (then Aborted, or NotFound for a removed table). When the connection
  // is lost before the answer, `landed` tells from a new connection's
  // snapshot whether the change was stored after all.
  absl::Status Change(
      const std::function<absl::StatusOr<bool>(pg::Connection&)>& change,
      const std::function<bool(const Snapshot&)>& landed);
  // The Aborted (or NotFound) status for a change refused because the
  // table is no longer where this object saw it.
  absl::Status MovedOn(pg::Connection& conn);
  absl::Status Named(const absl::Status& status) const {
    return store_->Named(id_, status);
  }

  PostgresTableStore* const store_;
  const std::string id_;
  LogId log_id_{};
  int64_t epoch_ = 0;
  std::vector<Record> records_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_POSTGRES_STORE_H_
