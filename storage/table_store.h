// Where the tables of `checkers serve` keep their logs: one game log per
// table id. Two stores keep the same logs behind this one interface:
//
// - FileTableStore (file_table_store.h): a directory of save files, the
//   default and the embedded choice; one process holds a table at a time.
// - PostgresTableStore (postgres_store.h): a PostgreSQL database that any
//   number of processes on any number of machines share; each may hold any
//   table, and the database decides which of two racing commits comes
//   first (POSTGRES.md).
//
// Either way a log is read and written as FORMAT.md frames it, so its file
// form (ReadBytes) is the same bytes in both stores, and a table copies
// between them unchanged (replay/table_copy.h).
//
// The table `local`, the terminal game's save, is a file of its own and
// belongs to no store.

#ifndef CHECKERS_STORAGE_TABLE_STORE_H_
#define CHECKERS_STORAGE_TABLE_STORE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "storage/event_log.h"
#include "storage/log_reader.h"

namespace checkers::storage {

// The id of the terminal game's save when a server shows it as a table;
// never the id of a table in a store.
inline constexpr absl::string_view kLocalTableId = "local";

// OK when `id` may name a table of a store: 1 to 32 characters of a-z, 0-9
// and '-', not starting with '-' (the ids web/API.md routes), and not
// kLocalTableId. InvalidArgument saying which rule it breaks otherwise.
absl::Status CheckTableId(absl::string_view id);

// The commits of `log`, each the payloads of its records up to one marked
// last_in_commit. InvalidArgument when its records are not numbered 1,
// 2, ... or the last does not end a commit.
absl::StatusOr<std::vector<std::vector<std::string>>> CommitsOf(
    const LogContents& log);

// Thread-safe: a server's request handlers share one store. The logs it
// opens are not (EventLog): each has one owner.
class TableStore {
 public:
  virtual ~TableStore() = default;

  // The store for messages: the directory of the tables, or the database's
  // connection URI without its password.
  virtual const std::string& name() const = 0;

  // The ids of every table, sorted.
  virtual absl::StatusOr<std::vector<std::string>> List() = 0;

  // Opens the log of table `id` for writing; with `create`, makes an empty
  // log (no records) first when the table does not exist. NotFound when it
  // does not and `create` is false; InvalidArgument for an id CheckTableId
  // refuses; DataLoss, naming the table and the byte offset and seq, for a
  // damaged log. A file store's table is held by one process at a time
  // (Unavailable while another holds it) and recovers as FileEventLog::Open
  // says; a PostgreSQL store's table may be open in many processes, and a
  // commit that another made first refuses this one's Append, TruncateTo
  // and ReplaceWith with Aborted until EventLog::CatchUp has taken it in.
  virtual absl::StatusOr<std::unique_ptr<EventLog>> Open(const std::string& id,
                                                         bool create) = 0;

  // The log of table `id` in its file form (FORMAT.md: header, then every
  // record's frame), as it stands now, taking no lock, for `checkers audit`
  // and GET /api/tables/ID/log. NotFound when there is no such table.
  virtual absl::StatusOr<std::string> ReadBytes(const std::string& id) = 0;

  // Makes table `id` hold `log`: its log id and its records, in the
  // commits their last_in_commit marks make (a copy from another store).
  // All or nothing. AlreadyExists, nothing changed, when the table exists;
  // InvalidArgument when CommitsOf refuses `log` or CheckTableId `id`;
  // ResourceExhausted when the log is over kMaxLogSize.
  virtual absl::Status Create(const std::string& id,
                              const LogContents& log) = 0;

  // Removes table `id` and its log, for a table whose game never started.
  // NotFound when there is no such table. The caller first closes every
  // log object it has open on the table.
  virtual absl::Status Remove(const std::string& id) = 0;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_TABLE_STORE_H_
