// Game logs for tests: events played through events::CommitFor, as a game
// writes them, and crafted events appended unchecked, as a tamperer would.

#ifndef CHECKERS_TESTS_LOG_BUILDER_H_
#define CHECKERS_TESTS_LOG_BUILDER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::testing {

class LogBuilder {
 public:
  // A two-player game from `fen` (empty: the standard start).
  explicit LogBuilder(absl::string_view fen = "");
  explicit LogBuilder(events::GameStarted started);

  // Checks `event` against the game and appends its commit (with the end
  // the rules impose, if any); a refusal fails the test.
  void Commit(events::Event event);
  // Commits the side to move's turn `move` (e.g. "11-15").
  void Play(absl::string_view move);
  // Appends `event` unchecked as a commit of its own; the game built so far
  // does not see it.
  void Craft(events::Event event);
  // Removes the last event (e.g. the end a commit recorded).
  void DropLast();

  // The game as the committed events leave it.
  const events::GameState& state() const { return state_; }
  // Every event, committed or crafted, in order.
  std::vector<events::Event> events() const;
  // The bytes of a log file holding the events, commit by commit.
  std::string Bytes() const;
  // Writes the log at `path` through storage's FileEventLog, one Append per
  // commit, as a game would.
  absl::Status WriteTo(const std::string& path) const;

 private:
  events::GameState state_;
  std::vector<std::vector<events::Event>> commits_;
};

// A crafted turn of `side` along `squares` (PDN numbers), unchecked.
events::Event CraftedTurn(events::Side side, std::vector<int> squares);

// A crafted GameEnded, unchecked.
events::Event CraftedEnd(events::Result result, events::EndReason reason);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_LOG_BUILDER_H_
