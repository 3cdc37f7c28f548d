#include "session/clock.h"

#include "absl/time/clock.h"

namespace checkers::session {
namespace {

class RealClock final : public Clock {
 public:
  absl::Time Now() const override { return absl::Now(); }
};

}  // namespace

const Clock* Clock::Real() {
  static const Clock* const clock = new RealClock();
  return clock;
}

ManualClock::ManualClock(absl::Time start) : now_(start) {}

absl::Time ManualClock::Now() const {
  absl::MutexLock lock(&mu_);
  return now_;
}

void ManualClock::Advance(absl::Duration by) {
  absl::MutexLock lock(&mu_);
  now_ += by;
}

}  // namespace checkers::session
