// Writing a whole file so that a crash at any moment leaves either the old
// file or the new one, never a part: the way the endgame database's slices,
// the learned evaluation's weights and the opening book are written.

#ifndef CHECKERS_STORAGE_REPLACE_FILE_H_
#define CHECKERS_STORAGE_REPLACE_FILE_H_

#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "storage/env.h"

namespace checkers::storage {

// Writes `bytes` to `path`.tmp, syncs it, runs `before_rename` (a last
// check; its error is returned) and renames the temporary file over
// `path`. On failure the temporary file is removed and `path` is as it
// was. The rename is durable only once the directory is synced: callers
// that must know when (the event log) sync it themselves.
absl::Status WriteViaTemp(Env* env, const std::string& path,
                          absl::string_view bytes,
                          absl::FunctionRef<absl::Status()> before_rename);

// Makes `path` hold exactly `bytes`: WriteViaTemp, then the directory
// synced. On failure `path` is as it was; the Status is Env's.
absl::Status ReplaceFile(Env* env, const std::string& path,
                         absl::string_view bytes);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_REPLACE_FILE_H_
