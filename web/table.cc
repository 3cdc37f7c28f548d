#include "web/table.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/memory/memory.h"
#include "absl/random/random.h"
#include "absl/strings/str_cat.h"
#include "engine/rules.h"
#include "events/computer.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "replay/log_record.h"
#include "replay/pdn_writer.h"
#include "session/play_text.h"
#include "web/entry_json.h"
#include "web/new_table.h"

namespace checkers::web {

using ::checkers::json::Dump;
using ::checkers::json::SideWord;
using ::checkers::json::StateJson;
using nlohmann::json;
using session::Outcome;
using session::Refusal;

// The logs a table reads back whole (LogBytes) are a game's turns: far
// below this.
constexpr uint64_t kMaxLogBytes = 64 << 20;

namespace {

std::vector<std::string> LegalTexts(const session::MoveEntry& entry) {
  std::vector<std::string> legal;
  for (const GameMove& m : entry.moves()) legal.push_back(m.Text());
  std::sort(legal.begin(), legal.end());
  return legal;
}

// The side whose seat `key` holds at a remote table; none for an empty
// key, another mode, or a key that holds no seat.
std::optional<events::Side> SeatOfKey(const events::GameState& s,
                                      const std::string& key) {
  if (key.empty() || s.mode != events::REMOTE) return std::nullopt;
  for (events::Side side : {events::FIRST, events::SECOND}) {
    if (s.seat(side) != nullptr && s.seat(side)->key_sha256() == key) {
      return side;
    }
  }
  return std::nullopt;
}

// {first: {name, computer} | null, second: ...} at a remote table, where
// `computer` says the computer stands in; null otherwise.
json SeatsJson(const events::GameState& s) {
  if (s.started == nullptr || s.mode != events::REMOTE) return nullptr;
  json o = json::object();
  for (events::Side side : {events::FIRST, events::SECOND}) {
    const events::SeatTaken* seat = s.seat(side);
    o[SideWord(side)] = seat == nullptr ? json(nullptr)
                                        : json{{"name", seat->name()},
                                               {"computer", s.stood_in(side)}};
  }
  return o;
}

int Index(events::Side side) { return side == events::SECOND ? 1 : 0; }

}  // namespace

Table::Table(std::string id, std::string path, storage::TableStore* store,
             bool terminal_save, Options options)
    : id_(std::move(id)),
      path_(std::move(path)),
      store_(store),
      terminal_save_(terminal_save),
      options_(options) {
  absent_since_[0] = absent_since_[1] = options_.clock->Now();
}

absl::StatusOr<std::unique_ptr<Table>> Table::Open(std::string id,
                                                   std::string path,
                                                   bool create,
                                                   bool terminal_save,
                                                   Options options) {
  return Launch(absl::WrapUnique(new Table(std::move(id), std::move(path),
                                           nullptr, terminal_save, options)),
                create);
}

absl::StatusOr<std::unique_ptr<Table>> Table::Open(std::string id,
                                                   storage::TableStore* store,
                                                   bool create,
                                                   Options options) {
  std::string name = absl::StrCat("table ", id, " in ", store->name());
  return Launch(absl::WrapUnique(new Table(std::move(id), std::move(name),
                                           store, false, options)),
                create);
}

absl::StatusOr<std::unique_ptr<Table>> Table::Launch(
    std::unique_ptr<Table> table, bool create) {
  {
    absl::MutexLock lock(&table->mu_);
    if (absl::Status opened = table->OpenSession(create); !opened.ok()) {
      return opened;
    }
  }
  table->worker_ = std::thread([t = table.get()] { t->Work(); });
  return table;
}

Table::~Table() { Stop(); }

absl::Status Table::OpenSession(bool create) {
  auto fresh = std::make_unique<session::Session>(session::Session::Options{
      options_.computer, options_.env, options_.clock, options_.endgame_db});
  absl::Status opened = store_ != nullptr
                            ? fresh->OpenTable(store_, id_, create)
                            : fresh->OpenForCommand(path_, create);
  if (absl::IsUnavailable(opened) && terminal_save_) {
    fresh = std::make_unique<session::Session>(session::Session::Options{
        options_.computer, options_.env, options_.clock, options_.endgame_db});
    fresh->Open(path_);
    readonly_ = "terminal_holds";
  } else if (!opened.ok()) {
    return opened;
  } else {
    readonly_.clear();
    readonly_detail_.clear();
  }
  fresh->TakeReports();
  fresh->Subscribe(
      [this](const session::LogChange& change) { OnChange(change); });
  const bool replaced = session_ != nullptr;
  std::vector<events::Event> before;
  if (replaced) before = session_->events();
  session_ = std::move(fresh);
  // Another process may have written the log: the followers hear of it
  // from the first record that differs.
  const std::vector<events::Event>& after = session_->events();
  uint64_t same = 0;
  while (same < before.size() && same < after.size() &&
         before[same].SerializeAsString() == after[same].SerializeAsString()) {
    ++same;
  }
  Cut(same);
  CatchUpAll();
  head_ = session_->state().last_seq;
  return absl::OkStatus();
}

void Table::Refresh() {
  if (readonly_.empty()) return;
  if (absl::Status s = OpenSession(false); !s.ok()) {
    readonly_ = "unreadable";
    readonly_detail_ = std::string(s.message());
  }
}

json Table::StatusJson() {
  const session::ComputerStatus c = session_->computer();
  json o = {{"paused", session_->paused()},
            {"thinking", c.thinking},
            {"search_paused", c.paused},
            {"nodes", c.nodes},
            {"depth", c.depth},
            {"computer_error", session_->computer_error()}};
  o["readonly"] = readonly_.empty() ? json(nullptr) : json(readonly_);
  o["readonly_detail"] = readonly_detail_;
  return o;
}

void Table::Changed() {
  session_->TakeReports();
  // The worker has nothing to do at a table of two players at one board,
  // and waking it after every move costs a thread switch a move.
  if (WorkerWanted()) work_cv_.Signal();
  std::string status = Dump(StatusJson());
  if (status != last_status_) {
    last_status_ = std::move(status);
    SendToAll({std::nullopt, "status", last_status_});
  }
}

void Table::Attend() {
  if (!readonly_.empty() || session_->paused() ||
      session_->state().mode != events::REMOTE ||
      !events::GoesOn(session_->state())) {
    return;
  }
  const absl::Time now = options_.clock->Now();
  for (events::Side side : {events::FIRST, events::SECOND}) {
    const bool present = Present(side);
    if (present && session_->state().stood_in(side)) {
      session_->HandBack(side);
    } else if (!present && present_[Index(side)]) {
      absent_since_[Index(side)] = now;
    }
    present_[Index(side)] = present;
  }
  const events::GameState& s = session_->state();
  const events::Side side = s.side_to_move();
  // While a draw offer awaits its answer the game waits for a person.
  if (s.seat(side) == nullptr || s.stood_in(side) || present_[Index(side)] ||
      s.draw_offer.has_value()) {
    return;
  }
  const absl::Time since = std::max(
      absent_since_[Index(side)], absl::FromUnixMillis(s.turn_started_millis));
  if (now - since >= options_.cpu_after) session_->StandIn(side);
}

json Table::ClockJson() {
  const std::optional<absl::Time> deadline = session_->TurnDeadline();
  if (!deadline.has_value()) return nullptr;
  const events::GameState& s = session_->state();
  return {{"side", SideWord(s.side_to_move())},
          {"seconds", s.turn_seconds()},
          {"deadline_ms", absl::ToUnixMillis(*deadline)},
          {"remaining_ms",
           std::max<int64_t>(0, absl::ToInt64Milliseconds(
                                    *deadline - options_.clock->Now()))}};
}

bool Table::WorkerWanted() {
  return session_->ComputerBusy() || RemoteGoesOn();
}

bool Table::RemoteGoesOn() {
  return session_->state().mode == events::REMOTE &&
         events::GoesOn(session_->state());
}

void Table::Work() {
  absl::MutexLock lock(&mu_);
  while (!stopping_) {
    Attend();
    session_->Tick();
    Changed();
    if (session_->ComputerBusy()) {
      // The search runs on its own thread; look for its result often
      // without holding the lock while it thinks.
      work_cv_.WaitWithTimeout(&mu_, absl::Milliseconds(5));
    } else if (RemoteGoesOn()) {
      // Streams close and clocks run out without a call to wake the
      // worker: look again within a second.
      work_cv_.WaitWithTimeout(&mu_, absl::Milliseconds(250));
    } else {
      work_cv_.Wait(&mu_);
    }
  }
}

void Table::Poke() {
  absl::MutexLock lock(&mu_);
  if (stopping_) return;
  Attend();
  session_->Tick();
  Changed();
}

bool Table::ComputerBusy() {
  absl::MutexLock lock(&mu_);
  return !stopping_ && session_ != nullptr && session_->ComputerBusy();
}

void Table::CatchUpStore() {
  catch_up_queued_ = false;
  absl::MutexLock lock(&mu_);
  if (stopping_ || store_ == nullptr) return;
  // A read that fails leaves the table as it was: the next notification,
  // or the next action's stale head, reads again.
  (void)session_->CatchUp();
  Changed();
}

void Table::Stop() {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) return;
    stopping_ = true;
    if (session_ != nullptr) session_->Pause();
    work_cv_.Signal();
    EndFollowers();
  }
  if (worker_.joinable()) worker_.join();
}

Answer Table::ReadOnly(const lang::Catalogue& text) {
  return Refused(423, text, readonly_, {{"detail", readonly_detail_}});
}

Answer Table::MovedOn(const lang::Catalogue& text) {
  const uint64_t current = session_->state().last_seq;
  Answer a = Refused(409, text, "moved_on", {{"head", absl::StrCat(current)}});
  a.body["head"] = current;
  return a;
}

Answer Table::Answered(const Outcome& outcome, const lang::Catalogue& text) {
  std::optional<session::Report> refused;
  for (session::Report& r : session_->TakeReports()) {
    if (r.kind == session::Report::Kind::kRefused) refused = std::move(r);
  }
  Answer answer{200, json::object()};
  if (outcome.refusal == session::Refusal::kSaveFailed &&
      absl::IsAborted(outcome.status)) {
    // Another process changed the log first, as a stale head: the session
    // has read what it wrote.
    Changed();
    return MovedOn(text);
  }
  if (!outcome.ok()) {
    if (!refused.has_value()) {
      refused.emplace();
      refused->refusal = outcome.refusal;
    }
    answer = SessionRefusal(*refused, session_->state(), text);
  }
  Changed();
  answer.body["head"] = session_->state().last_seq;
  return answer;
}

Answer Table::Start(events::GameStarted started, const lang::Catalogue& text) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Refused(503, text, "stopping");
  const Outcome outcome = session_->NewGame(std::move(started));
  Answer answer = Answered(outcome, text);
  if (answer.status == 200) answer.status = 201;
  answer.body["id"] = id_;
  return answer;
}

std::optional<events::GameStarted> Table::Started() {
  absl::MutexLock lock(&mu_);
  Refresh();
  const events::GameState& s = session_->state();
  if (!s.started) return std::nullopt;
  return *s.started;
}

json Table::Summary() {
  absl::MutexLock lock(&mu_);
  Refresh();
  const events::GameState& s = session_->state();
  json o = {{"id", id_},
            {"rules", std::string(EditionName(s.rules.edition))},
            {"mode", s.started ? std::string(events::ModeWord(s.mode)) : ""},
            {"seats", SeatsJson(s)},
            {"turn", s.started && !s.over() ? SideWord(s.side_to_move()) : ""},
            {"head", s.last_seq},
            {"turns_played", s.turns}};
  o["status"] = !s.started           ? "empty"
                : s.over()           ? "over"
                : !readonly_.empty() ? "readonly"
                : session_->paused() ? "paused"
                                     : "playing";
  o["result"] = StateJson(s).value("result", json(nullptr));
  return o;
}

json Table::Get(const std::string& key) {
  absl::MutexLock lock(&mu_);
  Refresh();
  const events::GameState& s = session_->state();
  json o = StateJson(s);
  o["id"] = id_;
  o["head"] = s.last_seq;
  const std::optional<events::Side> you = SeatOfKey(s, key);
  const bool may_move =
      readonly_.empty() && (s.mode != events::REMOTE ||
                            (you.has_value() && *you == s.side_to_move()));
  const session::MoveEntry entry = session_->Entry();
  o["legal"] = may_move ? LegalTexts(entry) : std::vector<std::string>{};
  o["entry"] = may_move ? EntryJson(entry) : json(nullptr);
  o["seats"] = SeatsJson(s);
  for (events::Side side : {events::FIRST, events::SECOND}) {
    if (!o["seats"].is_object()) break;
    json& seat = o["seats"][SideWord(side)];
    if (seat.is_object()) seat["present"] = present_[Index(side)];
  }
  o["you"] = you.has_value() ? json(SideWord(*you)) : json(nullptr);
  o["clock"] = ClockJson();
  const std::optional<events::Side> answer = session_->DrawAnswerDue();
  o["draw_answer_due"] = answer ? json(SideWord(*answer)) : json(nullptr);
  o["status"] = StatusJson();
  return o;
}

Answer Table::Act(Action action, const json& body, const std::string& key,
                  const lang::Catalogue& text) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Refused(503, text, "stopping");
  Refresh();
  if (!readonly_.empty()) return ReadOnly(text);
  const json* head = nullptr;
  if (body.is_object() && body.contains("head")) head = &body["head"];
  if (store_ != nullptr && head != nullptr && head->is_number_integer() &&
      head->get<int64_t>() !=
          static_cast<int64_t>(session_->state().last_seq)) {
    // The viewer may have seen, through another process, what this one
    // has not read yet: a seat taken, a move.
    (void)session_->CatchUp();
  }
  // At a remote table each seat acts for itself, and only through the
  // game's own actions: a take-back, a pause or a new game would be one
  // player's choice over the other's game.
  session::Actor actor = session::Actor::Local();
  if (session_->state().mode == events::REMOTE) {
    if (!SeatOfKey(session_->state(), key).has_value() && store_ != nullptr) {
      // The seat may have been taken through another process.
      (void)session_->CatchUp();
    }
    if (!SeatOfKey(session_->state(), key).has_value()) {
      return Refused(403, text, "watching");
    }
    if (action == Action::kUndo || action == Action::kPause ||
        action == Action::kResume || action == Action::kNewGame) {
      return Refused(403, text, "remote_game");
    }
    actor = session::Actor::Remote(key);
  }
  if (head == nullptr || !head->is_number_integer() ||
      head->get<int64_t>() < 0) {
    return Refused(400, text, "need_head");
  }
  if (head->get<uint64_t>() != session_->state().last_seq) {
    return MovedOn(text);
  }
  Outcome outcome;
  switch (action) {
    case Action::kMove:
      if (std::optional<std::vector<int>> route = RouteIn(body)) {
        outcome = session_->PlayRoute(*route, actor);
      } else if (body.contains("move") && body["move"].is_string()) {
        outcome = session_->PlayText(body["move"].get<std::string>(), actor);
      } else {
        return Refused(400, text, "need_move");
      }
      break;
    case Action::kUndo:
      outcome = session_->Undo();
      break;
    case Action::kResign:
      outcome = session_->Resign(actor);
      break;
    case Action::kOfferDraw:
      outcome = session_->OfferDraw(actor);
      break;
    case Action::kAcceptDraw:
    case Action::kDeclineDraw:
      outcome = session_->AnswerDraw(action == Action::kAcceptDraw, actor);
      break;
    case Action::kPause:
      session_->Pause();
      break;
    case Action::kResume:
      session_->Resume();
      break;
    case Action::kNewGame: {
      const std::optional<events::Mode> mode = ModeIn(body);
      if (!mode.has_value() || *mode == events::REMOTE) {
        return Refused(422, text, "bad_mode");
      }
      const std::optional<events::Difficulty> level = DifficultyIn(body);
      if (!level.has_value()) return Refused(422, text, "bad_level");
      outcome = session_->NewGame(*mode, *level);
      break;
    }
  }
  return Answered(outcome, text);
}

Answer Table::TakeSeat(events::Side side, const json& body,
                       const std::string& key, const lang::Catalogue& text) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Refused(503, text, "stopping");
  // A seat is asked for at no head: when another process changed the log
  // first, the request is checked again against the log as it now is.
  for (int tries = 1;; ++tries) {
    Answer answer = Seat(side, body, key, text);
    if (answer.status != 409 || answer.body.value("reason", "") != "moved_on" ||
        tries == 3) {
      return answer;
    }
  }
}

Answer Table::Seat(events::Side side, const json& body, const std::string& key,
                   const lang::Catalogue& text) {
  Refresh();
  if (!readonly_.empty()) return ReadOnly(text);
  const events::GameState& s = session_->state();
  if (s.started == nullptr || s.mode != events::REMOTE) {
    return Refused(422, text, "no_seats");
  }
  if (!body.is_object() || !body.contains("name") ||
      !body["name"].is_string()) {
    return Refused(400, text, "need_name");
  }
  const std::string name = body["name"].get<std::string>();
  auto seated = [&](const events::SeatTaken& seat) {
    return Answer{200,
                  {{"side", SideWord(seat.side())},
                   {"name", seat.name()},
                   {"head", session_->state().last_seq}}};
  };
  const std::optional<events::Side> held = SeatOfKey(s, key);
  if (held == side) return seated(*s.seat(side));
  if (const events::SeatTaken* taken = s.seat(side)) {
    return Refused(409, text, "seat_taken",
                   {{"colour", session::SideText(text, s, side)},
                    {"name", taken->name()}});
  }
  if (held.has_value()) {
    return Refused(409, text, "seat_held",
                   {{"colour", session::SideText(text, s, *held)}});
  }
  if (s.over()) return Refused(410, text, "seats_over");
  const Outcome outcome = session_->TakeSeat(side, name, key);
  if (!outcome.ok()) return Answered(outcome, text);
  Changed();
  return seated(*session_->state().seat(side));
}

void Table::Follow(std::shared_ptr<StreamSink> sink, uint64_t last_seen,
                   const std::string& key) {
  absl::MutexLock lock(&mu_);
  if (stopping_) {
    sink->Close();
    return;
  }
  followers_.erase(
      std::remove_if(followers_.begin(), followers_.end(),
                     [](const Follower& f) { return !f.sink->open(); }),
      followers_.end());
  Follower f{std::move(sink), last_seen, SeatOfKey(session_->state(), key)};
  if (!CatchUp(f) ||
      !f.sink->Send(id_, {std::nullopt, "status", Dump(StatusJson())})) {
    return;
  }
  const bool holder = f.side.has_value();
  followers_.push_back(std::move(f));
  if (holder) {
    // The holder is back: the seat is theirs before their next turn.
    Attend();
    Changed();
  }
}

std::optional<RatedGame> Table::Rated() {
  absl::MutexLock lock(&mu_);
  Refresh();
  const events::GameState& s = session_->state();
  if (s.started == nullptr || !s.started->rated() || !s.over() ||
      s.seat(events::FIRST) == nullptr || s.seat(events::SECOND) == nullptr) {
    return std::nullopt;
  }
  // A finished game's last event is its GameEnded.
  return RatedGame{id_, session_->events().back().unix_millis(),
                   s.seat(events::FIRST)->name(),
                   s.seat(events::SECOND)->name(), s.ended->result()};
}

absl::StatusOr<std::string> Table::LogBytes() {
  if (store_ != nullptr) return store_->ReadBytes(id_);
  return options_.env->ReadFile(path_, kMaxLogBytes);
}

absl::StatusOr<std::string> Table::Pdn() {
  absl::MutexLock lock(&mu_);
  absl::StatusOr<replay::GameRecord> record =
      replay::RecordOfLog(session_->events());
  if (!record.ok()) return record.status();
  return replay::WritePdnGame(*record);
}

std::vector<events::Event> Table::Events() {
  absl::MutexLock lock(&mu_);
  Refresh();
  return session_->events();
}

}  // namespace checkers::web
