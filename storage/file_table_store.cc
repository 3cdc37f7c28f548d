#include "storage/file_table_store.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "storage/log_format.h"

namespace checkers::storage {

FileTableStore::FileTableStore(Env* env, std::string data_dir)
    : env_(env), dir_(absl::StrCat(data_dir, "/tables")) {}

std::string FileTableStore::PathOf(const std::string& id) const {
  return absl::StrCat(dir_, "/", id, ".log");
}

absl::Status FileTableStore::Missing(const std::string& id,
                                     absl::Status status) const {
  if (!absl::IsNotFound(status)) return status;
  return absl::NotFoundError(absl::StrCat("no table ", id, " in ", dir_));
}

absl::StatusOr<std::vector<std::string>> FileTableStore::List() {
  absl::StatusOr<std::vector<std::string>> names = env_->ListDir(dir_);
  if (absl::IsNotFound(names.status())) return std::vector<std::string>();
  if (!names.ok()) return names.status();
  std::vector<std::string> ids;
  for (const std::string& name : *names) {
    absl::string_view id = name;
    if (absl::ConsumeSuffix(&id, ".log") && CheckTableId(id).ok()) {
      ids.emplace_back(id);
    }
  }
  return ids;
}

absl::StatusOr<std::unique_ptr<EventLog>> FileTableStore::Open(
    const std::string& id, bool create) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  FileEventLog::Options options;
  options.create_if_missing = create;
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env_, PathOf(id), options);
  if (!log.ok()) return Missing(id, log.status());
  return std::unique_ptr<EventLog>(*std::move(log));
}

absl::StatusOr<std::string> FileTableStore::ReadBytes(const std::string& id) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  const std::string path = PathOf(id);
  absl::StatusOr<FileKind> kind = env_->KindOf(path);
  if (!kind.ok()) return kind.status();
  if (*kind == FileKind::kMissing || *kind == FileKind::kDanglingLink) {
    return Missing(id, absl::NotFoundError(path));
  }
  if (*kind != FileKind::kRegular) {
    return absl::DataLossError(
        absl::StrCat(path, " is ", FileKindName(*kind), ", not a save file"));
  }
  return env_->ReadFile(path, kMaxLogSize);
}

absl::Status FileTableStore::Create(const std::string& id,
                                    const LogContents& log) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  absl::StatusOr<std::vector<std::vector<std::string>>> commits =
      CommitsOf(log);
  if (!commits.ok()) return commits.status();
  return CreateLogFile(env_, PathOf(id), log.log_id, *commits);
}

absl::Status FileTableStore::Remove(const std::string& id) {
  if (absl::Status s = CheckTableId(id); !s.ok()) return s;
  if (absl::Status s = env_->RemoveFile(PathOf(id)); !s.ok()) {
    return Missing(id, s);
  }
  return env_->SyncDir(dir_);
}

}  // namespace checkers::storage
