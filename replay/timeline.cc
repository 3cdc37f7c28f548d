#include "replay/timeline.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/notation.h"
#include "events/validate.h"
#include "replay/log_record.h"

namespace checkers::replay {

absl::StatusOr<std::vector<Ply>> BuildTimeline(
    absl::Span<const events::Event> events) {
  std::vector<Ply> plies;
  events::GameState state;
  for (const events::Event& e : events) {
    if (absl::Status st = events::CheckEvent(state, e); !st.ok()) {
      return absl::DataLossError(
          absl::StrCat("seq ", state.last_seq + 1, ": ", st.message()));
    }
    events::ApplyInPlace(&state, e);
    if (e.has_game_started()) {
      plies.push_back({0, state.last_seq, "", events::SIDE_UNSPECIFIED, state});
    } else if (e.has_turn_played()) {
      const events::TurnPlayed& turn = e.turn_played();
      plies.push_back({state.turns, state.last_seq,
                       MoveToText(events::MoveOfTurn(turn)), turn.side(), state});
    } else {
      // Whatever follows a turn belongs to the position it left.
      plies.back().state = state;
    }
  }
  if (plies.empty())
    return absl::FailedPreconditionError("the log holds no game");
  return plies;
}

}  // namespace checkers::replay
