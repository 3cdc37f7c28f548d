// An in-memory Env for tests that fails on demand and models what a power
// cut keeps: file contents only up to their last Sync, and directory
// entries (files created, renamed, removed) only up to their directory's
// last SyncDir. Faults: short writes ending in ENOSPC, EIO on sync, EROFS
// on anything that writes, and stopping the machine after N operations,
// then a crash that drops everything not yet synced or tears it at a
// random byte.
//
// Directories themselves are durable as soon as they are created (the
// POSIX Env syncs each one's parent). Not thread-safe.

#ifndef CHECKERS_STORAGE_FAULT_ENV_H_
#define CHECKERS_STORAGE_FAULT_ENV_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "storage/env.h"

namespace checkers::storage {

class FaultEnv final : public Env {
 public:
  // A file system holding only the root directory "/".
  FaultEnv() = default;
  FaultEnv(const FaultEnv&) = delete;
  FaultEnv& operator=(const FaultEnv&) = delete;

  absl::StatusOr<std::string> ReadFile(const std::string& path,
                                       uint64_t max_size) override;
  absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, OpenMode mode) override;
  absl::Status Rename(const std::string& from, const std::string& to) override;
  absl::Status RemoveFile(const std::string& path) override;
  absl::Status SyncDir(const std::string& dir) override;
  absl::Status CreateDirs(const std::string& dir) override;
  absl::StatusOr<std::unique_ptr<FileLock>> LockFile(
      const std::string& path) override;
  bool FileExists(const std::string& path) override;
  absl::StatusOr<uint64_t> FileSize(const std::string& path) override;
  absl::StatusOr<std::vector<std::string>> ListDir(
      const std::string& dir) override;

  // Every file now visible, in order: what a test expects an operation to
  // have left behind.
  std::vector<std::string> Files() const;

  // Writes the file at `path` (creating its directories) as if it had been
  // written, synced, and its directory synced.
  void PutFile(const std::string& path, absl::string_view contents);

  // Only `bytes` more bytes can be written, to all files together; the
  // write that crosses the limit is cut short there and fails with ENOSPC.
  // std::nullopt (the default) means no limit.
  void SetSpaceLeft(std::optional<uint64_t> bytes) { space_left_ = bytes; }

  // While set, Sync and SyncDir fail with EIO and make nothing durable.
  void SetSyncFails(bool fails) { sync_fails_ = fails; }

  // While set, the file system is read-only: opening for writing, renaming,
  // removing, and creating directories or lock files fail with EROFS.
  void SetReadOnly(bool read_only) { read_only_ = read_only; }

  // The machine stops after `n` more operations that change the disk
  // (opening for writing, append, sync, truncate, rename, remove, sync dir,
  // create dirs): every later one fails with EIO and changes nothing, until
  // SimulateCrash. std::nullopt means never.
  void StopAfterOperations(std::optional<int> n) { operations_left_ = n; }

  // A power cut and reboot. Without `rng`, each file goes back to what its
  // last Sync made durable. With `rng`, each file whose unsynced change was
  // an append keeps a random prefix of the appended bytes, sometimes as
  // zeros (the length reached the disk but the data did not); a file that
  // was truncated keeps either its synced contents or the truncated ones
  // plus a prefix of what followed. Directory entries go back to their
  // last SyncDir. Locks are released, and files opened before the crash
  // fail with EIO. Clears every fault.
  void SimulateCrash(std::mt19937_64* rng = nullptr);

  // The number of WritableFile::Append and Sync calls so far, successful
  // or not, so tests can count the writes and syncs of one operation.
  int append_calls() const { return append_calls_; }
  int sync_calls() const { return sync_calls_; }

 private:
  friend class FaultWritableFile;
  friend class FaultFileLock;

  struct Node {
    std::string data;
    std::string synced;
  };

  // Counts one disk-changing operation; false once the machine stopped.
  bool Operate();
  absl::Status Append(Node& node, const std::string& path, uint64_t generation,
                      absl::string_view data);
  absl::Status Sync(Node& node, const std::string& path, uint64_t generation);
  absl::Status Truncate(Node& node, const std::string& path,
                        uint64_t generation, uint64_t size);
  // The error for a handle opened before the last crash, or OK.
  absl::Status CheckGeneration(const std::string& path,
                               uint64_t generation) const;

  // Every path now visible, and as its directories last made durable.
  std::map<std::string, std::shared_ptr<Node>> live_;
  std::map<std::string, std::shared_ptr<Node>> durable_;
  std::set<std::string> dirs_ = {"/"};
  std::set<std::string> locked_;
  // Increased by every crash, so that handles from before it go dead.
  uint64_t generation_ = 0;

  std::optional<uint64_t> space_left_;
  bool sync_fails_ = false;
  bool read_only_ = false;
  std::optional<int> operations_left_;
  int append_calls_ = 0;
  int sync_calls_ = 0;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_FAULT_ENV_H_
