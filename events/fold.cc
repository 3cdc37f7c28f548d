#include "events/fold.h"

#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"

namespace checkers::events {

absl::StatusOr<Event> ParseEvent(absl::string_view payload, uint64_t seq) {
  Event event;
  if (!event.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    return absl::DataLossError(
        absl::StrCat("record seq ", seq, " is not a checkers event"));
  }
  return event;
}

absl::StatusOr<GameState> FoldChecked(
    absl::Span<const Event> events,
    absl::FunctionRef<void(const CheckedEvent& event, const GameState& after)>
        visit) {
  GameState state;
  for (const Event& event : events) {
    absl::StatusOr<CheckedEvent> checked = Check(state, event);
    if (!checked.ok()) {
      return absl::DataLossError(absl::StrCat("seq ", state.last_seq + 1, ": ",
                                              checked.status().message()));
    }
    ApplyInPlace(&state, *checked);
    visit(*checked, state);
  }
  return state;
}

absl::StatusOr<GameState> FoldEvents(absl::Span<const Event> events) {
  return FoldChecked(events, [](const CheckedEvent&, const GameState&) {});
}

void FoldCommit(Commit commit, GameState* state, std::vector<Event>* events) {
  *state = std::move(commit.after);
  if (events == nullptr) return;
  events->insert(events->end(), std::make_move_iterator(commit.events.begin()),
                 std::make_move_iterator(commit.events.end()));
}

absl::Status CommitAndFold(Event event, GameState* state,
                           std::vector<Event>* events) {
  absl::StatusOr<Commit> commit = CommitFor(*state, std::move(event));
  if (!commit.ok()) return commit.status();
  FoldCommit(*std::move(commit), state, events);
  return absl::OkStatus();
}

}  // namespace checkers::events
