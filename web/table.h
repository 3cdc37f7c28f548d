// One table of the web server: one game's log played through a
// session::Session, the computer's worker thread, and the followers of its
// event stream, to which each change is sent as it is committed. The table
// holds nothing but the session and its followers: everything about the
// game is in its log (web/API.md).
//
// Thread-safe: every request handler and the worker take the table's lock;
// the computer's search runs on the session's own thread, so no request
// waits for it.

#ifndef CHECKERS_WEB_TABLE_H_
#define CHECKERS_WEB_TABLE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "lang/catalogue.h"
#include "nlohmann/json.hpp"
#include "session/clock.h"
#include "session/session.h"
#include "storage/env.h"
#include "storage/table_store.h"
#include "web/answers.h"
#include "web/ratings.h"

namespace checkers::web {

// One message of an event stream: `id` for a log record or a truncation,
// none for a status change.
struct StreamMessage {
  std::optional<uint64_t> id;
  std::string event;
  std::string data;
};

// Where a follower's messages go: an open event stream. Thread-safe: a
// table sends under its own lock, so Send must not block or call back
// into a table, and a sink that follows several tables is sent to by each.
class StreamSink {
 public:
  virtual ~StreamSink() = default;
  // Sends `message` of the table `table_id`. False once the stream has
  // closed: the table then forgets the follower.
  virtual bool Send(absl::string_view table_id,
                    const StreamMessage& message) = 0;
  // Whether the stream is still open.
  virtual bool open() const = 0;
  // Ends the stream.
  virtual void Close() = 0;
};

class Table {
 public:
  struct Options {
    // Must outlive the table.
    storage::Env* env = storage::Env::Default();
    const session::Clock* clock = session::Clock::Real();
    session::ComputerOptions computer;
    // How long a remote seat's holder may be without an open event stream
    // on their turn before the computer stands in (web/API.md, "Seats").
    absl::Duration cpu_after = absl::Seconds(60);
    // The endgame database every table's computer consults (docs/ENDGAME.md),
    // or nullptr to play without. Must outlive the table; read-only, so
    // tables share it across their threads.
    const egdb::Database* endgame_db = nullptr;
  };

  // Opens the table `id` on the log at `path`, creating it when `create`.
  // `terminal_save`: the log is the terminal game's save, which a running
  // terminal game may hold; the table is then read-only (its state a copy
  // taken at each request) until the lock is released. Errors as
  // session::Session::OpenForCommand (NotFound, DataLoss naming the
  // damage; Unavailable when locked and not `terminal_save`).
  static absl::StatusOr<std::unique_ptr<Table>> Open(std::string id,
                                                     std::string path,
                                                     bool create,
                                                     bool terminal_save,
                                                     Options options);
  // Opens the table `id` on its log in `store` (which must outlive the
  // table), creating it when `create`. Errors as session::Session::OpenTable.
  // A store that other processes share (storage/postgres_store.h) may
  // change under the table: CatchUpStore takes the changes in.
  static absl::StatusOr<std::unique_ptr<Table>> Open(std::string id,
                                                     storage::TableStore* store,
                                                     bool create,
                                                     Options options);
  // Stops the worker (Stop()).
  ~Table();

  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const std::string& id() const { return id_; }
  const std::string& path() const { return path_; }
  // The head of the log as the table last read or wrote it.
  uint64_t head() const { return head_.load(); }

  // Starts the game `started` in place of any other: 201 {id, head}, or
  // 422 when the rules refuse `started`, worded in `text`'s language.
  Answer Start(events::GameStarted started, const lang::Catalogue& text);

  // The game_started of the table's game, or nullopt before any game.
  std::optional<events::GameStarted> Started();

  // The lobby's line: {id, rules, mode, seats, turn, head, status, result}.
  nlohmann::json Summary();
  // The folded state (StateJson) with id, head, legal and entry (the moves
  // the viewer may play now, as texts and as the move entry's tree:
  // entry_json.h), seats (each with `computer`: the computer stands in, and
  // `present`: its holder has an open stream, as the worker last looked),
  // you, clock and the status fields (paused, thinking, readonly). `key` is
  // the SHA-256 of the seat secret the viewer showed (empty: none); at a
  // remote table `you` is the side it holds and `legal` and `entry` are
  // empty unless that side is to move.
  nlohmann::json Get(const std::string& key = "");

  // One action of the viewer (web/API.md); `body` must hold the head the
  // client saw, and a move its `route` (square numbers) or its text
  // (`move`); `key` as for Get. 403 at a remote table for a viewer who
  // holds no seat, and for undo, pause, resume and new there; 400 without
  // a head or a move; 409 {head} for a stale head; 423 while the terminal
  // game holds the save; the session's refusals as SessionRefusal answers
  // them. Refusals are worded in `text`'s language.
  Answer Act(Action action, const nlohmann::json& body, const std::string& key,
             const lang::Catalogue& text);

  // Seats the viewer who showed a secret with SHA-256 `key` at `side` of
  // a remote table, under body's "name": 200 {side, name, head}, also
  // when that viewer holds the seat already; 409 when it is another's, or
  // the viewer holds the other seat; 422 when the table is not remote or
  // the name is not 1 to 32 characters of text; 400 without a name; 410
  // once the game is over; 503 when the log cannot be written. Refusals
  // are worded in `text`'s language.
  Answer TakeSeat(events::Side side, const nlohmann::json& body,
                  const std::string& key, const lang::Catalogue& text);

  // Follows the table for `sink`, which holds the records up to
  // `last_seen` (0: none): sends at once what it misses (`truncated` to the
  // head first when the log was cut below `last_seen`, then the records
  // after it, then a `status` message), then every change as it is
  // committed, until the sink closes or the table stops (Stop closes it).
  // `key` as for Get: while a follower of a seat's holder is open the
  // holder is present, and the computer hands back a seat it stood in for.
  void Follow(std::shared_ptr<StreamSink> sink, uint64_t last_seen,
              const std::string& key = "");

  // The game of a rated table once it has ended with both seats taken, for
  // the ratings; nullopt otherwise.
  std::optional<RatedGame> Rated();

  // The log's bytes as on disk (Env::ReadFile's errors).
  absl::StatusOr<std::string> LogBytes();
  // The game as PDN (FailedPrecondition when the log holds no game).
  absl::StatusOr<std::string> Pdn();
  // The log's events as the session holds them, for the replay page.
  std::vector<events::Event> Events();

  // Looks at the clocks now, as the worker does every 250 ms at a remote
  // table (for a test clock that moved): the computer stands in for an
  // absent holder, or starts the turn that ran out.
  void Poke();

  // Whether the computer has a move or a draw answer under way or due
  // here: the table's log will change without a request. False while the
  // table is paused or its computer has failed.
  bool ComputerBusy();

  // Takes in what other processes changed in the table's log (a store's
  // table; nothing for a file), sending it to the followers, and has the
  // worker look at the clocks again.
  void CatchUpStore();
  // Whether a CatchUpStore should be queued for the table: false while
  // one queued has not yet started, since it will read every change made
  // before it does.
  bool QueueCatchUp() { return !catch_up_queued_.exchange(true); }

  // Stops the computer's worker and ends every follower's stream. An
  // action under way finishes first (it holds the lock); later ones are
  // refused with 503.
  void Stop();

 private:
  Table(std::string id, std::string path, storage::TableStore* store,
        bool terminal_save, Options options);
  // Opens the table's worker once its session is open.
  static absl::StatusOr<std::unique_ptr<Table>> Launch(
      std::unique_ptr<Table> table, bool create);

  // Opens path_ into a new session: for writing, or as a read-only copy
  // when the terminal game holds it and terminal_save_.
  absl::Status OpenSession(bool create) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // For a read-only table: takes the save when the terminal game has let
  // it go, or copies it afresh.
  void Refresh() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void OnChange(const session::LogChange& change)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  struct Follower {
    std::shared_ptr<StreamSink> sink;
    // The last seq the follower holds.
    uint64_t sent = 0;
    // The seat whose holder follows, at a remote table.
    std::optional<events::Side> side;
  };
  // Sends `f` the truncation and records it misses; false once its sink
  // has closed.
  bool CatchUp(Follower& f) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The log now ends at `head`: the followers that hold more hear of the
  // cut.
  void Cut(uint64_t head) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Catches every follower up, forgetting those whose sink closed.
  void CatchUpAll() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Sends `message` to every follower, forgetting those whose sink closed.
  void SendToAll(const StreamMessage& message)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Closes every follower's stream and forgets them.
  void EndFollowers() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The stream message of record `seq` (1-based, at most the head), made
  // once and kept until the log is cut below it.
  const StreamMessage& RecordMessage(uint64_t seq)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The answer to an action the session was asked: 200 {head}, or its
  // refusal.
  Answer Answered(const session::Outcome& outcome, const lang::Catalogue& text)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // TakeSeat, tried once.
  Answer Seat(events::Side side, const nlohmann::json& body,
              const std::string& key, const lang::Catalogue& text)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // 409 {head}: the viewer's head is not the log's.
  Answer MovedOn(const lang::Catalogue& text)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Why the table is read-only, as a refusal; the terminal game holds it,
  // or its save cannot be read.
  Answer ReadOnly(const lang::Catalogue& text)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  nlohmann::json StatusJson() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // After anything that may change the computer's work: wakes the worker
  // and the followers when pause or thinking changed.
  void Changed() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void Work();
  // Whether the worker has anything to do now: the computer's turn or
  // search, or a remote game whose clocks and seats it watches.
  bool WorkerWanted() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  bool RemoteGoesOn() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // At a remote table: hands a seat back to a holder whose stream is open,
  // and has the computer stand in for the holder to move once they have
  // been without one for cpu_after on their turn.
  void Attend() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Whether a follower of `side`'s holder is open.
  bool Present(events::Side side) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // {side, seconds, deadline_ms, remaining_ms} while a turn clock runs;
  // null otherwise.
  nlohmann::json ClockJson() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const std::string id_;
  const std::string path_;
  // The store whose table `id_` the log is; null for the file at path_.
  storage::TableStore* const store_;
  const bool terminal_save_;
  const Options options_;

  absl::Mutex mu_;
  absl::CondVar work_cv_;
  std::unique_ptr<session::Session> session_ ABSL_GUARDED_BY(mu_);
  // Why the table is read-only (Answers' reason: "terminal_holds",
  // "unreadable" with readonly_detail_); empty while it is not.
  std::string readonly_ ABSL_GUARDED_BY(mu_);
  std::string readonly_detail_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::vector<Follower> followers_ ABSL_GUARDED_BY(mu_);
  // The status last sent (StatusJson), to send a change once.
  std::string last_status_ ABSL_GUARDED_BY(mu_);
  // The stream messages of the log's first records, and the fold of
  // exactly those records (stale after a cut: folded again when needed).
  // Every follower is sent the same text: the JSON of a record and its
  // state is made once, not once per follower.
  std::vector<StreamMessage> records_ ABSL_GUARDED_BY(mu_);
  events::GameState records_state_ ABSL_GUARDED_BY(mu_);
  bool records_state_stale_ ABSL_GUARDED_BY(mu_) = false;
  // Since when each side's holder has had no open follower (FIRST, SECOND);
  // the table's opening counts as a leaving, since a restart closes every
  // stream.
  absl::Time absent_since_[2] ABSL_GUARDED_BY(mu_);
  bool present_[2] ABSL_GUARDED_BY(mu_) = {false, false};
  std::thread worker_;
  std::atomic<uint64_t> head_{0};
  std::atomic<bool> catch_up_queued_{false};
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_TABLE_H_
