// The save a session plays on: opening it and recovering a torn tail,
// going on in memory when it cannot be used (read-only, locked, failing to
// write), and the two ways out of a damaged save. What it has to tell the
// person comes out as Reports (session/outcome.h) through the sink it is
// given.
//
// Not thread-safe: the session's owner uses it.

#ifndef CHECKERS_SESSION_SAVE_H_
#define CHECKERS_SESSION_SAVE_H_

#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "session/outcome.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "storage/table_store.h"

namespace checkers::session {

class Save {
 public:
  // `env` reads and writes the save and must outlive it; `tell` receives
  // each Report as it happens. Starts with an empty game in memory.
  Save(storage::Env* env, std::function<void(Report)> tell);

  // For a game played on: opens the save at `path` (an error: no save
  // location could be found). Never fails: a save that cannot be used
  // leaves the game in memory with a kNotSaved report — a locked or
  // read-only save's game is copied into memory, so it can still be
  // played — and a damaged save is left untouched and reported by
  // damaged().
  void Open(const absl::StatusOr<std::string>& path);
  // For one command: opens the save at `path` for writing, creating it
  // when `create` says so. Errors as storage::GameLog::Open (NotFound when
  // it does not exist and `create` is false; DataLoss when damaged;
  // Unavailable when locked). Afterwards a failed write is an error of
  // Change instead of a move into memory.
  absl::Status OpenForCommand(const std::string& path, bool create);
  // As OpenForCommand, for the log of table `id` in `store` (which must
  // outlive the save) rather than a file: errors as TableStore::Open and
  // GameLog::FromLog. A change that another process made first is Aborted
  // (the log is then caught up with GameLog::CatchUp, not reopened).
  absl::Status OpenTable(storage::TableStore* store, const std::string& id,
                         bool create);

  bool damaged() const { return !damage_.empty(); }
  const std::string& damage() const { return damage_; }
  // Renames the damaged save aside ("<save>.damaged", then
  // ".damaged.2"...) and returns its new name.
  absl::StatusOr<std::string> SetDamagedSaveAside();
  // The same, then opens a new save in its place; if the rename fails,
  // the game goes on in memory.
  void KeepDamagedAside();
  // The damaged save stays as it is, unopened; the game goes on in memory.
  void PlayWithoutSaving();

  const std::string& path() const { return path_; }
  Persistence persistence() const { return persistence_; }
  const std::string& persistence_detail() const { return persistence_detail_; }

  storage::GameLog& log() { return *log_; }
  const storage::GameLog& log() const { return *log_; }

  // Runs `change` on the log. When the save fails (not the change itself,
  // which a check refused), moves the game into memory with a report and
  // runs it again there — unless the save was opened for a command, which
  // gets the write's error; the next change of a command's save then
  // first reopens it, as a restart would (cutting a torn tail), and is
  // Unavailable, the game unchanged, while it still cannot be opened.
  absl::Status Change(const std::function<absl::Status()>& change);

  // Whether `status`, an error of a change, is a check's refusal (the log
  // unchanged) rather than the write's failure.
  static bool IsRefusal(const absl::Status& status);

 private:
  absl::Status OpenSave(bool create);
  // Reopens a command's save after a failed write.
  absl::Status Reopen();
  void GoInMemory(Persistence why, absl::string_view detail);
  void NotSaved(Persistence why, absl::string_view detail);
  void CopyIntoMemory(const std::string& path);

  storage::Env* const env_;
  const std::function<void(Report)> tell_;
  // The store of a table's log (OpenTable), whose id path_ then is; null
  // for a save file.
  storage::TableStore* store_ = nullptr;
  std::string path_;
  std::unique_ptr<storage::GameLog> log_;
  bool for_command_ = false;
  // A command's save failed to write: reopen it before the next change.
  bool broken_ = false;
  Persistence persistence_ = Persistence::kSaved;
  std::string persistence_detail_;
  std::string damage_;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_SAVE_H_
