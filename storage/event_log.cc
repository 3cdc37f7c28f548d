#include "storage/event_log.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "storage/log_edits.h"
#include "storage/log_reader.h"
#include "storage/replace_file.h"

namespace checkers::storage {

const std::string& EventLog::recovery_notice() const {
  static const std::string* const kNone = new std::string;
  return *kNone;
}

FileEventLog::FileEventLog(Env* env, std::string path,
                           std::unique_ptr<FileLock> lock,
                           std::unique_ptr<WritableFile> file, LogId log_id,
                           std::vector<Record> records,
                           std::string recovery_notice)
    : env_(env),
      path_(std::move(path)),
      lock_(std::move(lock)),
      file_(std::move(file)),
      log_id_(log_id),
      records_(std::move(records)),
      recovery_notice_(std::move(recovery_notice)) {}

absl::StatusOr<std::unique_ptr<FileEventLog>> FileEventLog::Open(
    Env* env, std::string path) {
  return Open(env, std::move(path), Options());
}

absl::StatusOr<std::unique_ptr<FileEventLog>> FileEventLog::Open(
    Env* env, std::string path, Options options) {
  absl::StatusOr<FileKind> kind = env->KindOf(path);
  if (!kind.ok()) return kind.status();
  if (*kind != FileKind::kMissing && *kind != FileKind::kRegular) {
    // Internal (exit 73): the save cannot be written there. Never
    // DataLoss, which would offer to move the thing aside as a damaged
    // save.
    return absl::InternalError(absl::StrCat(
        "cannot use ", path, " as the save: it is ", FileKindName(*kind),
        ", not a regular file; name a file with --save=PATH"));
  }
  bool exists = *kind == FileKind::kRegular;
  if (!exists && !options.create_if_missing) {
    return absl::NotFoundError(absl::StrCat("no saved game at ", path));
  }
  if (exists) {
    // A save reached through a symbolic link is written through to its
    // target: a new game's rename must replace the target, not the link.
    absl::StatusOr<std::string> resolved = env->ResolvePath(path);
    if (!resolved.ok()) return resolved.status();
    path = *std::move(resolved);
  }
  const std::string dir = ParentDir(path);
  if (!exists) {
    if (absl::Status s = env->CreateDirs(dir); !s.ok()) return s;
  }
  absl::StatusOr<std::unique_ptr<FileLock>> lock =
      env->LockFile(path + ".lock");
  if (!lock.ok()) {
    if (absl::IsUnavailable(lock.status())) {
      return absl::UnavailableError(
          absl::StrCat(path, " is in use by another running checkers game (",
                       lock.status().message(), "); close that game first"));
    }
    return lock.status();
  }
  // Only the lock holder creates or changes the file, so what was seen
  // before taking the lock may be stale.
  exists = env->FileExists(path);

  LogContents contents;
  if (exists) {
    absl::StatusOr<LogContents> read = ReadLog(env, path);
    if (!read.ok()) return read.status();
    contents = std::move(*read);
  }
  absl::StatusOr<std::unique_ptr<WritableFile>> file = env->OpenForAppend(
      path, exists ? OpenMode::kMustExist : OpenMode::kCreateIfMissing);
  if (!file.ok()) return file.status();

  std::string notice;
  if (contents.torn_bytes > 0) {
    notice =
        contents.valid_length > 0
            ? absl::StrCat("dropped ", ByteCount(contents.torn_bytes),
                           " of an unfinished turn at the end of ", path)
            : absl::StrCat("dropped ", ByteCount(contents.torn_bytes),
                           " of a save whose creation was interrupted: ", path);
    if (absl::Status s = (*file)->Truncate(contents.valid_length); !s.ok()) {
      return s;
    }
  }
  if (contents.valid_length == 0) {
    // No sound header: a new file, an empty one, or an interrupted
    // creation. Write a header for a new log.
    contents.log_id = NewLogId();
    const std::string header = EncodeFileHeader(contents.log_id);
    if (absl::Status s = (*file)->Append(header); !s.ok()) return s;
  }
  if (contents.torn_bytes > 0 || contents.valid_length == 0) {
    if (absl::Status s = (*file)->Sync(); !s.ok()) return s;
  }
  // Even a file this call did not create may not be durable yet: its
  // creator may have stopped before syncing the directory, and then a
  // crash would take every turn acknowledged from now on with it.
  if (absl::Status s = env->SyncDir(dir); !s.ok()) return s;
  return std::unique_ptr<FileEventLog>(new FileEventLog(
      env, std::move(path), std::move(*lock), std::move(*file), contents.log_id,
      std::move(contents.records), std::move(notice)));
}

absl::Status FileEventLog::CheckUsable() const {
  if (failure_.ok()) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("not writing to ", path_, " after an earlier error (",
                   failure_.message(), "); reopen the save to recover it"));
}

absl::Status FileEventLog::Fail(absl::Status error) {
  failure_ = error;
  return error;
}

absl::Status FileEventLog::Append(std::vector<std::string> payloads) {
  if (absl::Status s = CheckUsable(); !s.ok()) return s;
  if (absl::Status s = CheckCommit(payloads); !s.ok()) return s;
  scratch_.clear();
  AppendCommit(payloads, records_.size() + 1, &scratch_);
  if (absl::Status s =
          CheckLogSize(path_, LogEnd(records_) + scratch_.size());
      !s.ok()) {
    return s;
  }
  if (absl::Status s = file_->Append(scratch_); !s.ok()) return Fail(s);
  if (absl::Status s = file_->Sync(); !s.ok()) return Fail(s);
  AddCommit(std::move(payloads), &records_);
  return absl::OkStatus();
}

absl::Status FileEventLog::TruncateTo(size_t num_records) {
  if (absl::Status s = CheckUsable(); !s.ok()) return s;
  if (absl::Status s = CheckTruncation(records_, num_records); !s.ok()) {
    return s;
  }
  if (num_records == records_.size()) return absl::OkStatus();
  const uint64_t size = records_[num_records].offset;
  if (absl::Status s = file_->Truncate(size); !s.ok()) return Fail(s);
  if (absl::Status s = file_->Sync(); !s.ok()) return Fail(s);
  records_.resize(num_records);
  return absl::OkStatus();
}

absl::Status FileEventLog::ReplaceWith(std::vector<std::string> payloads) {
  if (absl::Status s = CheckUsable(); !s.ok()) return s;
  if (absl::Status s = CheckPayloadSizes(payloads); !s.ok()) return s;
  const LogId log_id = NewLogId();
  std::string bytes = EncodeFileHeader(log_id);
  AppendCommit(payloads, 1, &bytes);
  if (absl::Status s = CheckLogSize(path_, bytes.size()); !s.ok()) return s;
  // A failure here leaves the log itself untouched and usable.
  if (absl::Status s =
          WriteViaTemp(env_, path_, bytes, [] { return absl::OkStatus(); });
      !s.ok()) {
    return s;
  }
  // The new file is in place but, until the directory is synced, a crash
  // may bring the old one back: from here a failure leaves the log unsure
  // of what it holds.
  if (absl::Status s = env_->SyncDir(ParentDir(path_)); !s.ok()) {
    return Fail(s);
  }
  absl::StatusOr<std::unique_ptr<WritableFile>> file =
      env_->OpenForAppend(path_, OpenMode::kMustExist);
  if (!file.ok()) return Fail(file.status());
  file_ = std::move(*file);
  log_id_ = log_id;
  records_.clear();
  AddCommit(std::move(payloads), &records_);
  return absl::OkStatus();
}

absl::Status CreateLogFile(
    Env* env, const std::string& path,
    const std::vector<std::vector<std::string>>& commits) {
  return CreateLogFile(env, path, NewLogId(), commits);
}

absl::Status CreateLogFile(
    Env* env, const std::string& path, const LogId& log_id,
    const std::vector<std::vector<std::string>>& commits) {
  for (const std::vector<std::string>& commit : commits) {
    if (absl::Status s = CheckCommit(commit); !s.ok()) return s;
  }
  if (env->FileExists(path)) {
    return absl::AlreadyExistsError(
        absl::StrCat(path, " already exists; a log is never overwritten"));
  }
  const std::string bytes = EncodeLog(log_id, commits);
  if (absl::Status s = CheckLogSize(path, bytes.size()); !s.ok()) return s;
  if (absl::Status s = env->CreateDirs(ParentDir(path)); !s.ok()) return s;
  if (absl::Status s =
          WriteViaTemp(env, path, bytes,
                       [&] {
                         if (!env->FileExists(path)) return absl::OkStatus();
                         return absl::AlreadyExistsError(absl::StrCat(
                             path,
                             " was created by someone else meanwhile; it is "
                             "left as it is"));
                       });
      !s.ok()) {
    return s;
  }
  return env->SyncDir(ParentDir(path));
}

MemoryEventLog::MemoryEventLog(std::vector<Record> records)
    : records_(std::move(records)) {}

absl::Status MemoryEventLog::Append(std::vector<std::string> payloads) {
  if (absl::Status s = CheckCommit(payloads); !s.ok()) return s;
  AddCommit(std::move(payloads), &records_);
  return absl::OkStatus();
}

absl::Status MemoryEventLog::TruncateTo(size_t num_records) {
  if (absl::Status s = CheckTruncation(records_, num_records); !s.ok()) {
    return s;
  }
  records_.resize(num_records);
  return absl::OkStatus();
}

absl::Status MemoryEventLog::ReplaceWith(std::vector<std::string> payloads) {
  if (absl::Status s = CheckPayloadSizes(payloads); !s.ok()) return s;
  records_.clear();
  AddCommit(std::move(payloads), &records_);
  return absl::OkStatus();
}

}  // namespace checkers::storage
