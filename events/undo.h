// Where undo truncates a log: undo is a truncation (docs/ARCHITECTURE.md).

#ifndef CHECKERS_EVENTS_UNDO_H_
#define CHECKERS_EVENTS_UNDO_H_

#include <cstddef>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "events/events.pb.h"

namespace checkers::events {

// The number of leading events to keep so that the last turn is taken
// back: against the computer, back to the person's previous turn (which
// also removes the computer's reply, if made); between two players, one
// completed turn. Whatever followed that turn (draw offers, the end of the
// game) goes with it. An end a player chose (a resignation, an agreed
// draw) is taken back alone: the resignation, or the offer and its
// acceptance, with the end they caused, and no turn. FailedPrecondition
// when there is no turn to take back.
absl::StatusOr<size_t> UndoKeep(absl::Span<const Event> events);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_UNDO_H_
