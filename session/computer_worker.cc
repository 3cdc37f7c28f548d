#include "session/computer_worker.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "events/computer.h"

namespace checkers::session {
namespace {

absl::StatusOr<uint64_t> NumberFromEnvironment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return 0;
  uint64_t n = 0;
  if (!absl::SimpleAtoi(value, &n)) {
    return absl::InvalidArgumentError(absl::StrCat(
        name, " must be a number of 0 or more, not \"", value, "\""));
  }
  return n;
}

}  // namespace

absl::StatusOr<ComputerOptions> ComputerOptionsFromEnvironment() {
  ComputerOptions options;
  absl::StatusOr<uint64_t> failing =
      NumberFromEnvironment("CHECKERS_FAIL_SEARCHES");
  if (!failing.ok()) return failing.status();
  absl::StatusOr<uint64_t> nodes =
      NumberFromEnvironment("CHECKERS_SEARCH_NODES");
  if (!nodes.ok()) return nodes.status();
  options.failing_searches =
      static_cast<int>(std::min<uint64_t>(*failing, 1000));
  options.max_nodes = *nodes;
  return options;
}

ComputerWorker::~ComputerWorker() { Drop(); }

void ComputerWorker::Drop() {
  search_.reset();
  // A draw answer is a bounded search; its future waits for it here.
  draw_answer_.reset();
}

void ComputerWorker::StartTurn(const events::GameState& s,
                               events::Difficulty level, bool game_level,
                               bool timeout) {
  if (busy()) return;
  GameSearchRequest request =
      game_level ? events::ComputerRequest(s)
                 : events::SearchRequestFor(
                       s, events::LevelOf(level),
                       events::TurnSeed(s.started->engine_seed(), s));
  if (options_.computer.max_nodes > 0) {
    request.limits.max_nodes = options_.computer.max_nodes;
  }
  request.endgame_db = options_.endgame_db;
  if (options_.computer.failing_searches > 0) {
    --options_.computer.failing_searches;
    // A request the engine refuses makes the search fail the way a real
    // engine error would, through the same thread and result.
    request.limits.max_depth = -1;
  }
  request_ = request;
  seq_ = s.last_seq;
  elapsed_before_ = absl::ZeroDuration();
  running_since_ = options_.clock->Now();
  timeout_ = timeout;
  level_ = level;
  search_ = std::make_unique<SearchThread>(std::move(request));
  if (paused_) search_->Pause();
}

void ComputerWorker::StartDrawAnswer(const events::GameState& s) {
  if (busy()) return;
  seq_ = s.last_seq;
  draw_answer_ = std::async(std::launch::async, [snapshot = s] {
    return events::AnswerDrawOffer(snapshot);
  });
}

void ComputerWorker::Pause() {
  if (paused_) return;
  paused_ = true;
  if (search_ != nullptr) {
    search_->Pause();
    elapsed_before_ += options_.clock->Now() - running_since_;
  }
}

void ComputerWorker::Resume() {
  if (!paused_) return;
  paused_ = false;
  if (search_ != nullptr) {
    running_since_ = options_.clock->Now();
    search_->Resume();
  }
}

std::optional<absl::StatusOr<ComputerWorker::Finished>> ComputerWorker::Collect(
    const events::GameState& state) {
  if (draw_answer_.has_value()) {
    if (draw_answer_->wait_for(std::chrono::seconds(0)) !=
        std::future_status::ready) {
      return std::nullopt;
    }
    absl::StatusOr<events::Event> answer = draw_answer_->get();
    draw_answer_.reset();
    if (seq_ != state.last_seq) return std::nullopt;
    if (!answer.ok()) return answer.status();
    return Finished{*std::move(answer), std::nullopt};
  }
  if (search_ == nullptr) return std::nullopt;
  std::optional<absl::StatusOr<GameSearchResult>> result = search_->TryResult();
  if (!result.has_value()) return std::nullopt;
  search_.reset();
  if (seq_ != state.last_seq) return std::nullopt;
  if (!result->ok()) return result->status();
  events::Event turn = events::ComputerTurnEvent(state, request_, **result);
  turn.mutable_turn_played()->mutable_computer()->set_level(level_);
  if (timeout_) turn.mutable_turn_played()->set_timeout(true);
  return Finished{std::move(turn), (*result)->best_move};
}

void ComputerWorker::WaitFor(absl::Duration timeout) {
  if (paused_) return;
  if (search_ != nullptr) {
    search_->WaitFor(timeout);
  } else if (draw_answer_.has_value()) {
    draw_answer_->wait_for(
        std::chrono::milliseconds(absl::ToInt64Milliseconds(timeout)));
  }
}

ComputerStatus ComputerWorker::status() const {
  ComputerStatus status;
  status.answering = draw_answer_.has_value();
  if (search_ == nullptr) return status;
  status.thinking = true;
  status.elapsed = elapsed_before_;
  if (!paused_) status.elapsed += options_.clock->Now() - running_since_;
  const SearchThread::Progress p = search_->progress();
  status.depth = p.completed_depth;
  status.current_depth = p.current_depth;
  status.nodes = p.nodes;
  status.paused = p.paused;
  return status;
}

}  // namespace checkers::session
