// The board drawn as text, for the terminal games and `checkers show`:
// pieces as letters, empty playable squares as numbers, the person's side
// at the bottom, and the lists of each side's pieces for screen readers.

#ifndef CHECKERS_TERMINAL_BOARD_TEXT_H_
#define CHECKERS_TERMINAL_BOARD_TEXT_H_

#include <string>

#include "events/game_state.h"
#include "lang/catalogue.h"

namespace checkers::terminal {

// Whether the board is drawn turned (square 32 at the top-left): when the
// bottom side starts on squares 1-12, the first side in English and pool,
// the second in Russian.
bool Flipped(const events::GameState& state);

// The board as 8 lines of text: each piece as its letter (PieceLetter),
// each empty playable square as its number, the bottom side's home rows
// last (BottomSide).
std::string BoardText(const lang::Catalogue& t, const events::GameState& state);

// The legend of the board's letters for line mode: "r = Red man,
// R = Red king, w = White man, W = White king".
std::string LegendText(const lang::Catalogue& t,
                       const events::GameState& state);

// The board as text for line mode: 8 lines of letters and empty squares'
// numbers, the bottom side's home rows last, then one line per side
// listing its men and kings by square, for screen readers.
std::string LineBoardText(const lang::Catalogue& t,
                          const events::GameState& state);

// `checkers show`: whose turn and the turn number (or the result), the
// mode, the rules and options, the board, FEN, the draw countdown, the
// repetition count and a standing draw offer; one line each.
std::string ShowText(const lang::Catalogue& t, const events::GameState& state);

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_BOARD_TEXT_H_
