// `checkers tables copy`: every table of one store (storage/table_store.h:
// a --data directory or a PostgreSQL database) copied into another, each
// log unchanged and checked on both sides: the source's log is audited
// (audit.h) before it is copied, and the copy is read back, compared byte
// for byte with the source, and audited again.

#ifndef CHECKERS_REPLAY_TABLE_COPY_H_
#define CHECKERS_REPLAY_TABLE_COPY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "storage/table_store.h"

namespace checkers::replay {

// What became of one table.
struct TableCopy {
  std::string id;
  // OK when the table was copied and both sides audit sound. Otherwise
  // why it was not copied, or why its copy is suspect:
  //   AlreadyExists       the destination holds a table of that id, which
  //                       is never overwritten;
  //   DataLoss            the source's log is damaged (naming the byte
  //                       offset and seq), or the copy read back differs;
  //   FailedPrecondition  the source's audit has findings (the first is
  //                       named; `checkers audit` on the log shows all);
  //   others              the stores' errors (NotFound: the table went
  //                       meanwhile; Unavailable: the database).
  absl::Status status;
  // The records copied.
  uint64_t records = 0;
  // Bytes of an unfinished commit at the end of the source's log (a
  // server stopped mid-write), which are not part of the log and are not
  // copied.
  uint64_t torn_bytes = 0;
};

struct TableCopyReport {
  // Every table of the source, in its order (sorted by id).
  std::vector<TableCopy> tables;
  // The tables whose status is OK.
  int copied = 0;
};

// Copies every table of `from` into `to`, one by one, in id order; a table
// that cannot be copied is reported and the next one tried. Calls
// `progress` (when set) with each table's outcome as it is known. Errors
// only when the tables of `from` cannot be listed.
absl::StatusOr<TableCopyReport> CopyTables(
    storage::TableStore& from, storage::TableStore& to,
    const std::function<void(const TableCopy&)>& progress = nullptr);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_TABLE_COPY_H_
