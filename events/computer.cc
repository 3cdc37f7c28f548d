#include "events/computer.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/opening_book.h"
#include "events/validate.h"

namespace checkers::events {
namespace {

// The computer accepts a draw when it is this far behind (centi-men).
constexpr int kAcceptDrawBelow = -25;

Side ComputerSide(const GameState& s) { return OtherSide(s.human_side); }

bool AgainstComputer(const GameState& s) {
  return s.started != nullptr && s.vs_computer() && !s.over();
}

}  // namespace

absl::StatusOr<Difficulty> ParseDifficulty(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == "easy") return EASY;
  if (lower == "medium") return MEDIUM;
  if (lower == "hard") return HARD;
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown difficulty \"", name, "\"; use easy, medium or hard"));
}

absl::StatusOr<Mode> ParseMode(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == ModeWord(VS_COMPUTER)) return VS_COMPUTER;
  if (lower == ModeWord(TWO_PLAYER)) return TWO_PLAYER;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown mode \"", name, "\"; use computer or two-player"));
}

absl::string_view ModeWord(Mode mode) {
  if (mode == REMOTE) return "remote";
  return mode == VS_COMPUTER ? "computer" : "two-player";
}

Level LevelOf(Difficulty difficulty) {
  switch (difficulty) {
    case EASY:
      return Level::kEasy;
    case HARD:
      return Level::kHard;
    default:
      return Level::kMedium;
  }
}

bool IsComputersTurn(const GameState& s) {
  return GoesOn(s) && s.vs_computer() && s.side_to_move() == ComputerSide(s);
}

bool IsComputersAnswer(const GameState& s) {
  return AgainstComputer(s) && s.draw_offer.has_value() &&
         *s.draw_offer != ComputerSide(s);
}

uint64_t TurnSeed(uint64_t game_seed, const GameState& s) {
  return game_seed ^
         (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(s.turns + 1));
}

GameSearchRequest ComputerRequest(const GameState& s) {
  return SearchRequestFor(s, LevelOf(s.difficulty),
                          TurnSeed(s.started->engine_seed(), s));
}

GameSearchRequest SearchRequestFor(const GameState& s, Level level,
                                   uint64_t seed) {
  GameSearchRequest r;
  r.position = s.position;
  // since_irreversible ends with the current position itself.
  for (size_t i = 0; i + 1 < s.since_irreversible.size(); ++i) {
    r.history.push_back(s.since_irreversible[i].hash);
  }
  r.no_progress_plies = s.no_progress_turns;
  r.capture_rule = s.rules.capture;
  r.no_progress_limit_plies = s.rules.no_progress_limit;
  r.level = level;
  r.seed = seed;
  r.opening_book = &book::Committed(s.rules.edition);
  return r;
}

Event ComputerTurnEvent(const GameState& state,
                        const GameSearchRequest& request,
                        const GameSearchResult& result) {
  Event event = TurnEvent(state, result.best_move);
  ComputerChoice* c = event.mutable_turn_played()->mutable_computer();
  c->set_level(state.difficulty);
  c->set_depth(result.depth);
  c->set_nodes(result.nodes);
  c->set_seed(request.seed);
  c->set_score(result.score);
  c->set_from_book(result.from_book);
  return event;
}

absl::StatusOr<Event> AnswerDrawOffer(const GameState& state) {
  if (!IsComputersAnswer(state)) {
    return absl::FailedPreconditionError(
        "no draw offer waits for the computer");
  }
  // The offer is made on the person's turn: search from the person's view
  // and turn the score round.
  const GameSearchRequest request = ComputerRequest(state);
  absl::StatusOr<GameSearchResult> result = SearchGame(request);
  if (!result.ok()) {
    return absl::InternalError(absl::StrCat("the computer could not answer: ",
                                            result.status().message()));
  }
  const int computer_score = -result->score;
  return computer_score < kAcceptDrawBelow ? AcceptDrawEvent(state)
                                           : DeclineDrawEvent(state);
}

}  // namespace checkers::events
