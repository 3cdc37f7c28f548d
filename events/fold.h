// Rebuilding a game from the records of its log, and growing one by a
// commit.

#ifndef CHECKERS_EVENTS_FOLD_H_
#define CHECKERS_EVENTS_FOLD_H_

#include <cstdint>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "events/validate.h"

namespace checkers::events {

// The event stored in one record. DataLoss naming `seq` when the payload is
// not an Event.
absl::StatusOr<Event> ParseEvent(absl::string_view payload, uint64_t seq);

// Checks and folds `events`, the i-th of which has seq i + 1, calling
// `visit(event, after)` with each event as checked and the game after it;
// returns the game after the last. DataLoss "seq N: why" naming the first
// event that may not follow the ones before it (see Check), so a tampered
// log is never half-trusted; `visit` has then seen every event before it.
absl::StatusOr<GameState> FoldChecked(
    absl::Span<const Event> events,
    absl::FunctionRef<void(const CheckedEvent& event, const GameState& after)>
        visit);

// FoldChecked, for a caller that wants only the game at the end.
absl::StatusOr<GameState> FoldEvents(absl::Span<const Event> events);

// Takes `commit`, made by CommitFor from `*state`, into the game: `*state`
// becomes the game after it and its events move to the end of `events`
// (when not null). How a writer keeps its state and its copy of the log in
// step once the commit is written.
void FoldCommit(Commit commit, GameState* state, std::vector<Event>* events);

// CommitFor, then FoldCommit: how a game kept in memory (an import, a
// match, a test's game) grows by one event. Fails as CommitFor, leaving
// `state` and `events` as they were.
absl::Status CommitAndFold(Event event, GameState* state,
                           std::vector<Event>* events);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_FOLD_H_
