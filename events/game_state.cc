#include "events/game_state.h"

#include <algorithm>
#include <memory>

namespace checkers::events {
namespace {

// Whether `hunter`'s pieces hold a lone-king balance against a lone king:
// three kings or more in Russian; two or three pieces with a king in
// international.
bool HoldsLoneKingBalance(const GamePosition& p, Edition edition,
                          Color hunter) {
  const Color hunted = Opponent(hunter);
  if (p.PieceCount(hunted) != 1 || p.KingCount(hunted) != 1) return false;
  if (edition == Edition::kInternational) {
    const int pieces = p.PieceCount(hunter);
    return p.KingCount(hunter) >= 1 && (pieces == 2 || pieces == 3);
  }
  return p.KingCount(hunter) >= 3;
}

// The colour that holds a lone-king balance, if any.
std::optional<Color> LoneKingHunter(const GamePosition& p, Edition edition) {
  for (Color hunter : {Color::kBlack, Color::kWhite}) {
    if (HoldsLoneKingBalance(p, edition, hunter)) return hunter;
  }
  return std::nullopt;
}

// Follows the lone-king balance after the event `s->last_seq`, played by
// `mover` (nullopt at the start). A balance whose stronger side changes,
// or (international) loses a piece, is a new one and counts afresh.
void FollowLoneKing(GameState* s, std::optional<Color> mover) {
  if (s->rules.lone_king_turns == 0) return;
  const std::optional<Color> hunter =
      LoneKingHunter(s->position, s->rules.edition);
  const int pieces = hunter.has_value() ? s->position.PieceCount(*hunter) : 0;
  if (!hunter.has_value()) {
    s->lone_king_hunter.reset();
  } else if (s->lone_king_hunter != hunter ||
             (s->rules.two_pieces_turns > 0 &&
              s->lone_king_hunter_pieces != pieces)) {
    s->lone_king_hunter = hunter;
    s->lone_king_hunter_pieces = pieces;
    s->lone_king_since_seq = s->last_seq;
    s->lone_king_turns = 0;
  } else if (mover == hunter) {
    ++s->lone_king_turns;
  }
}

// Plays the move of a checked TurnPlayed on the state.
void ApplyTurn(GameState* s, const GameMove& move) {
  const Color mover = s->position.side_to_move();
  const bool irreversible = move.irreversible();
  s->position.Play(move);
  ++s->turns;
  s->draw_offer.reset();
  if (irreversible) {
    s->since_irreversible.clear();
    s->no_progress_turns = 0;
    s->no_progress_since_seq = s->last_seq;
  } else {
    ++s->no_progress_turns;
  }
  const uint64_t hash = s->position.hash();
  s->repetitions = 1;
  for (const Occurrence& o : s->since_irreversible)
    s->repetitions += o.hash == hash;
  s->since_irreversible.push_back({hash, s->last_seq});
  FollowLoneKing(s, mover);
}

void ApplyStart(GameState* s, const GameStarted& started,
                const GamePosition& start) {
  s->started = std::make_shared<const GameStarted>(started);
  s->rules = RulesOf(started);
  s->mode = started.mode() == MODE_UNSPECIFIED ? TWO_PLAYER : started.mode();
  s->difficulty = started.difficulty() == DIFFICULTY_UNSPECIFIED
                      ? MEDIUM
                      : started.difficulty();
  s->human_side =
      started.human_side() == SIDE_UNSPECIFIED ? FIRST : started.human_side();
  s->position = start;
  s->last_move.reset();
  s->since_irreversible.clear();
  s->since_irreversible.push_back({s->position.hash(), s->last_seq});
  s->repetitions = 1;
  s->no_progress_turns = 0;
  s->no_progress_since_seq = s->last_seq;
  s->lone_king_hunter.reset();
  FollowLoneKing(s, std::nullopt);
}

}  // namespace

Edition EditionOf(RulesEdition edition) {
  switch (edition) {
    case RUSSIAN:
      return Edition::kRussian;
    case POOL:
      return Edition::kPool;
    case INTERNATIONAL:
      return Edition::kInternational;
    default:
      return Edition::kEnglish;
  }
}

RulesEdition RulesEditionOf(Edition edition) {
  switch (edition) {
    case Edition::kRussian:
      return RUSSIAN;
    case Edition::kPool:
      return POOL;
    case Edition::kInternational:
      return INTERNATIONAL;
    case Edition::kEnglish:
      break;
  }
  return ENGLISH;
}

absl::string_view SideName(const GameStarted* started, Side side) {
  absl::string_view dark = "Red", light = "White";
  bool light_first = false;
  if (started != nullptr) {
    switch (started->options().colour_names()) {
      case BLACK_WHITE:
        dark = "Black";
        break;
      case BLACK_RED:
        dark = "Black";
        light = "Red";
        break;
      default:
        break;
    }
    light_first = started->options().light_moves_first() ||
                  TraitsOf(EditionOf(started->edition())).light_moves_first;
  }
  return (side == FIRST) != light_first ? dark : light;
}

GameRules RulesOf(const GameStarted& started) {
  const RuleOptions& o = started.options();
  GameRules rules;
  rules.edition = EditionOf(started.edition());
  rules.first_mover =
      TraitsOf(rules.edition).light_moves_first ? Color::kWhite : Color::kBlack;
  rules.capture =
      o.capture_optional() ? CaptureRule::kOptional : CaptureRule::kMandatory;
  const int turns = o.no_progress_turns() > 0
                        ? static_cast<int>(o.no_progress_turns())
                        : kDefaultNoProgressTurns;
  rules.no_progress_limit = o.no_progress_count() == TOTAL ? turns : 2 * turns;
  if (rules.edition == Edition::kRussian) {
    // Russian draughts has no no-progress draw of its own (docs/RULES.md);
    // it applies only when the rule options ask for one.
    if (o.no_progress_turns() == 0) rules.no_progress_limit = 0;
    rules.lone_king_turns = kLoneKingTurns;
    rules.king_against_king_draws = true;
  }
  if (rules.edition == Edition::kInternational) {
    if (o.no_progress_turns() == 0) {
      rules.no_progress_limit = o.no_progress_count() == TOTAL
                                    ? kInternationalNoProgressTurns
                                    : 2 * kInternationalNoProgressTurns;
    }
    rules.lone_king_turns = kThreePiecesTurns;
    rules.two_pieces_turns = kTwoPiecesTurns;
  }
  rules.turn_limit = static_cast<int>(o.turn_limit());
  if (o.automatic_draws_off()) {
    rules.no_progress_limit = 0;
    rules.turn_limit = 0;
  }
  return rules;
}

int GameState::TurnsUntilAutomaticDraw() const {
  int left = rules.no_progress_limit > 0
                 ? rules.no_progress_limit - no_progress_turns
                 : -1;
  if (rules.turn_limit > 0) {
    const int to_limit = rules.turn_limit - turns;
    left = left < 0 ? to_limit : std::min(left, to_limit);
  }
  return left;
}

int GameState::LoneKingLimit() const {
  if (!lone_king_hunter.has_value()) return 0;
  return lone_king_hunter_pieces == 2 && rules.two_pieces_turns > 0
             ? rules.two_pieces_turns
             : rules.lone_king_turns;
}

void ApplyInPlace(GameState* s, const CheckedEvent& checked) {
  const Event& event = checked.event();
  ++s->last_seq;
  switch (event.kind_case()) {
    case Event::kGameStarted:
      ApplyStart(s, event.game_started(), checked.start());
      break;
    case Event::kTurnPlayed:
      ApplyTurn(s, checked.move());
      s->last_move = checked.move();
      break;
    case Event::kDrawOffered:
      s->draw_offer = event.draw_offered().side();
      break;
    case Event::kDrawAccepted:
      s->draw_offer.reset();
      s->draw_agreed = true;
      break;
    case Event::kDrawDeclined:
      s->draw_offer.reset();
      break;
    case Event::kResigned:
      s->resigned = event.resigned().side();
      break;
    case Event::kGameEnded:
      s->ended = event.game_ended();
      s->draw_offer.reset();
      break;
    case Event::kSeatTaken: {
      auto seat = std::make_shared<const SeatTaken>(event.seat_taken());
      (seat->side() == SECOND ? s->second_seat : s->first_seat) =
          std::move(seat);
      break;
    }
    case Event::kStandIn:
      (event.stand_in().side() == SECOND ? s->second_stood_in
                                         : s->first_stood_in) = true;
      break;
    case Event::kHandBack:
      (event.hand_back().side() == SECOND ? s->second_stood_in
                                          : s->first_stood_in) = false;
      break;
    case Event::kModeChanged: {
      const ModeChanged& m = event.mode_changed();
      s->mode = m.mode();
      if (m.difficulty() != DIFFICULTY_UNSPECIFIED)
        s->difficulty = m.difficulty();
      if (m.human_side() != SIDE_UNSPECIFIED) s->human_side = m.human_side();
      break;
    }
    case Event::KIND_NOT_SET:
      break;
  }
  switch (event.kind_case()) {
    case Event::kGameStarted:
    case Event::kTurnPlayed:
    case Event::kSeatTaken:
    case Event::kHandBack:
    case Event::kDrawDeclined:
      s->turn_started_millis = event.unix_millis();
      break;
    default:
      break;
  }
}

GameState Apply(const GameState& state, const CheckedEvent& event) {
  GameState next = state;
  ApplyInPlace(&next, event);
  return next;
}

bool IsKingAgainstKing(const GameState& s) {
  const GamePosition& p = s.position;
  return p.KingCount(Color::kBlack) == 1 && p.KingCount(Color::kWhite) == 1 &&
         p.PieceCount(Color::kBlack) == 1 && p.PieceCount(Color::kWhite) == 1 &&
         !p.HasCapture();
}

std::optional<GameEnded> DueEnd(const GameState& s) {
  if (s.over() || s.started == nullptr) return std::nullopt;
  GameEnded end;
  if (s.resigned.has_value()) {
    end.set_result(*s.resigned == FIRST ? SECOND_WINS : FIRST_WINS);
    end.set_reason(RESIGNATION);
    return end;
  }
  if (s.draw_agreed) {
    end.set_result(DRAW);
    end.set_reason(AGREEMENT);
    return end;
  }
  if (!s.position.HasLegalMove()) {
    end.set_result(s.side_to_move() == FIRST ? SECOND_WINS : FIRST_WINS);
    end.set_reason(NO_LEGAL_MOVE);
    return end;
  }
  if (s.started->options().automatic_draws_off()) return std::nullopt;
  if (s.RepetitionCount() >= 3) {
    end.set_result(DRAW);
    end.set_reason(THREEFOLD_REPETITION);
    for (const Occurrence& o : s.since_irreversible) {
      if (o.hash == s.position.hash()) end.add_repetition_seqs(o.seq);
    }
    return end;
  }
  if (s.rules.no_progress_limit > 0 &&
      s.no_progress_turns >= s.rules.no_progress_limit) {
    end.set_result(DRAW);
    end.set_reason(NO_PROGRESS);
    end.set_no_progress_since_seq(s.no_progress_since_seq);
    return end;
  }
  if (s.lone_king_hunter.has_value() &&
      s.lone_king_turns >= s.LoneKingLimit()) {
    end.set_result(DRAW);
    end.set_reason(LONE_KING_HELD);
    end.set_lone_king_since_seq(s.lone_king_since_seq);
    return end;
  }
  if (s.rules.king_against_king_draws && IsKingAgainstKing(s)) {
    end.set_result(DRAW);
    end.set_reason(KING_AGAINST_KING);
    return end;
  }
  if (s.rules.turn_limit > 0 && s.turns >= s.rules.turn_limit) {
    end.set_result(DRAW);
    end.set_reason(TURN_LIMIT);
    return end;
  }
  return std::nullopt;
}

bool GoesOn(const GameState& s) {
  return s.started != nullptr && !s.over() && !DueEnd(s).has_value();
}

}  // namespace checkers::events
