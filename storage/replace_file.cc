#include "storage/replace_file.h"

#include <memory>

#include "absl/status/statusor.h"

namespace checkers::storage {

absl::Status WriteViaTemp(Env* env, const std::string& path,
                          absl::string_view bytes,
                          absl::FunctionRef<absl::Status()> before_rename) {
  const std::string temp = path + ".tmp";
  absl::Status written;
  {
    absl::StatusOr<std::unique_ptr<WritableFile>> file =
        env->OpenForAppend(temp, OpenMode::kCreateEmpty);
    if (!file.ok()) return file.status();
    written = (*file)->Append(bytes);
    if (written.ok()) written = (*file)->Sync();
  }
  if (written.ok()) written = before_rename();
  if (written.ok()) written = env->Rename(temp, path);
  if (!written.ok()) env->RemoveFile(temp).IgnoreError();
  return written;
}

absl::Status ReplaceFile(Env* env, const std::string& path,
                         absl::string_view bytes) {
  if (absl::Status s =
          WriteViaTemp(env, path, bytes, [] { return absl::OkStatus(); });
      !s.ok()) {
    return s;
  }
  return env->SyncDir(ParentDir(path));
}

}  // namespace checkers::storage
