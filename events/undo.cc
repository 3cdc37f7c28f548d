#include "events/undo.h"

#include "absl/status/status.h"

namespace checkers::events {

namespace {

// Where the end a player chose begins (the resignation, or the offer of
// the agreed draw), when the log ends with one; 0 otherwise.
size_t ChosenEndStart(absl::Span<const Event> events) {
  size_t i = events.size();
  while (i > 1 && events[i - 1].has_game_ended()) --i;
  if (i == events.size() || i <= 1) return 0;
  const Event& last = events[i - 1];
  if (last.has_resigned()) return i - 1;
  if (!last.has_draw_accepted()) return 0;
  for (size_t j = i - 1; j-- > 1;) {
    if (events[j].has_draw_offered()) return j;
    if (events[j].has_turn_played()) break;
  }
  return 0;
}

}  // namespace

absl::StatusOr<size_t> UndoKeep(absl::Span<const Event> events) {
  if (events.empty() || !events[0].has_game_started()) {
    return absl::FailedPreconditionError("there is no game to undo in");
  }
  if (const size_t end = ChosenEndStart(events); end > 0) return end;
  // The mode in force now decides, as it may have changed during the game.
  Mode mode = events[0].game_started().mode();
  Side human = events[0].game_started().human_side();
  for (const Event& e : events) {
    if (!e.has_mode_changed()) continue;
    mode = e.mode_changed().mode();
    if (e.mode_changed().human_side() != SIDE_UNSPECIFIED)
      human = e.mode_changed().human_side();
  }
  const bool vs_computer = mode == VS_COMPUTER;
  if (vs_computer && human == SIDE_UNSPECIFIED) human = FIRST;
  for (size_t i = events.size(); i-- > 1;) {
    if (!events[i].has_turn_played()) continue;
    if (vs_computer && events[i].turn_played().side() != human) continue;
    return i;
  }
  return absl::FailedPreconditionError(vs_computer
                                           ? "you have no turn to take back yet"
                                           : "no turn has been played yet");
}

}  // namespace checkers::events
