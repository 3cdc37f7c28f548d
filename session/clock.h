// The time a session reads: when a turn was played (each event carries its
// wall-clock time) and how long the computer has been thinking. Injected,
// so that a test sets the time instead of sleeping to wait for it.

#ifndef CHECKERS_SESSION_CLOCK_H_
#define CHECKERS_SESSION_CLOCK_H_

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace checkers::session {

class Clock {
 public:
  virtual ~Clock() = default;

  // The current time. Safe to call from any thread.
  virtual absl::Time Now() const = 0;

  // The wall clock, for the shells. Never destroyed.
  static const Clock* Real();
};

// A clock that stands still until told to move, for tests.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(absl::Time start = absl::UnixEpoch() +
                                          absl::Hours(24 * 365 * 56));

  absl::Time Now() const override;
  void Advance(absl::Duration by);

 private:
  mutable absl::Mutex mu_;
  absl::Time now_ ABSL_GUARDED_BY(mu_);
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_CLOCK_H_
