#include "storage/replace_file.h"

#include <memory>

#include "absl/status/statusor.h"

namespace checkers::storage {

absl::Status ReplaceFile(Env* env, const std::string& path,
                         absl::string_view bytes) {
  const std::string temp = path + ".tmp";
  absl::Status written;
  {
    absl::StatusOr<std::unique_ptr<WritableFile>> file =
        env->OpenForAppend(temp, OpenMode::kCreateEmpty);
    if (!file.ok()) return file.status();
    written = (*file)->Append(bytes);
    if (written.ok()) written = (*file)->Sync();
  }
  if (written.ok()) written = env->Rename(temp, path);
  if (!written.ok()) {
    env->RemoveFile(temp).IgnoreError();
    return written;
  }
  const size_t slash = path.rfind('/');
  return env->SyncDir(slash == std::string::npos  ? "."
                      : slash == 0               ? "/"
                                                 : path.substr(0, slash));
}

}  // namespace checkers::storage
