#include "session/session.h"

#include <utility>

#include "absl/random/random.h"
#include "absl/strings/str_join.h"
#include "events/computer.h"
#include "events/validate.h"

namespace checkers::session {
namespace {

using events::Event;
using events::GameState;

Report Told(Report::Kind kind, events::Side side = events::SIDE_UNSPECIFIED) {
  Report r;
  r.kind = kind;
  r.side = side;
  return r;
}

}  // namespace

Session::Session(Options options)
    : options_(options),
      save_(options.env, [this](Report r) { Tell(std::move(r)); }),
      worker_({options.computer, options.clock, options.endgame_db}) {}

Session::~Session() { worker_.Drop(); }

Gate Session::gate() const {
  Gate::Doing doing;
  doing.seats_set = seats_.has_value();
  doing.paused = paused_;
  doing.computer_failed = !computer_error_.empty();
  doing.searching = worker_.searching();
  doing.answering = worker_.answering();
  doing.timed_out_seq = timed_out_seq_;
  return Gate(state(), seats(), doing);
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
  worker_.Drop();
  computer_error_.clear();
  paused_ = false;
  worker_.Resume();
  seats_.reset();
  const absl::Status st = Change([&] { return save_.log().NewGame(*start); });
  if (!st.ok()) {
    return Refuse(Save::IsRefusal(st) ? Refusal::kRules : Refusal::kSaveFailed,
                  st);
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

Outcome Session::CheckMayAct(const Actor& actor, bool move) {
  const Gate g = gate();
  const Refusal blocker = move ? g.MoveBlocker(actor) : g.ActionBlocker(actor);
  if (blocker == Refusal::kNone) return {};
  return Refuse(blocker);
}

Outcome Session::Commit(Event event) {
  event.set_unix_millis(absl::ToUnixMillis(options_.clock->Now()));
  const size_t before = events().size();
  const absl::Status st = Change([&] { return save_.log().Commit(event); });
  if (!st.ok()) {
    return Refuse(Save::IsRefusal(st) ? Refusal::kRules : Refusal::kSaveFailed,
                  st);
  }
  NotifyCommitted(before);
  return {};
}

void Session::AfterChange() {
  DropStaleWork();
  if (state().over()) Tell(Told(Report::Kind::kGameOver));
}

MoveEntry Session::Entry() const { return MoveEntry(state(), AwaitsMove()); }

Outcome Session::PlayRoute(absl::Span<const int> route, const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, true); !o.ok()) return o;
  Event event;
  events::TurnPlayed& turn = *event.mutable_turn_played();
  turn.set_side(state().side_to_move());
  for (int square : route) turn.add_squares(square);
  event.set_unix_millis(absl::ToUnixMillis(options_.clock->Now()));
  const size_t before = events().size();
  // The one check of a person's turn: the fold's, as the log commits it.
  const absl::Status st = Change([&] { return save_.log().Commit(event); });
  if (!st.ok()) {
    if (!Save::IsRefusal(st)) return Refuse(Refusal::kSaveFailed, st);
    return Refuse(Refusal::kIllegalMove, st,
                  turn.squares().empty() ? "" : absl::StrJoin(route, "-"));
  }
  NotifyCommitted(before);
  Report r = Told(Report::Kind::kTurn, turn.side());
  r.turn = events()[before].turn_played();
  r.move = state().last_move;
  Tell(std::move(r));
  AfterChange();
  return {};
}

Outcome Session::PlayText(absl::string_view text, const Actor& actor) {
  if (Outcome o = CheckMayAct(actor, true); !o.ok()) return o;
  std::vector<std::string> routes;
  absl::StatusOr<GameMove> move = Entry().Resolve(text, &routes);
  if (!move.ok()) {
    if (move.status().code() == absl::StatusCode::kInvalidArgument) {
      return Refuse(Refusal::kNotation, move.status(), text);
    }
    if (!routes.empty()) {
      return Refuse(Refusal::kAmbiguousMove, move.status(), text,
                    std::move(routes));
    }
    return Refuse(Refusal::kIllegalMove, move.status(), text);
  }
  return PlayRoute(move->route(), actor);
}

Outcome Session::Undo(const Actor& actor) {
  // A finished game may be taken back too.
  const Refusal blocker = gate().ActionBlocker(actor);
  if (blocker == Refusal::kNoGame || blocker == Refusal::kPaused)
    return Refuse(blocker);
  worker_.DropSearch();
  const bool was_over = state().over();
  const int turns_before = state().turns;
  const absl::Status st = Change([&] { return save_.log().Undo(); });
  if (!st.ok()) {
    return Refuse(
        Save::IsRefusal(st) ? Refusal::kNothingToUndo : Refusal::kSaveFailed,
        st);
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
  worker_.DropSearch();
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
  worker_.DropSearch();
  if (Outcome o = Commit(*change); !o.ok()) return o;
  seats_.reset();
  computer_error_.clear();
  Tell(Told(Report::Kind::kTwoPlayer));
  AfterChange();
  return {};
}

void Session::Pause() {
  paused_ = true;
  worker_.Pause();
}

void Session::Resume() {
  if (!paused_ && computer_error_.empty()) return;
  paused_ = false;
  worker_.Resume();
  // Resume retries the computer's failed turn once: Tick starts it again.
  computer_error_.clear();
}

Outcome Session::MayMove(const Actor& actor) {
  return CheckMayAct(actor, true);
}

std::optional<Session::PlayedTurn> Session::LastTurnPlayed() const {
  if (!state().last_move.has_value()) return std::nullopt;
  for (auto e = events().rbegin(); e != events().rend(); ++e) {
    if (e->has_turn_played()) {
      return PlayedTurn{e->turn_played(), *state().last_move};
    }
  }
  return std::nullopt;
}

void Session::DropStaleWork() {
  if (worker_.searching() &&
      (worker_.seq() != state().last_seq || !gate().ComputerToMove())) {
    worker_.DropSearch();
  }
}

void Session::Tick() {
  if (const std::optional<absl::Time> deadline = TurnDeadline();
      deadline.has_value() && options_.clock->Now() >= *deadline) {
    timed_out_seq_ = state().last_seq;
  }
  DropStaleWork();
  if (paused_) return;
  CollectWork();
  if (computer_error_.empty()) StartWork();
}

bool Session::ComputerBusy() const {
  if (paused_ || !computer_error_.empty()) return false;
  const Gate g = gate();
  return worker_.busy() || g.ComputerToMove() || g.ComputerToAnswer();
}

void Session::WaitForComputer(absl::Duration timeout) {
  worker_.WaitFor(timeout);
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
  if (worker_.busy()) return;
  const Gate g = gate();
  const GameState& s = state();
  if (g.ComputerToAnswer()) {
    worker_.StartDrawAnswer(s);
    return;
  }
  if (!g.ComputerToMove()) return;
  worker_.StartTurn(
      s, seats().of(s.side_to_move()).level,
      /*game_level=*/!seats_.has_value() && s.mode != events::REMOTE,
      g.TimedOut());
}

void Session::CollectWork() {
  const bool answer = worker_.answering();
  std::optional<absl::StatusOr<ComputerWorker::Finished>> done =
      worker_.Collect(state());
  if (!done.has_value()) return;
  if (!done->ok()) {
    computer_error_ = std::string(done->status().message());
    Report r = Told(Report::Kind::kComputerError);
    r.detail = computer_error_;
    Tell(std::move(r));
    return;
  }
  const Event& event = (*done)->event;
  if (answer) {
    const events::Side side = events::OtherSide(state().human_side);
    const bool accepted = event.has_draw_accepted();
    if (!Commit(event).ok()) return;
    Tell(Told(
        accepted ? Report::Kind::kDrawAccepted : Report::Kind::kDrawDeclined,
        side));
    AfterChange();
    return;
  }
  if (!Commit(event).ok()) return;
  Report r = Told(Report::Kind::kTurn, event.turn_played().side());
  r.turn = event.turn_played();
  r.move = (*done)->move;
  Tell(std::move(r));
  AfterChange();
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

absl::Status Session::Change(const std::function<absl::Status()>& change) {
  absl::Status st = save_.Change(change);
  if (absl::IsAborted(st)) (void)CatchUp();
  return st;
}

absl::StatusOr<bool> Session::CatchUp() {
  const size_t before = events().size();
  absl::StatusOr<size_t> kept = save_.log().CatchUp();
  if (!kept.ok()) return kept.status();
  if (*kept == before && events().size() == before) return false;
  if (*kept < before) Notify({LogChange::Kind::kTruncated, *kept, {}});
  if (events().size() > *kept) NotifyCommitted(*kept);
  return true;
}

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
