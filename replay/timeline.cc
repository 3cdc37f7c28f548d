#include "replay/timeline.h"

#include <utility>

#include "absl/status/status.h"
#include "engine/game_position.h"
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
          Ply& ply = plies.emplace_back();
          ply.seq = state.last_seq;
          ply.state = state;
        } else if (e.has_turn_played()) {
          const GameMove& move = checked.move();
          Ply& ply = plies.emplace_back();
          ply.turn = state.turns;
          ply.seq = state.last_seq;
          ply.move = move.Text();
          ply.mover = e.turn_played().side();
          ply.route.assign(move.route().begin(), move.route().end());
          ply.captured.assign(move.captured().begin(), move.captured().end());
          ply.state = state;
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
