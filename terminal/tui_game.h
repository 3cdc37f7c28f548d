// The full-screen game's loop: the ncurses view, the controller and the
// session, with the signals that pause or end it.

#ifndef CHECKERS_TERMINAL_TUI_GAME_H_
#define CHECKERS_TERMINAL_TUI_GAME_H_

#include "absl/status/statusor.h"
#include "lang/catalogue.h"
#include "session/session.h"
#include "terminal/tui_controller.h"

namespace checkers::terminal {

// Runs the game on the terminal until the person quits or the terminal
// goes away, and returns the exit status: 0, or 128 plus the signal that
// ended it. `session` has been opened. The terminal is given back on every
// way out. FailedPrecondition, in the catalogue's words, when there is no
// terminal to draw on.
absl::StatusOr<int> RunFullScreen(const lang::Catalogue& text,
                                  session::Session* session,
                                  TuiController::Options options, bool color);

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_GAME_H_
