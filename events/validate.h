// Checking events before they are folded, and turning commands into the
// events that record them.
//
// The fold (game_state.h) trusts what it applies; everything that reaches
// it passes through here first — a command from a player, a turn chosen by
// the computer, or a record read back from a log, which may have been
// tampered with.

#ifndef CHECKERS_EVENTS_VALIDATE_H_
#define CHECKERS_EVENTS_VALIDATE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_position.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::events {

// `event`, checked to follow `state`: the first event is a GameStarted
// and no other is; a turn is the side to move's and legal under the
// game's rules; between two devices the computer plays a seat's turn only
// while it stands in for its holder (StandIn until HandBack), and a turn
// marked `timeout` only at or after its deadline (turn_started_millis plus
// turn_seconds); a draw is accepted or declined only while the other side's
// offer stands; a GameEnded states exactly the end the rules impose (its
// result, reason and evidence), or, as RECORDED, a result the moves do not
// contradict; nothing follows a GameEnded, and a game the rules have ended
// takes no other event. FailedPrecondition describing the problem
// otherwise. The result refers to `event`, which must outlive it.
absl::StatusOr<CheckedEvent> Check(const GameState& state, const Event& event);

// The legal move `turn` plays after `state`: the check Check makes of a
// TurnPlayed. FailedPrecondition describing the problem otherwise.
absl::StatusOr<GameMove> CheckTurn(const GameState& state,
                                   const TurnPlayed& turn);

// The events of one commit, and the game after them.
struct Commit {
  std::vector<Event> events;
  GameState after;
};

// The commit that records `event` after `state`: the event itself, then
// the GameEnded the rules impose after it, if any. Fails as Check.
absl::StatusOr<Commit> CommitFor(const GameState& state, Event event);

// The commits a writer makes of `events`, a checked log: each event on its
// own, except that an end the rules imposed (every GameEnded but a
// RECORDED one) goes in the commit of the event that caused it, as
// CommitFor makes them. Undo truncates at these boundaries.
std::vector<std::vector<Event>> SplitIntoCommits(std::vector<Event> events);

// The house options of a first game of `edition` (docs/RULES.md): forced
// capture, no turn limit; in English Red/White with the dark side first and
// 40 turns without progress by each side; in the variants Black/White, and
// the same no-progress draw in pool but none in Russian, and 25 moves each
// in international.
RuleOptions DefaultRuleOptions(Edition edition = Edition::kEnglish);

// The house options of a named preset of the English rules (docs/RULES.md,
// "Presets"): "wcdf", the tournament rules (the English defaults), or
// "qdan", the defaults of the Qdan site (forced capture, the first player
// swapped at every new game, 40 turns in total without progress, no turn
// limit). Nullopt for another name.
std::optional<RuleOptions> PresetOptions(absl::string_view name);

// The name of the preset whose options `options` are ("wcdf", "qdan"), or
// an empty string when they are of none.
std::string PresetOf(const RuleOptions& options);

// The most no-progress turns and the longest turn limit a game may set.
inline constexpr uint32_t kMaxNoProgressTurns = 1000;
inline constexpr uint32_t kMaxTurnLimit = 100000;

// A GameStarted event from its options. InvalidArgument, in words a user
// can act on, for a bad start FEN or options out of range: a no-progress
// limit over kMaxNoProgressTurns, a turn limit over kMaxTurnLimit, or a
// colour naming, no-progress count, mode or difficulty this build does not
// know.
absl::StatusOr<Event> StartEvent(GameStarted started);

// The person's side in a game with `options` that follows `previous`:
// `requested`, except that when both games swap the first player it is
// the other side from last time.
Side NewGameHumanSide(const GameState& previous, const RuleOptions& options,
                      Side requested);

// The TurnPlayed for the side to move playing `move_text` (see
// engine/notation8.h and engine/notation10.h for the forms accepted).
// InvalidArgument for text that is not a move; FailedPrecondition, listing the
// legal moves, for a move that is not legal or a game that is over.
absl::StatusOr<Event> TurnEvent(const GameState& state,
                                absl::string_view move_text);

// The TurnPlayed for the side to move playing `move`, a legal move.
Event TurnEvent(const GameState& state, const GameMove& move);
// The same for `move`, a legal move of an 8x8 game's engine position
// (state.position.eight()).
Event TurnEvent(const GameState& state, const Move& move);

// The draw commands, for the side to move (offer) or the side that did not
// offer (accept, decline); and resigning, for `side`.
absl::StatusOr<Event> OfferDrawEvent(const GameState& state);
absl::StatusOr<Event> AcceptDrawEvent(const GameState& state);
absl::StatusOr<Event> DeclineDrawEvent(const GameState& state);
absl::StatusOr<Event> ResignEvent(const GameState& state, Side side);

// Whether `name` may be shown as a player's name: UTF-8 text of 1 to 32
// characters, not all spaces, without controls, bidirectional overrides
// or isolates (U+202E...), zero-width characters (U+200B, U+FEFF...), line
// or paragraph separators (U+2028, U+2029), soft hyphens or tags, any of
// which could make one name pass for another or reorder what a page
// shows. FailedPrecondition naming the problem otherwise.
absl::Status CheckPlayerName(absl::string_view name);

// `side`'s seat of a REMOTE game taken by `name`, who shows a secret whose
// SHA-256 is `key_sha256`. FailedPrecondition, in words for the person,
// when the game is not REMOTE or is over, the seat is taken, the name is
// not one CheckPlayerName allows, the key is not 32 bytes, or the other
// seat has the same key.
absl::StatusOr<Event> SeatEvent(const GameState& state, Side side,
                                absl::string_view name,
                                absl::string_view key_sha256);

// The computer standing in for the holder of `side`'s seat of a REMOTE
// game, who is absent (StandInEvent), and handing it back to them
// (HandBackEvent). FailedPrecondition when the game is not REMOTE or is
// over, the seat is free, or the computer already stands in (does not
// stand in) for it.
absl::StatusOr<Event> StandInEvent(const GameState& state, Side side);
absl::StatusOr<Event> HandBackEvent(const GameState& state, Side side);

// The side that resigns when the person at the device does: theirs against
// the computer, the side to move between two players.
Side ResigningSide(const GameState& state);

// Continues the game in `mode` (the person keeps their side).
absl::StatusOr<Event> ModeChangeEvent(const GameState& state, Mode mode,
                                      Difficulty difficulty);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_VALIDATE_H_
