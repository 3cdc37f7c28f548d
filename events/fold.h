// Rebuilding a game from the records of its log.

#ifndef CHECKERS_EVENTS_FOLD_H_
#define CHECKERS_EVENTS_FOLD_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::events {

// The event stored in one record. DataLoss naming `seq` when the payload is
// not an Event.
absl::StatusOr<Event> ParseEvent(absl::string_view payload, uint64_t seq);

// Checks and folds `events`, the i-th of which has seq i + 1. DataLoss
// naming the seq of the first event that may not follow the ones before it
// (see CheckEvent), so a tampered log is never half-trusted.
absl::StatusOr<GameState> FoldEvents(absl::Span<const Event> events);

// Folds `commit`, whose events are checked already (CommitFor's result),
// into `state` and moves them to the end of `events`: how a writer keeps
// its state and its copy of the log in step.
void FoldCommit(std::vector<Event> commit, GameState* state,
                std::vector<Event>* events);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_FOLD_H_
