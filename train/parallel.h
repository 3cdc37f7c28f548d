// The trainer's and the book builder's one way to spread independent jobs
// over threads: each job writes only its own result, so what they compute
// does not depend on the number of threads.

#ifndef CHECKERS_TRAIN_PARALLEL_H_
#define CHECKERS_TRAIN_PARALLEL_H_

#include <functional>

namespace checkers::train {

// Runs job(0) .. job(count - 1) on `threads` threads (the caller's among
// them; fewer than 1 counts as 1), in no particular order, and calls
// `done` (if given) after each with the number finished so far, one call
// at a time. Returns when all have finished.
void ParallelFor(int count, int threads, const std::function<void(int)>& job,
                 const std::function<void(int done)>& done = nullptr);

}  // namespace checkers::train

#endif  // CHECKERS_TRAIN_PARALLEL_H_
