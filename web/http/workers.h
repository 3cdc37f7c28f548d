// A fixed pool of threads that run tasks in the order given. The HTTP
// server runs its handlers here, since a handler may block (a table's
// lock, the fdatasync of a move) and the event loop must not.

#ifndef CHECKERS_WEB_HTTP_WORKERS_H_
#define CHECKERS_WEB_HTTP_WORKERS_H_

#include <deque>
#include <functional>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"

namespace checkers::http {

class Workers {
 public:
  // Starts `threads` threads (at least one).
  explicit Workers(int threads);
  // Runs every task given before, then joins the threads.
  ~Workers();

  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  // Queues `task` for the next free thread. Thread-safe.
  void Run(std::function<void()> task);

 private:
  void Work();

  absl::Mutex mu_;
  // Signalled once per task, and at the stop: wakes one idle thread.
  absl::CondVar wake_;
  std::deque<std::function<void()>> tasks_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::vector<std::thread> threads_;
};

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_WORKERS_H_
