// The computer's side of a game against it: when it is to play, the search
// request its level and the game's history make, and the events that
// record its choices. The search itself is engine/search.h, reached for
// either board through engine/game_search.h.

#ifndef CHECKERS_EVENTS_COMPUTER_H_
#define CHECKERS_EVENTS_COMPUTER_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_search.h"
#include "engine/search.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::events {

// "easy", "medium", "hard" (any case). InvalidArgument otherwise.
absl::StatusOr<Difficulty> ParseDifficulty(absl::string_view name);

// "computer" or "two-player" (any case), the words every shell and the
// JSON output use for a mode. InvalidArgument otherwise.
absl::StatusOr<Mode> ParseMode(absl::string_view name);

// The word ParseMode reads for `mode`: "computer" or "two-player".
absl::string_view ModeWord(Mode mode);

// The engine level of a difficulty (Medium when unset).
Level LevelOf(Difficulty difficulty);

// Whether the game is against the computer, goes on, and the computer is
// to move.
bool IsComputersTurn(const GameState& state);

// Whether a draw offer by the person stands in a game against the computer.
bool IsComputersAnswer(const GameState& state);

// A search of the position of `state` at `level`: the positions that may
// repeat, the no-progress count and the game's capture and draw rules come
// from the state; the committed opening book of the game's edition
// (engine/opening_book.h) is played from where it applies.
GameSearchRequest SearchRequestFor(const GameState& state, Level level,
                                   uint64_t seed);

// The seed of the search for the turn `state` is at, drawn from a game's
// seed and the turn number, so a replay makes the same choice.
uint64_t TurnSeed(uint64_t game_seed, const GameState& state);

// What the computer searches for the position of `state`: its level, the
// positions that may repeat, the no-progress count, the game's capture and
// draw rules, and the TurnSeed of the game's engine seed.
GameSearchRequest ComputerRequest(const GameState& state);

// The TurnPlayed that records `result`, the search of ComputerRequest(state).
Event ComputerTurnEvent(const GameState& state,
                        const GameSearchRequest& request,
                        const GameSearchResult& result);

// The computer's answer to the person's draw offer: it accepts when its
// search finds it is behind.
absl::StatusOr<Event> AnswerDrawOffer(const GameState& state);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_COMPUTER_H_
