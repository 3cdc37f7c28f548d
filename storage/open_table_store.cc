#include "storage/open_table_store.h"

#include "absl/strings/str_cat.h"
#include "storage/file_table_store.h"
#include "storage/postgres_store.h"

namespace checkers::storage {

absl::StatusOr<std::unique_ptr<TableStore>> OpenTableStore(
    Env* env, const std::string& where, bool must_exist) {
  if (IsPostgresUri(where)) {
    absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
        PostgresTableStore::Open(where);
    if (!store.ok()) return store.status();
    return std::unique_ptr<TableStore>(*std::move(store));
  }
  if (must_exist) {
    absl::StatusOr<FileKind> kind = env->KindOf(where);
    if (!kind.ok()) return kind.status();
    if (*kind != FileKind::kDirectory) {
      return absl::NotFoundError(
          absl::StrCat("no data directory ", where,
                       *kind == FileKind::kMissing
                           ? ""
                           : absl::StrCat(" (it is ", FileKindName(*kind), ")")));
    }
  }
  return std::unique_ptr<TableStore>(
      std::make_unique<FileTableStore>(env, where));
}

}  // namespace checkers::storage
