#include "storage/game_log.h"

#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "events/fold.h"
#include "events/undo.h"
#include "events/validate.h"
#include "storage/log_reader.h"

namespace checkers::storage {
namespace {

absl::StatusOr<std::vector<events::Event>> ParseRecords(
    const std::vector<Record>& records) {
  std::vector<events::Event> parsed;
  parsed.reserve(records.size());
  for (const Record& r : records) {
    absl::StatusOr<events::Event> e = events::ParseEvent(r.payload, r.seq);
    if (!e.ok()) return e.status();
    parsed.push_back(*std::move(e));
  }
  return parsed;
}

std::vector<std::string> Serialize(const std::vector<events::Event>& commit) {
  std::vector<std::string> payloads;
  payloads.reserve(commit.size());
  for (const events::Event& e : commit)
    payloads.push_back(e.SerializeAsString());
  return payloads;
}

absl::StatusOr<LoadedGame> GameOf(absl::StatusOr<LogContents> contents) {
  if (!contents.ok()) return contents.status();
  absl::StatusOr<std::vector<events::Event>> parsed =
      ParseRecords(contents->records);
  if (!parsed.ok()) return parsed.status();
  absl::StatusOr<events::GameState> state = events::FoldEvents(*parsed);
  if (!state.ok()) return state.status();
  return LoadedGame{*std::move(parsed), *std::move(state),
                    contents->torn_bytes};
}

}  // namespace

absl::StatusOr<LoadedGame> ParseGame(absl::string_view bytes) {
  return GameOf(ParseLog(bytes));
}

absl::StatusOr<LoadedGame> LoadGame(Env* env, const std::string& path) {
  // ReadLog names the path in its own errors; those of the events do not.
  absl::StatusOr<LogContents> contents = ReadLog(env, path);
  if (!contents.ok()) return contents.status();
  absl::StatusOr<LoadedGame> game = GameOf(*std::move(contents));
  if (!game.ok() && game.status().code() == absl::StatusCode::kDataLoss) {
    return absl::DataLossError(
        absl::StrCat(path, ": ", game.status().message()));
  }
  return game;
}

GameLog::GameLog(std::unique_ptr<EventLog> log,
                 std::vector<events::Event> events, events::GameState state,
                 std::string notice)
    : log_(std::move(log)),
      events_(std::move(events)),
      state_(std::move(state)),
      notice_(std::move(notice)) {}

absl::StatusOr<std::unique_ptr<GameLog>> GameLog::Open(
    Env* env, const std::string& path) {
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env, path);
  if (!log.ok()) return log.status();
  absl::StatusOr<std::vector<events::Event>> parsed =
      ParseRecords((*log)->records());
  if (!parsed.ok()) {
    return absl::DataLossError(
        absl::StrCat(path, ": ", parsed.status().message()));
  }
  absl::StatusOr<events::GameState> state = events::FoldEvents(*parsed);
  if (!state.ok()) {
    return absl::DataLossError(
        absl::StrCat(path, ": ", state.status().message()));
  }
  std::string notice = (*log)->recovery_notice();
  return absl::WrapUnique(new GameLog(*std::move(log), *std::move(parsed),
                                      *std::move(state), std::move(notice)));
}

std::unique_ptr<GameLog> GameLog::InMemory() {
  return absl::WrapUnique(new GameLog(std::make_unique<MemoryEventLog>(), {},
                                      events::GameState(), ""));
}

absl::Status GameLog::AppendCommit(std::vector<events::Event> commit) {
  if (absl::Status st = log_->Append(Serialize(commit)); !st.ok()) return st;
  for (events::Event& e : commit) {
    events::ApplyInPlace(&state_, e);
    events_.push_back(std::move(e));
  }
  return absl::OkStatus();
}

absl::Status GameLog::Commit(events::Event event) {
  event.set_unix_millis(absl::ToUnixMillis(absl::Now()));
  absl::StatusOr<std::vector<events::Event>> commit =
      events::CommitFor(state_, std::move(event));
  if (!commit.ok()) return commit.status();
  return AppendCommit(*std::move(commit));
}

absl::Status GameLog::Undo() {
  absl::StatusOr<size_t> keep = events::UndoKeep(events_);
  if (!keep.ok()) return keep.status();
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
  // Refolding the kept events cannot fail: they were folded before.
  state_ = events::FoldEvents(events_).value_or(events::GameState());
  return absl::OkStatus();
}

absl::Status GameLog::NewGame(events::GameStarted started) {
  absl::StatusOr<events::Event> start = events::StartEvent(std::move(started));
  if (!start.ok()) return start.status();
  start->set_unix_millis(absl::ToUnixMillis(absl::Now()));
  absl::StatusOr<std::vector<events::Event>> commit =
      events::CommitFor({}, *std::move(start));
  if (!commit.ok()) return commit.status();
  if (absl::Status st = log_->ReplaceWith(Serialize(*commit)); !st.ok())
    return st;
  events_.clear();
  state_ = events::GameState();
  for (events::Event& e : *commit) {
    events::ApplyInPlace(&state_, e);
    events_.push_back(std::move(e));
  }
  return absl::OkStatus();
}

void GameLog::ContinueInMemory() {
  if (!log_->durable()) return;
  log_ = std::make_unique<MemoryEventLog>(log_->records());
}

}  // namespace checkers::storage
