#include "replay/timeline.h"

#include <utility>

#include "absl/status/status.h"
#include "events/fold.h"
#include "replay/log_record.h"

namespace checkers::replay {

absl::StatusOr<std::vector<Ply>> BuildTimeline(
    absl::Span<const events::Event> events) {
  std::vector<Ply> plies;
  absl::StatusOr<events::GameState> folded =
      events::FoldChecked(events, [&plies](const events::CheckedEvent& checked,
                                           const events::GameState& state) {
        const events::Event& e = checked.event();
        if (e.has_game_started()) {
          plies.push_back(
              {0, state.last_seq, "", events::SIDE_UNSPECIFIED, state});
        } else if (e.has_turn_played()) {
          plies.push_back({state.turns, state.last_seq, checked.move().Text(),
                           e.turn_played().side(), state});
        } else {
          // Whatever follows a turn belongs to the position it left.
          plies.back().state = state;
        }
      });
  if (!folded.ok()) return folded.status();
  if (plies.empty())
    return absl::FailedPreconditionError("the log holds no game");
  return plies;
}

}  // namespace checkers::replay
