// The table store a command line names: `--store=postgresql://...` or a
// `--data=DIR` directory.

#ifndef CHECKERS_STORAGE_OPEN_TABLE_STORE_H_
#define CHECKERS_STORAGE_OPEN_TABLE_STORE_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "storage/env.h"
#include "storage/table_store.h"

namespace checkers::storage {

// A PostgresTableStore for a postgresql:// or postgres:// URI (its Open's
// errors), else a FileTableStore of the data directory `where` through
// `env`, which must outlive it. With `must_exist`, a directory that does
// not exist is NotFound rather than a store without tables.
absl::StatusOr<std::unique_ptr<TableStore>> OpenTableStore(
    Env* env, const std::string& where, bool must_exist);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_OPEN_TABLE_STORE_H_
