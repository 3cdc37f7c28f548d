#include "session/seats.h"

namespace checkers::session {

Seats DefaultSeats(const events::GameState& state) {
  Seats seats;
  if (state.started != nullptr && state.vs_computer()) {
    seats.of(events::OtherSide(state.human_side)) =
        Seat::Computer(state.difficulty);
  }
  return seats;
}

bool Holds(const Seat& seat, const Actor& actor) {
  if (seat.holder != actor.holder) return false;
  return seat.holder != Seat::Holder::kRemote || seat.token == actor.token;
}

}  // namespace checkers::session
