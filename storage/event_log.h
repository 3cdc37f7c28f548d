// The log of one game, as the event layer uses it: an ordered list of
// opaque records, grouped into commits, that only grows at the end, shrinks
// at a commit boundary (undo), or is replaced whole (a new game).
//
// FileEventLog keeps it in a crash-safe file (format in FORMAT.md): a
// commit is acknowledged only once it is on disk. MemoryEventLog keeps it
// in memory, for when the save cannot be created or written and the game
// goes on without persistence. PostgresEventLog (postgres_store.h) keeps
// it in a PostgreSQL database that several processes share.
//
// None is thread-safe: one game loop owns its log object.

#ifndef CHECKERS_STORAGE_EVENT_LOG_H_
#define CHECKERS_STORAGE_EVENT_LOG_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "storage/env.h"
#include "storage/log_format.h"

namespace checkers::storage {

class EventLog {
 public:
  virtual ~EventLog() = default;

  // Every acknowledged record in order: records()[i].seq == i + 1, and the
  // last record (if any) ends a commit.
  virtual const std::vector<Record>& records() const = 0;

  // Appends one commit: the payloads become records with the next seqs,
  // the last one marked as ending the commit. When it returns OK the
  // commit is acknowledged (for a durable log: on disk, surviving a
  // crash). InvalidArgument, with the log unchanged, when `payloads` is
  // empty or one is over kMaxPayloadSize. A durable log also refuses, with
  // ResourceExhausted and the log unchanged and still usable, a commit that
  // would take its file past kMaxLogSize, the most a reader accepts.
  virtual absl::Status Append(std::vector<std::string> payloads) = 0;

  // Keeps the first `num_records` records and drops the rest (undo).
  // InvalidArgument, with the log unchanged, when num_records is more than
  // the log holds or falls inside a commit.
  virtual absl::Status TruncateTo(size_t num_records) = 0;

  // Replaces the whole log with one commit of `payloads` (none: an empty
  // log), under a new log id, atomically: afterwards the log is wholly the
  // old one or wholly the new one, never a mix. InvalidArgument when a
  // payload is over kMaxPayloadSize; ResourceExhausted as for Append.
  virtual absl::Status ReplaceWith(std::vector<std::string> payloads) = 0;

  // Whether acknowledged commits survive the process and a crash.
  virtual bool durable() const = 0;

  // Brings records() up to date with what other writers of the same log
  // (other processes sharing a PostgreSQL store) committed since this
  // object last read or wrote it. Returns how many of the records that
  // records() held before are still the log's first records: the rest
  // were taken back (an undo) or replaced (a new game) by another writer,
  // and records() after them are new. A log that has one writer (a file,
  // under its lock, or memory) has nothing to catch up: it returns
  // records().size() and changes nothing, which is this default.
  virtual absl::StatusOr<size_t> CatchUp() { return records().size(); }

  // What opening repaired, as one line for the player; empty when nothing
  // was, which is this default.
  virtual const std::string& recovery_notice() const;
};

// A log kept in a file, held open by one writer.
class FileEventLog final : public EventLog {
 public:
  struct Options {
    // Create the file (and its directories) when it does not exist;
    // otherwise a missing file is NotFound.
    bool create_if_missing = true;
  };

  // Opens the log at `path` for writing, creating it and its parent
  // directories if missing (with create_if_missing false: NotFound, and
  // nothing created, not even the lock file). A `path` that is not a
  // regular file (a directory, FIFO, socket, device or a symbolic link to
  // nothing) is Internal at once, naming what it is, and left alone; a
  // symbolic link to a save is followed, and the save written through it. Takes
  // an exclusive lock on "<path>.lock" for the life of the returned object:
  // Unavailable at once if another writer (another running game) holds it. Then
  // recovers: a torn tail is cut off and synced, and described by
  // recovery_notice(). On corruption returns DataLoss naming the byte offset
  // and seq and leaves the file byte-for-byte untouched. Other errors follow
  // env.h (PermissionDenied, ResourceExhausted, Internal: the save cannot be
  // created or written).
  static absl::StatusOr<std::unique_ptr<FileEventLog>> Open(Env* env,
                                                            std::string path,
                                                            Options options);
  static absl::StatusOr<std::unique_ptr<FileEventLog>> Open(Env* env,
                                                            std::string path);

  ~FileEventLog() override = default;

  const std::vector<Record>& records() const override { return records_; }

  // One write and one fdatasync for the whole commit. After any failed
  // write or sync (here, in TruncateTo or in ReplaceWith once the new file
  // is in place) the log no longer knows what the disk holds, so this and
  // every later Append, TruncateTo and ReplaceWith return
  // FailedPrecondition naming the first error, until the log is reopened;
  // reopening recovers whatever reached the disk.
  absl::Status Append(std::vector<std::string> payloads) override;

  // Truncates the file at the commit boundary and syncs.
  absl::Status TruncateTo(size_t num_records) override;

  // Writes "<path>.tmp", syncs it, renames it over the log and syncs the
  // directory, all under the lock. A failure before the rename leaves the
  // old log in place and usable.
  absl::Status ReplaceWith(std::vector<std::string> payloads) override;

  bool durable() const override { return true; }

  // The id in the file's header; new after each ReplaceWith.
  const LogId& log_id() const { return log_id_; }

  // What opening repaired, as one line for the player, e.g. "dropped 37
  // bytes of an unfinished turn at the end of /a/match.log"; empty when
  // the file was sound.
  const std::string& recovery_notice() const override {
    return recovery_notice_;
  }

 private:
  FileEventLog(Env* env, std::string path, std::unique_ptr<FileLock> lock,
               std::unique_ptr<WritableFile> file, LogId log_id,
               std::vector<Record> records, std::string recovery_notice);

  // The error for an operation after an earlier write failure, or OK.
  absl::Status CheckUsable() const;
  // Records `error` as the failure that makes the log unusable; returns it.
  absl::Status Fail(absl::Status error);

  Env* const env_;
  const std::string path_;
  std::unique_ptr<FileLock> lock_;
  std::unique_ptr<WritableFile> file_;
  LogId log_id_;
  std::vector<Record> records_;
  std::string recovery_notice_;
  absl::Status failure_;
  // Reused for each commit's bytes, so appending does not allocate.
  std::string scratch_;
};

// Writes a new log file at `path` holding `commits` (each a non-empty list
// of payloads) under a new log id, for tools that make whole logs, such as
// an import. No lock is taken and none is left behind: the file is written
// and synced under a temporary name, then renamed into place and its
// directory synced, so it appears whole or not at all. AlreadyExists when
// `path` exists (a log is never overwritten); InvalidArgument for an empty
// commit or a payload over kMaxPayloadSize; ResourceExhausted when the file
// would be over kMaxLogSize; I/O errors as env.h.
absl::Status CreateLogFile(
    Env* env, const std::string& path,
    const std::vector<std::vector<std::string>>& commits);

// As above, under the log id `log_id`: a copy of a log from another store
// keeps its id, and so its bytes (table_copy.h).
absl::Status CreateLogFile(
    Env* env, const std::string& path, const LogId& log_id,
    const std::vector<std::vector<std::string>>& commits);

// A log kept in memory only: lost when the process ends.
class MemoryEventLog final : public EventLog {
 public:
  MemoryEventLog() = default;

  // Continues from `records`, e.g. those of a FileEventLog that can no
  // longer be written. They must be as records() returns them: seqs 1, 2,
  // ... with the last record ending a commit.
  explicit MemoryEventLog(std::vector<Record> records);

  const std::vector<Record>& records() const override { return records_; }
  absl::Status Append(std::vector<std::string> payloads) override;
  absl::Status TruncateTo(size_t num_records) override;
  absl::Status ReplaceWith(std::vector<std::string> payloads) override;
  bool durable() const override { return false; }

 private:
  std::vector<Record> records_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_EVENT_LOG_H_
