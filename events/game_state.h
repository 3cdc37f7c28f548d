// The state of a game as rebuilt from its events, and the pure fold that
// rebuilds it. Nothing else holds game state: every view (board, counters,
// result, undo target) is computed from a GameState folded from the log.

#ifndef CHECKERS_EVENTS_GAME_STATE_H_
#define CHECKERS_EVENTS_GAME_STATE_H_

#include <cstdint>
#include <memory>
#include <optional>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_position.h"
#include "engine/movegen8.h"
#include "engine/rules.h"
#include "events/events.pb.h"

namespace checkers::events {

// The engine's colour of `side` when `first_mover` moves first: Black in
// English and pool, White in Russian (GameRules::first_mover).
inline constexpr Color ColorOf(Side side, Color first_mover = Color::kBlack) {
  return side == SECOND ? Opponent(first_mover) : first_mover;
}
inline constexpr Side SideOf(Color c, Color first_mover = Color::kBlack) {
  return c == first_mover ? FIRST : SECOND;
}
inline constexpr Side OtherSide(Side side) {
  return side == SECOND ? FIRST : SECOND;
}

// The name `side` is shown with under the colour names of `started` (the
// default edition: Red moves first, against White). Null `started` gives
// the default names.
absl::string_view SideName(const GameStarted* started, Side side);

// The engine's edition of a recorded one; unset (older logs) is English.
Edition EditionOf(RulesEdition edition);
// The recorded edition of an engine one.
RulesEdition RulesEditionOf(Edition edition);

// Russian draughts: turns of the side with three kings or more in which a
// lone king must be taken before the game is drawn.
inline constexpr int kLoneKingTurns = 15;

// International draughts (docs/RULES.md): besides its no-progress draw
// (kInternationalNoProgressTurns, engine/rules.h), against a lone king
// three pieces with a king draw after 16 moves each, and two pieces with a
// king after 5.
inline constexpr int kThreePiecesTurns = 16;
inline constexpr int kTwoPiecesTurns = 5;

// The rules a GameStarted event puts in force, in the form the fold uses.
struct GameRules {
  Edition edition = Edition::kEnglish;
  // The engine colour that moves first (the FIRST side).
  Color first_mover = Color::kBlack;
  CaptureRule capture = CaptureRule::kMandatory;
  // Consecutive turns without a capture or a man's move that draw the game.
  int no_progress_limit = 2 * kDefaultNoProgressTurns;
  // Turns in all that draw the game; 0 for no limit.
  int turn_limit = 0;
  // Turns of the stronger side that draw three kings or more (Russian), or
  // three pieces with a king (international), against a lone king; 0
  // where the edition has no such draw.
  int lone_king_turns = 0;
  // Turns of the stronger side that draw two pieces with a king against a
  // lone king (international); 0 where the edition has no such draw.
  int two_pieces_turns = 0;
  // One king against one king is drawn at once (Russian).
  bool king_against_king_draws = false;
};

// The rules of `started`, with the defaults of docs/RULES.md for unset
// options.
GameRules RulesOf(const GameStarted& started);

// A position that has stood since the last irreversible move (a capture or
// a man's move), with the seq of the event after which it stood.
struct Occurrence {
  uint64_t hash;
  uint64_t seq;
};

struct GameState {
  // Set by the GameStarted event; null before it.
  std::shared_ptr<const GameStarted> started;
  GameRules rules;
  // Who plays: set by GameStarted, changed by ModeChanged.
  Mode mode = MODE_UNSPECIFIED;
  Difficulty difficulty = DIFFICULTY_UNSPECIFIED;
  // In VS_COMPUTER mode, the person's side.
  Side human_side = SIDE_UNSPECIFIED;
  // In REMOTE mode, who took each side's seat; null while it is free.
  std::shared_ptr<const SeatTaken> first_seat;
  std::shared_ptr<const SeatTaken> second_seat;
  // In REMOTE mode, whether the computer stands in for each side's holder
  // (StandIn until HandBack).
  bool first_stood_in = false;
  bool second_stood_in = false;
  // The unix_millis of the event the side to move's turn clock runs from:
  // the last TurnPlayed, SeatTaken, HandBack or DrawDeclined (or the
  // GameStarted). Only a turn marked `timeout` reads it.
  int64_t turn_started_millis = 0;

  // The board of the game's edition (8x8 or 10x10), in square numbers.
  GamePosition position;
  // Completed turns, and the move of the last (nullopt before the first),
  // with the pieces it took, for the shells to mark it.
  int turns = 0;
  std::optional<GameMove> last_move;
  // The seq of the last event folded (events are numbered from 1).
  uint64_t last_seq = 0;

  // Every position since the last irreversible move, oldest first. Only
  // these can repeat; the no-progress rule keeps the list short.
  // Inline room for the default no-progress limit, so folding a game does
  // not allocate.
  absl::InlinedVector<Occurrence, 84> since_irreversible;
  // How many entries of since_irreversible are the current position.
  int repetitions = 1;
  // Turns since the last capture or man's move, and the seq of the event
  // after which that count began.
  int no_progress_turns = 0;
  uint64_t no_progress_since_seq = 0;

  // Where the edition has a lone-king draw: the colour that holds the
  // balance of that draw (three kings or more in Russian; two or three
  // pieces with a king in international) while the other has one king and
  // nothing else, its pieces, the seq of the event after which that
  // balance arose, and the turns that colour has played since.
  std::optional<Color> lone_king_hunter;
  int lone_king_hunter_pieces = 0;
  uint64_t lone_king_since_seq = 0;
  int lone_king_turns = 0;

  // The side whose draw offer stands, if any; a played turn ends it.
  std::optional<Side> draw_offer;
  // Set when the side to move has resigned but the end is not yet folded.
  std::optional<Side> resigned;
  // Set once a DrawAccepted is folded, until the GameEnded that follows.
  bool draw_agreed = false;

  // Set by GameEnded.
  std::optional<GameEnded> ended;

  bool over() const { return ended.has_value(); }
  bool vs_computer() const { return mode == VS_COMPUTER; }
  // The seat of `side` in REMOTE mode; null while free or in another mode.
  const SeatTaken* seat(Side side) const {
    return (side == SECOND ? second_seat : first_seat).get();
  }
  // Whether the computer stands in for `side`'s holder in REMOTE mode.
  bool stood_in(Side side) const {
    return side == SECOND ? second_stood_in : first_stood_in;
  }
  // The turn limit in seconds of a REMOTE game; 0 for none.
  uint32_t turn_seconds() const {
    return started != nullptr && mode == REMOTE ? started->turn_seconds() : 0;
  }
  Side side_to_move() const {
    return SideOf(position.side_to_move(), rules.first_mover);
  }
  // The engine colour of `side` in this game.
  Color ColorOf(Side side) const {
    return events::ColorOf(side, rules.first_mover);
  }
  // How many times the current position has stood since the last
  // irreversible move (1 when it is new).
  int RepetitionCount() const { return repetitions; }
  // Turns left before the no-progress or turn-limit draw, whichever is
  // nearer.
  int TurnsUntilAutomaticDraw() const;
  // The turns the lone-king balance of this state allows its stronger side
  // (GameRules::lone_king_turns or two_pieces_turns); 0 when none stands.
  int LoneKingLimit() const;
};

// An event that may follow the state it was checked against, with what
// checking it established: for a TurnPlayed, the legal move its squares
// name; for a GameStarted, its start position. Only Check (validate.h)
// makes one, so the fold takes it on trust. It refers to the event, which
// must outlive it.
class CheckedEvent {
 public:
  const Event& event() const { return *event_; }
  // The move of a TurnPlayed.
  const GameMove& move() const { return *move_; }
  // The position a GameStarted starts from.
  const GamePosition& start() const { return start_; }

 private:
  friend absl::StatusOr<CheckedEvent> Check(const GameState& state,
                                            const Event& event);
  explicit CheckedEvent(const Event& event) : event_(&event) {}

  const Event* event_;
  std::optional<GameMove> move_;
  GamePosition start_;
};

// Folds one checked event into the state it was checked against. Pure: it
// returns a new state and reads nothing else; it cannot fail.
GameState Apply(const GameState& state, const CheckedEvent& event);

// Apply, in place; the fold of a whole log uses this to avoid copies.
void ApplyInPlace(GameState* state, const CheckedEvent& event);

// The GameEnded that the rules impose on `state` now — no legal move for
// the side to move, a third occurrence of the position, the no-progress
// limit, the turn limit, the Russian lone-king and king-against-king
// draws, the international 16- and 5-move draws against a lone king
// (recorded as LONE_KING_HELD), an accepted draw or a resignation — or
// nullopt.
// A command that makes such a state appends this event in the same commit.
std::optional<GameEnded> DueEnd(const GameState& state);

// Whether each side has one king and nothing else and the side to move
// cannot take the other's (the Russian draw of a game neither can win).
bool IsKingAgainstKing(const GameState& state);

// Whether the game of `state` goes on: it has started, has not ended, and
// the rules impose no end on it now, so its side to move may act.
bool GoesOn(const GameState& state);

}  // namespace checkers::events

#endif  // CHECKERS_EVENTS_GAME_STATE_H_
