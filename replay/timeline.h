// A saved game turn by turn, for stepping through it (`checkers replay`).

#ifndef CHECKERS_REPLAY_TIMELINE_H_
#define CHECKERS_REPLAY_TIMELINE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::replay {

// The game after some number of turns.
struct Ply {
  // Turns played: 0 for the start.
  int turn = 0;
  // The seq of the turn's event; for turn 0, of the GameStarted.
  uint64_t seq = 0;
  // The move that led here in PDN notation with its full route ("24x15x6"),
  // and the side that played it; empty and SIDE_UNSPECIFIED for turn 0.
  std::string move;
  events::Side mover = events::SIDE_UNSPECIFIED;
  // The move's squares: its start and every landing; and the squares of
  // the pieces it took, in the order taken. Empty for turn 0.
  std::vector<int> route;
  std::vector<int> captured;
  // The game after the turn and every event that followed it before the
  // next turn (a draw offer, the end of the game): the position, counters
  // and result at this point.
  events::GameState state;
};

// One Ply per turn of the log's game, from the start (turn 0) to the last
// turn: plies[n].turn == n. The events are folded with their checks:
// DataLoss naming the seq as events::FoldChecked; FailedPrecondition when
// the log holds no game.
absl::StatusOr<std::vector<Ply>> BuildTimeline(
    absl::Span<const events::Event> events);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_TIMELINE_H_
