#include "train/parallel.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace checkers::train {

void ParallelFor(int count, int threads, const std::function<void(int)>& job,
                 const std::function<void(int done)>& done) {
  std::atomic<int> next{0};
  std::mutex mu;
  int finished = 0;
  auto work = [&] {
    for (int i = next++; i < count; i = next++) {
      job(i);
      std::lock_guard<std::mutex> lock(mu);
      ++finished;
      if (done) done(finished);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::max(1, threads); ++t) workers.emplace_back(work);
  work();
  for (std::thread& t : workers) t.join();
}

}  // namespace checkers::train
