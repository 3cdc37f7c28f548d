// The full-screen game's controller: every key `checkers play` answers and
// every click, without a terminal. It routes them to the questions
// (tui_dialogs.h), the turn under way (tui_entry.h) or the session, moves
// the focus, keeps the latest messages, and hands the ncurses view
// (tui_view.h) the ScreenModel to draw (tui_screen.h); tests drive it
// directly.
//
// It holds no rules: what may move and where comes from the session's
// move entry, and a turn reaches the session (and the save) only once it
// is a whole legal move.

#ifndef CHECKERS_TERMINAL_TUI_CONTROLLER_H_
#define CHECKERS_TERMINAL_TUI_CONTROLLER_H_

#include <optional>
#include <string>
#include <vector>

#include "lang/catalogue.h"
#include "session/session.h"
#include "terminal/tui_dialogs.h"
#include "terminal/tui_entry.h"
#include "terminal/tui_model.h"

namespace checkers::terminal {

class TuiController {
 public:
  using Options = TuiDialogs::Options;

  // `session` has been opened and outlives the controller.
  TuiController(const lang::Catalogue& text, session::Session* session,
                Options options);

  // Asks the first question: what to do with a damaged save, Resume or New
  // game, or the new game's mode; or starts the --mode game.
  void Start();

  void OnKey(int key);
  // A click on a playable square: focus it and select it.
  void OnClickSquare(Square square);
  // A click on a menu option.
  void OnClickOption(int index);
  // The terminal was suspended (Ctrl-Z) or lost: pause.
  void OnSuspend();
  // Lets the computer move and collects what the session said.
  void Tick();

  ScreenModel Model() const;
  bool done() const { return done_; }
  Square focus() const { return focus_; }
  const std::vector<Square>& route() const { return entry_.route(); }

 private:
  void Follow(const TuiDialogs::After& after);
  void OnPromptKey(int key);
  void OnGameKey(int key);
  void Say(std::string message);
  void MoveFocus(int key);
  void FocusFirstMovable();

  const lang::Catalogue& t_;
  session::Session* session_;
  TuiDialogs dialogs_;
  TuiEntry entry_;
  std::optional<std::string> prompt_;
  Square focus_ = 0;
  int preferred_col_ = 0;
  bool hints_ = true;
  bool numbers_ = true;
  std::vector<std::string> messages_;
  bool done_ = false;
};

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_CONTROLLER_H_
