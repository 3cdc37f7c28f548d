// The turn being entered in the full-screen game: the squares chosen so
// far, landing by landing, over the session's move entry
// (session/move_entry.h). It holds no rules; it asks the entry what may
// come next, words why a square cannot, and hands the session the route
// once it is a whole move. Squares here are 0-based, as the screen's.

#ifndef CHECKERS_TERMINAL_TUI_ENTRY_H_
#define CHECKERS_TERMINAL_TUI_ENTRY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "engine/game_position.h"
#include "lang/catalogue.h"
#include "session/move_entry.h"
#include "session/session.h"
#include "terminal/tui_model.h"

namespace checkers::terminal {

class TuiEntry {
 public:
  // `session` outlives the entry.
  TuiEntry(const lang::Catalogue& text, session::Session* session)
      : t_(text), session_(session) {}

  // `square` chosen (a key or a click): it starts, extends or lets go of
  // the route, and a route that becomes a whole move is played. Returns
  // what to tell the person (empty once a move is played).
  std::string Choose(Square square);
  // Lets go of the route; the board returns to before the turn.
  void Cancel() { route_.clear(); }
  // Drops a route begun for an earlier state of the game.
  void Refresh();

  // The squares chosen, the piece's square first.
  const std::vector<Square>& route() const { return route_; }

  // The hints for the route, or, with none under way, for the piece on
  // `focus`: the next squares, the pieces jumped so far, the opponent's
  // pieces at stake, and (with no route) the pieces that must capture.
  struct Hints {
    SquareSet next = 0;
    SquareSet captured = 0;
    SquareSet capturable = 0;
    SquareSet must_capture = 0;
  };
  Hints HintsAt(Square focus) const;

  // The piece shown on `square`: along a route under way the moving piece
  // is drawn where it has got to.
  Piece ShownPiece(Square square) const;

 private:
  std::vector<int> Numbers() const;

  const lang::Catalogue& t_;
  session::Session* session_;
  std::vector<Square> route_;
  // The state's last_seq when the route began.
  uint64_t route_seq_ = 0;
};

// A set of square numbers (1-32 or 1-50) as 0-based squares, and back.
SquareSet SetOf(absl::Span<const int> numbers);
std::vector<int> NumbersOf(SquareSet set);
inline bool Contains(SquareSet set, Square s) {
  return s >= 0 && (set & (SquareSet{1} << s)) != 0;
}

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_ENTRY_H_
