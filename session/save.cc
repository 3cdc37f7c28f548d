#include "session/save.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "events/events.pb.h"
#include "storage/event_log.h"

namespace checkers::session {

Save::Save(storage::Env* env, std::function<void(Report)> tell)
    : env_(env), tell_(std::move(tell)), log_(storage::GameLog::InMemory()) {}

bool Save::IsRefusal(const absl::Status& status) {
  return status.code() == absl::StatusCode::kFailedPrecondition ||
         status.code() == absl::StatusCode::kInvalidArgument;
}

void Save::Open(const absl::StatusOr<std::string>& path) {
  damage_.clear();
  if (!path.ok()) {
    GoInMemory(Persistence::kUnavailable, path.status().message());
    return;
  }
  path_ = *path;
  const absl::Status opened = OpenSave(/*create=*/true);
  if (opened.ok()) return;
  switch (opened.code()) {
    case absl::StatusCode::kDataLoss:
      damage_ = std::string(opened.message());
      log_ = storage::GameLog::InMemory();
      return;
    case absl::StatusCode::kUnavailable:
      GoInMemory(Persistence::kLocked, opened.message());
      break;
    default:
      GoInMemory(Persistence::kUnavailable, opened.message());
      break;
  }
  CopyIntoMemory(path_);
}

absl::Status Save::OpenForCommand(const std::string& path, bool create) {
  for_command_ = true;
  path_ = path;
  return OpenSave(create);
}

absl::Status Save::OpenTable(storage::TableStore* store, const std::string& id,
                             bool create) {
  for_command_ = true;
  store_ = store;
  path_ = id;
  return OpenSave(create);
}

absl::Status Save::OpenSave(bool create) {
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log;
  if (store_ != nullptr) {
    absl::StatusOr<std::unique_ptr<storage::EventLog>> table =
        store_->Open(path_, create);
    if (!table.ok()) return table.status();
    log = storage::GameLog::FromLog(
        *std::move(table),
        absl::StrCat("table ", path_, " in ", store_->name()));
  } else {
    storage::GameLog::OpenOptions open;
    open.create_if_missing = create;
    log = storage::GameLog::Open(env_, path_, open);
  }
  if (!log.ok()) return log.status();
  log_ = *std::move(log);
  persistence_ = Persistence::kSaved;
  if (!log_->notice().empty()) {
    Report r;
    r.kind = Report::Kind::kRecovered;
    r.detail = log_->notice();
    tell_(std::move(r));
  }
  return absl::OkStatus();
}

void Save::GoInMemory(Persistence why, absl::string_view detail) {
  log_ = storage::GameLog::InMemory();
  NotSaved(why, detail);
}

void Save::NotSaved(Persistence why, absl::string_view detail) {
  persistence_ = why;
  persistence_detail_ = std::string(detail);
  Report r;
  r.kind = Report::Kind::kNotSaved;
  r.persistence = why;
  r.detail = persistence_detail_;
  tell_(std::move(r));
}

void Save::CopyIntoMemory(const std::string& path) {
  absl::StatusOr<storage::LoadedGame> saved = storage::LoadGame(env_, path);
  if (!saved.ok() || saved->events.empty() ||
      !saved->events[0].has_game_started())
    return;
  if (!log_->NewGame(saved->events[0]).ok()) return;
  for (size_t i = 1; i < saved->events.size(); ++i) {
    const events::Event& e = saved->events[i];
    // An end the rules impose comes with the commit that caused it.
    if (e.has_game_ended() && log_->state().over()) continue;
    if (!log_->Commit(e).ok()) break;
  }
}

absl::StatusOr<std::string> Save::SetDamagedSaveAside() {
  damage_.clear();
  return storage::KeepDamagedSaveAside(env_, path_);
}

void Save::KeepDamagedAside() {
  absl::StatusOr<std::string> kept = SetDamagedSaveAside();
  if (!kept.ok()) {
    GoInMemory(Persistence::kUnavailable, kept.status().message());
    return;
  }
  Report r;
  r.kind = Report::Kind::kDamagedKept;
  r.detail = *kept;
  tell_(std::move(r));
  Open(path_);
}

void Save::PlayWithoutSaving() {
  damage_.clear();
  GoInMemory(Persistence::kDamagedLeft, path_);
}

absl::Status Save::Reopen() {
  // The failed log holds the save's lock; it must let go first. A store's
  // table has no lock, and its game stays as it was read until it opens.
  if (store_ == nullptr) log_.reset();
  const absl::Status opened = OpenSave(/*create=*/false);
  if (opened.ok()) {
    broken_ = false;
    return opened;
  }
  if (store_ == nullptr) {
    // Until the save opens again, its game is shown as it was last written.
    log_ = storage::GameLog::InMemory();
    CopyIntoMemory(path_);
  }
  return absl::UnavailableError(
      absl::StrCat("the save ", path_, " cannot be written yet (",
                   opened.message(), "); nothing was played"));
}

absl::Status Save::Change(const std::function<absl::Status()>& change) {
  if (broken_) {
    if (absl::Status reopened = Reopen(); !reopened.ok()) return reopened;
  }
  absl::Status st = change();
  // Aborted: another writer of a shared log came first, and the log, still
  // sound, is caught up rather than reopened.
  if (!st.ok() && !IsRefusal(st) && !absl::IsAborted(st) && for_command_) {
    broken_ = true;
  }
  if (!st.ok() && !IsRefusal(st) && !for_command_) {
    // The save failed, not the action: the game goes on in memory.
    log_->ContinueInMemory();
    NotSaved(Persistence::kWriteFailed, st.message());
    st = change();
  }
  return st;
}

}  // namespace checkers::session
