#include "storage/postgres_store.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "storage/log_edits.h"

namespace checkers::storage {
namespace {

// The schema, version 1 (POSTGRES.md explains each column). The checks
// repeat what the writers guarantee, so that a hand-made row that breaks
// them is refused by the database rather than read as a log.
const char* const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS checkers_schema (version integer NOT NULL)",
    "CREATE TABLE IF NOT EXISTS checkers_tables ("
    "  table_id text PRIMARY KEY"
    "    CHECK (table_id ~ '^[a-z0-9][a-z0-9-]{0,31}$' AND table_id <> 'local'),"
    "  log_id bytea NOT NULL CHECK (length(log_id) = 16),"
    "  head bigint NOT NULL CHECK (head >= 0),"
    "  epoch bigint NOT NULL CHECK (epoch >= 0),"
    "  created timestamptz NOT NULL DEFAULT now())",
    "CREATE TABLE IF NOT EXISTS checkers_events ("
    "  table_id text NOT NULL REFERENCES checkers_tables ON DELETE CASCADE,"
    "  seq bigint NOT NULL CHECK (seq >= 1),"
    "  epoch bigint NOT NULL CHECK (epoch >= 0),"
    "  frame bytea NOT NULL,"
    "  PRIMARY KEY (table_id, seq))",
};

// Held while the schema is made or checked: "cklog" in ASCII.
constexpr int64_t kSchemaLockKey = 0x636b6c6f67;

// Everything a reader needs of a table in one statement, and so in one
// snapshot: the table's row, and the rows of the records the reader has
// not seen (those after its head $2, and any written after its epoch $3).
constexpr char kReadSql[] =
    "SELECT t.log_id, t.head, t.epoch, e.seq, e.epoch, e.frame "
    "FROM checkers_tables t LEFT JOIN checkers_events e "
    "  ON e.table_id = t.table_id AND (e.seq > $2 OR e.epoch > $3) "
    "WHERE t.table_id = $1 ORDER BY e.seq";

// The statement that appends a commit of `records` rows: it moves the
// table's head from $3 to $2 only while the epoch is $4, inserts the rows
// (seq, frame) = ($5, $6), ($7, $8), ... only if it did, and notifies. One
// row comes back when it did, none when another writer came first.
std::string AppendSql(size_t records) {
  std::string values;
  for (size_t i = 0; i < records; ++i) {
    absl::StrAppend(&values, i == 0 ? "" : ", ", "($", 5 + 2 * i, "::bigint, $",
                    6 + 2 * i, "::bytea)");
  }
  return absl::StrCat(
      "WITH moved AS ("
      "  UPDATE checkers_tables SET head = $2"
      "  WHERE table_id = $1 AND head = $3 AND epoch = $4"
      "  RETURNING table_id, epoch), "
      "added AS ("
      "  INSERT INTO checkers_events (table_id, seq, epoch, frame)"
      "  SELECT moved.table_id, v.seq, moved.epoch, v.frame"
      "  FROM moved, (VALUES ",
      values,
      ") AS v (seq, frame)) "
      "SELECT 1 FROM moved");
}

// Inserts `records` rows of table $1 in epoch $2: (seq, frame) = ($3, $4),
// ($5, $6), ...
std::string InsertSql(size_t records) {
  std::string values;
  for (size_t i = 0; i < records; ++i) {
    absl::StrAppend(&values, i == 0 ? "" : ", ", "($1, $", 3 + 2 * i,
                    "::bigint, $2, $", 4 + 2 * i, "::bytea)");
  }
  return absl::StrCat(
      "INSERT INTO checkers_events (table_id, seq, epoch, frame) VALUES ",
      values);
}

constexpr char kTruncateSql[] =
    "WITH moved AS ("
    "  UPDATE checkers_tables SET head = $2, epoch = epoch + 1"
    "  WHERE table_id = $1 AND head = $3 AND epoch = $4"
    "  RETURNING table_id), "
    "gone AS ("
    "  DELETE FROM checkers_events e USING moved"
    "  WHERE e.table_id = moved.table_id AND e.seq > $2) "
    "SELECT 1 FROM moved";

constexpr char kNotifySql[] =
    "SELECT pg_notify('checkers_tables', $1 || ':' || $2::text)";

// A notification in a transaction of its own that PostgreSQL acknowledges
// before its commit record is on disk (POSTGRES.md, "Notifications").
constexpr char kNotifyAloneSql[] =
    "SELECT set_config('synchronous_commit', 'off', true), "
    "pg_notify('checkers_tables', $1 || ':' || $2::text)";

// Rows per INSERT when a whole log is written (Create).
constexpr size_t kInsertBatch = 64;

absl::string_view IdBytes(const LogId& id) {
  return absl::string_view(reinterpret_cast<const char*>(id.data()), id.size());
}

// The frames of `payloads` as one commit whose first record is `first_seq`.
std::vector<std::string> Frames(const std::vector<std::string>& payloads,
                                uint64_t first_seq) {
  std::vector<std::string> frames(payloads.size());
  for (size_t i = 0; i < payloads.size(); ++i) {
    AppendFrame(first_seq + i, i + 1 == payloads.size(), payloads[i],
                &frames[i]);
  }
  return frames;
}

uint64_t TotalSize(const std::vector<std::string>& frames) {
  uint64_t size = 0;
  for (const std::string& f : frames) size += f.size();
  return size;
}

// Runs `sql` and discards its rows.
absl::Status Run(pg::Connection& conn, const std::string& sql,
                 const std::vector<pg::Param>& params = {}) {
  return conn.Exec(sql, params).status();
}

// Inserts `frames` as the rows of table `id` from seq `first_seq` on, in
// `epoch`, in as few statements as kInsertBatch allows.
absl::Status InsertFrames(pg::Connection& conn, const std::string& id,
                          int64_t epoch, uint64_t first_seq,
                          const std::vector<std::string>& frames) {
  for (size_t from = 0; from < frames.size(); from += kInsertBatch) {
    const size_t n = std::min(kInsertBatch, frames.size() - from);
    std::vector<pg::Param> params = {pg::Text(id), pg::Int8(epoch)};
    for (size_t i = from; i < from + n; ++i) {
      params.push_back(pg::Int8(static_cast<int64_t>(first_seq + i)));
      params.push_back(pg::Bytea(frames[i]));
    }
    if (absl::Status s = Run(conn, InsertSql(n), params); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

bool IsPostgresUri(absl::string_view where) {
  return absl::StartsWith(where, "postgresql://") ||
         absl::StartsWith(where, "postgres://");
}

// --- The store. ---

PostgresTableStore::PostgresTableStore(std::string uri, Options options)
    : uri_(std::move(uri)), name_(pg::Redacted(uri_)), options_(options) {}

PostgresTableStore::~PostgresTableStore() = default;

absl::StatusOr<std::unique_ptr<PostgresTableStore>> PostgresTableStore::Open(
    const std::string& uri) {
  return Open(uri, Options());
}

absl::StatusOr<std::unique_ptr<PostgresTableStore>> PostgresTableStore::Open(
    const std::string& uri, Options options) {
  options.max_connections = std::max(options.max_connections, 1);
  auto store = absl::WrapUnique(new PostgresTableStore(uri, options));
  if (absl::Status s = store->MakeSchema(); !s.ok()) return s;
  return store;
}

bool PostgresTableStore::CanLend() const {
  return !idle_.empty() || lent_ < options_.max_connections;
}

PostgresTableStore::Lease::~Lease() {
  if (store_ != nullptr) store_->GiveBack(std::move(conn_));
}

absl::StatusOr<PostgresTableStore::Lease> PostgresTableStore::Borrow() {
  {
    absl::MutexLock lock(&mu_);
    mu_.Await(absl::Condition(this, &PostgresTableStore::CanLend));
    ++lent_;
    // A connection the server closed while it was idle (a restart) is
    // dropped here rather than failing its next statement.
    while (!idle_.empty()) {
      std::unique_ptr<pg::Connection> conn = std::move(idle_.back());
      idle_.pop_back();
      if (conn->Alive()) return Lease(this, std::move(conn));
    }
  }
  // Connecting takes a round trip or more; the lock is not held meanwhile.
  absl::StatusOr<std::unique_ptr<pg::Connection>> conn =
      pg::Connection::Open(uri_, "checkers");
  if (!conn.ok()) {
    absl::MutexLock lock(&mu_);
    --lent_;
    return conn.status();
  }
  return Lease(this, *std::move(conn));
}

void PostgresTableStore::GiveBack(std::unique_ptr<pg::Connection> conn) {
  absl::MutexLock lock(&mu_);
  --lent_;
  // A lost connection, or one a failure left inside a transaction, would
  // fail its next user: it is closed instead.
  if (conn != nullptr && conn->usable() && conn->idle()) {
    idle_.push_back(std::move(conn));
  }
}

absl::Status PostgresTableStore::MakeSchema() {
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  pg::Connection& c = **conn;
  if (absl::Status s = Run(c, "BEGIN"); !s.ok()) return s;
  absl::Status made = Run(c, "SELECT pg_advisory_xact_lock($1)",
                          {pg::Int8(kSchemaLockKey)});
  for (const char* statement : kSchema) {
    if (made.ok()) made = Run(c, statement);
  }
  absl::StatusOr<pg::Result> version =
      made.ok() ? c.Exec("SELECT max(version)::bigint FROM checkers_schema")
                : made;
  if (!version.ok()) {
    (void)Run(c, "ROLLBACK");
    return absl::Status(version.status().code(),
                        absl::StrCat("cannot make the checkers tables in ",
                                     name_, ": ", version.status().message()));
  }
  if (version->null(0, 0)) {
    made = Run(c, "INSERT INTO checkers_schema (version) VALUES ($1)",
               {pg::Int8(kPostgresSchemaVersion)});
  } else if (version->int8(0, 0) > kPostgresSchemaVersion) {
    (void)Run(c, "ROLLBACK");
    return absl::FailedPreconditionError(absl::StrCat(
        name_, " holds checkers tables in schema version ",
        version->int8(0, 0), ", but this checkers knows versions up to ",
        kPostgresSchemaVersion, "; use a newer checkers"));
  }
  if (made.ok()) made = Run(c, "COMMIT");
  if (!made.ok()) (void)Run(c, "ROLLBACK");
  return made;
}

absl::Status PostgresTableStore::Named(const std::string& id,
                                       const absl::Status& status) const {
  if (status.ok()) return status;
  return absl::Status(status.code(), absl::StrCat("table ", id, " in ", name_,
                                                  ": ", status.message()));
}

absl::StatusOr<std::vector<std::string>> PostgresTableStore::List() {
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  absl::StatusOr<pg::Result> rows = (*conn)->Exec(
      "SELECT table_id FROM checkers_tables ORDER BY table_id");
  if (!rows.ok()) {
    return absl::Status(rows.status().code(),
                        absl::StrCat("cannot list the tables in ", name_, ": ",
                                     rows.status().message()));
  }
  std::vector<std::string> ids;
  for (int i = 0; i < rows->rows(); ++i) ids.emplace_back(rows->bytes(i, 0));
  return ids;
}

absl::StatusOr<std::unique_ptr<EventLog>> PostgresTableStore::Open(
    const std::string& id, bool create) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  if (create) {
    absl::Status made = Run(
        **conn,
        "WITH made AS ("
        "  INSERT INTO checkers_tables (table_id, log_id, head, epoch)"
        "  VALUES ($1, $2, 0, 0) ON CONFLICT (table_id) DO NOTHING"
        "  RETURNING table_id) "
        "SELECT pg_notify('checkers_tables', table_id || ':0') FROM made",
        {pg::Text(id), pg::Bytea(IdBytes(NewLogId()))});
    if (!made.ok()) return Named(id, made);
  }
  auto log = absl::WrapUnique(new PostgresEventLog(this, id));
  absl::StatusOr<PostgresEventLog::Snapshot> read =
      PostgresEventLog::Read(**conn, id, {}, 0);
  if (!read.ok()) return Named(id, read.status());
  log->Apply(*std::move(read));
  return std::unique_ptr<EventLog>(std::move(log));
}

absl::StatusOr<std::string> PostgresTableStore::ReadBytes(
    const std::string& id) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  absl::StatusOr<pg::Result> rows =
      (*conn)->Exec(kReadSql, {pg::Text(id), pg::Int8(0), pg::Int8(0)});
  if (!rows.ok()) return Named(id, rows.status());
  if (rows->rows() == 0) {
    return absl::NotFoundError(absl::StrCat("no table ", id, " in ", name_));
  }
  LogId log_id{};
  const absl::string_view stored_id = rows->bytes(0, 0);
  std::copy_n(stored_id.begin(), std::min(stored_id.size(), log_id.size()),
              log_id.begin());
  std::string bytes = EncodeFileHeader(log_id);
  for (int i = 0; i < rows->rows(); ++i) {
    if (!rows->null(i, 5)) absl::StrAppend(&bytes, rows->bytes(i, 5));
  }
  return bytes;
}

absl::Status PostgresTableStore::Create(const std::string& id,
                                        const LogContents& log) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  absl::StatusOr<std::vector<std::vector<std::string>>> commits =
      CommitsOf(log);
  if (!commits.ok()) return commits.status();
  std::vector<std::string> frames;
  for (const std::vector<std::string>& commit : *commits) {
    for (std::string& f : Frames(commit, frames.size() + 1)) {
      frames.push_back(std::move(f));
    }
  }
  if (absl::Status s =
          CheckLogSize(absl::StrCat("table ", id, " in ", name_),
                       kFileHeaderSize + TotalSize(frames));
      !s.ok()) {
    return s;
  }
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  pg::Connection& c = **conn;
  const int64_t head = static_cast<int64_t>(frames.size());
  if (absl::Status s = Run(c, "BEGIN"); !s.ok()) return Named(id, s);
  absl::StatusOr<pg::Result> made = c.Exec(
      "INSERT INTO checkers_tables (table_id, log_id, head, epoch) "
      "VALUES ($1, $2, $3, 0) ON CONFLICT (table_id) DO NOTHING "
      "RETURNING table_id",
      {pg::Text(id), pg::Bytea(IdBytes(log.log_id)), pg::Int8(head)});
  absl::Status status = made.status();
  if (status.ok() && made->rows() == 0) {
    status = absl::AlreadyExistsError(absl::StrCat(
        "table ", id, " already exists in ", name_, "; it is left as it is"));
  }
  if (status.ok()) status = InsertFrames(c, id, 0, 1, frames);
  if (status.ok()) status = Run(c, kNotifySql, {pg::Text(id), pg::Int8(head)});
  if (status.ok()) status = Run(c, "COMMIT");
  if (!status.ok()) {
    (void)Run(c, "ROLLBACK");
    return absl::IsAlreadyExists(status) ? status : Named(id, status);
  }
  return absl::OkStatus();
}

void PostgresTableStore::Notify(const std::string& id, uint64_t head) {
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return;
  pg::Connection& c = **conn;
  absl::Status s = Run(c, "BEGIN");
  if (s.ok()) {
    s = Run(c, kNotifyAloneSql,
            {pg::Text(id), pg::Int8(static_cast<int64_t>(head))});
  }
  if (s.ok()) s = Run(c, "COMMIT");
  if (!s.ok() && c.usable()) (void)Run(c, "ROLLBACK");
}

absl::Status PostgresTableStore::Remove(const std::string& id) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  absl::StatusOr<Lease> conn = Borrow();
  if (!conn.ok()) return conn.status();
  absl::StatusOr<pg::Result> gone = (*conn)->Exec(
      "WITH gone AS (DELETE FROM checkers_tables WHERE table_id = $1"
      "  RETURNING table_id) "
      "SELECT pg_notify('checkers_tables', table_id || ':0') FROM gone",
      {pg::Text(id)});
  if (!gone.ok()) return Named(id, gone.status());
  if (gone->rows() == 0) {
    return absl::NotFoundError(absl::StrCat("no table ", id, " in ", name_));
  }
  return absl::OkStatus();
}

// --- A table's log. ---

absl::StatusOr<PostgresEventLog::Snapshot> PostgresEventLog::Read(
    pg::Connection& conn, const std::string& id,
    const std::vector<Record>& records, int64_t epoch) {
  absl::StatusOr<pg::Result> rows = conn.Exec(
      kReadSql, {pg::Text(id), pg::Int8(static_cast<int64_t>(records.size())),
                 pg::Int8(epoch)});
  if (!rows.ok()) return rows.status();
  if (rows->rows() == 0) {
    return absl::NotFoundError("the table is no longer there");
  }
  Snapshot seen;
  const absl::string_view stored_id = rows->bytes(0, 0);
  if (stored_id.size() != seen.log_id.size()) {
    return absl::DataLossError(absl::StrCat("its log id is ", stored_id.size(),
                                            " bytes, not 16"));
  }
  std::copy(stored_id.begin(), stored_id.end(), seen.log_id.begin());
  seen.head = static_cast<uint64_t>(rows->int8(0, 1));
  seen.epoch = rows->int8(0, 2);
  // The reader's records stand up to the first row written after its
  // epoch (every row after a taking back was written later), and up to
  // the head (a taking back with nothing written since).
  seen.kept = std::min<uint64_t>(records.size(), seen.head);
  for (int i = 0; i < rows->rows(); ++i) {
    if (rows->null(i, 3) || rows->int8(i, 4) <= epoch) continue;
    seen.kept = std::min<uint64_t>(seen.kept, rows->int8(i, 3) - 1);
  }
  std::string frames;
  for (int i = 0; i < rows->rows(); ++i) {
    if (rows->null(i, 3)) continue;
    if (static_cast<uint64_t>(rows->int8(i, 3)) > seen.kept) {
      absl::StrAppend(&frames, rows->bytes(i, 5));
    }
  }
  const uint64_t first_offset =
      seen.kept == 0 ? kFileHeaderSize
                     : records[seen.kept - 1].offset +
                           FrameSize(records[seen.kept - 1].payload.size());
  absl::StatusOr<LogContents> parsed =
      ParseFrames(frames, seen.kept + 1, first_offset);
  if (!parsed.ok()) return parsed.status();
  if (parsed->torn_bytes > 0 || seen.kept + parsed->records.size() != seen.head) {
    return absl::DataLossError(absl::StrCat(
        "corrupt log: its head is seq ", seen.head, ", but its rows hold ",
        seen.kept + parsed->records.size(), " records in whole commits",
        parsed->torn_bytes > 0
            ? absl::StrCat(" and ", ByteCount(parsed->torn_bytes),
                           " of an incomplete one")
            : ""));
  }
  seen.added = std::move(parsed->records);
  return seen;
}

size_t PostgresEventLog::Apply(Snapshot snapshot) {
  records_.resize(snapshot.kept);
  for (Record& r : snapshot.added) records_.push_back(std::move(r));
  log_id_ = snapshot.log_id;
  epoch_ = snapshot.epoch;
  return snapshot.kept;
}

absl::StatusOr<size_t> PostgresEventLog::CatchUp() {
  absl::StatusOr<PostgresTableStore::Lease> conn = store_->Borrow();
  if (!conn.ok()) return conn.status();
  absl::StatusOr<Snapshot> seen = Read(**conn, id_, records_, epoch_);
  if (!seen.ok()) return Named(seen.status());
  return Apply(*std::move(seen));
}

absl::Status PostgresEventLog::MovedOn(pg::Connection& conn) {
  absl::StatusOr<pg::Result> row = conn.Exec(
      "SELECT head FROM checkers_tables WHERE table_id = $1", {pg::Text(id_)});
  if (!row.ok()) return Named(row.status());
  if (row->rows() == 0) {
    return Named(absl::NotFoundError("the table is no longer there"));
  }
  return Named(absl::AbortedError(absl::StrCat(
      "another process changed the log first (it is now at seq ",
      row->int8(0, 0), "; this one had seen ", records_.size(),
      "); catch up and try again")));
}

absl::Status PostgresEventLog::Change(
    const std::function<absl::StatusOr<bool>(pg::Connection&)>& change,
    const std::function<bool(const Snapshot&)>& landed) {
  for (int attempt = 0;; ++attempt) {
    absl::StatusOr<PostgresTableStore::Lease> conn = store_->Borrow();
    if (!conn.ok()) return Named(conn.status());
    absl::StatusOr<bool> moved = change(**conn);
    if (moved.ok()) return *moved ? absl::OkStatus() : MovedOn(**conn);
    if (!absl::IsUnavailable(moved.status())) return Named(moved.status());
    // The connection was lost before the answer came: the change may or
    // may not be stored. A new connection tells which.
    absl::StatusOr<PostgresTableStore::Lease> fresh = store_->Borrow();
    absl::StatusOr<Snapshot> seen =
        fresh.ok() ? Read(**fresh, id_, records_, epoch_)
                   : absl::StatusOr<Snapshot>(fresh.status());
    if (!seen.ok()) {
      return Named(absl::UnavailableError(absl::StrCat(
          moved.status().message(), "; the change may or may not be stored (",
          seen.status().message(), "); catch up to see")));
    }
    if (landed(*seen)) return absl::OkStatus();
    const bool untouched = seen->log_id == log_id_ && seen->epoch == epoch_ &&
                           seen->kept == records_.size() &&
                           seen->added.empty();
    if (!untouched || attempt > 0) return MovedOn(**fresh);
  }
}

absl::Status PostgresEventLog::Append(std::vector<std::string> payloads) {
  if (absl::Status s = CheckCommit(payloads); !s.ok()) return s;
  const uint64_t head = records_.size();
  const std::vector<std::string> frames = Frames(payloads, head + 1);
  if (absl::Status s =
          CheckLogSize(absl::StrCat("table ", id_, " in ", store_->name()),
                       LogEnd(records_) + TotalSize(frames));
      !s.ok()) {
    return s;
  }
  const uint64_t new_head = head + frames.size();
  std::vector<pg::Param> params = {
      pg::Text(id_), pg::Int8(static_cast<int64_t>(new_head)),
      pg::Int8(static_cast<int64_t>(head)), pg::Int8(epoch_)};
  for (size_t i = 0; i < frames.size(); ++i) {
    params.push_back(pg::Int8(static_cast<int64_t>(head + 1 + i)));
    params.push_back(pg::Bytea(frames[i]));
  }
  const std::string sql = AppendSql(frames.size());
  absl::Status stored = Change(
      [&](pg::Connection& conn) -> absl::StatusOr<bool> {
        absl::StatusOr<pg::Result> moved = conn.Exec(sql, params);
        if (!moved.ok()) return moved.status();
        return moved->rows() == 1;
      },
      [&](const Snapshot& seen) {
        if (seen.log_id != log_id_ || seen.epoch != epoch_ ||
            seen.kept != head || seen.added.size() != payloads.size()) {
          return false;
        }
        for (size_t i = 0; i < payloads.size(); ++i) {
          if (seen.added[i].payload != payloads[i] ||
              seen.added[i].last_in_commit != (i + 1 == payloads.size())) {
            return false;
          }
        }
        return true;
      });
  if (!stored.ok()) return stored;
  AddCommit(std::move(payloads), &records_);
  store_->Notify(id_, new_head);
  return absl::OkStatus();
}

absl::Status PostgresEventLog::TruncateTo(size_t num_records) {
  if (absl::Status s = CheckTruncation(records_, num_records); !s.ok()) {
    return s;
  }
  if (num_records == records_.size()) return absl::OkStatus();
  const std::vector<pg::Param> params = {
      pg::Text(id_), pg::Int8(static_cast<int64_t>(num_records)),
      pg::Int8(static_cast<int64_t>(records_.size())), pg::Int8(epoch_)};
  absl::Status stored = Change(
      [&](pg::Connection& conn) -> absl::StatusOr<bool> {
        absl::StatusOr<pg::Result> moved = conn.Exec(kTruncateSql, params);
        if (!moved.ok()) return moved.status();
        return moved->rows() == 1;
      },
      [&](const Snapshot& seen) {
        return seen.log_id == log_id_ && seen.epoch == epoch_ + 1 &&
               seen.head == num_records && seen.added.empty();
      });
  if (!stored.ok()) return stored;
  records_.resize(num_records);
  ++epoch_;
  store_->Notify(id_, num_records);
  return absl::OkStatus();
}

absl::Status PostgresEventLog::ReplaceWith(std::vector<std::string> payloads) {
  if (absl::Status s = CheckPayloadSizes(payloads); !s.ok()) return s;
  const std::vector<std::string> frames = Frames(payloads, 1);
  if (absl::Status s =
          CheckLogSize(absl::StrCat("table ", id_, " in ", store_->name()),
                       kFileHeaderSize + TotalSize(frames));
      !s.ok()) {
    return s;
  }
  const LogId new_id = NewLogId();
  const int64_t new_epoch = epoch_ + 1;
  absl::Status stored = Change(
      [&](pg::Connection& conn) -> absl::StatusOr<bool> {
        if (absl::Status s = Run(conn, "BEGIN"); !s.ok()) return s;
        absl::StatusOr<pg::Result> moved = conn.Exec(
            "UPDATE checkers_tables SET head = $2, epoch = $5, log_id = $6 "
            "WHERE table_id = $1 AND head = $3 AND epoch = $4 "
            "RETURNING table_id",
            {pg::Text(id_), pg::Int8(static_cast<int64_t>(frames.size())),
             pg::Int8(static_cast<int64_t>(records_.size())), pg::Int8(epoch_),
             pg::Int8(new_epoch), pg::Bytea(IdBytes(new_id))});
        absl::Status s = moved.status();
        if (s.ok() && moved->rows() == 0) {
          (void)Run(conn, "ROLLBACK");
          return false;
        }
        if (s.ok()) {
          s = Run(conn, "DELETE FROM checkers_events WHERE table_id = $1",
                  {pg::Text(id_)});
        }
        if (s.ok()) s = InsertFrames(conn, id_, new_epoch, 1, frames);
        if (s.ok()) s = Run(conn, "COMMIT");
        if (!s.ok()) {
          if (conn.usable()) (void)Run(conn, "ROLLBACK");
          return s;
        }
        return true;
      },
      [&](const Snapshot& seen) { return seen.log_id == new_id; });
  if (!stored.ok()) return stored;
  log_id_ = new_id;
  epoch_ = new_epoch;
  records_.clear();
  AddCommit(std::move(payloads), &records_);
  store_->Notify(id_, records_.size());
  return absl::OkStatus();
}

}  // namespace checkers::storage
