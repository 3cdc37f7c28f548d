#include "session/gate.h"

#include "events/computer.h"
#include "events/game_state.h"

namespace checkers::session {

std::optional<absl::Time> Gate::TurnDeadline() const {
  const events::GameState& s = state_;
  if (s.turn_seconds() == 0 || doing_.paused || !events::GoesOn(s) ||
      s.draw_offer.has_value() || s.seat(events::FIRST) == nullptr ||
      s.seat(events::SECOND) == nullptr ||
      seats_.of(s.side_to_move()).holder != Seat::Holder::kRemote) {
    return std::nullopt;
  }
  return absl::FromUnixMillis(s.turn_started_millis) +
         absl::Seconds(s.turn_seconds());
}

bool Gate::TimedOut() const {
  return doing_.timed_out_seq == state_.last_seq && TurnDeadline().has_value();
}

bool Gate::ComputerToMove() const {
  const events::GameState& s = state_;
  if (TimedOut()) return true;
  if (!doing_.seats_set && s.mode != events::REMOTE) {
    return events::IsComputersTurn(s);
  }
  return s.started != nullptr && !s.over() && !events::DueEnd(s).has_value() &&
         seats_.of(s.side_to_move()).holder == Seat::Holder::kComputer;
}

bool Gate::ComputerToAnswer() const {
  return events::IsComputersAnswer(state_);
}

std::optional<events::Side> Gate::DrawAnswerDue() const {
  const events::GameState& s = state_;
  if (s.started == nullptr || s.over() || !s.draw_offer.has_value() ||
      ComputerToAnswer()) {
    return std::nullopt;
  }
  return events::OtherSide(*s.draw_offer);
}

Refusal Gate::MoveBlocker(const Actor& actor) const {
  if (state_.started == nullptr) return Refusal::kNoGame;
  if (doing_.paused) return Refusal::kPaused;
  if (state_.over()) return Refusal::kOver;
  if (doing_.computer_failed) return Refusal::kComputerError;
  if (ComputerToMove() || doing_.searching) return Refusal::kComputerTurn;
  if (doing_.answering || ComputerToAnswer()) {
    return Refusal::kComputerAnswering;
  }
  if (DrawAnswerDue().has_value()) return Refusal::kAnswerDue;
  if (!Holds(seats_.of(state_.side_to_move()), actor)) {
    return Refusal::kNotYourSeat;
  }
  return Refusal::kNone;
}

Refusal Gate::ActionBlocker(const Actor& actor) const {
  const Refusal blocker = MoveBlocker(actor);
  return blocker > Refusal::kOver ? Refusal::kNone : blocker;
}

bool Gate::AwaitsMove() const {
  const Refusal blocker = MoveBlocker(Actor::Local());
  return blocker == Refusal::kNone || blocker == Refusal::kNotYourSeat;
}

}  // namespace checkers::session
