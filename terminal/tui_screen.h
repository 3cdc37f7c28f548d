// The full-screen game's screen model: the board with its pieces and hints,
// the side panel, the status line and the open question, built from the
// session, the turn under way and the controller's settings. It reads and
// never changes anything.

#ifndef CHECKERS_TERMINAL_TUI_SCREEN_H_
#define CHECKERS_TERMINAL_TUI_SCREEN_H_

#include <optional>
#include <string>
#include <vector>

#include "lang/catalogue.h"
#include "session/session.h"
#include "terminal/tui_dialogs.h"
#include "terminal/tui_entry.h"
#include "terminal/tui_model.h"

namespace checkers::terminal {

class TuiScreen {
 public:
  // What the controller holds besides the session and the turn under way.
  struct Settings {
    Square focus = 0;
    bool hints = true;
    bool numbers = true;
    // The latest messages, oldest first.
    const std::vector<std::string>* messages = nullptr;
    // The move prompt's text while it is open.
    const std::optional<std::string>* prompt = nullptr;
  };

  // Every reference must outlive the screen.
  TuiScreen(const lang::Catalogue& text, const session::Session& session,
            const TuiEntry& entry, const TuiDialogs& dialogs, Settings settings)
      : t_(text),
        session_(session),
        entry_(entry),
        dialogs_(dialogs),
        settings_(settings) {}

  ScreenModel Model() const;
  // The focused square in words and whose turn it is.
  std::string StatusLine() const;

 private:
  // The computer's turn, if the last turn was its: the squares it went
  // from and to, and those it took.
  struct LastMove {
    SquareSet ends = 0;
    SquareSet captured = 0;
  };
  LastMove ComputersLastMove() const;
  std::string SquareWords(Square square) const;
  std::vector<std::string> Panel() const;

  const lang::Catalogue& t_;
  const session::Session& session_;
  const TuiEntry& entry_;
  const TuiDialogs& dialogs_;
  const Settings settings_;
};

// Whether the board is drawn turned, and the display row and column of
// `square` on it, and back, for `state`'s game.
std::pair<int, int> DisplayOf(const events::GameState& state, Square square);
Square SquareOfDisplay(const events::GameState& state, int row, int col);

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_SCREEN_H_
