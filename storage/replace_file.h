// Writing a whole file so that a crash at any moment leaves either the old
// file or the new one, never a part: the way the endgame database's slices,
// the learned evaluation's weights and the opening book are written.

#ifndef CHECKERS_STORAGE_REPLACE_FILE_H_
#define CHECKERS_STORAGE_REPLACE_FILE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "storage/env.h"

namespace checkers::storage {

// Makes `path` hold exactly `bytes`: writes them to `path`.tmp, syncs it,
// renames it over `path` and syncs the directory. On failure the
// temporary file is removed and `path` is as it was; the Status is Env's.
absl::Status ReplaceFile(Env* env, const std::string& path,
                         absl::string_view bytes);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_REPLACE_FILE_H_
