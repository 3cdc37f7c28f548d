// One game as every shell plays it: opening and recovering the save (or
// going on in memory when it cannot be used), new games, the actions of
// whoever holds a seat, and the computer's seats run on a SearchThread so
// that a shell stays responsive. It holds no rules: every action is checked
// into events by events/ and committed through storage::GameLog, and what
// it has to say comes out as typed Reports that each shell words itself.
// See docs/ARCHITECTURE.md for where it sits.
//
// Not thread-safe: one shell's loop (or one table's worker) owns it. The
// computer's search runs on its own thread; Tick() collects its result on
// the owner's thread.

#ifndef CHECKERS_SESSION_SESSION_H_
#define CHECKERS_SESSION_SESSION_H_

#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "engine/game_position.h"
#include "engine/game_search.h"
#include "engine/search.h"
#include "engine/search_thread.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "session/clock.h"
#include "session/outcome.h"
#include "session/seats.h"
#include "storage/env.h"
#include "storage/game_log.h"

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

// A change of the game's log as a subscriber sees it. Record seqs are
// 1-based positions in the log, so a follower that holds records up to
// some seq can tell exactly what it misses.
struct LogChange {
  enum class Kind {
    // `events` were committed as one commit; the last has seq `head`.
    kCommitted,
    // The log now ends at `head` (an undo; 0 when a new game replaces it,
    // followed by the new game's kCommitted).
    kTruncated,
  };
  Kind kind = Kind::kCommitted;
  uint64_t head = 0;
  std::vector<events::Event> events;
};

class Session {
 public:
  struct Options {
    ComputerOptions computer;
    // Through which the save is read and written (tests pass a
    // fault-injecting one). Must outlive the session.
    storage::Env* env = storage::Env::Default();
    // Stamps each event and times the computer. Must outlive the session.
    const Clock* clock = Clock::Real();
    // The endgame database the computer consults (docs/ENDGAME.md), or
    // nullptr to play without. Must outlive the session.
    const egdb::Database* endgame_db = nullptr;
  };

  explicit Session(Options options);
  // Cancels the computer's work.
  ~Session();

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // For a game played on: opens the save at `path` (an error: no save
  // location could be found). Never fails: a save that cannot be used
  // leaves the game in memory with a kNotSaved report — a locked or
  // read-only save's game is copied into memory, so it can still be
  // played — and a damaged save is left untouched and reported by
  // damaged(), for the shell to ask what to do.
  void Open(const absl::StatusOr<std::string>& path);

  // For one command: opens the save at `path` for writing, creating it
  // when `create` says so. Errors as storage::GameLog::Open (NotFound when
  // it does not exist and `create` is false; DataLoss when damaged;
  // Unavailable when locked). Afterwards a failed write refuses the action
  // (kSaveFailed) instead of going on in memory.
  absl::Status OpenForCommand(const std::string& path, bool create);

  // Whether the save turned out damaged, and the reader's words for it.
  bool damaged() const { return !damage_.empty(); }
  const std::string& damage() const { return damage_; }
  // The damaged save's way out: renames it to a name not yet taken
  // ("<save>.damaged", then ".damaged.2"...) and opens a new save in its
  // place. If the rename fails, the game goes on in memory.
  void KeepDamagedAside();
  // The same for a command: renames the damaged save aside and returns
  // its new name; open the save again to start anew in its place.
  absl::StatusOr<std::string> SetDamagedSaveAside();
  // The other way out: the damaged save stays as it is, unopened, and the
  // game goes on in memory.
  void PlayWithoutSaving();

  // Where the save is (or would be); empty when no location was found.
  const std::string& save_path() const { return path_; }

  Persistence persistence() const { return persistence_; }
  // Why the game is not saved (an I/O error, a path); empty while it is.
  const std::string& persistence_detail() const { return persistence_detail_; }

  const events::GameState& state() const { return log_->state(); }
  const std::vector<events::Event>& events() const { return log_->events(); }
  bool has_game() const { return state().started != nullptr; }
  bool has_turns() const { return log_->has_turns(); }

  // Who holds each side: the game's DefaultSeats, with any SetSeat applied.
  Seats seats() const;
  // Hands `side` to `seat` (a person elsewhere, the computer standing in)
  // until the next new game.
  void SetSeat(events::Side side, Seat seat);

  // Replaces the game with one that starts with `started`, checked by
  // events::StartEvent (kRules with its InvalidArgument when it refuses);
  // the caller has confirmed replacing any turns.
  Outcome NewGame(events::GameStarted started);
  // A new game in `mode` that keeps the edition and house options of the
  // one it replaces (English and the defaults for a first game), or plays
  // `edition` when given: a change of edition starts from that edition's
  // own defaults; `options`, when given, are the house options instead
  // (checked by events::StartEvent). The person plays the side that moves
  // first unless the options swap it every game.
  Outcome NewGame(events::Mode mode, events::Difficulty difficulty,
                  std::optional<Edition> edition = std::nullopt,
                  std::optional<events::RuleOptions> options = std::nullopt);

  // The actions of whoever holds a seat. Each is refused (and the refusal
  // queued as a Report) when the actor may not act now.
  Outcome Play(const GameMove& move, const Actor& actor = Actor::Local());
  Outcome PlayText(absl::string_view text, const Actor& actor = Actor::Local());
  // Against the computer, back to the person's previous turn; otherwise
  // one turn. A finished game may be taken back too; an end a player chose
  // (a resignation, an agreed draw) is taken back alone
  // (events::UndoKeep).
  Outcome Undo(const Actor& actor = Actor::Local());
  Outcome OfferDraw(const Actor& actor = Actor::Local());
  // Answers the standing draw offer of the other player.
  Outcome AnswerDraw(bool accept, const Actor& actor = Actor::Local());
  Outcome Resign(const Actor& actor = Actor::Local());
  // Seats the person who shows a secret with SHA-256 `key` at `side` of a
  // remote game, under `name` (events::SeatEvent says what is refused:
  // kRules with its words); kNoGame before a game.
  Outcome TakeSeat(events::Side side, absl::string_view name,
                   absl::string_view key);
  // Between two devices: the computer stands in for the absent holder of
  // `side`'s seat, or hands it back to them (events::StandInEvent and
  // HandBackEvent say what is refused: kRules with their words); kNoGame
  // before a game.
  Outcome StandIn(events::Side side);
  Outcome HandBack(events::Side side);
  // When the turn of the side to move runs out in a game between two
  // devices with a turn time limit: its clock runs from the state's
  // turn_started_millis while both seats are taken, a person holds the
  // seat to move, no draw offer stands and the session is not paused;
  // nullopt otherwise. Once the session's clock reaches it, Tick has the
  // computer (Medium) play the turn, marked as a timeout.
  std::optional<absl::Time> TurnDeadline() const;

  // Goes on as a two-player game from the same position (after a computer
  // error, docs/RULES.md "The computer").
  Outcome ContinueAsTwoPlayer(const Actor& actor = Actor::Local());

  // Pause suspends the computer's search where it is; Resume lets it go
  // on, or retries the computer's turn once after an error. While paused
  // the game takes no action.
  void Pause();
  void Resume();
  bool paused() const { return paused_; }

  // Whether `actor` may move now: kNone, or the refusal (also queued).
  Outcome MayMove(const Actor& actor = Actor::Local());
  // The moves a person may play now, with the game's capture rule; none
  // when no person's move is awaited.
  std::vector<GameMove> LegalMoves() const;
  // The squares of the pieces of the side to move that must capture now;
  // none under optional capture or when no person's move is awaited.
  std::vector<int> MustCapture() const;

  // The squares of the pieces that the first squares of a route of the
  // person's move under way have jumped so far, for drawing them.
  std::vector<int> CapturedAlong(const std::vector<int>& route) const;

  // The last turn of the game and its checked move (the pieces it took
  // with it), for marking it; nullopt before the first turn.
  struct PlayedTurn {
    events::TurnPlayed turn;
    GameMove move;
  };
  std::optional<PlayedTurn> LastTurnPlayed() const;

  // A person's move is awaited: a game goes on, nothing is paused, and
  // neither the computer nor a draw answer is due.
  bool AwaitsMove() const;
  // The side that must answer a standing draw offer when a person holds
  // it.
  std::optional<events::Side> DrawAnswerDue() const;

  // Moves the computer's seats along: collects a finished search or draw
  // answer and commits it, and starts the work that is due. Call it often
  // (every input poll); it never blocks for long.
  void Tick();
  // Whether the computer has work under way or due (not paused or failed).
  bool ComputerBusy() const;
  // Waits up to `timeout` for the computer's work to finish, then Ticks.
  void WaitForComputer(absl::Duration timeout);
  // Runs the computer's due work to its end (its turns in a row, its draw
  // answer), for a command that returns only once the game awaits a
  // person. The computer's error, if its search fails.
  absl::Status FinishComputerWork();
  ComputerStatus computer() const;
  // The last error of the computer's search, until Resume retries or the
  // game goes on as a two-player game; empty when none.
  const std::string& computer_error() const { return computer_error_; }

  // What happened since the last call, oldest first.
  std::vector<Report> TakeReports();

  // Calls `listener` with every later change of the log, on the owner's
  // thread, after the change is acknowledged. Returns an id for
  // Unsubscribe.
  int Subscribe(std::function<void(const LogChange&)> listener);
  void Unsubscribe(int id);

 private:
  struct ComputerSearch {
    std::unique_ptr<SearchThread> thread;
    GameSearchRequest request;
    // The state's last_seq when it started: a result for another state is
    // stale.
    uint64_t seq = 0;
    absl::Duration elapsed_before;
    absl::Time running_since;
    // The turn's time ran out: the computer plays for the seat's holder.
    bool timeout = false;
    // The level of the seat it plays (the game's own difficulty may be
    // another's, e.g. a remote seat's stand-in).
    events::Difficulty level = events::MEDIUM;
  };

  void Tell(session::Report report) { reports_.push_back(std::move(report)); }
  Outcome Refuse(Refusal refusal, absl::Status status = absl::OkStatus(),
                 absl::string_view detail = "",
                 std::vector<std::string> moves = {});
  // What stops `actor`'s move now, in the order it is reported; an action
  // other than a move is stopped only by the first three.
  Refusal MoveBlocker(const Actor& actor) const;
  Outcome CheckMayAct(const Actor& actor, bool move);
  // Opens the save at path_ for writing and reports what opening repaired;
  // errors as storage::GameLog::Open, the session unchanged.
  absl::Status OpenSave(bool create);
  bool ComputerToMove() const;
  // Whether the turn at the current seq has run out (Tick saw the deadline
  // pass) and is still to be played.
  bool TimedOut() const;
  bool ComputerToAnswer() const;
  void GoInMemory(Persistence why, absl::string_view detail);
  // Records why the game is no longer saved and reports it.
  void NotSaved(Persistence why, absl::string_view detail);
  void CopyIntoMemory(const std::string& path);
  // Runs `change` on the log; when the save fails (not the change itself),
  // moves the game into memory with a report and runs it again there —
  // unless the session was opened for a command.
  absl::Status SaveOrKeepInMemory(const std::function<absl::Status()>& change);
  // Stamps `event` and commits it through SaveOrKeepInMemory, then tells
  // subscribers; the refusal, if any.
  Outcome Commit(events::Event event);
  Outcome Replace(events::GameStarted started);
  // After a commit to a game that went on: drops the computer's work for
  // the old state and reports the game's end, if it came.
  void AfterChange();
  void Notify(const LogChange& change);
  void NotifyCommitted(size_t events_before);
  void DropStaleWork();
  void StartWork();
  void CollectSearch();
  void CollectDrawAnswer();

  Options options_;
  std::string path_;
  std::unique_ptr<storage::GameLog> log_;
  bool for_command_ = false;
  Persistence persistence_ = Persistence::kSaved;
  std::string persistence_detail_;
  std::string damage_;
  std::optional<Seats> seats_;
  bool paused_ = false;
  std::string computer_error_;
  std::optional<ComputerSearch> search_;
  // The seq whose turn ran out, once Tick saw its deadline pass.
  std::optional<uint64_t> timed_out_seq_;
  std::optional<std::future<absl::StatusOr<events::Event>>> draw_answer_;
  uint64_t draw_answer_seq_ = 0;
  std::vector<session::Report> reports_;
  std::map<int, std::function<void(const LogChange&)>> listeners_;
  int next_listener_ = 1;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_SESSION_H_
