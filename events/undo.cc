#include "events/undo.h"

#include "absl/status/status.h"

namespace checkers::events {

absl::StatusOr<size_t> UndoKeep(absl::Span<const Event> events) {
  if (events.empty() || !events[0].has_game_started()) {
    return absl::FailedPreconditionError("there is no game to undo in");
  }
  const GameStarted& started = events[0].game_started();
  const bool vs_computer = started.mode() == VS_COMPUTER;
  for (size_t i = events.size(); i-- > 1;) {
    if (!events[i].has_turn_played()) continue;
    if (vs_computer && events[i].turn_played().side() != started.human_side()) continue;
    return i;
  }
  return absl::FailedPreconditionError(vs_computer ? "you have no turn to take back yet"
                                                   : "no turn has been played yet");
}

}  // namespace checkers::events
