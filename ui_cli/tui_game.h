// The full-screen game's loop: the ncurses view, the controller and the
// session, with the signals that pause or end it.

#ifndef CHECKERS_UI_CLI_TUI_GAME_H_
#define CHECKERS_UI_CLI_TUI_GAME_H_

#include "lang/catalogue.h"
#include "session/session.h"
#include "ui_cli/tui_controller.h"

namespace checkers::cli {

// Runs the game on the terminal until the person quits or the terminal
// goes away, and returns the exit status. `session` has been opened. The
// terminal is given back on every way out.
int RunFullScreen(const lang::Catalogue& text, session::Session* session,
                  TuiController::Options options, bool color);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_TUI_GAME_H_
