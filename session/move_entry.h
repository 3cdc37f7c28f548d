// Move entry: the one way a person's turn is put together, for every shell.
// A turn is entered as a route of squares — the piece's square, then each
// landing — and this answers, for the route entered so far, what may come
// next: the pieces that may start, the squares that may follow, the pieces
// jumped so far, and, once the route is a whole legal move, that move and
// its text. The terminal game asks it square by square, the line game and
// `checkers move` resolve typed notation through it, and the web API sends
// its tree of routes with the state so that the page holds no rules
// (web/API.md).
//
// It holds no rules of its own: every answer comes from the legal moves of
// the game's position under the game's capture rule. It does not check who
// may move: the session does, and the fold's check (events::Check) is the
// one place a turn is validated before it is saved.

#ifndef CHECKERS_SESSION_MOVE_ENTRY_H_
#define CHECKERS_SESSION_MOVE_ENTRY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/game_position.h"
#include "events/game_state.h"

namespace checkers::session {

// Why a square was not taken as the next one of a route.
enum class EntryRefusal {
  kNone,
  // The route is empty and the square holds a piece of the side to move
  // that cannot move (another must capture: Step::must_capture says which).
  kCannotMove,
  // The route is empty and the square holds no piece of the side to move.
  kNotYourPiece,
  // A landing was expected and the square is not one (Step::next lists
  // those that are).
  kNotALanding,
  // A capture has begun; the piece cannot be swapped for another.
  kSwitchRefused,
};

// What the route entered so far allows.
struct EntryStep {
  // The route as accepted: square numbers, the piece's square first.
  std::vector<int> route;
  // With an empty route, the squares of the pieces that may move.
  std::vector<int> starts;
  // The squares that may come next after `route`, ascending; with an
  // empty route, the same as `starts`.
  std::vector<int> next;
  // The opponent's pieces the route has jumped so far, in the order taken.
  std::vector<int> captured;
  // The opponent's pieces the route's possible continuations may take,
  // jumped ones excluded (a hint of what is at stake).
  std::vector<int> capturable;
  // The pieces of the side to move that must capture now; empty under
  // optional capture or when none can.
  std::vector<int> must_capture;
  // Set once `route` is a whole legal move: the turn is ready to play.
  std::optional<GameMove> move;
};

// The entry of one turn in `state`'s position, for its side to move and
// capture rule. It offers no moves when the game does not go on, or when
// no person's move is `awaited` (the session's gate says). `state` must
// outlive it.
class MoveEntry {
 public:
  explicit MoveEntry(const events::GameState& state, bool awaited = true);

  // The legal moves a route may become.
  const std::vector<GameMove>& moves() const { return moves_; }

  // What follows `route`, a prefix of a legal move's route (an empty
  // route is the start). A route that is no prefix of any legal move
  // answers as the longest prefix of it that is.
  EntryStep At(absl::Span<const int> route) const;

  // `route` extended by `square`, a person's click or key: the step that
  // results, or, when `square` cannot come next, the reason and the step
  // unchanged. Choosing the route's only square again, or another piece
  // that may move before any landing, starts over from that choice (the
  // first deselects: an empty route).
  struct Choice {
    EntryStep step;
    EntryRefusal refusal = EntryRefusal::kNone;
  };
  Choice Choose(absl::Span<const int> route, int square) const;

  // The legal move that typed notation names: a full route ("24x15x6",
  // "11-15"), or the short form of a capture that names its first and last
  // squares ("24x6") when exactly one route fits. InvalidArgument when the
  // text is not notation; FailedPrecondition when no legal move fits, or
  // when more than one does (then their texts are in `ambiguous`, which is
  // left alone otherwise).
  absl::StatusOr<GameMove> Resolve(absl::string_view text,
                                   std::vector<std::string>* ambiguous) const;

 private:
  // The legal moves whose route begins with `route`.
  std::vector<const GameMove*> Candidates(absl::Span<const int> route) const;

  const GamePosition& position_;
  const CaptureRule rule_;
  std::vector<GameMove> moves_;
  std::vector<int> must_capture_;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_MOVE_ENTRY_H_
