// Fuzzes the fold (events/fold.h) over arbitrary event sequences: each step
// of the input is either raw bytes parsed as an event, or, to reach deep
// into a game, a legal turn or a draw or resignation event for the state
// so far. Properties: the fold never crashes and refuses with DataLoss; it
// accepts every prefix of what it accepts; and what it accepts, written as
// a log, reads back, folds to the same game and audits.

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "replay/audit.h"
#include "replay/import.h"
#include "storage/log_reader.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

constexpr size_t kMaxEvents = 80;

void Check(FuzzedDataProvider& in) {
  std::vector<events::Event> log;
  // The fold of `log`, which holds only events the fold accepted.
  absl::StatusOr<events::GameState> state = events::GameState();
  while (in.remaining_bytes() > 0 && log.size() < kMaxEvents) {
    absl::StatusOr<events::Event> next = absl::UnknownError("none");
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
      case 0: {
        const std::string bytes =
            in.ConsumeRandomLengthString(in.ConsumeIntegralInRange(0, 300));
        next = events::ParseEvent(bytes, log.size() + 1);
        break;
      }
      case 1:
      case 2:
        if (state.ok() && state->started != nullptr && !state->over()) {
          const std::vector<std::string> legal =
              state->position.LegalMoveTexts(state->rules.capture);
          if (!legal.empty()) {
            next = events::TurnEvent(
                *state,
                legal[in.ConsumeIntegralInRange<size_t>(0, legal.size() - 1)]);
          }
        }
        break;
      case 3:
        if (state.ok()) {
          const int which = in.ConsumeIntegralInRange(0, 3);
          next = which == 0   ? events::OfferDrawEvent(*state)
                 : which == 1 ? events::AcceptDrawEvent(*state)
                 : which == 2 ? events::DeclineDrawEvent(*state)
                              : events::ResignEvent(*state, events::FIRST);
        }
        break;
      default: {
        events::GameStarted started;
        started.set_mode(in.ConsumeBool() ? events::TWO_PLAYER
                                          : events::VS_COMPUTER);
        started.mutable_options()->set_capture_optional(in.ConsumeBool());
        started.mutable_options()->set_no_progress_turns(
            in.ConsumeIntegralInRange(0, 50));
        started.mutable_options()->set_turn_limit(
            in.ConsumeIntegralInRange(0, 30));
        if (in.ConsumeBool()) started.set_start_fen("W:W18,K30:B14,K3");
        next = events::StartEvent(std::move(started));
        break;
      }
    }
    if (!next.ok()) continue;
    log.push_back(*std::move(next));
    absl::StatusOr<events::GameState> folded = events::FoldEvents(log);
    if (!folded.ok()) {
      FUZZ_CHECK(folded.status().code() == absl::StatusCode::kDataLoss,
                 "the fold refuses with DataLoss");
      // Only what the fold accepts goes on: a log is never half-trusted.
      log.pop_back();
      continue;
    }
    state = std::move(folded);
  }

  const std::string bytes = replay::EncodeLog(log);
  absl::StatusOr<storage::LogContents> read = storage::ParseLog(bytes);
  FUZZ_CHECK(read.ok() && read->records.size() == log.size(),
             "an accepted log reads back");
  std::vector<events::Event> events;
  for (const storage::Record& r : read->records) {
    absl::StatusOr<events::Event> e = events::ParseEvent(r.payload, r.seq);
    FUZZ_CHECK(e.ok(), "its records are events");
    events.push_back(*std::move(e));
  }
  absl::StatusOr<events::GameState> again = events::FoldEvents(events);
  FUZZ_CHECK(again.ok() && again->turns == state->turns &&
                 again->position == state->position &&
                 again->over() == state->over(),
             "it folds to the same game");
  FUZZ_CHECK(replay::AuditLogBytes(bytes).ok(), "it audits");
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  checkers::Check(in);
  return 0;
}
