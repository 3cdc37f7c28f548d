// A search on its own thread, so that an interface stays responsive while
// the computer thinks: the caller can pause, resume or cancel it at any
// time, watch its progress, and wait for or poll its result.

#ifndef CHECKERS_ENGINE_SEARCH_THREAD_H_
#define CHECKERS_ENGINE_SEARCH_THREAD_H_

#include <cstdint>
#include <optional>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "engine/game_search.h"

namespace checkers {

class SearchThread {
 public:
  // A snapshot of the search, refreshed at its polls (every
  // kPollIntervalNodes nodes).
  struct Progress {
    // The deepest iteration completed, and the one under way.
    int completed_depth = 0;
    int current_depth = 0;
    uint64_t nodes = 0;
    // The search is blocked in a pause: its node count stays put.
    bool paused = false;
    // The result is ready.
    bool done = false;
  };

  // Starts searching `request` on a new thread at once.
  explicit SearchThread(GameSearchRequest request);

  // Cancels the search if it is still running and joins the thread.
  ~SearchThread();

  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  // Suspends the search at its next poll until Resume. Pausing a finished
  // search does nothing; the pause does not change the result.
  void Pause();
  void Resume();

  // Abandons the search: it stops at its next poll (even when paused) and
  // the result becomes CancelledError, unless it had already finished.
  void Cancel();

  Progress progress() const;

  // The result once the search has finished; nullopt while it runs.
  std::optional<absl::StatusOr<GameSearchResult>> TryResult() const;

  // Blocks until the search finishes and returns its result.
  absl::StatusOr<GameSearchResult> Wait();

  // Blocks until the search finishes or `timeout` passes; true when it has
  // finished. For a caller that wants to stay responsive while waiting.
  bool WaitFor(absl::Duration timeout);

 private:
  PollAction OnPoll(const SearchProgress& progress);
  void Run();
  bool PauseOver() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return !pause_requested_ || cancel_requested_;
  }
  bool Finished() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return result_.has_value();
  }

  const GameSearchRequest request_;

  mutable absl::Mutex mu_;
  bool pause_requested_ ABSL_GUARDED_BY(mu_) = false;
  bool cancel_requested_ ABSL_GUARDED_BY(mu_) = false;
  Progress progress_ ABSL_GUARDED_BY(mu_);
  std::optional<absl::StatusOr<GameSearchResult>> result_ ABSL_GUARDED_BY(mu_);

  // Last, so that it starts after everything it uses is constructed.
  std::thread thread_;
};

}  // namespace checkers

#endif  // CHECKERS_ENGINE_SEARCH_THREAD_H_
