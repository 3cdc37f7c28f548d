// The gate on who may act in a session, and when the computer is due: pure
// answers over the folded game, the seats and what the session is doing.
// The session builds one for each question; nothing here changes a thing.

#ifndef CHECKERS_SESSION_GATE_H_
#define CHECKERS_SESSION_GATE_H_

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/time/time.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "session/outcome.h"
#include "session/seats.h"

namespace checkers::session {

class Gate {
 public:
  // What the session is doing besides the game itself.
  struct Doing {
    // The seats were handed around (Session::SetSeat): the computer plays
    // the seats the seats say, not the game's mode.
    bool seats_set = false;
    bool paused = false;
    // The computer's last search failed and awaits Resume.
    bool computer_failed = false;
    // The computer's search, or its draw answer, is under way.
    bool searching = false;
    bool answering = false;
    // The seq whose turn ran out, once the session saw its deadline pass.
    std::optional<uint64_t> timed_out_seq = std::nullopt;
  };

  // `state` must outlive the gate.
  Gate(const events::GameState& state, Seats seats, Doing doing)
      : state_(state), seats_(std::move(seats)), doing_(doing) {}

  // When the turn of the side to move runs out in a game between two
  // devices with a turn time limit: its clock runs from the state's
  // turn_started_millis while both seats are taken, a person holds the
  // seat to move, no draw offer stands and nothing is paused; nullopt
  // otherwise.
  std::optional<absl::Time> TurnDeadline() const;
  // Whether the turn at the current seq has run out and is still to play.
  bool TimedOut() const;
  // Whether the computer is to play the turn of the side to move: its
  // seat, or a turn that ran out.
  bool ComputerToMove() const;
  // Whether the computer is to answer the person's draw offer.
  bool ComputerToAnswer() const;
  // The side that must answer a standing draw offer when a person holds
  // it.
  std::optional<events::Side> DrawAnswerDue() const;

  // What stops `actor`'s move now, in Refusal's order; kNone when nothing
  // does. An action other than a move is stopped only by the first three
  // (no game, paused, over): ActionBlocker.
  Refusal MoveBlocker(const Actor& actor) const;
  Refusal ActionBlocker(const Actor& actor) const;
  // A person's move is awaited: the only thing between some person and a
  // move is whose seat it is.
  bool AwaitsMove() const;

 private:
  const events::GameState& state_;
  const Seats seats_;
  const Doing doing_;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_GATE_H_
