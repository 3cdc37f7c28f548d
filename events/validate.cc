#include "events/validate.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/game_position.h"
#include "engine/move10.h"
#include "engine/rules.h"

namespace checkers::events {
namespace {

absl::Status Refuse(absl::string_view what) {
  return absl::FailedPreconditionError(what);
}

std::string Name(const GameState& s, Side side) {
  return std::string(SideName(s.started.get(), side));
}

// Why no more events may follow, if that is so (see GoesOn). Before the
// start, the caller says what may come first.
absl::Status CheckGameGoesOn(const GameState& s) {
  if (s.started == nullptr || GoesOn(s)) return absl::OkStatus();
  if (s.over())
    return Refuse("the game is over; start a new one with `checkers new`");
  return Refuse(absl::StrCat("the game has ended (",
                             EndReason_Name(DueEnd(s)->reason()),
                             ") but its end is not recorded"));
}

std::string RouteText(const TurnPlayed& turn) {
  return absl::StrJoin(turn.squares(), "-");
}

// The position `started` starts from.
absl::StatusOr<GamePosition> CheckStart(const GameStarted& started) {
  const Edition edition = EditionOf(started.edition());
  if (started.turn_seconds() != 0 &&
      (started.mode() != REMOTE ||
       (started.turn_seconds() != 30 && started.turn_seconds() != 60))) {
    return Refuse(
        "a turn time limit is 30 or 60 seconds, and only between two "
        "devices");
  }
  if (started.rated() && started.mode() != REMOTE) {
    return Refuse("only a game between two devices can be rated");
  }
  if (started.start_fen().empty()) return GamePosition::Initial(edition);
  absl::StatusOr<GamePosition> p =
      GamePosition::ParseFen(started.start_fen(), edition);
  if (!p.ok()) return Refuse(p.status().message());
  return p;
}

std::string DescribeEnd(const GameEnded& e) {
  std::string text =
      absl::StrCat(Result_Name(e.result()), " by ", EndReason_Name(e.reason()));
  if (e.repetition_seqs_size() > 0) {
    absl::StrAppend(&text, " at seqs ",
                    absl::StrJoin(e.repetition_seqs(), ","));
  }
  if (e.reason() == NO_PROGRESS)
    absl::StrAppend(&text, " since seq ", e.no_progress_since_seq());
  if (e.reason() == LONE_KING_HELD)
    absl::StrAppend(&text, " since seq ", e.lone_king_since_seq());
  return text;
}

bool SameEnd(const GameEnded& a, const GameEnded& b) {
  return a.result() == b.result() && a.reason() == b.reason() &&
         std::equal(a.repetition_seqs().begin(), a.repetition_seqs().end(),
                    b.repetition_seqs().begin(), b.repetition_seqs().end()) &&
         a.no_progress_since_seq() == b.no_progress_since_seq() &&
         a.lone_king_since_seq() == b.lone_king_since_seq();
}

absl::Status CheckEnd(const GameState& s, const GameEnded& end) {
  if (s.over()) return Refuse("the game had already ended");
  const std::optional<GameEnded> due = DueEnd(s);
  if (end.reason() == RECORDED) {
    // Only an imported record states its result; a game played here ends
    // by its rules or its players.
    if (!s.started->options().automatic_draws_off()) {
      return Refuse(
          "a recorded result belongs to an imported game, not one played here");
    }
    if (end.result() == RESULT_UNSPECIFIED)
      return Refuse("a recorded end must state a result");
    if (due.has_value() && due->result() != end.result()) {
      return Refuse(absl::StrCat(
          "the recorded result ", Result_Name(end.result()),
          " contradicts the moves, which end in ", DescribeEnd(*due)));
    }
    return absl::OkStatus();
  }
  if (!due.has_value()) {
    return Refuse(absl::StrCat("the log claims ", DescribeEnd(end),
                               ", but the game had not ended"));
  }
  if (!SameEnd(*due, end)) {
    return Refuse(absl::StrCat("the log claims ", DescribeEnd(end),
                               ", but the rules give ", DescribeEnd(*due)));
  }
  return absl::OkStatus();
}

absl::Status CheckDrawOffer(const GameState& s, const DrawOffered& offer) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (s.draw_offer.has_value()) return Refuse("a draw offer already stands");
  if (offer.side() != s.side_to_move()) {
    return Refuse("a draw is offered by the side to move");
  }
  return absl::OkStatus();
}

absl::Status CheckDrawAnswer(const GameState& s, Side side) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (!s.draw_offer.has_value()) return Refuse("no draw offer stands");
  if (side == *s.draw_offer)
    return Refuse("a side cannot answer its own draw offer");
  return absl::OkStatus();
}

absl::Status CheckModeChange(const GameState& s, const ModeChanged& change) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (change.mode() != VS_COMPUTER && change.mode() != TWO_PLAYER) {
    return Refuse("a mode change must name the computer or two-player mode");
  }
  return absl::OkStatus();
}

// The longest player name, in characters (web/API.md).
constexpr int kMaxNameChars = 32;

// The code points of `name`, or nullopt when it is not UTF-8 (overlong
// forms and surrogates included).
std::optional<std::vector<char32_t>> CodePoints(absl::string_view name) {
  std::vector<char32_t> points;
  for (size_t i = 0; i < name.size();) {
    const unsigned char c = name[i];
    const int length = c < 0x80         ? 1
                       : (c >> 5) == 6  ? 2
                       : (c >> 4) == 14 ? 3
                       : (c >> 3) == 30 ? 4
                                        : 0;
    if (length == 0 || i + length > name.size()) return std::nullopt;
    char32_t point = length == 1 ? c : c & (0x7f >> length);
    for (int k = 1; k < length; ++k) {
      const unsigned char next = name[i + k];
      if ((next >> 6) != 2) return std::nullopt;
      point = (point << 6) | (next & 0x3f);
    }
    static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (point < kLeast[length] || point > 0x10ffff ||
        (point >= 0xd800 && point <= 0xdfff)) {
      return std::nullopt;
    }
    points.push_back(point);
    i += length;
  }
  return points;
}

// Characters that change how the text around them is shown without being
// seen: controls, bidirectional overrides and isolates, zero-width
// characters, line and paragraph separators, soft hyphens and tags. A name
// holding one could pass for another player's or reorder a page.
bool Invisible(char32_t c) {
  return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xad || c == 0x34f ||
         c == 0x61c || c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
         (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) ||
         c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb) ||
         (c >= 0xe0000 && c <= 0xe007f);
}

bool Blank(char32_t c) {
  return c == ' ' || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
         c == 0x202f || c == 0x205f || c == 0x3000 || c == 0x3164;
}

}  // namespace

absl::Status CheckPlayerName(absl::string_view name) {
  const std::optional<std::vector<char32_t>> points = CodePoints(name);
  if (!points.has_value()) {
    return Refuse("a player's name must be text (UTF-8)");
  }
  if (points->empty() || points->size() > kMaxNameChars) {
    return Refuse(
        absl::StrCat("a player's name is 1 to ", kMaxNameChars, " characters"));
  }
  for (char32_t c : *points) {
    if (Invisible(c)) {
      return Refuse(absl::StrFormat(
          "a player's name may not hold invisible or direction-changing "
          "characters (U+%04X)",
          static_cast<uint32_t>(c)));
    }
  }
  if (std::all_of(points->begin(), points->end(), Blank)) {
    return Refuse("a player's name must show something besides spaces");
  }
  return absl::OkStatus();
}

namespace {

absl::Status CheckSeatTaken(const GameState& s, const SeatTaken& seat) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (s.mode != REMOTE) {
    return Refuse("only a game between two devices has seats to take");
  }
  if (seat.side() != FIRST && seat.side() != SECOND) {
    return Refuse("a seat belongs to the first or the second side");
  }
  if (const SeatTaken* held = s.seat(seat.side())) {
    return Refuse(absl::StrCat("the seat of ", Name(s, seat.side()),
                               " is taken by ", held->name()));
  }
  if (absl::Status name = CheckPlayerName(seat.name()); !name.ok()) {
    return name;
  }
  if (seat.key_sha256().size() != 32) {
    return Refuse("a seat's key must be a SHA-256 digest (32 bytes)");
  }
  if (const SeatTaken* other = s.seat(OtherSide(seat.side()));
      other != nullptr && other->key_sha256() == seat.key_sha256()) {
    return Refuse("one player cannot hold both seats");
  }
  return absl::OkStatus();
}

absl::Status CheckStandIn(const GameState& s, Side side, bool standing) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (s.mode != REMOTE) {
    return Refuse("the computer stands in only between two devices");
  }
  if (side != FIRST && side != SECOND) {
    return Refuse("a seat belongs to the first or the second side");
  }
  if (s.seat(side) == nullptr) {
    return Refuse(absl::StrCat("the seat of ", Name(s, side), " is free"));
  }
  if (standing && s.stood_in(side)) {
    return Refuse(
        absl::StrCat("the computer already stands in for ", Name(s, side)));
  }
  if (!standing && !s.stood_in(side)) {
    return Refuse(absl::StrCat("the computer does not stand in for ",
                               Name(s, side), ", so nothing is handed back"));
  }
  return absl::OkStatus();
}

// Who may play a turn of a REMOTE game: the seat's holder, or the computer
// while it stands in or once the turn's time has run out.
absl::Status CheckTurnPlayer(const GameState& s, const Event& event) {
  const TurnPlayed& turn = event.turn_played();
  if (turn.timeout()) {
    if (!turn.has_computer() || s.turn_seconds() == 0 ||
        s.stood_in(turn.side())) {
      return Refuse(
          "a turn marked as a timeout is the computer's, in a game with a "
          "turn time limit, for a seat it does not stand in for");
    }
    const int64_t deadline =
        s.turn_started_millis + int64_t{1000} * s.turn_seconds();
    if (event.unix_millis() < deadline) {
      return Refuse(absl::StrCat(
          "the turn is marked as a timeout at ", event.unix_millis(),
          " ms, before its deadline at ", deadline, " ms"));
    }
    return absl::OkStatus();
  }
  if (s.mode != REMOTE) return absl::OkStatus();
  if (turn.has_computer() && !s.stood_in(turn.side())) {
    return Refuse(absl::StrCat("the computer played for ", Name(s, turn.side()),
                               " without standing in for them"));
  }
  if (!turn.has_computer() && s.stood_in(turn.side())) {
    return Refuse(absl::StrCat("a person played for ", Name(s, turn.side()),
                               " while the computer stood in"));
  }
  return absl::OkStatus();
}

// `event` once Check allows it after `state`.
absl::StatusOr<Event> Checked(const GameState& state, Event event) {
  if (absl::Status st = Check(state, event).status(); !st.ok()) return st;
  return event;
}

// The side that answers a draw offer: the one that did not make it.
Side AnsweringSide(const GameState& state) {
  return state.draw_offer.has_value() ? OtherSide(*state.draw_offer)
                                      : state.side_to_move();
}

}  // namespace

absl::StatusOr<GameMove> CheckTurn(const GameState& s, const TurnPlayed& turn) {
  if (absl::Status st = CheckGameGoesOn(s); !st.ok()) return st;
  if (turn.side() != s.side_to_move()) {
    return Refuse(absl::StrCat("it is ", Name(s, s.side_to_move()),
                               "'s turn, not ", Name(s, turn.side()), "'s"));
  }
  const int length = turn.squares_size();
  const int most_squares =
      (s.position.board_size() == 10 ? intl::kMaxCaptures : kMaxCaptures) + 1;
  if (length < 2 || length > most_squares) {
    return Refuse(absl::StrCat("a turn of ", length, " squares (",
                               RouteText(turn), ") is not a move"));
  }
  std::vector<int> route;
  route.reserve(length);
  for (int i = 0; i < length; ++i) {
    if (turn.squares(i) < 1 ||
        turn.squares(i) > static_cast<uint32_t>(s.position.square_count())) {
      return Refuse(absl::StrCat("square ", turn.squares(i),
                                 " is not between 1 and ",
                                 s.position.square_count()));
    }
    route.push_back(static_cast<int>(turn.squares(i)));
  }
  if (std::optional<GameMove> move =
          s.position.LegalMoveAlong(route, s.rules.capture)) {
    return *move;
  }
  return Refuse(absl::StrCat(
      "the move ", RouteText(turn), " is not legal for ", Name(s, turn.side()),
      " here; legal moves: ",
      absl::StrJoin(s.position.LegalMoveTexts(s.rules.capture), " ")));
}

absl::StatusOr<CheckedEvent> Check(const GameState& s, const Event& event) {
  CheckedEvent checked(event);
  if (event.kind_case() == Event::KIND_NOT_SET) {
    return Refuse(
        "an event of a kind this version does not know (written by a newer "
        "version "
        "of checkers?)");
  }
  if (s.started == nullptr) {
    if (event.kind_case() != Event::kGameStarted) {
      return Refuse("the log does not begin with the start of a game");
    }
    absl::StatusOr<GamePosition> start = CheckStart(event.game_started());
    if (!start.ok()) return start.status();
    checked.start_ = *start;
    return checked;
  }
  absl::Status verdict = absl::OkStatus();
  switch (event.kind_case()) {
    case Event::kGameStarted:
      return Refuse("a second game start inside one game");
    case Event::kTurnPlayed: {
      absl::StatusOr<GameMove> move = CheckTurn(s, event.turn_played());
      if (!move.ok()) return move.status();
      if (absl::Status st = CheckTurnPlayer(s, event); !st.ok()) return st;
      checked.move_ = *move;
      return checked;
    }
    case Event::kDrawOffered:
      verdict = CheckDrawOffer(s, event.draw_offered());
      break;
    case Event::kDrawAccepted:
      verdict = CheckDrawAnswer(s, event.draw_accepted().side());
      break;
    case Event::kDrawDeclined:
      verdict = CheckDrawAnswer(s, event.draw_declined().side());
      break;
    case Event::kResigned:
      verdict = CheckGameGoesOn(s);
      break;
    case Event::kGameEnded:
      verdict = CheckEnd(s, event.game_ended());
      break;
    case Event::kModeChanged:
      verdict = CheckModeChange(s, event.mode_changed());
      break;
    case Event::kSeatTaken:
      verdict = CheckSeatTaken(s, event.seat_taken());
      break;
    case Event::kStandIn:
      verdict = CheckStandIn(s, event.stand_in().side(), true);
      break;
    case Event::kHandBack:
      verdict = CheckStandIn(s, event.hand_back().side(), false);
      break;
    case Event::KIND_NOT_SET:
      break;
  }
  if (!verdict.ok()) return verdict;
  return checked;
}

absl::StatusOr<Commit> CommitFor(const GameState& state, Event event) {
  absl::StatusOr<CheckedEvent> checked = Check(state, event);
  if (!checked.ok()) return checked.status();
  Commit commit{{}, Apply(state, *checked)};
  const int64_t unix_millis = event.unix_millis();
  commit.events.push_back(std::move(event));
  if (std::optional<GameEnded> due = DueEnd(commit.after)) {
    Event end;
    *end.mutable_game_ended() = *std::move(due);
    end.set_unix_millis(unix_millis);
    // The end the rules impose is one Check accepts.
    absl::StatusOr<CheckedEvent> checked_end = Check(commit.after, end);
    if (!checked_end.ok()) return checked_end.status();
    ApplyInPlace(&commit.after, *checked_end);
    commit.events.push_back(std::move(end));
  }
  return commit;
}

std::vector<std::vector<Event>> SplitIntoCommits(std::vector<Event> events) {
  std::vector<std::vector<Event>> commits;
  for (Event& e : events) {
    const bool joins_previous = e.has_game_ended() &&
                                e.game_ended().reason() != RECORDED &&
                                !commits.empty();
    if (!joins_previous) commits.emplace_back();
    commits.back().push_back(std::move(e));
  }
  return commits;
}

RuleOptions DefaultRuleOptions(Edition edition) {
  RuleOptions o;
  if (edition == Edition::kEnglish) {
    o.set_colour_names(RED_WHITE);
  } else {
    o.set_colour_names(BLACK_WHITE);
  }
  // Russian draughts has no no-progress draw of its own; international's
  // is 25 moves each.
  if (edition == Edition::kInternational) {
    o.set_no_progress_turns(kInternationalNoProgressTurns);
  } else if (edition != Edition::kRussian) {
    o.set_no_progress_turns(kDefaultNoProgressTurns);
  }
  o.set_no_progress_count(PER_SIDE);
  return o;
}

std::optional<RuleOptions> PresetOptions(absl::string_view name) {
  RuleOptions o = DefaultRuleOptions(Edition::kEnglish);
  if (name == "wcdf") return o;
  if (name == "qdan") {
    o.set_swap_first_player(true);
    o.set_no_progress_count(TOTAL);
    return o;
  }
  return std::nullopt;
}

std::string PresetOf(const RuleOptions& options) {
  for (const char* name : {"wcdf", "qdan"}) {
    const std::optional<RuleOptions> o = PresetOptions(name);
    if (o->SerializeAsString() == options.SerializeAsString()) return name;
  }
  return "";
}

namespace {

absl::Status CheckStartOptions(const GameStarted& started) {
  const RuleOptions& o = started.options();
  if (o.no_progress_turns() > kMaxNoProgressTurns) {
    return absl::InvalidArgumentError(
        absl::StrCat("--no-progress must be a number of turns from 1 to ",
                     kMaxNoProgressTurns));
  }
  if (o.turn_limit() > kMaxTurnLimit) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--turn-limit must be 0 (none) or a number of turns up to ",
        kMaxTurnLimit));
  }
  if (!ColourNames_IsValid(o.colour_names())) {
    return absl::InvalidArgumentError(
        "--colours must be red-white, black-white or black-red");
  }
  if (!NoProgressCount_IsValid(o.no_progress_count())) {
    return absl::InvalidArgumentError(
        "--no-progress-count must be each or total");
  }
  if (!Mode_IsValid(started.mode())) {
    return absl::InvalidArgumentError(
        "the mode must be computer or two-player");
  }
  if (!Difficulty_IsValid(started.difficulty())) {
    return absl::InvalidArgumentError(
        "the difficulty must be easy, medium or hard");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Event> StartEvent(GameStarted started) {
  if (absl::Status st = CheckStartOptions(started); !st.ok()) return st;
  if (started.edition() == RULES_EDITION_UNSPECIFIED)
    started.set_edition(ENGLISH);
  if (!started.start_fen().empty()) {
    absl::StatusOr<GamePosition> p = GamePosition::ParseFen(
        started.start_fen(), EditionOf(started.edition()));
    if (!p.ok()) return absl::InvalidArgumentError(p.status().message());
    // Store the canonical form, so every reader sees the same text.
    started.set_start_fen(p->ToFen());
  }
  Event event;
  *event.mutable_game_started() = std::move(started);
  return event;
}

Side NewGameHumanSide(const GameState& previous, const RuleOptions& options,
                      Side requested) {
  if (options.swap_first_player() && previous.started != nullptr &&
      previous.started->options().swap_first_player()) {
    return OtherSide(previous.human_side);
  }
  return requested;
}

Event TurnEvent(const GameState& state, const GameMove& move) {
  Event event;
  TurnPlayed* turn = event.mutable_turn_played();
  turn->set_side(state.side_to_move());
  for (int square : move.route()) turn->add_squares(square);
  return event;
}

Event TurnEvent(const GameState& state, const Move& move) {
  return TurnEvent(
      state, GameMove(move, state.position.eight()->IsIrreversible(move)));
}

absl::StatusOr<Event> TurnEvent(const GameState& state,
                                absl::string_view move_text) {
  if (absl::Status st = CheckGameGoesOn(state); !st.ok()) return st;
  absl::StatusOr<GameMove> move =
      state.position.ParseMove(move_text, state.rules.capture);
  if (!move.ok()) return move.status();
  return TurnEvent(state, *move);
}

absl::StatusOr<Event> OfferDrawEvent(const GameState& state) {
  Event event;
  event.mutable_draw_offered()->set_side(state.side_to_move());
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> AcceptDrawEvent(const GameState& state) {
  Event event;
  event.mutable_draw_accepted()->set_side(AnsweringSide(state));
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> DeclineDrawEvent(const GameState& state) {
  Event event;
  event.mutable_draw_declined()->set_side(AnsweringSide(state));
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> ModeChangeEvent(const GameState& state, Mode mode,
                                      Difficulty difficulty) {
  Event event;
  ModeChanged* m = event.mutable_mode_changed();
  m->set_mode(mode);
  m->set_difficulty(difficulty);
  m->set_human_side(state.human_side);
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> SeatEvent(const GameState& state, Side side,
                                absl::string_view name,
                                absl::string_view key_sha256) {
  Event event;
  SeatTaken* seat = event.mutable_seat_taken();
  seat->set_side(side);
  seat->set_name(std::string(name));
  seat->set_key_sha256(std::string(key_sha256));
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> StandInEvent(const GameState& state, Side side) {
  Event event;
  event.mutable_stand_in()->set_side(side);
  event.mutable_stand_in()->set_reason(ABSENT);
  return Checked(state, std::move(event));
}

absl::StatusOr<Event> HandBackEvent(const GameState& state, Side side) {
  Event event;
  event.mutable_hand_back()->set_side(side);
  return Checked(state, std::move(event));
}

Side ResigningSide(const GameState& state) {
  return state.vs_computer() ? state.human_side : state.side_to_move();
}

absl::StatusOr<Event> ResignEvent(const GameState& state, Side side) {
  Event event;
  event.mutable_resigned()->set_side(side);
  return Checked(state, std::move(event));
}

}  // namespace checkers::events
