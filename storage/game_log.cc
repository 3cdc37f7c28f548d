#include "storage/game_log.h"

#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "events/fold.h"
#include "events/undo.h"
#include "events/validate.h"
#include "storage/log_reader.h"

namespace checkers::storage {
namespace {

// The errors of parsing and folding (all DataLoss) with the path, which
// the events' own messages do not name.
absl::Status Named(const std::string& path, const absl::Status& status) {
  return absl::DataLossError(absl::StrCat(path, ": ", status.message()));
}

absl::StatusOr<std::vector<events::Event>> ParseRecords(
    const std::string& path, absl::Span<const Record> records) {
  std::vector<events::Event> parsed;
  parsed.reserve(records.size());
  for (const Record& r : records) {
    absl::StatusOr<events::Event> e = events::ParseEvent(r.payload, r.seq);
    if (!e.ok()) return Named(path, e.status());
    parsed.push_back(*std::move(e));
  }
  return parsed;
}

absl::StatusOr<events::GameState> FoldLog(
    const std::string& path, absl::Span<const events::Event> events) {
  absl::StatusOr<events::GameState> state = events::FoldEvents(events);
  if (!state.ok()) return Named(path, state.status());
  return state;
}

std::vector<std::string> Serialize(const std::vector<events::Event>& commit) {
  std::vector<std::string> payloads;
  payloads.reserve(commit.size());
  for (const events::Event& e : commit)
    payloads.push_back(e.SerializeAsString());
  return payloads;
}

}  // namespace

absl::StatusOr<LoadedEvents> LoadEvents(Env* env, const std::string& path) {
  // ReadLog names the path in its own errors.
  absl::StatusOr<LogContents> contents = ReadLog(env, path);
  if (!contents.ok()) return contents.status();
  absl::StatusOr<std::vector<events::Event>> events =
      ParseRecords(path, contents->records);
  if (!events.ok()) return events.status();
  return LoadedEvents{*std::move(events), contents->torn_bytes};
}

absl::StatusOr<LoadedEvents> ParseEvents(absl::string_view bytes,
                                         const std::string& name) {
  absl::StatusOr<LogContents> contents = ParseLog(bytes);
  if (!contents.ok()) return Named(name, contents.status());
  absl::StatusOr<std::vector<events::Event>> events =
      ParseRecords(name, contents->records);
  if (!events.ok()) return events.status();
  return LoadedEvents{*std::move(events), contents->torn_bytes};
}

absl::StatusOr<LoadedGame> LoadGame(Env* env, const std::string& path) {
  absl::StatusOr<LoadedEvents> loaded = LoadEvents(env, path);
  if (!loaded.ok()) return loaded.status();
  absl::StatusOr<events::GameState> state = FoldLog(path, loaded->events);
  if (!state.ok()) return state.status();
  return LoadedGame{std::move(loaded->events), *std::move(state),
                    loaded->torn_bytes};
}

absl::StatusOr<std::string> KeepDamagedSaveAside(Env* env,
                                                 const std::string& path) {
  std::string kept = absl::StrCat(path, ".damaged");
  for (int n = 2; env->FileExists(kept); ++n)
    kept = absl::StrCat(path, ".damaged.", n);
  if (absl::Status st = env->Rename(path, kept); !st.ok()) return st;
  return kept;
}

GameLog::GameLog(std::unique_ptr<EventLog> log,
                 std::vector<events::Event> events, events::GameState state,
                 std::string notice, std::string name)
    : log_(std::move(log)),
      events_(std::move(events)),
      state_(std::move(state)),
      notice_(std::move(notice)),
      name_(std::move(name)) {}

absl::StatusOr<std::unique_ptr<GameLog>> GameLog::Open(
    Env* env, const std::string& path) {
  return Open(env, path, OpenOptions());
}

absl::StatusOr<std::unique_ptr<GameLog>> GameLog::Open(
    Env* env, const std::string& path, OpenOptions options) {
  FileEventLog::Options file_options;
  file_options.create_if_missing = options.create_if_missing;
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env, path, file_options);
  if (!log.ok()) return log.status();
  return FromLog(*std::move(log), path);
}

absl::StatusOr<std::unique_ptr<GameLog>> GameLog::FromLog(
    std::unique_ptr<EventLog> log, const std::string& name) {
  absl::StatusOr<std::vector<events::Event>> events =
      ParseRecords(name, log->records());
  if (!events.ok()) return events.status();
  absl::StatusOr<events::GameState> state = FoldLog(name, *events);
  if (!state.ok()) return state.status();
  std::string notice = log->recovery_notice();
  return absl::WrapUnique(new GameLog(std::move(log), *std::move(events),
                                      *std::move(state), std::move(notice),
                                      name));
}

std::unique_ptr<GameLog> GameLog::InMemory() {
  return absl::WrapUnique(new GameLog(std::make_unique<MemoryEventLog>(), {},
                                      events::GameState(), "", "memory"));
}

absl::Status GameLog::CheckUsable() const {
  if (failure_.ok()) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("not changing ", name_, " after reading records that do "
                   "not fold (", failure_.message(), "); open it again"));
}

absl::StatusOr<size_t> GameLog::CatchUp() {
  absl::StatusOr<size_t> kept = log_->CatchUp();
  if (!kept.ok()) return kept.status();
  const std::vector<Record>& records = log_->records();
  if (*kept == events_.size() && records.size() == events_.size()) {
    return kept;
  }
  absl::StatusOr<std::vector<events::Event>> added =
      ParseRecords(name_, absl::MakeConstSpan(records).subspan(*kept));
  if (!added.ok()) {
    failure_ = added.status();
    return failure_;
  }
  std::vector<events::Event> events(events_.begin(), events_.begin() + *kept);
  for (events::Event& e : *added) events.push_back(std::move(e));
  absl::StatusOr<events::GameState> state = FoldLog(name_, events);
  if (!state.ok()) {
    failure_ = state.status();
    return failure_;
  }
  events_ = std::move(events);
  state_ = *std::move(state);
  return kept;
}

absl::Status GameLog::AppendCommit(events::Commit commit) {
  if (absl::Status st = CheckUsable(); !st.ok()) return st;
  if (absl::Status st = log_->Append(Serialize(commit.events)); !st.ok())
    return st;
  events::FoldCommit(std::move(commit), &state_, &events_);
  return absl::OkStatus();
}

absl::Status GameLog::Commit(events::Event event) {
  absl::StatusOr<events::Commit> commit =
      events::CommitFor(state_, std::move(event));
  if (!commit.ok()) return commit.status();
  return AppendCommit(*std::move(commit));
}

absl::Status GameLog::Undo() {
  if (absl::Status st = CheckUsable(); !st.ok()) return st;
  absl::StatusOr<size_t> keep = events::UndoKeep(events_);
  if (!keep.ok()) return keep.status();
  // The kept events were checked when they were first folded, so they
  // fold again.
  absl::StatusOr<events::GameState> kept =
      events::FoldEvents(absl::MakeConstSpan(events_).first(*keep));
  if (!kept.ok()) return kept.status();
  if (absl::Status st = log_->TruncateTo(*keep); !st.ok()) {
    // A log made elsewhere may hold a turn inside a larger commit; it is
    // not ours to split.
    if (st.code() == absl::StatusCode::kInvalidArgument) {
      return absl::FailedPreconditionError(
          absl::StrCat("this turn cannot be taken back: ", st.message()));
    }
    return st;
  }
  events_.resize(*keep);
  state_ = *std::move(kept);
  return absl::OkStatus();
}

absl::Status GameLog::NewGame(events::Event start) {
  absl::StatusOr<events::Commit> commit =
      events::CommitFor({}, std::move(start));
  if (!commit.ok()) return commit.status();
  if (absl::Status st = log_->ReplaceWith(Serialize(commit->events)); !st.ok())
    return st;
  // The new game replaces whatever did not fold.
  failure_ = absl::OkStatus();
  events_.clear();
  events::FoldCommit(*std::move(commit), &state_, &events_);
  return absl::OkStatus();
}

void GameLog::ContinueInMemory() {
  if (!log_->durable()) return;
  log_ = std::make_unique<MemoryEventLog>(log_->records());
}

}  // namespace checkers::storage
