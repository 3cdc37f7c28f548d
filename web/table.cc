#include "web/table.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/rules.h"
#include "events/computer.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "replay/log_record.h"
#include "replay/pdn_writer.h"

namespace checkers::web {

using ::checkers::json::Dump;
using ::checkers::json::RecordJson;
using ::checkers::json::SideWord;
using ::checkers::json::StateJson;
using nlohmann::json;
using session::Outcome;
using session::Refusal;

// The logs a table reads back whole (LogBytes) are a game's turns: far
// below this.
constexpr uint64_t kMaxLogBytes = 64 << 20;

struct Table::Follower {
  // The last seq the follower holds.
  uint64_t sent = 0;
  // The lowest head the log was cut to since the follower last looked.
  uint64_t low = std::numeric_limits<uint64_t>::max();
  uint64_t status_seen = 0;
  // The fold of the records up to `sent`, so that each new record is
  // checked once rather than the whole log folded again for it; stale
  // once the log is cut below `sent`.
  events::GameState folded;
  bool folded_stale = true;
  // The seat whose holder follows, at a remote table.
  std::optional<events::Side> side;
};

Answer Error(int status, absl::string_view message) {
  return {status, {{"error", std::string(message)}}};
}

namespace {

std::vector<std::string> LegalTexts(const session::Session& s) {
  std::vector<std::string> legal;
  for (const GameMove& m : s.LegalMoves()) legal.push_back(m.Text());
  std::sort(legal.begin(), legal.end());
  return legal;
}

// The session's refusal as an HTTP status and a line for the person.
Answer RefusalAnswer(const Outcome& outcome, const session::Session& s) {
  const std::string why(outcome.status.message());
  switch (outcome.refusal) {
    case Refusal::kNone:
      return {200, json::object()};
    case Refusal::kNoGame:
      return Error(409, "no game at this table yet; start a new game");
    case Refusal::kPaused:
      return Error(403, "the game is paused; resume it first");
    case Refusal::kOver:
      return Error(410, "the game is over; start a new game or undo");
    case Refusal::kComputerError:
      return Error(403,
                   "the computer's search failed; resume to retry its turn");
    case Refusal::kComputerTurn:
      return Error(403, "it is the computer's turn; wait for its move");
    case Refusal::kComputerAnswering:
      return Error(403, "the computer is weighing the draw offer");
    case Refusal::kAnswerDue:
      return Error(403, "a draw offer awaits its answer: accept or decline");
    case Refusal::kNotYourSeat:
      return Error(403, "it is not your turn");
    case Refusal::kNotation:
    case Refusal::kIllegalMove:
    case Refusal::kAmbiguousMove: {
      Answer a = Error(422, why.empty() ? "that move is not legal here" : why);
      a.body["legal"] = LegalTexts(s);
      return a;
    }
    case Refusal::kNothingToUndo:
      return Error(422, "there is no turn to take back");
    case Refusal::kNoOffer:
      return Error(422, "there is no draw offer to answer");
    case Refusal::kNotVsComputer:
      return Error(422, "only a game against the computer can do that");
    case Refusal::kRules:
      return Error(422, why.empty() ? "the rules refuse that" : why);
    case Refusal::kSaveFailed:
      return Error(503, absl::StrCat("the table's log could not be written (",
                                     why, "); nothing was played"));
  }
  return Error(500, "unknown refusal");
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

absl::StatusOr<events::Difficulty> ParseDifficulty(const json& value) {
  const std::string word = value.is_string() ? value.get<std::string>() : "";
  if (word == "easy") return events::EASY;
  if (word == "medium" || word.empty()) return events::MEDIUM;
  if (word == "hard") return events::HARD;
  return absl::InvalidArgumentError(
      "difficulty must be \"easy\", \"medium\" or \"hard\"");
}

}  // namespace

Table::Table(std::string id, std::string path, bool terminal_save,
             Options options)
    : id_(std::move(id)),
      path_(std::move(path)),
      terminal_save_(terminal_save),
      options_(options) {
  absent_since_[0] = absent_since_[1] = options_.clock->Now();
}

absl::StatusOr<std::unique_ptr<Table>> Table::Open(std::string id,
                                                   std::string path,
                                                   bool create,
                                                   bool terminal_save,
                                                   Options options) {
  std::unique_ptr<Table> table(
      new Table(std::move(id), std::move(path), terminal_save, options));
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
  absl::Status opened = fresh->OpenForCommand(path_, create);
  if (absl::IsUnavailable(opened) && terminal_save_) {
    fresh = std::make_unique<session::Session>(session::Session::Options{
        options_.computer, options_.env, options_.clock, options_.endgame_db});
    fresh->Open(path_);
    readonly_ =
        "a terminal game (checkers play) holds this save; it can be watched "
        "here and played here once that game is closed";
  } else if (!opened.ok()) {
    return opened;
  } else {
    readonly_.clear();
  }
  fresh->TakeReports();
  fresh->Subscribe(
      [this](const session::LogChange& change) { OnChange(change); });
  const bool replaced = session_ != nullptr;
  session_ = std::move(fresh);
  if (replaced) {
    // Another process wrote the log: the followers read it again.
    for (auto& weak : followers_) {
      if (auto f = weak.lock()) f->low = 0;
    }
    follow_cv_.SignalAll();
  }
  return absl::OkStatus();
}

void Table::Refresh() {
  if (readonly_.empty()) return;
  if (absl::Status s = OpenSession(false); !s.ok()) {
    readonly_ = absl::StrCat("the save cannot be read: ", s.message());
  }
}

void Table::OnChange(const session::LogChange& change) {
  if (change.kind == session::LogChange::Kind::kTruncated) {
    for (auto& weak : followers_) {
      if (auto f = weak.lock()) f->low = std::min(f->low, change.head);
    }
  }
  follow_cv_.SignalAll();
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
  return o;
}

void Table::Changed() {
  session_->TakeReports();
  work_cv_.Signal();
  std::string status = Dump(StatusJson());
  if (status != last_status_) {
    last_status_ = std::move(status);
    ++status_version_;
    follow_cv_.SignalAll();
  }
}

bool Table::Present(events::Side side) {
  for (const auto& weak : followers_) {
    if (auto f = weak.lock(); f != nullptr && f->side == side) return true;
  }
  return false;
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
    } else if (session_->state().mode == events::REMOTE &&
               events::GoesOn(session_->state())) {
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

void Table::Stop() {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) return;
    stopping_ = true;
    if (session_ != nullptr) session_->Pause();
    work_cv_.Signal();
    follow_cv_.SignalAll();
  }
  if (worker_.joinable()) worker_.join();
}

Answer Table::Start(events::GameStarted started) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Error(503, "the server is stopping");
  const Outcome outcome = session_->NewGame(std::move(started));
  Answer answer = outcome.ok() ? Answer{201, json::object()}
                               : RefusalAnswer(outcome, *session_);
  Changed();
  answer.body["id"] = id_;
  answer.body["head"] = session_->state().last_seq;
  return answer;
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
  o["legal"] = may_move ? LegalTexts(*session_) : std::vector<std::string>{};
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

Answer Table::Act(absl::string_view action, const json& body,
                  const std::string& key) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Error(503, "the server is stopping; try again soon");
  Refresh();
  if (!readonly_.empty()) return Error(423, readonly_);
  // At a remote table each seat acts for itself, and only through the
  // game's own actions: a take-back, a pause or a new game would be one
  // player's choice over the other's game.
  session::Actor actor = session::Actor::Local();
  if (session_->state().mode == events::REMOTE) {
    if (!SeatOfKey(session_->state(), key).has_value()) {
      return Error(403,
                   "you are watching this table; a player takes a free seat "
                   "to play");
    }
    if (action == "undo" || action == "pause" || action == "resume" ||
        action == "new") {
      return Error(403,
                   "a game between two devices cannot be taken back, paused "
                   "or replaced; offer a draw or resign");
    }
    actor = session::Actor::Remote(key);
  }
  const json* head = nullptr;
  if (body.is_object() && body.contains("head")) head = &body["head"];
  if (head == nullptr || !head->is_number_integer() ||
      head->get<int64_t>() < 0) {
    return Error(400, "the request needs {\"head\": N}, the last seq seen");
  }
  const uint64_t current = session_->state().last_seq;
  if (head->get<uint64_t>() != current) {
    Answer a = Error(409, absl::StrCat("the game has moved on (head ", current,
                                       "); reload and try again"));
    a.body["head"] = current;
    return a;
  }
  Outcome outcome;
  if (action == "moves") {
    if (!body.contains("move") || !body["move"].is_string()) {
      return Error(400, "the request needs {\"move\": \"11-15\", \"head\": N}");
    }
    outcome = session_->PlayText(body["move"].get<std::string>(), actor);
  } else if (action == "undo") {
    outcome = session_->Undo();
  } else if (action == "resign") {
    outcome = session_->Resign(actor);
  } else if (action == "draw/offer") {
    outcome = session_->OfferDraw(actor);
  } else if (action == "draw/accept" || action == "draw/decline") {
    outcome = session_->AnswerDraw(action == "draw/accept", actor);
  } else if (action == "pause") {
    session_->Pause();
  } else if (action == "resume") {
    session_->Resume();
  } else if (action == "new") {
    const json mode = body.value("mode", json("computer"));
    absl::StatusOr<events::Difficulty> level =
        ParseDifficulty(body.value("difficulty", json("medium")));
    if (!level.ok()) return Error(422, level.status().message());
    if (mode != "computer" && mode != "two-player") {
      return Error(422, "mode must be \"computer\" or \"two-player\"");
    }
    outcome = session_->NewGame(
        mode == "computer" ? events::VS_COMPUTER : events::TWO_PLAYER, *level);
  } else {
    return Error(404, absl::StrCat("no action \"", action,
                                   "\"; see web/API.md for the actions"));
  }
  Answer answer = outcome.ok() ? Answer{200, json::object()}
                               : RefusalAnswer(outcome, *session_);
  Changed();
  answer.body["head"] = session_->state().last_seq;
  return answer;
}

Answer Table::TakeSeat(events::Side side, const json& body,
                       const std::string& key) {
  absl::MutexLock lock(&mu_);
  if (stopping_) return Error(503, "the server is stopping; try again soon");
  Refresh();
  if (!readonly_.empty()) return Error(423, readonly_);
  const events::GameState& s = session_->state();
  if (s.started == nullptr || s.mode != events::REMOTE) {
    return Error(422,
                 "only a table for two devices (mode \"remote\") has seats");
  }
  if (!body.is_object() || !body.contains("name") ||
      !body["name"].is_string()) {
    return Error(400,
                 "the request needs {\"name\": \"...\"}, 1 to 32 "
                 "characters");
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
  const std::string colour(events::SideName(s.started.get(), side));
  if (const events::SeatTaken* taken = s.seat(side)) {
    return Error(409, absl::StrCat("the ", colour, " seat is taken by ",
                                   taken->name(), "; you can watch"));
  }
  if (held.has_value()) {
    return Error(409, absl::StrCat("you hold the ",
                                   events::SideName(s.started.get(), *held),
                                   " seat already"));
  }
  if (s.over())
    return Error(410, "the game is over; its seats stay as they were");
  const Outcome outcome = session_->TakeSeat(side, name, key);
  if (!outcome.ok()) return RefusalAnswer(outcome, *session_);
  Changed();
  return seated(*session_->state().seat(side));
}

std::shared_ptr<Table::Follower> Table::Follow(uint64_t last_seen,
                                               const std::string& key) {
  absl::MutexLock lock(&mu_);
  auto f = std::make_shared<Follower>();
  f->sent = last_seen;
  f->side = SeatOfKey(session_->state(), key);
  const uint64_t head = session_->events().size();
  // A follower that saw records since cut away hears of the cut first.
  if (last_seen > head) f->low = head;
  followers_.erase(std::remove_if(followers_.begin(), followers_.end(),
                                  [](const std::weak_ptr<Follower>& w) {
                                    return w.expired();
                                  }),
                   followers_.end());
  followers_.push_back(f);
  if (f->side.has_value()) {
    // The holder is back: the seat is theirs before their next turn.
    Attend();
    Changed();
  }
  return f;
}

std::optional<std::vector<StreamMessage>> Table::Next(Follower& f,
                                                      absl::Duration timeout) {
  absl::MutexLock lock(&mu_);
  const absl::Time deadline = absl::Now() + timeout;
  auto ready = [&] {
    return stopping_ || f.low < f.sent || session_->events().size() > f.sent ||
           f.status_seen != status_version_;
  };
  while (!ready()) {
    if (follow_cv_.WaitWithDeadline(&mu_, deadline)) break;
  }
  if (stopping_) return std::nullopt;
  std::vector<StreamMessage> out;
  if (f.low < f.sent) {
    f.sent = f.low;
    f.folded_stale = true;
    out.push_back({f.sent, "truncated", Dump(json{{"head", f.sent}})});
  }
  f.low = std::numeric_limits<uint64_t>::max();
  const std::vector<events::Event>& log = session_->events();
  if (log.size() > f.sent) {
    // The session's events were checked when committed: neither the fold
    // nor the checks below can fail.
    if (f.folded_stale || f.folded.last_seq != f.sent) {
      f.folded = events::FoldEvents(absl::MakeConstSpan(log).first(f.sent))
                     .value_or(events::GameState());
      f.folded_stale = false;
    }
    for (uint64_t seq = f.sent + 1; seq <= log.size(); ++seq) {
      absl::StatusOr<events::CheckedEvent> checked =
          events::Check(f.folded, log[seq - 1]);
      if (!checked.ok()) break;
      events::ApplyInPlace(&f.folded, *checked);
      json data = RecordJson(seq, log[seq - 1]);
      data["state"] = StateJson(f.folded);
      out.push_back({seq, data["kind"].get<std::string>(), Dump(data)});
    }
    f.sent = log.size();
  }
  if (f.status_seen != status_version_) {
    f.status_seen = status_version_;
    out.push_back({std::nullopt, "status", Dump(StatusJson())});
  }
  return out;
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
  return options_.env->ReadFile(path_, kMaxLogBytes);
}

absl::StatusOr<std::string> Table::Pdn() {
  absl::MutexLock lock(&mu_);
  absl::StatusOr<replay::GameRecord> record =
      replay::RecordOfLog(session_->events());
  if (!record.ok()) return record.status();
  return replay::WritePdnGame(*record);
}

}  // namespace checkers::web
