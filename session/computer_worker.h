// The computer's work for a session, off the shell's thread: the search
// for its turn on a SearchThread, and its answer to a draw offer as a
// future. The session decides when the computer is due (session/gate.h);
// this starts the work, pauses and resumes it, reports its progress, and
// hands back the event that records its choice once it is done. Work
// started for one state of the game is never collected for another.
//
// Not thread-safe: the session's owner calls it; only the search itself
// runs elsewhere.

#ifndef CHECKERS_SESSION_COMPUTER_WORKER_H_
#define CHECKERS_SESSION_COMPUTER_WORKER_H_

#include <cstdint>
#include <future>
#include <memory>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "engine/game_position.h"
#include "engine/game_search.h"
#include "engine/search_thread.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "session/clock.h"

namespace checkers::session {

// Switches for testing the computer's side end to end (README, "Testing
// switches"). Both default to off.
struct ComputerOptions {
  // This many of the computer's next searches fail, as an engine error
  // would, before real ones run (CHECKERS_FAIL_SEARCHES=N).
  int failing_searches = 0;
  // Replaces the level's node budget, so that a test can watch a search
  // that lasts (CHECKERS_SEARCH_NODES=N); 0 keeps the level's.
  uint64_t max_nodes = 0;
};

// The switches from the environment. InvalidArgument naming the variable
// when one is set to something other than a non-negative number.
absl::StatusOr<ComputerOptions> ComputerOptionsFromEnvironment();

// What the computer is doing, for a "thinking" indicator.
struct ComputerStatus {
  // A search for the computer's turn is under way (perhaps paused).
  bool thinking = false;
  // The search has acknowledged a pause: its node count stays put.
  bool paused = false;
  // The computer is weighing a draw offer.
  bool answering = false;
  // Time spent searching, pauses excluded.
  absl::Duration elapsed;
  // The deepest iteration completed, the one under way, nodes searched.
  int depth = 0;
  int current_depth = 0;
  uint64_t nodes = 0;
};

class ComputerWorker {
 public:
  struct Options {
    ComputerOptions computer;
    // Times the search. Must outlive the worker.
    const Clock* clock = Clock::Real();
    // Consulted by every search, or nullptr. Must outlive the worker.
    const egdb::Database* endgame_db = nullptr;
  };

  explicit ComputerWorker(Options options) : options_(options) {}
  // Cancels the search and waits for a draw answer under way (a bounded
  // search).
  ~ComputerWorker();

  ComputerWorker(const ComputerWorker&) = delete;
  ComputerWorker& operator=(const ComputerWorker&) = delete;

  // Starts searching the turn of the side to move of `state` at `level`
  // (the seat's), with the request the game makes: the game's own
  // computer's (`game_level`) or, for a seat handed to the computer, one
  // at the seat's level. `timeout`: the turn's time ran out and the
  // computer plays it for the seat's holder. Does nothing while work is
  // under way.
  void StartTurn(const events::GameState& state, events::Difficulty level,
                 bool game_level, bool timeout);
  // Starts weighing the person's draw offer of `state`.
  void StartDrawAnswer(const events::GameState& state);

  // Whether work is under way, and for the state of which seq.
  bool busy() const { return searching() || answering(); }
  bool searching() const { return search_ != nullptr; }
  bool answering() const { return draw_answer_.has_value(); }
  uint64_t seq() const { return seq_; }

  // Drops the work under way (its result is never collected).
  void Drop();
  void DropSearch() { search_.reset(); }

  void Pause();
  void Resume();

  // The finished work's event for `state` (the state it was started for):
  // a TurnPlayed with the move it plays, or a draw answer; the engine's
  // error when its search failed; nullopt while it runs or when it was
  // started for another state (then it is dropped).
  struct Finished {
    events::Event event;
    // The TurnPlayed's move; nullopt for a draw answer.
    std::optional<GameMove> move;
  };
  std::optional<absl::StatusOr<Finished>> Collect(
      const events::GameState& state);

  // Waits up to `timeout` for the work under way to finish.
  void WaitFor(absl::Duration timeout);

  ComputerStatus status() const;

 private:
  Options options_;
  std::unique_ptr<SearchThread> search_;
  GameSearchRequest request_;
  // The state's last_seq when the work started: a result for another
  // state is stale.
  uint64_t seq_ = 0;
  absl::Duration elapsed_before_;
  absl::Time running_since_;
  bool paused_ = false;
  bool timeout_ = false;
  // The level of the seat the search plays.
  events::Difficulty level_ = events::MEDIUM;
  std::optional<std::future<absl::StatusOr<events::Event>>> draw_answer_;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_COMPUTER_WORKER_H_
