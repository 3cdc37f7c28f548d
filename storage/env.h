// The file-system interface through which all of storage's file I/O goes,
// so that tests can swap in a file system that fails on demand or loses
// unsynced data (fault_env.h). Env::Default() is the real POSIX one.
//
// Errors are Statuses whose message names the operation, the path and the
// system's reason, and whose code follows the project's exit-code
// convention (ui_cli/exit_codes.h):
//   NotFound                       the file (or a directory on its path) is
//   missing PermissionDenied               no permission, read-only file system
//   ResourceExhausted              disk full, quota exceeded, file too large
//   Unavailable                    only: a lock held by another process
//   DataLoss                       a file exists but cannot be read
//   Internal                       any other I/O error (EIO and the like)

#ifndef CHECKERS_STORAGE_ENV_H_
#define CHECKERS_STORAGE_ENV_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace checkers::storage {

// A file open for appending. Not thread-safe. Destroying it closes the file
// without syncing it.
class WritableFile {
 public:
  virtual ~WritableFile() = default;

  // Writes all of `data` at the end of the file. On error a prefix of
  // `data` may have been written.
  virtual absl::Status Append(absl::string_view data) = 0;

  // Makes everything written and the file's length durable (fdatasync).
  virtual absl::Status Sync() = 0;

  // Cuts the file to `size` bytes (ftruncate); later appends go after them.
  // Not durable until Sync().
  virtual absl::Status Truncate(uint64_t size) = 0;
};

// An exclusive lock on a file; destroying it releases the lock.
class FileLock {
 public:
  virtual ~FileLock() = default;
};

// How Env::OpenForAppend treats a missing or existing file.
enum class OpenMode {
  kMustExist,        // a missing file is NotFound
  kCreateIfMissing,  // created empty when missing, kept when present
  kCreateEmpty,      // created when missing, emptied when present
};

// A file's bytes held read-only in memory for as long as the object lives.
class ReadOnlyFile {
 public:
  virtual ~ReadOnlyFile() = default;

  // The whole contents; valid and unchanged while this object lives.
  virtual absl::string_view data() const = 0;
};

// What a path names, after following symbolic links.
enum class FileKind {
  kMissing,  // nothing is there
  kRegular,  // a regular file: the only kind a save can be
  kDirectory,
  kFifo,
  kSocket,
  kDevice,        // a character or block device
  kDanglingLink,  // a symbolic link to nothing
};

// "a directory", "a FIFO", ...: for messages naming what a path is.
absl::string_view FileKindName(FileKind kind);

class Env {
 public:
  virtual ~Env() = default;

  // The POSIX file system. Never destroyed.
  static Env* Default();

  // The whole contents of the file at `path`. NotFound when it does not
  // exist; DataLoss when it exists but cannot be read (a directory, EIO) or
  // holds more than `max_size` bytes, so that a wrong path (a huge file,
  // /dev/zero) is an error rather than memory exhausted.
  virtual absl::StatusOr<std::string> ReadFile(const std::string& path,
                                               uint64_t max_size) = 0;

  // The whole contents of the file at `path`, with ReadFile's errors, for
  // large files read far more than written (the endgame database). Where
  // the file system allows, the file is mapped (mmap), so its pages are
  // shared with every process that maps it and can be dropped under
  // memory pressure rather than swapped; the default reads it with
  // ReadFile. The file must not be changed in place while mapped: this
  // project replaces such files by rename (replace_file.h), which leaves
  // a mapping of the old one intact.
  virtual absl::StatusOr<std::unique_ptr<ReadOnlyFile>> MapFile(
      const std::string& path, uint64_t max_size);

  // Opens `path` for appending. Creating a file does not make its
  // directory entry durable: call SyncDir on its directory for that.
  virtual absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, OpenMode mode) = 0;

  // Renames `from` to `to`, atomically replacing `to` if it exists. Durable
  // only after SyncDir on the directory.
  virtual absl::Status Rename(const std::string& from,
                              const std::string& to) = 0;

  // Removes the file at `path`.
  virtual absl::Status RemoveFile(const std::string& path) = 0;

  // Makes the entries of directory `dir` (files created, renamed or removed
  // in it) durable (fsync on the directory).
  virtual absl::Status SyncDir(const std::string& dir) = 0;

  // Creates directory `dir` and any missing parents, and makes each new
  // directory's entry durable. Succeeds when `dir` already exists.
  virtual absl::Status CreateDirs(const std::string& dir) = 0;

  // Takes an exclusive lock on `path` (flock, created if missing), without
  // waiting: Unavailable at once when another holder has it, including a
  // second lock from this same process. The lock lasts while the returned
  // object lives, and ends with the process however it dies.
  virtual absl::StatusOr<std::unique_ptr<FileLock>> LockFile(
      const std::string& path) = 0;

  // Whether something exists at `path`.
  virtual bool FileExists(const std::string& path) = 0;

  // What `path` names, following symbolic links. Errors as IoError when
  // the path cannot be examined (e.g. PermissionDenied for a directory on
  // it that may not be searched). The default, for file systems without
  // special files or links, knows only kMissing and kRegular.
  virtual absl::StatusOr<FileKind> KindOf(const std::string& path);

  // When `path` is itself a symbolic link, the file it leads to (realpath),
  // so that a save reached through a link is written through to its target
  // rather than the link replaced by a rename; otherwise `path` unchanged.
  // Errors as IoError; the default returns `path`.
  virtual absl::StatusOr<std::string> ResolvePath(const std::string& path);

  // The size in bytes of the file at `path`.
  virtual absl::StatusOr<uint64_t> FileSize(const std::string& path) = 0;

  // The names of the entries of directory `dir` (files, directories and
  // anything else, without "." and ".."), sorted. Errors as IoError:
  // NotFound when `dir` does not exist.
  virtual absl::StatusOr<std::vector<std::string>> ListDir(
      const std::string& dir) = 0;
};

// The Status for a failed system call: `error` is an errno value, `action`
// what was being done ("write", "create"), e.g. IoError("sync", "/a/b",
// EIO) is Internal "cannot sync /a/b: Input/output error". Codes follow
// the table at the top of this file; EWOULDBLOCK is not special here.
absl::Status IoError(absl::string_view action, absl::string_view path,
                     int error);

// The Status for a failed read of `path`: NotFound when the file or a
// directory on its path is missing (ENOENT, ENOTDIR), PermissionDenied
// when reading it is not allowed (EACCES, EPERM: the file is sound, only
// out of reach), DataLoss otherwise, because a save that exists but cannot
// be read is an unreadable log.
absl::Status ReadError(absl::string_view path, int error);

// The directory part of `path`: "a/b" for "a/b/c", "/" for "/c", "." for
// "c". Trailing slashes of the directory part are dropped.
std::string ParentDir(absl::string_view path);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_ENV_H_
