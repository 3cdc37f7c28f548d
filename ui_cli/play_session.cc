#include "ui_cli/play_session.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "absl/random/random.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "engine/notation.h"
#include "events/computer.h"
#include "events/validate.h"
#include "storage/env.h"
#include "ui_cli/play_text.h"

namespace checkers::cli {
namespace {

using events::Event;
using events::GameState;

// Errors of the checks (the action is refused, the log unchanged) as
// opposed to errors of the write.
bool IsRefusal(const absl::Status& status) {
  return status.code() == absl::StatusCode::kFailedPrecondition ||
         status.code() == absl::StatusCode::kInvalidArgument;
}

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

PlaySession::PlaySession(const Catalogue& text, ComputerOptions options,
                         storage::Env* env)
    : t_(text),
      env_(env),
      options_(options),
      log_(storage::GameLog::InMemory()) {}

PlaySession::~PlaySession() {
  search_.reset();
  // A draw answer is a bounded search; its future waits for it here.
  draw_answer_.reset();
}

void PlaySession::Open(const absl::StatusOr<std::string>& path) {
  damage_.clear();
  if (!path.ok()) {
    GoInMemory(Persistence::kUnavailable, path.status().message());
    return;
  }
  path_ = *path;
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log =
      storage::GameLog::Open(env_, path_);
  if (log.ok()) {
    log_ = *std::move(log);
    persistence_ = Persistence::kSaved;
    if (!log_->notice().empty())
      Say(t_.Get("notice.recovered", {{"detail", log_->notice()}}));
    return;
  }
  switch (log.status().code()) {
    case absl::StatusCode::kDataLoss:
      damage_ = std::string(log.status().message());
      log_ = storage::GameLog::InMemory();
      return;
    case absl::StatusCode::kUnavailable:
      GoInMemory(Persistence::kLocked, log.status().message());
      break;
    default:
      GoInMemory(Persistence::kUnavailable, log.status().message());
      break;
  }
  CopyIntoMemory(path_);
}

void PlaySession::GoInMemory(Persistence why, absl::string_view detail) {
  persistence_ = why;
  persistence_detail_ = std::string(detail);
  log_ = storage::GameLog::InMemory();
  Say(PersistenceText());
}

void PlaySession::CopyIntoMemory(const std::string& path) {
  absl::StatusOr<storage::LoadedGame> saved = storage::LoadGame(env_, path);
  if (!saved.ok() || saved->events.empty() ||
      !saved->events[0].has_game_started())
    return;
  if (!log_->NewGame(saved->events[0].game_started()).ok()) return;
  for (size_t i = 1; i < saved->events.size(); ++i) {
    const Event& e = saved->events[i];
    // An end the rules impose comes with the commit that caused it.
    if (e.has_game_ended() && log_->state().over()) continue;
    if (!log_->Commit(e).ok()) break;
  }
}

void PlaySession::KeepDamagedAside() {
  damage_.clear();
  absl::StatusOr<std::string> kept = storage::KeepDamagedSaveAside(env_, path_);
  if (!kept.ok()) {
    GoInMemory(Persistence::kUnavailable, kept.status().message());
    return;
  }
  Say(t_.Get("notice.damaged_kept", {{"path", *kept}}));
  Open(path_);
}

void PlaySession::PlayWithoutSaving() {
  damage_.clear();
  GoInMemory(Persistence::kDamagedLeft, path_);
}

std::string PlaySession::ThinkingText() const {
  const ComputerStatus c = computer();
  if (!c.thinking) return "";
  const GameState& s = state();
  return t_.Get(
      "panel.thinking",
      {{"side", SideText(t_, s, s.side_to_move())},
       {"seconds", absl::StrFormat("%.1f", absl::ToDoubleSeconds(c.elapsed))},
       {"depth", absl::StrCat(std::max(c.depth, c.current_depth))},
       {"nodes", absl::StrCat(c.nodes)}});
}

std::string PlaySession::PersistenceText() const {
  switch (persistence_) {
    case Persistence::kSaved:
      return "";
    case Persistence::kUnavailable:
      return t_.Get("notice.unavailable", {{"detail", persistence_detail_}});
    case Persistence::kLocked:
      return t_.Get("notice.locked");
    case Persistence::kWriteFailed:
      return t_.Get("notice.write_failed", {{"detail", persistence_detail_}});
    case Persistence::kDamagedLeft:
      return t_.Get("notice.damaged_left", {{"path", persistence_detail_}});
  }
  return "";
}

void PlaySession::NewGame(events::Mode mode, events::Difficulty difficulty) {
  const GameState& previous = state();
  events::GameStarted started;
  if (previous.started != nullptr) {
    *started.mutable_options() = previous.started->options();
    // Only imported game records turn the automatic draws off.
    started.mutable_options()->set_automatic_draws_off(false);
  } else {
    started.mutable_options()->set_colour_names(events::RED_WHITE);
    started.mutable_options()->set_no_progress_turns(40);
    started.mutable_options()->set_no_progress_count(events::PER_SIDE);
  }
  started.set_mode(mode);
  started.set_difficulty(difficulty);
  started.set_human_side(
      events::NewGameHumanSide(previous, started.options(), events::FIRST));
  started.set_engine_seed(absl::Uniform<uint64_t>(absl::BitGen()));

  search_.reset();
  computer_error_.clear();
  paused_ = false;
  const absl::Status st =
      SaveOrKeepInMemory([&] { return log_->NewGame(started); });
  if (!st.ok()) {
    Refuse(st);
    return;
  }
  Say(t_.Get("report.new_game", {{"mode", ModeText(t_, state())}}));
}

void PlaySession::Refuse(const absl::Status& status) {
  Say(t_.Get("refuse.other", {{"detail", std::string(status.message())}}));
}

PlaySession::Blocker PlaySession::MoveBlocker() const {
  if (!has_game()) return Blocker::kNoGame;
  if (paused_) return Blocker::kPaused;
  if (state().over()) return Blocker::kOver;
  if (!computer_error_.empty()) return Blocker::kComputerError;
  if (events::IsComputersTurn(state()) || search_.has_value())
    return Blocker::kComputerTurn;
  if (draw_answer_.has_value() || events::IsComputersAnswer(state()))
    return Blocker::kComputerAnswering;
  if (DrawAnswerDue().has_value()) return Blocker::kAnswerDue;
  return Blocker::kNone;
}

bool PlaySession::CanAct(bool move) {
  Blocker blocker = MoveBlocker();
  if (!move && blocker > Blocker::kOver) blocker = Blocker::kNone;
  switch (blocker) {
    case Blocker::kNone:
      return true;
    case Blocker::kNoGame:
      Say(t_.Get("refuse.no_game"));
      break;
    case Blocker::kPaused:
      Say(t_.Get("refuse.paused"));
      break;
    case Blocker::kOver:
      Say(t_.Get("refuse.over", {{"end", EndText(t_, state())}}));
      break;
    case Blocker::kComputerError:
      Say(t_.Get("refuse.computer_error"));
      break;
    case Blocker::kComputerTurn:
      Say(t_.Get("refuse.computer_turn"));
      break;
    case Blocker::kComputerAnswering:
      Say(t_.Get("refuse.computer_answering"));
      break;
    case Blocker::kAnswerDue:
      Say(t_.Get("refuse.answer_due",
                 {{"side", SideText(t_, state(), *DrawAnswerDue())}}));
      break;
  }
  return false;
}

absl::Status PlaySession::SaveOrKeepInMemory(
    const std::function<absl::Status()>& change) {
  absl::Status st = change();
  if (!st.ok() && !IsRefusal(st)) {
    // The save failed, not the move: the game goes on in memory.
    log_->ContinueInMemory();
    persistence_ = Persistence::kWriteFailed;
    persistence_detail_ = std::string(st.message());
    Say(PersistenceText());
    st = change();
  }
  return st;
}

bool PlaySession::Commit(const Event& event) {
  const absl::Status st =
      SaveOrKeepInMemory([&] { return log_->Commit(event); });
  if (!st.ok()) {
    Refuse(st);
    return false;
  }
  return true;
}

void PlaySession::AfterChange() {
  DropStaleWork();
  if (state().over()) {
    Say(t_.Get("report.game_over", {{"end", EndText(t_, state())}}));
  }
}

bool PlaySession::Play(const Move& move) {
  if (!CanAct(true)) return false;
  const GameState before = state();
  const Event turn = events::TurnEvent(before, move);
  if (!Commit(turn)) return false;
  Say(TurnReport(t_, before, turn.turn_played()));
  AfterChange();
  return true;
}

bool PlaySession::PlayText(absl::string_view text) {
  if (!CanAct(true)) return false;
  absl::StatusOr<Move> move =
      ParseMove(state().position, text, state().rules.capture);
  if (!move.ok()) {
    if (move.status().code() == absl::StatusCode::kInvalidArgument) {
      Say(t_.Get("refuse.notation", {{"text", std::string(text)}}));
    } else {
      Say(t_.Get("refuse.move",
                 {{"move", std::string(text)},
                  {"moves", absl::StrJoin(LegalMoveTexts(state().position,
                                                         state().rules.capture),
                                          " ")}}));
    }
    return false;
  }
  return Play(*move);
}

bool PlaySession::Undo() {
  // A finished game may be taken back too.
  const Blocker blocker = MoveBlocker();
  if (blocker == Blocker::kNoGame || blocker == Blocker::kPaused)
    return CanAct(false);
  search_.reset();
  if (!SaveOrKeepInMemory([&] { return log_->Undo(); }).ok()) {
    Say(t_.Get("refuse.nothing_to_undo"));
    return false;
  }
  computer_error_.clear();
  DropStaleWork();
  Say(t_.Get("report.undo", {{"to_move", ToMoveText(t_, state())}}));
  return true;
}

bool PlaySession::OfferDraw() {
  if (!CanAct(true)) return false;
  absl::StatusOr<Event> offer = events::OfferDrawEvent(state());
  if (!offer.ok()) {
    Refuse(offer.status());
    return false;
  }
  const events::Side side = state().side_to_move();
  if (!Commit(*offer)) return false;
  Say(t_.Get("report.draw_offered", {{"side", SideText(t_, state(), side)}}));
  AfterChange();
  return true;
}

bool PlaySession::AnswerDraw(bool accept) {
  if (!CanAct(false)) return false;
  if (!DrawAnswerDue().has_value()) {
    Say(t_.Get("refuse.no_offer"));
    return false;
  }
  const events::Side side = *DrawAnswerDue();
  absl::StatusOr<Event> answer = accept ? events::AcceptDrawEvent(state())
                                        : events::DeclineDrawEvent(state());
  if (!answer.ok()) {
    Refuse(answer.status());
    return false;
  }
  if (!Commit(*answer)) return false;
  Say(t_.Get(accept ? "report.draw_accepted" : "report.draw_declined",
             {{"side", SideText(t_, state(), side)}}));
  AfterChange();
  return true;
}

bool PlaySession::Resign() {
  if (!CanAct(false)) return false;
  const events::Side side = events::ResigningSide(state());
  absl::StatusOr<Event> resign = events::ResignEvent(state(), side);
  if (!resign.ok()) {
    Refuse(resign.status());
    return false;
  }
  search_.reset();
  if (!Commit(*resign)) return false;
  Say(t_.Get("report.resigned", {{"side", SideText(t_, state(), side)}}));
  AfterChange();
  return true;
}

bool PlaySession::ContinueAsTwoPlayer() {
  if (!CanAct(false)) return false;
  if (!state().vs_computer()) {
    Say(t_.Get("refuse.not_vs_computer"));
    return false;
  }
  absl::StatusOr<Event> change =
      events::ModeChangeEvent(state(), events::TWO_PLAYER, state().difficulty);
  if (!change.ok()) {
    Refuse(change.status());
    return false;
  }
  search_.reset();
  if (!Commit(*change)) return false;
  computer_error_.clear();
  Say(t_.Get("report.two_player"));
  AfterChange();
  return true;
}

void PlaySession::Pause() {
  if (paused_) return;
  paused_ = true;
  if (search_.has_value()) {
    search_->thread->Pause();
    search_->elapsed_before += absl::Now() - search_->running_since;
  }
}

void PlaySession::Resume() {
  if (!paused_ && computer_error_.empty()) return;
  if (paused_ && search_.has_value()) {
    search_->running_since = absl::Now();
    search_->thread->Resume();
  }
  paused_ = false;
  // Resume retries the computer's failed turn once: Tick starts it again.
  computer_error_.clear();
}

bool PlaySession::AwaitsMove() const { return MoveBlocker() == Blocker::kNone; }

std::optional<events::Side> PlaySession::DrawAnswerDue() const {
  const GameState& s = state();
  if (!has_game() || s.over() || !s.draw_offer.has_value() ||
      events::IsComputersAnswer(s)) {
    return std::nullopt;
  }
  return events::OtherSide(*s.draw_offer);
}

void PlaySession::DropStaleWork() {
  if (search_.has_value() && search_->seq != state().last_seq) search_.reset();
}

void PlaySession::Tick() {
  DropStaleWork();
  if (paused_) return;
  CollectDrawAnswer();
  CollectSearch();
  if (computer_error_.empty()) StartWork();
}

bool PlaySession::ComputerBusy() const {
  if (paused_ || !computer_error_.empty()) return false;
  return search_.has_value() || draw_answer_.has_value() ||
         events::IsComputersTurn(state()) || events::IsComputersAnswer(state());
}

void PlaySession::WaitForComputer(absl::Duration timeout) {
  if (!paused_ && search_.has_value()) {
    search_->thread->WaitFor(timeout);
  } else if (!paused_ && draw_answer_.has_value()) {
    draw_answer_->wait_for(
        std::chrono::milliseconds(absl::ToInt64Milliseconds(timeout)));
  }
  Tick();
}

void PlaySession::StartWork() {
  if (search_.has_value() || draw_answer_.has_value()) return;
  const GameState& s = state();
  if (events::IsComputersAnswer(s)) {
    draw_answer_seq_ = s.last_seq;
    draw_answer_ = std::async(std::launch::async, [snapshot = s] {
      return events::AnswerDrawOffer(snapshot);
    });
    return;
  }
  if (!events::IsComputersTurn(s)) return;
  SearchRequest request = events::ComputerRequest(s);
  if (options_.max_nodes > 0) request.limits.max_nodes = options_.max_nodes;
  if (options_.failing_searches > 0) {
    --options_.failing_searches;
    // A request the engine refuses makes the search fail the way a real
    // engine error would, through the same thread and result.
    request.limits.max_depth = -1;
  }
  ComputerSearch search;
  search.request = request;
  search.seq = s.last_seq;
  search.running_since = absl::Now();
  search.thread = std::make_unique<SearchThread>(std::move(request));
  search_ = std::move(search);
}

void PlaySession::CollectSearch() {
  if (!search_.has_value()) return;
  std::optional<absl::StatusOr<SearchResult>> result =
      search_->thread->TryResult();
  if (!result.has_value()) return;
  const ComputerSearch done = std::move(*search_);
  search_.reset();
  if (!result->ok()) {
    computer_error_ = std::string(result->status().message());
    Say(t_.Get("computer.error", {{"detail", computer_error_}}));
    return;
  }
  const GameState before = state();
  const Event turn = events::ComputerTurnEvent(before, done.request, **result);
  if (!Commit(turn)) return;
  Say(TurnReport(t_, before, turn.turn_played()));
  AfterChange();
}

void PlaySession::CollectDrawAnswer() {
  if (!draw_answer_.has_value() || draw_answer_->wait_for(std::chrono::seconds(
                                       0)) != std::future_status::ready) {
    return;
  }
  absl::StatusOr<Event> answer = draw_answer_->get();
  draw_answer_.reset();
  if (draw_answer_seq_ != state().last_seq) return;
  if (!answer.ok()) {
    computer_error_ = std::string(answer.status().message());
    Say(t_.Get("computer.error", {{"detail", computer_error_}}));
    return;
  }
  const events::Side side = events::OtherSide(state().human_side);
  const bool accepted = answer->has_draw_accepted();
  if (!Commit(*answer)) return;
  Say(t_.Get(accepted ? "report.draw_accepted" : "report.draw_declined",
             {{"side", SideText(t_, state(), side)}}));
  AfterChange();
}

ComputerStatus PlaySession::computer() const {
  ComputerStatus status;
  status.answering = draw_answer_.has_value();
  if (!search_.has_value()) return status;
  status.thinking = true;
  status.elapsed = search_->elapsed_before;
  if (!paused_) status.elapsed += absl::Now() - search_->running_since;
  const SearchThread::Progress p = search_->thread->progress();
  status.depth = p.completed_depth;
  status.current_depth = p.current_depth;
  status.nodes = p.nodes;
  return status;
}

std::vector<std::string> PlaySession::TakeMessages() {
  std::vector<std::string> taken;
  taken.swap(messages_);
  return taken;
}

}  // namespace checkers::cli
