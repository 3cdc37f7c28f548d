// A game's log with its events parsed and folded: the one object through
// which the shells read and change a saved game.
//
// Every change goes the same way: the command is checked into the events
// of one commit (events/validate.h), the commit is appended to the log and
// acknowledged, and only then folded into the state. So the state shown is
// always the fold of what the log holds.

#ifndef CHECKERS_STORAGE_GAME_LOG_H_
#define CHECKERS_STORAGE_GAME_LOG_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "storage/env.h"
#include "storage/event_log.h"

namespace checkers::storage {

// A game read from a log without taking its lock (show, log, replay,
// export, audit).
struct LoadedGame {
  std::vector<events::Event> events;
  events::GameState state;
  // Bytes at the end that belong to no complete commit (an interrupted
  // write); reading never removes them.
  uint64_t torn_bytes = 0;
};

// The events of a log, parsed but not folded.
struct LoadedEvents {
  std::vector<events::Event> events;
  // As LoadedGame::torn_bytes.
  uint64_t torn_bytes = 0;
};

// Reads and parses the save at `path`, for a caller that folds the events
// its own way (replay, export). NotFound when it does not exist; DataLoss
// naming the path and the byte offset or seq for a damaged log or a record
// that is not an event.
absl::StatusOr<LoadedEvents> LoadEvents(Env* env, const std::string& path);

// LoadEvents of a log's bytes held in memory (a file a person sent), its
// errors naming `name` as LoadEvents' name the path.
absl::StatusOr<LoadedEvents> ParseEvents(absl::string_view bytes,
                                         const std::string& name);

// LoadEvents, then folds them; also DataLoss naming the path and seq of an
// event that may not follow the ones before it.
absl::StatusOr<LoadedGame> LoadGame(Env* env, const std::string& path);

// Renames the damaged save at `path` to the first of `<path>.damaged`,
// `<path>.damaged.2`, ... that does not exist, so no damaged save is ever
// overwritten; returns the name it now has.
absl::StatusOr<std::string> KeepDamagedSaveAside(Env* env,
                                                 const std::string& path);

class GameLog {
 public:
  struct OpenOptions {
    // Create the save (and its directories) when it does not exist;
    // otherwise a missing save is NotFound and nothing is created.
    bool create_if_missing = true;
  };

  // Opens the save at `path` for writing (see FileEventLog::Open for the
  // lock and recovery), then parses and folds every record. Errors as
  // FileEventLog::Open and LoadGame.
  static absl::StatusOr<std::unique_ptr<GameLog>> Open(Env* env,
                                                       const std::string& path,
                                                       OpenOptions options);
  static absl::StatusOr<std::unique_ptr<GameLog>> Open(Env* env,
                                                       const std::string& path);

  // A game kept only in memory, for when the save cannot be used, starting
  // empty.
  static std::unique_ptr<GameLog> InMemory();

  // The game in `log`, a table's log from a store (table_store.h): parses
  // and folds every record. `name` names the log in errors (e.g. "table
  // abc in postgresql://host/db"); errors as LoadGame.
  static absl::StatusOr<std::unique_ptr<GameLog>> FromLog(
      std::unique_ptr<EventLog> log, const std::string& name);

  const events::GameState& state() const { return state_; }
  const std::vector<events::Event>& events() const { return events_; }
  bool durable() const { return log_->durable(); }
  // One line about what opening repaired; empty when nothing was.
  const std::string& notice() const { return notice_; }
  // Whether any turn has been played in the current game.
  bool has_turns() const { return state_.turns > 0; }

  // Checks `event` against the state, appends it (with the end the rules
  // impose, if any) as one commit, and folds it once acknowledged. The
  // event keeps the time the caller stamped on it (unix_millis). Errors
  // of the check (FailedPrecondition, InvalidArgument) leave the log
  // unchanged; errors of the write are those of EventLog::Append.
  absl::Status Commit(events::Event event);

  // Takes back the last turn as events/undo.h says, truncating the log.
  absl::Status Undo();

  // Replaces the saved game with a new one that starts with `start`, a
  // game_started event as events::StartEvent makes it, stamped by the
  // caller (atomically; the caller has confirmed replacing any turns).
  // FailedPrecondition, the log unchanged, when `start` is not a start.
  absl::Status NewGame(events::Event start);

  // Moves the game into memory after the save failed, keeping every
  // acknowledged event, so play goes on without persistence.
  void ContinueInMemory();

  // Takes in what other writers of the log committed since this game last
  // read or wrote it (EventLog::CatchUp; a file or memory log has none)
  // and folds it. Returns how many of the events held before are still
  // the game's first events: the rest were taken back or replaced, and
  // events() after them are new. DataLoss naming the seq when a record
  // read is not an event or may not follow the ones before it; the game
  // then refuses to commit or undo (FailedPrecondition) until it is
  // opened again or a new game replaces the log. Errors of the read leave
  // the game as it was.
  absl::StatusOr<size_t> CatchUp();

 private:
  GameLog(std::unique_ptr<EventLog> log, std::vector<events::Event> events,
          events::GameState state, std::string notice, std::string name);

  // The error for a change after CatchUp read records that do not fold,
  // or OK.
  absl::Status CheckUsable() const;

  absl::Status AppendCommit(events::Commit commit);

  std::unique_ptr<EventLog> log_;
  std::vector<events::Event> events_;
  events::GameState state_;
  std::string notice_;
  // The log in errors: its path, or the table and store.
  std::string name_;
  absl::Status failure_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_GAME_LOG_H_
