// The tables of `checkers serve --data=DIR` as save files: the log of table
// ID is DIR/tables/ID.log, in FORMAT.md's layout, held by one process at a
// time under its lock file. The default store, and the one the terminal
// game's neighbours (import, audit, export) read directly.

#ifndef CHECKERS_STORAGE_FILE_TABLE_STORE_H_
#define CHECKERS_STORAGE_FILE_TABLE_STORE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "storage/env.h"
#include "storage/event_log.h"
#include "storage/log_reader.h"
#include "storage/table_store.h"

namespace checkers::storage {

class FileTableStore final : public TableStore {
 public:
  // The tables under `data_dir`/tables, through `env` (which must outlive
  // the store). Touches nothing until used: the directory is made by the
  // first table created in it.
  FileTableStore(Env* env, std::string data_dir);

  // The path of table `id`'s log (whether or not it exists).
  std::string PathOf(const std::string& id) const;

  // The tables directory.
  const std::string& name() const override { return dir_; }
  // Every "ID.log" in the directory whose ID CheckTableId accepts; none
  // when the directory does not exist.
  absl::StatusOr<std::vector<std::string>> List() override;
  // A FileEventLog (its Open's errors; its recovery_notice says what
  // opening repaired).
  absl::StatusOr<std::unique_ptr<EventLog>> Open(const std::string& id,
                                                 bool create) override;
  // The file's bytes, torn tail and all; DataLoss when the path is not a
  // regular file or is over kMaxLogSize.
  absl::StatusOr<std::string> ReadBytes(const std::string& id) override;
  // Written as CreateLogFile writes a log: whole or not at all.
  absl::Status Create(const std::string& id, const LogContents& log) override;
  // Removes the log file; its lock file stays (FORMAT.md says why).
  absl::Status Remove(const std::string& id) override;

 private:
  // NotFound naming the table for a missing log, `status` otherwise.
  absl::Status Missing(const std::string& id, absl::Status status) const;

  Env* const env_;
  const std::string dir_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_FILE_TABLE_STORE_H_
