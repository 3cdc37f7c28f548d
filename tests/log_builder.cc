#include "tests/log_builder.h"

#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/event_log.h"
#include "storage/log_format.h"

namespace checkers::testing {

using events::Event;

LogBuilder::LogBuilder(absl::string_view fen) {
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen(std::string(fen));
  absl::StatusOr<Event> start = events::StartEvent(std::move(started));
  EXPECT_TRUE(start.ok()) << start.status();
  if (start.ok()) Commit(*std::move(start));
}

LogBuilder::LogBuilder(events::GameStarted started) {
  absl::StatusOr<Event> start = events::StartEvent(std::move(started));
  EXPECT_TRUE(start.ok()) << start.status();
  if (start.ok()) Commit(*std::move(start));
}

void LogBuilder::Commit(Event event) {
  std::vector<Event>& commit = commits_.emplace_back();
  if (absl::Status st =
          events::CommitAndFold(std::move(event), &state_, &commit);
      !st.ok()) {
    ADD_FAILURE() << st;
    commits_.pop_back();
  }
}

void LogBuilder::Play(absl::string_view move) {
  absl::StatusOr<Event> turn = events::TurnEvent(state_, move);
  if (!turn.ok()) {
    ADD_FAILURE() << turn.status();
    return;
  }
  Commit(*std::move(turn));
}

void LogBuilder::Craft(Event event) { commits_.push_back({std::move(event)}); }

void LogBuilder::DropLast() {
  commits_.back().pop_back();
  if (commits_.back().empty()) commits_.pop_back();
}

std::vector<Event> LogBuilder::events() const {
  std::vector<Event> all;
  for (const auto& c : commits_) all.insert(all.end(), c.begin(), c.end());
  return all;
}

std::string LogBuilder::Bytes() const {
  std::string bytes = storage::EncodeFileHeader(storage::NewLogId());
  uint64_t seq = 1;
  for (const auto& commit : commits_) {
    for (size_t i = 0; i < commit.size(); ++i) {
      storage::AppendFrame(seq++, i + 1 == commit.size(),
                           commit[i].SerializeAsString(), &bytes);
    }
  }
  return bytes;
}

absl::Status LogBuilder::WriteTo(const std::string& path) const {
  absl::StatusOr<std::unique_ptr<storage::FileEventLog>> log =
      storage::FileEventLog::Open(storage::Env::Default(), path);
  if (!log.ok()) return log.status();
  for (const auto& commit : commits_) {
    std::vector<std::string> payloads;
    for (const Event& e : commit) payloads.push_back(e.SerializeAsString());
    if (absl::Status st = (*log)->Append(std::move(payloads)); !st.ok()) {
      return st;
    }
  }
  return absl::OkStatus();
}

Event CraftedTurn(events::Side side, std::vector<int> squares) {
  Event e;
  e.mutable_turn_played()->set_side(side);
  for (int s : squares) e.mutable_turn_played()->add_squares(s);
  return e;
}

Event CraftedEnd(events::Result result, events::EndReason reason) {
  Event e;
  e.mutable_game_ended()->set_result(result);
  e.mutable_game_ended()->set_reason(reason);
  return e;
}

}  // namespace checkers::testing
