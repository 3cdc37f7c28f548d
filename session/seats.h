// Who holds each side of a game: a person at this device, a person
// elsewhere (known by an opaque token), or the computer at a level. The
// session asks the seats who may act and when the computer plays; the
// person at the device of a terminal game is one case of that.

#ifndef CHECKERS_SESSION_SEATS_H_
#define CHECKERS_SESSION_SEATS_H_

#include <string>

#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::session {

struct Seat {
  enum class Holder { kLocal, kRemote, kComputer };

  static Seat Local() { return {Holder::kLocal, "", events::MEDIUM}; }
  // `token` is compared for equality only, never read.
  static Seat Remote(std::string token) {
    return {Holder::kRemote, std::move(token), events::MEDIUM};
  }
  static Seat Computer(events::Difficulty level) {
    return {Holder::kComputer, "", level};
  }

  Holder holder = Holder::kLocal;
  // kRemote: who holds it.
  std::string token;
  // kComputer: how well it plays.
  events::Difficulty level = events::MEDIUM;

  friend bool operator==(const Seat&, const Seat&) = default;
};

// Whoever asks the session to act: the person at this device or a remote
// person with their token. The computer acts only through the session.
struct Actor {
  static Actor Local() { return {Seat::Holder::kLocal, ""}; }
  static Actor Remote(std::string token) {
    return {Seat::Holder::kRemote, std::move(token)};
  }

  Seat::Holder holder = Seat::Holder::kLocal;
  std::string token;
};

// The seats of both sides.
struct Seats {
  Seat& of(events::Side side) {
    return side == events::SECOND ? second : first;
  }
  const Seat& of(events::Side side) const {
    return side == events::SECOND ? second : first;
  }

  Seat first = Seat::Local();
  Seat second = Seat::Local();

  friend bool operator==(const Seats&, const Seats&) = default;
};

// The seats a game's start gives them: against the computer the person's
// side is Local and the other side the computer at the game's difficulty;
// between two players both are Local; between two devices each side is
// Remote with the key of its SeatTaken (no token while free), or the
// computer at Medium while it stands in for the holder (StandIn). A state with
// no game: both Local.
Seats DefaultSeats(const events::GameState& state);

// Whether `actor` holds `seat`: the same kind of holder and, for a remote
// seat, the same token (a free remote seat, with none, is nobody's).
bool Holds(const Seat& seat, const Actor& actor);

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_SEATS_H_
