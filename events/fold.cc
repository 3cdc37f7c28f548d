#include "events/fold.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "events/validate.h"

namespace checkers::events {

absl::StatusOr<Event> ParseEvent(absl::string_view payload, uint64_t seq) {
  Event event;
  if (!event.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    return absl::DataLossError(
        absl::StrCat("record seq ", seq, " is not a checkers event"));
  }
  return event;
}

absl::StatusOr<GameState> FoldEvents(absl::Span<const Event> events) {
  GameState state;
  for (const Event& event : events) {
    if (absl::Status st = CheckEvent(state, event); !st.ok()) {
      return absl::DataLossError(
          absl::StrCat("seq ", state.last_seq + 1, ": ", st.message()));
    }
    ApplyInPlace(&state, event);
  }
  return state;
}

void FoldCommit(std::vector<Event> commit, GameState* state,
                std::vector<Event>* events) {
  for (Event& e : commit) {
    ApplyInPlace(state, e);
    events->push_back(std::move(e));
  }
}

}  // namespace checkers::events
