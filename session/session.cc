#include "session/session.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "absl/random/random.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "events/computer.h"
#include "events/fold.h"
#include "events/validate.h"

namespace checkers::session {
namespace {

using events::Event;
using events::GameState;

// The legal captures from the first square `text` names to its last, as
// text: the routes a short form such as "24x6" may mean. Empty when
// `text` names no squares.
std::vector<std::string> RoutesBetween(const GameState& s,
                                       absl::string_view text) {
  std::vector<int> squares;
  for (absl::string_view part : absl::StrSplit(text, absl::ByAnyChar("-x"))) {
    int square = 0;
    if (!absl::SimpleAtoi(part, &square)) return {};
    squares.push_back(square);
  }
  std::vector<std::string> routes;
  for (const GameMove& m : s.position.LegalMoves(s.rules.capture)) {
    if (m.is_capture() && m.from() == squares.front() &&
        m.to() == squares.back())
      routes.push_back(m.Text());
  }
  std::sort(routes.begin(), routes.end());
  return routes;
}

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

Report Told(Report::Kind kind, events::Side side = events::SIDE_UNSPECIFIED) {
  Report r;
  r.kind = kind;
  r.side = side;
  return r;
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

Session::Session(Options options)
    : options_(options), log_(storage::GameLog::InMemory()) {}

Session::~Session() {
  search_.reset();
  // A draw answer is a bounded search; its future waits for it here.
  draw_answer_.reset();
}

void Session::Open(const absl::StatusOr<std::string>& path) {
  damage_.clear();
  if (!path.ok()) {
    GoInMemory(Persistence::kUnavailable, path.status().message());
    return;
  }
  path_ = *path;
  const absl::Status opened = OpenSave(/*create=*/true);
  if (opened.ok()) return;
  switch (opened.code()) {
    case absl::StatusCode::kDataLoss:
      damage_ = std::string(opened.message());
      log_ = storage::GameLog::InMemory();
      return;
    case absl::StatusCode::kUnavailable:
      GoInMemory(Persistence::kLocked, opened.message());
      break;
    default:
      GoInMemory(Persistence::kUnavailable, opened.message());
      break;
  }
  CopyIntoMemory(path_);
}

absl::Status Session::OpenForCommand(const std::string& path, bool create) {
  for_command_ = true;
  path_ = path;
  return OpenSave(create);
}

absl::Status Session::OpenSave(bool create) {
  storage::GameLog::OpenOptions open;
  open.create_if_missing = create;
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log =
      storage::GameLog::Open(options_.env, path_, open);
  if (!log.ok()) return log.status();
  log_ = *std::move(log);
  persistence_ = Persistence::kSaved;
  if (!log_->notice().empty()) {
    Report r = Told(Report::Kind::kRecovered);
    r.detail = log_->notice();
    Tell(std::move(r));
  }
  return absl::OkStatus();
}

void Session::GoInMemory(Persistence why, absl::string_view detail) {
  log_ = storage::GameLog::InMemory();
  NotSaved(why, detail);
}

void Session::NotSaved(Persistence why, absl::string_view detail) {
  persistence_ = why;
  persistence_detail_ = std::string(detail);
  Report r = Told(Report::Kind::kNotSaved);
  r.persistence = why;
  r.detail = persistence_detail_;
  Tell(std::move(r));
}

void Session::CopyIntoMemory(const std::string& path) {
  absl::StatusOr<storage::LoadedGame> saved =
      storage::LoadGame(options_.env, path);
  if (!saved.ok() || saved->events.empty() ||
      !saved->events[0].has_game_started())
    return;
  if (!log_->NewGame(saved->events[0]).ok()) return;
  for (size_t i = 1; i < saved->events.size(); ++i) {
    const Event& e = saved->events[i];
    // An end the rules impose comes with the commit that caused it.
    if (e.has_game_ended() && log_->state().over()) continue;
    if (!log_->Commit(e).ok()) break;
  }
}

absl::StatusOr<std::string> Session::SetDamagedSaveAside() {
  damage_.clear();
  return storage::KeepDamagedSaveAside(options_.env, path_);
}

void Session::KeepDamagedAside() {
  absl::StatusOr<std::string> kept = SetDamagedSaveAside();
  if (!kept.ok()) {
    GoInMemory(Persistence::kUnavailable, kept.status().message());
    return;
  }
  Report r = Told(Report::Kind::kDamagedKept);
  r.detail = *kept;
  Tell(std::move(r));
  Open(path_);
}

void Session::PlayWithoutSaving() {
  damage_.clear();
  GoInMemory(Persistence::kDamagedLeft, path_);
}

Seats Session::seats() const {
  return seats_.has_value() ? *seats_ : DefaultSeats(state());
}

void Session::SetSeat(events::Side side, Seat seat) {
  Seats seats = this->seats();
  seats.of(side) = std::move(seat);
  seats_ = seats;
  DropStaleWork();
}

Outcome Session::Replace(events::GameStarted started) {
  absl::StatusOr<Event> start = events::StartEvent(std::move(started));
  if (!start.ok()) return Refuse(Refusal::kRules, start.status());
  start->set_unix_millis(absl::ToUnixMillis(options_.clock->Now()));
  search_.reset();
  draw_answer_.reset();
  computer_error_.clear();
  paused_ = false;
  seats_.reset();
  const absl::Status st =
      SaveOrKeepInMemory([&] { return log_->NewGame(*start); });
  if (!st.ok()) {
    return Refuse(IsRefusal(st) ? Refusal::kRules : Refusal::kSaveFailed, st);
  }
  Notify({LogChange::Kind::kTruncated, 0, {}});
  NotifyCommitted(0);
  Tell(Told(Report::Kind::kNewGame));
  return {};
}

Outcome Session::NewGame(events::GameStarted started) {
  return Replace(std::move(started));
}

Outcome Session::NewGame(events::Mode mode, events::Difficulty difficulty,
                         std::optional<Edition> edition,
                         std::optional<events::RuleOptions> options) {
  const GameState& previous = state();
  events::GameStarted started;
  const Edition was = previous.rules.edition;
  started.set_edition(events::RulesEditionOf(edition.value_or(was)));
  if (options.has_value()) {
    *started.mutable_options() = *std::move(options);
  } else if (previous.started != nullptr && edition.value_or(was) == was) {
    *started.mutable_options() = previous.started->options();
    // Only imported game records turn the automatic draws off.
    started.mutable_options()->set_automatic_draws_off(false);
  } else {
    *started.mutable_options() =
        events::DefaultRuleOptions(events::EditionOf(started.edition()));
  }
  started.set_mode(mode);
  started.set_difficulty(difficulty);
  started.set_human_side(
      events::NewGameHumanSide(previous, started.options(), events::FIRST));
  started.set_engine_seed(absl::Uniform<uint64_t>(absl::BitGen()));
  return Replace(std::move(started));
}

Outcome Session::Refuse(Refusal refusal, absl::Status status,
                        absl::string_view detail,
                        std::vector<std::string> moves) {
  Report r = Told(Report::Kind::kRefused);
  r.refusal = refusal;
  r.status = status;
  r.detail = std::string(detail);
  r.legal_moves = std::move(moves);
  if (refusal == Refusal::kAnswerDue) r.side = DrawAnswerDue().value_or(r.side);
  if (refusal == Refusal::kIllegalMove) {
    r.legal_moves = state().position.LegalMoveTexts(state().rules.capture);
  }
  Tell(std::move(r));
  return {refusal, std::move(status)};
}

bool Session::TimedOut() const {
  return timed_out_seq_ == state().last_seq && TurnDeadline().has_value();
}

std::optional<absl::Time> Session::TurnDeadline() const {
  const GameState& s = state();
  if (s.turn_seconds() == 0 || paused_ || !events::GoesOn(s) ||
      s.draw_offer.has_value() || s.seat(events::FIRST) == nullptr ||
      s.seat(events::SECOND) == nullptr ||
      seats().of(s.side_to_move()).holder != Seat::Holder::kRemote) {
    return std::nullopt;
  }
  return absl::FromUnixMillis(s.turn_started_millis) +
         absl::Seconds(s.turn_seconds());
}

bool Session::ComputerToMove() const {
  const GameState& s = state();
  if (TimedOut()) return true;
  if (!seats_.has_value() && s.mode != events::REMOTE) {
    return events::IsComputersTurn(s);
  }
  return has_game() && !s.over() && !events::DueEnd(s).has_value() &&
         seats().of(s.side_to_move()).holder == Seat::Holder::kComputer;
}

bool Session::ComputerToAnswer() const {
  return events::IsComputersAnswer(state());
}

Refusal Session::MoveBlocker(const Actor& actor) const {
  if (!has_game()) return Refusal::kNoGame;
  if (paused_) return Refusal::kPaused;
  if (state().over()) return Refusal::kOver;
  if (!computer_error_.empty()) return Refusal::kComputerError;
  if (ComputerToMove() || search_.has_value()) return Refusal::kComputerTurn;
  if (draw_answer_.has_value() || ComputerToAnswer())
    return Refusal::kComputerAnswering;
  if (DrawAnswerDue().has_value()) return Refusal::kAnswerDue;
  if (!Holds(seats().of(state().side_to_move()), actor))
    return Refusal::kNotYourSeat;
  return Refusal::kNone;
}

Outcome Session::CheckMayAct(const Actor& actor, bool move) {
  Refusal blocker = MoveBlocker(actor);
  if (!move && blocker > Refusal::kOver) blocker = Refusal::kNone;
  if (blocker == Refusal::kNone) return {};
  return Refuse(blocker);
}

absl::Status Session::SaveOrKeepInMemory(
    const std::function<absl::Status()>& change) {
  absl::Status st = change();
  if (!st.ok() && !IsRefusal(st) && !for_command_) {
    // The save failed, not the action: the game goes on in memory.
    log_->ContinueInMemory();
    NotSaved(Persistence::kWriteFailed, st.message());
    st = change();
  }
  return st;
}

Outcome Session::Commit(Event event) {
  event.set_unix_millis(absl::ToUnixMillis(options_.clock->Now()));
  const size_t before = events().size();
  const absl::Status st =
      SaveOrKeepInMemory([&] { return log_->Commit(event); });
  if (!st.ok()) {
    return Refuse(IsRefusal(st) ? Refusal::kRules : Refusal::kSaveFailed, st);
  }
  NotifyCommitted(before);
  return {};
}

void Session::AfterChange() {
  DropStaleWork();
  if (state().over()) Tell(Told(Report::Kind::kGameOver));
}

Outcome Session::Play(const GameMove& move, const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, true); !o.ok()) return o;
  const Event turn = events::TurnEvent(state(), move);
  if (Outcome o = Commit(turn); !o.ok()) return o;
  Report r = Told(Report::Kind::kTurn, turn.turn_played().side());
  r.turn = turn.turn_played();
  r.move = move;
  Tell(std::move(r));
  AfterChange();
  return {};
}

Outcome Session::PlayText(absl::string_view text, const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, true); !o.ok()) return o;
  absl::StatusOr<GameMove> move =
      state().position.ParseMove(text, state().rules.capture);
  if (!move.ok()) {
    if (move.status().code() == absl::StatusCode::kInvalidArgument) {
      return Refuse(Refusal::kNotation, move.status(), text);
    }
    std::vector<std::string> routes = RoutesBetween(state(), text);
    if (routes.size() > 1) {
      return Refuse(Refusal::kAmbiguousMove, move.status(), text,
                    std::move(routes));
    }
    return Refuse(Refusal::kIllegalMove, move.status(), text);
  }
  return Play(*move, actor);
}

Outcome Session::Undo(const Actor& actor) {
  // A finished game may be taken back too.
  const Refusal blocker = MoveBlocker(actor);
  if (blocker == Refusal::kNoGame || blocker == Refusal::kPaused)
    return Refuse(blocker);
  search_.reset();
  const bool was_over = state().over();
  const int turns_before = state().turns;
  const absl::Status st = SaveOrKeepInMemory([&] { return log_->Undo(); });
  if (!st.ok()) {
    return Refuse(
        IsRefusal(st) ? Refusal::kNothingToUndo : Refusal::kSaveFailed, st);
  }
  computer_error_.clear();
  DropStaleWork();
  Notify({LogChange::Kind::kTruncated, events().size(), {}});
  Tell(Told(was_over && state().turns == turns_before ? Report::Kind::kEndUndone
                                                      : Report::Kind::kUndone));
  return {};
}

Outcome Session::OfferDraw(const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, true); !o.ok()) return o;
  absl::StatusOr<Event> offer = events::OfferDrawEvent(state());
  if (!offer.ok()) return Refuse(Refusal::kRules, offer.status());
  const events::Side side = state().side_to_move();
  if (Outcome o = Commit(*offer); !o.ok()) return o;
  Tell(Told(Report::Kind::kDrawOffered, side));
  AfterChange();
  return {};
}

Outcome Session::AnswerDraw(bool accept, const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, false); !o.ok()) return o;
  const std::optional<events::Side> due = DrawAnswerDue();
  if (!due.has_value()) return Refuse(Refusal::kNoOffer);
  if (!Holds(seats().of(*due), actor)) return Refuse(Refusal::kNotYourSeat);
  absl::StatusOr<Event> answer = accept ? events::AcceptDrawEvent(state())
                                        : events::DeclineDrawEvent(state());
  if (!answer.ok()) return Refuse(Refusal::kRules, answer.status());
  if (Outcome o = Commit(*answer); !o.ok()) return o;
  Tell(Told(accept ? Report::Kind::kDrawAccepted : Report::Kind::kDrawDeclined,
            *due));
  AfterChange();
  return {};
}

Outcome Session::Resign(const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, false); !o.ok()) return o;
  const Seats held = seats();
  events::Side side = events::ResigningSide(state());
  if (!Holds(held.of(side), actor)) {
    const events::Side other = events::OtherSide(side);
    if (!Holds(held.of(other), actor)) return Refuse(Refusal::kNotYourSeat);
    side = other;
  }
  absl::StatusOr<Event> resign = events::ResignEvent(state(), side);
  if (!resign.ok()) return Refuse(Refusal::kRules, resign.status());
  search_.reset();
  if (Outcome o = Commit(*resign); !o.ok()) return o;
  Tell(Told(Report::Kind::kResigned, side));
  AfterChange();
  return {};
}

Outcome Session::TakeSeat(events::Side side, absl::string_view name,
                          absl::string_view key) {
  if (!has_game()) return Refuse(Refusal::kNoGame);
  absl::StatusOr<Event> seat = events::SeatEvent(state(), side, name, key);
  if (!seat.ok()) return Refuse(Refusal::kRules, seat.status());
  return Commit(*seat);
}

Outcome Session::StandIn(events::Side side) {
  if (!has_game()) return Refuse(Refusal::kNoGame);
  absl::StatusOr<Event> stand_in = events::StandInEvent(state(), side);
  if (!stand_in.ok()) return Refuse(Refusal::kRules, stand_in.status());
  if (Outcome o = Commit(*stand_in); !o.ok()) return o;
  AfterChange();
  return {};
}

Outcome Session::HandBack(events::Side side) {
  if (!has_game()) return Refuse(Refusal::kNoGame);
  absl::StatusOr<Event> hand_back = events::HandBackEvent(state(), side);
  if (!hand_back.ok()) return Refuse(Refusal::kRules, hand_back.status());
  if (Outcome o = Commit(*hand_back); !o.ok()) return o;
  AfterChange();
  return {};
}

Outcome Session::ContinueAsTwoPlayer(const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, false); !o.ok()) return o;
  if (!state().vs_computer()) return Refuse(Refusal::kNotVsComputer);
  absl::StatusOr<Event> change =
      events::ModeChangeEvent(state(), events::TWO_PLAYER, state().difficulty);
  if (!change.ok()) return Refuse(Refusal::kRules, change.status());
  search_.reset();
  if (Outcome o = Commit(*change); !o.ok()) return o;
  seats_.reset();
  computer_error_.clear();
  Tell(Told(Report::Kind::kTwoPlayer));
  AfterChange();
  return {};
}

void Session::Pause() {
  if (paused_) return;
  paused_ = true;
  if (search_.has_value()) {
    search_->thread->Pause();
    search_->elapsed_before += options_.clock->Now() - search_->running_since;
  }
}

void Session::Resume() {
  if (!paused_ && computer_error_.empty()) return;
  if (paused_ && search_.has_value()) {
    search_->running_since = options_.clock->Now();
    search_->thread->Resume();
  }
  paused_ = false;
  // Resume retries the computer's failed turn once: Tick starts it again.
  computer_error_.clear();
}

Outcome Session::MayMove(const Actor& actor) {
  return CheckMayAct(actor, true);
}

std::vector<GameMove> Session::LegalMoves() const {
  if (!AwaitsMove()) return {};
  return state().position.LegalMoves(state().rules.capture);
}

std::vector<int> Session::MustCapture() const {
  if (!AwaitsMove()) return {};
  return state().position.MustCapturePieces(state().rules.capture);
}

std::vector<int> Session::CapturedAlong(const std::vector<int>& route) const {
  return state().position.CapturedAlong(route);
}

std::optional<Session::PlayedTurn> Session::LastTurnPlayed() const {
  std::optional<PlayedTurn> last;
  // The log's events were checked when committed: this fold cannot fail.
  events::FoldChecked(events(), [&](const events::CheckedEvent& checked,
                                    const GameState&) {
    if (checked.event().has_turn_played()) {
      last = PlayedTurn{checked.event().turn_played(), checked.move()};
    }
  }).IgnoreError();
  return last;
}

bool Session::AwaitsMove() const {
  const Refusal blocker = MoveBlocker(Actor::Local());
  return blocker == Refusal::kNone || blocker == Refusal::kNotYourSeat;
}

std::optional<events::Side> Session::DrawAnswerDue() const {
  const GameState& s = state();
  if (!has_game() || s.over() || !s.draw_offer.has_value() ||
      ComputerToAnswer()) {
    return std::nullopt;
  }
  return events::OtherSide(*s.draw_offer);
}

void Session::DropStaleWork() {
  if (search_.has_value() &&
      (search_->seq != state().last_seq || !ComputerToMove())) {
    search_.reset();
  }
}

void Session::Tick() {
  if (const std::optional<absl::Time> deadline = TurnDeadline();
      deadline.has_value() && options_.clock->Now() >= *deadline) {
    timed_out_seq_ = state().last_seq;
  }
  DropStaleWork();
  if (paused_) return;
  CollectDrawAnswer();
  CollectSearch();
  if (computer_error_.empty()) StartWork();
}

bool Session::ComputerBusy() const {
  if (paused_ || !computer_error_.empty()) return false;
  return search_.has_value() || draw_answer_.has_value() || ComputerToMove() ||
         ComputerToAnswer();
}

void Session::WaitForComputer(absl::Duration timeout) {
  if (!paused_ && search_.has_value()) {
    search_->thread->WaitFor(timeout);
  } else if (!paused_ && draw_answer_.has_value()) {
    draw_answer_->wait_for(
        std::chrono::milliseconds(absl::ToInt64Milliseconds(timeout)));
  }
  Tick();
}

absl::Status Session::FinishComputerWork() {
  Tick();
  // In bounded steps: an infinite timeout overflows the conversion to a
  // std::chrono wait.
  while (ComputerBusy()) WaitForComputer(absl::Seconds(1));
  if (!computer_error_.empty()) return absl::InternalError(computer_error_);
  return absl::OkStatus();
}

void Session::StartWork() {
  if (search_.has_value() || draw_answer_.has_value()) return;
  const GameState& s = state();
  if (ComputerToAnswer()) {
    draw_answer_seq_ = s.last_seq;
    draw_answer_ = std::async(std::launch::async, [snapshot = s] {
      return events::AnswerDrawOffer(snapshot);
    });
    return;
  }
  if (!ComputerToMove()) return;
  const Seat seat = seats().of(s.side_to_move());
  // A timed-out turn is played at the level a remote seat carries (Medium).
  const bool timeout = TimedOut();
  GameSearchRequest request =
      seats_.has_value() || s.mode == events::REMOTE
          ? events::SearchRequestFor(
                s, events::LevelOf(seat.level),
                events::TurnSeed(s.started->engine_seed(), s))
          : events::ComputerRequest(s);
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
  ComputerSearch search;
  search.request = request;
  search.seq = s.last_seq;
  search.running_since = options_.clock->Now();
  search.timeout = timeout;
  search.level = seat.level;
  search.thread = std::make_unique<SearchThread>(std::move(request));
  search_ = std::move(search);
}

void Session::CollectSearch() {
  if (!search_.has_value()) return;
  std::optional<absl::StatusOr<GameSearchResult>> result =
      search_->thread->TryResult();
  if (!result.has_value()) return;
  const ComputerSearch done = std::move(*search_);
  search_.reset();
  if (!result->ok()) {
    computer_error_ = std::string(result->status().message());
    Report r = Told(Report::Kind::kComputerError);
    r.detail = computer_error_;
    Tell(std::move(r));
    return;
  }
  Event turn = events::ComputerTurnEvent(state(), done.request, **result);
  turn.mutable_turn_played()->mutable_computer()->set_level(done.level);
  if (done.timeout) turn.mutable_turn_played()->set_timeout(true);
  if (!Commit(turn).ok()) return;
  Report r = Told(Report::Kind::kTurn, turn.turn_played().side());
  r.turn = turn.turn_played();
  r.move = (*result)->best_move;
  Tell(std::move(r));
  AfterChange();
}

void Session::CollectDrawAnswer() {
  if (!draw_answer_.has_value() || draw_answer_->wait_for(std::chrono::seconds(
                                       0)) != std::future_status::ready) {
    return;
  }
  absl::StatusOr<Event> answer = draw_answer_->get();
  draw_answer_.reset();
  if (draw_answer_seq_ != state().last_seq) return;
  if (!answer.ok()) {
    computer_error_ = std::string(answer.status().message());
    Report r = Told(Report::Kind::kComputerError);
    r.detail = computer_error_;
    Tell(std::move(r));
    return;
  }
  const events::Side side = events::OtherSide(state().human_side);
  const bool accepted = answer->has_draw_accepted();
  if (!Commit(*answer).ok()) return;
  Tell(
      Told(accepted ? Report::Kind::kDrawAccepted : Report::Kind::kDrawDeclined,
           side));
  AfterChange();
}

ComputerStatus Session::computer() const {
  ComputerStatus status;
  status.answering = draw_answer_.has_value();
  if (!search_.has_value()) return status;
  status.thinking = true;
  status.elapsed = search_->elapsed_before;
  if (!paused_)
    status.elapsed += options_.clock->Now() - search_->running_since;
  const SearchThread::Progress p = search_->thread->progress();
  status.depth = p.completed_depth;
  status.current_depth = p.current_depth;
  status.nodes = p.nodes;
  status.paused = p.paused;
  return status;
}

std::vector<Report> Session::TakeReports() {
  std::vector<Report> taken;
  taken.swap(reports_);
  return taken;
}

int Session::Subscribe(std::function<void(const LogChange&)> listener) {
  const int id = next_listener_++;
  listeners_.emplace(id, std::move(listener));
  return id;
}

void Session::Unsubscribe(int id) { listeners_.erase(id); }

void Session::Notify(const LogChange& change) {
  for (const auto& [id, listener] : listeners_) listener(change);
}

void Session::NotifyCommitted(size_t events_before) {
  if (listeners_.empty()) return;
  LogChange change;
  change.kind = LogChange::Kind::kCommitted;
  change.head = events().size();
  change.events.assign(events().begin() + events_before, events().end());
  Notify(change);
}

}  // namespace checkers::session
