// One game as every shell plays it: the save (session/save.h), new games,
// the actions of whoever holds a seat as the gate allows them
// (session/gate.h), the entry of a person's turn (session/move_entry.h),
// and the computer's seats played off the shell's thread
// (session/computer_worker.h). It holds no rules: every action becomes
// events that storage::GameLog checks (events::Check) before it commits
// them, and what it has to say comes out as typed Reports that each shell
// words itself. See docs/ARCHITECTURE.md for where it sits.
//
// Not thread-safe: one shell's loop (or one table's worker) owns it. The
// computer's search runs on its own thread; Tick() collects its result on
// the owner's thread.

#ifndef CHECKERS_SESSION_SESSION_H_
#define CHECKERS_SESSION_SESSION_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "engine/endgame_db.h"
#include "engine/game_position.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "session/clock.h"
#include "session/computer_worker.h"
#include "session/gate.h"
#include "session/move_entry.h"
#include "session/outcome.h"
#include "session/save.h"
#include "session/seats.h"
#include "storage/env.h"
#include "storage/table_store.h"

namespace checkers::session {

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

  // Opening the save, and the ways out of a damaged one: as Save says
  // (session/save.h). A save opened for a command refuses an action whose
  // write fails (kSaveFailed) instead of going on in memory.
  void Open(const absl::StatusOr<std::string>& path) { save_.Open(path); }
  absl::Status OpenForCommand(const std::string& path, bool create) {
    return save_.OpenForCommand(path, create);
  }
  // For a table of a store shared with other processes: Save::OpenTable.
  absl::Status OpenTable(storage::TableStore* store, const std::string& id,
                         bool create) {
    return save_.OpenTable(store, id, create);
  }
  // Takes in what other processes wrote to the log since the session last
  // read or wrote it (storage::GameLog::CatchUp), telling the subscribers
  // as its own changes: kTruncated to what is still the same, then
  // kCommitted with what is new. Whether anything changed; the read's
  // errors leave the game as it was. An action refused because another
  // process changed the log first (kSaveFailed, Aborted) has already
  // caught up.
  absl::StatusOr<bool> CatchUp();
  bool damaged() const { return save_.damaged(); }
  const std::string& damage() const { return save_.damage(); }
  void KeepDamagedAside() { save_.KeepDamagedAside(); }
  absl::StatusOr<std::string> SetDamagedSaveAside() {
    return save_.SetDamagedSaveAside();
  }
  void PlayWithoutSaving() { save_.PlayWithoutSaving(); }
  // Where the save is (or would be); empty when no location was found.
  const std::string& save_path() const { return save_.path(); }
  Persistence persistence() const { return save_.persistence(); }
  // Why the game is not saved (an I/O error, a path); empty while it is.
  const std::string& persistence_detail() const {
    return save_.persistence_detail();
  }

  const events::GameState& state() const { return save_.log().state(); }
  const std::vector<events::Event>& events() const {
    return save_.log().events();
  }
  bool has_game() const { return state().started != nullptr; }
  bool has_turns() const { return save_.log().has_turns(); }

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
  //
  // A turn is sent as its route (MoveEntry's squares): the fold's check
  // validates it as it is committed, and a route that is no legal move is
  // kIllegalMove with the legal moves. Typed notation is resolved to a
  // route by MoveEntry::Resolve first (kNotation, kIllegalMove or
  // kAmbiguousMove when it names no single legal move).
  Outcome PlayRoute(absl::Span<const int> route,
                    const Actor& actor = Actor::Local());
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
  // When the turn of the side to move runs out (Gate::TurnDeadline). Once
  // the session's clock reaches it, Tick has the computer (Medium) play
  // the turn, marked as a timeout.
  std::optional<absl::Time> TurnDeadline() const {
    return gate().TurnDeadline();
  }

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
  // The entry of a person's turn in the current position; it offers no
  // moves when no person's move is awaited. Valid until the next change
  // of the game.
  MoveEntry Entry() const;

  // The last turn of the game and its checked move (the pieces it took
  // with it), for marking it; nullopt before the first turn.
  struct PlayedTurn {
    events::TurnPlayed turn;
    GameMove move;
  };
  std::optional<PlayedTurn> LastTurnPlayed() const;

  // A person's move is awaited: a game goes on, nothing is paused, and
  // neither the computer nor a draw answer is due.
  bool AwaitsMove() const { return gate().AwaitsMove(); }
  // The side that must answer a standing draw offer when a person holds
  // it.
  std::optional<events::Side> DrawAnswerDue() const {
    return gate().DrawAnswerDue();
  }

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
  ComputerStatus computer() const { return worker_.status(); }
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
  void Tell(session::Report report) { reports_.push_back(std::move(report)); }
  // The gate over the game as the session now is.
  Gate gate() const;
  Outcome Refuse(Refusal refusal, absl::Status status = absl::OkStatus(),
                 absl::string_view detail = "",
                 std::vector<std::string> moves = {});
  // kNone when `actor` may act (a move when `move`), else the refusal.
  Outcome CheckMayAct(const Actor& actor, bool move);
  // Stamps `event` and commits it through the save, then tells
  // subscribers; the refusal, if any.
  Outcome Commit(events::Event event);
  Outcome Replace(events::GameStarted started);
  // After a commit to a game that went on: drops the computer's work for
  // the old state and reports the game's end, if it came.
  void AfterChange();
  // Runs `change` on the save (Save::Change), catching up when another
  // process changed the log first.
  absl::Status Change(const std::function<absl::Status()>& change);
  void Notify(const LogChange& change);
  void NotifyCommitted(size_t events_before);
  void DropStaleWork();
  void StartWork();
  void CollectWork();

  Options options_;
  std::vector<session::Report> reports_;
  Save save_;
  ComputerWorker worker_;
  std::optional<Seats> seats_;
  bool paused_ = false;
  std::string computer_error_;
  // The seq whose turn ran out, once Tick saw its deadline pass.
  std::optional<uint64_t> timed_out_seq_;
  std::map<int, std::function<void(const LogChange&)>> listeners_;
  int next_listener_ = 1;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_SESSION_H_
