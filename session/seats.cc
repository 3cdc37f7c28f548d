#include "session/seats.h"

namespace checkers::session {

Seats DefaultSeats(const events::GameState& state) {
  Seats seats;
  if (state.started != nullptr && state.vs_computer()) {
    seats.of(events::OtherSide(state.human_side)) =
        Seat::Computer(state.difficulty);
  }
  if (state.started != nullptr && state.mode == events::REMOTE) {
    for (events::Side side : {events::FIRST, events::SECOND}) {
      const events::SeatTaken* taken = state.seat(side);
      seats.of(side) = state.stood_in(side)
                           ? Seat::Computer(events::MEDIUM)
                           : Seat::Remote(taken ? taken->key_sha256() : "");
    }
  }
  return seats;
}

bool Holds(const Seat& seat, const Actor& actor) {
  if (seat.holder != actor.holder) return false;
  // A free remote seat (no token) is nobody's.
  return seat.holder != Seat::Holder::kRemote ||
         (!seat.token.empty() && seat.token == actor.token);
}

}  // namespace checkers::session
