#include "web/http/workers.h"

#include <algorithm>
#include <utility>

namespace checkers::http {

Workers::Workers(int threads) {
  for (int i = 0; i < std::max(threads, 1); ++i) {
    threads_.emplace_back([this] { Work(); });
  }
}

Workers::~Workers() {
  {
    absl::MutexLock lock(&mu_);
    stopping_ = true;
    wake_.SignalAll();
  }
  for (std::thread& t : threads_) t.join();
}

void Workers::Run(std::function<void()> task) {
  absl::MutexLock lock(&mu_);
  tasks_.push_back(std::move(task));
  wake_.Signal();
}

void Workers::Work() {
  while (true) {
    std::function<void()> task;
    {
      absl::MutexLock lock(&mu_);
      // Not Mutex::Await: each unlock would evaluate every idle thread's
      // condition.
      while (!stopping_ && tasks_.empty()) wake_.Wait(&mu_);
      if (tasks_.empty()) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

}  // namespace checkers::http
