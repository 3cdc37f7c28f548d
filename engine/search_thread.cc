#include "engine/search_thread.h"

#include <utility>

namespace checkers {

SearchThread::SearchThread(GameSearchRequest request)
    : request_(std::move(request)), thread_([this] { Run(); }) {}

SearchThread::~SearchThread() {
  Cancel();
  thread_.join();
}

void SearchThread::Run() {
  absl::StatusOr<GameSearchResult> result = SearchGame(
      request_, [this](const SearchProgress& p) { return OnPoll(p); });
  absl::MutexLock lock(&mu_);
  if (result.ok()) progress_.nodes = result->nodes;
  progress_.done = true;
  result_ = std::move(result);
}

PollAction SearchThread::OnPoll(const SearchProgress& p) {
  absl::MutexLock lock(&mu_);
  progress_.completed_depth = p.completed_depth;
  progress_.current_depth = p.current_depth;
  progress_.nodes = p.nodes;
  if (pause_requested_ && !cancel_requested_) {
    progress_.paused = true;
    mu_.Await(absl::Condition(this, &SearchThread::PauseOver));
    progress_.paused = false;
  }
  return cancel_requested_ ? PollAction::kCancel : PollAction::kContinue;
}

void SearchThread::Pause() {
  absl::MutexLock lock(&mu_);
  pause_requested_ = true;
}

void SearchThread::Resume() {
  absl::MutexLock lock(&mu_);
  pause_requested_ = false;
}

void SearchThread::Cancel() {
  absl::MutexLock lock(&mu_);
  cancel_requested_ = true;
}

SearchThread::Progress SearchThread::progress() const {
  absl::MutexLock lock(&mu_);
  return progress_;
}

std::optional<absl::StatusOr<GameSearchResult>> SearchThread::TryResult()
    const {
  absl::MutexLock lock(&mu_);
  return result_;
}

absl::StatusOr<GameSearchResult> SearchThread::Wait() {
  absl::MutexLock lock(&mu_);
  mu_.Await(absl::Condition(this, &SearchThread::Finished));
  return *result_;
}

bool SearchThread::WaitFor(absl::Duration timeout) {
  absl::MutexLock lock(&mu_);
  return mu_.AwaitWithTimeout(absl::Condition(this, &SearchThread::Finished),
                              timeout);
}

}  // namespace checkers
