// The game behind `checkers play`, shared by its two shells (the full
// screen and line mode): opening the save with every notice PRODUCT §4
// asks for, new games, the person's actions, and the computer's side run on
// a SearchThread so that the shells stay responsive. It holds no rules:
// every change is a command turned into events by events/ and committed
// through GameLog, and everything it reports is worded by a Catalogue.
//
// Not thread-safe: one shell's loop owns it. The computer's search runs on
// its own thread; Tick() collects its result on the owner's thread.

#ifndef CHECKERS_UI_CLI_PLAY_SESSION_H_
#define CHECKERS_UI_CLI_PLAY_SESSION_H_

#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "engine/move.h"
#include "engine/search.h"
#include "engine/search_thread.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "ui_cli/catalogue.h"

namespace checkers::cli {

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
  // The computer is weighing the person's draw offer.
  bool answering = false;
  // Time spent searching, pauses excluded.
  absl::Duration elapsed;
  // The deepest iteration completed, the one under way, nodes searched.
  int depth = 0;
  int current_depth = 0;
  uint64_t nodes = 0;
};

// Whether the game is being saved, and if not, why.
enum class Persistence {
  kSaved,
  // The save could not be opened or created (read-only, missing directory).
  kUnavailable,
  // Another running game holds the save's lock.
  kLocked,
  // Writing failed during play (disk full, I/O error).
  kWriteFailed,
  // The save is damaged and the person chose to leave it untouched.
  kDamagedLeft,
};

class PlaySession {
 public:
  // `text` must outlive the session, and so must `env`, through which the
  // save is read and written (tests pass a fault-injecting one).
  PlaySession(const Catalogue& text, ComputerOptions options,
              storage::Env* env = storage::Env::Default());
  // Cancels the computer's work.
  ~PlaySession();

  PlaySession(const PlaySession&) = delete;
  PlaySession& operator=(const PlaySession&) = delete;

  // Opens the save at `path` (an error: no save location could be found).
  // Never fails: a save that cannot be used leaves the game in memory with
  // a notice — a locked or read-only save's game is copied into memory, so
  // it can still be played — and a damaged save is left untouched and
  // reported by damaged(), for the shell to ask what to do.
  void Open(const absl::StatusOr<std::string>& path);

  // Whether the save turned out damaged, and the reader's words for it.
  bool damaged() const { return !damage_.empty(); }
  const std::string& damage() const { return damage_; }
  // The damaged save's way out: renames it to a name not yet taken
  // ("<save>.damaged", then ".damaged.2"...) and opens a new save in its
  // place. If the rename fails, the game goes on in memory.
  void KeepDamagedAside();
  // The other way out: the damaged save stays as it is, unopened, and the
  // game goes on in memory.
  void PlayWithoutSaving();

  Persistence persistence() const { return persistence_; }
  // Why the game is not saved, in a sentence; empty while it is.
  std::string PersistenceText() const;

  const events::GameState& state() const { return log_->state(); }
  bool has_game() const { return state().started != nullptr; }
  bool has_turns() const { return log_->has_turns(); }

  // Replaces the game with a new one in `mode` (the caller has confirmed
  // replacing any turns). The new game keeps the house options of the one
  // it replaces; the person plays the side that moves first unless those
  // options swap it every game.
  void NewGame(events::Mode mode, events::Difficulty difficulty);

  // The person's actions. Each returns whether it was done; a refusal says
  // why through TakeMessages, as does a success worth reporting.
  bool Play(const Move& move);
  bool PlayText(absl::string_view text);
  bool Undo();
  bool OfferDraw();
  // Answers the standing draw offer in a two-player game.
  bool AnswerDraw(bool accept);
  bool Resign();
  // Goes on as a two-player game from the same position (after a computer
  // error, PRODUCT §3.8).
  bool ContinueAsTwoPlayer();

  // Pause suspends the computer's search where it is; Resume lets it go
  // on, or retries the computer's turn once after an error. While paused
  // the game takes no action.
  void Pause();
  void Resume();
  bool paused() const { return paused_; }

  // Whether the person may move now; says why not (TakeMessages) when not.
  bool MayMove() { return CanAct(true); }

  // The person's move is awaited: a game goes on, nothing is paused, and
  // neither the computer nor a draw answer is due.
  bool AwaitsMove() const;
  // In a two-player game, the side that must answer a standing draw offer.
  std::optional<events::Side> DrawAnswerDue() const;

  // Moves the computer's side along: collects a finished search or draw
  // answer and commits it, and starts the work that is due. Call it often
  // (every input poll); it never blocks for long.
  void Tick();
  // Whether the computer has work under way or due (not paused or failed).
  bool ComputerBusy() const;
  // Waits up to `timeout` for the computer's work to finish, then Ticks.
  void WaitForComputer(absl::Duration timeout);
  ComputerStatus computer() const;
  // The computer's search under way, worded (side, seconds, depth, nodes);
  // empty when it is not thinking.
  std::string ThinkingText() const;
  // The last error of the computer's search, until Resume retries or the
  // game goes on as a two-player game; empty when none.
  const std::string& computer_error() const { return computer_error_; }

  // The messages said since the last call, oldest first.
  std::vector<std::string> TakeMessages();

 private:
  struct ComputerSearch {
    std::unique_ptr<SearchThread> thread;
    SearchRequest request;
    // The state's last_seq when it started: a result for another state is
    // stale.
    uint64_t seq = 0;
    absl::Duration elapsed_before;
    absl::Time running_since;
  };

  void Say(std::string message) { messages_.push_back(std::move(message)); }
  // Says why `status` refused an action.
  void Refuse(const absl::Status& status);
  // What stops the person's move now, in the order it is reported; an
  // action other than a move is stopped only by the first three.
  enum class Blocker {
    kNone,
    kNoGame,
    kPaused,
    kOver,
    kComputerError,
    kComputerTurn,
    kComputerAnswering,
    kAnswerDue,
  };
  Blocker MoveBlocker() const;
  // Whether an action may go ahead now (for a move, `move` too); says why
  // not otherwise.
  bool CanAct(bool move);
  void GoInMemory(Persistence why, absl::string_view detail);
  void CopyIntoMemory(const std::string& path);
  // Runs `change` on the log; when the save fails (not the change itself),
  // moves the game into memory with a notice and runs it again there.
  absl::Status SaveOrKeepInMemory(const std::function<absl::Status()>& change);
  // Commits `event` through SaveOrKeepInMemory; false, with the refusal
  // said, when it is refused.
  bool Commit(const events::Event& event);
  // After a commit to a game that went on: drops the computer's work for
  // the old state and reports the game's end, if it came.
  void AfterChange();
  void DropStaleWork();
  void StartWork();
  void CollectSearch();
  void CollectDrawAnswer();

  const Catalogue& t_;
  storage::Env* const env_;
  ComputerOptions options_;
  std::string path_;
  std::unique_ptr<storage::GameLog> log_;
  Persistence persistence_ = Persistence::kSaved;
  std::string persistence_detail_;
  std::string damage_;
  bool paused_ = false;
  std::string computer_error_;
  std::optional<ComputerSearch> search_;
  std::optional<std::future<absl::StatusOr<events::Event>>> draw_answer_;
  uint64_t draw_answer_seq_ = 0;
  std::vector<std::string> messages_;
};

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_PLAY_SESSION_H_
