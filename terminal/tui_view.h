// The ncurses view of the full-screen game: draws a ScreenModel in an 80x24
// (or larger) terminal and turns keys and mouse clicks into the
// controller's inputs. It decides nothing about the game.

#ifndef CHECKERS_TERMINAL_TUI_VIEW_H_
#define CHECKERS_TERMINAL_TUI_VIEW_H_

#include <array>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "terminal/tui_controller.h"
#include "terminal/tui_model.h"

namespace checkers::terminal {

// The terminal size the layout needs.
inline constexpr int kScreenWidth = 80;
inline constexpr int kScreenHeight = 24;
// The width of a menu's text; with its frame and margins a menu spans 78
// columns at most, and 5 rows besides its text and options.
inline constexpr int kMenuTextWidth = 74;
inline constexpr int kMenuExtraRows = 5;

// One input from the terminal.
struct ViewInput {
  enum Kind {
    kNone,    // the wait timed out
    kKey,     // `value` is a Key or a printable character
    kSquare,  // a click on square `value`
    kOption,  // a click on menu option `value`
    kRedraw,  // the terminal was resized or asked to be redrawn
    kHangup,  // the terminal is gone
  };
  Kind kind = kNone;
  int value = 0;
};

class TuiView {
 public:
  struct Options {
    // Colours where the terminal has them; every cue is also drawn as a
    // character or an attribute, so the game is complete without.
    bool color = true;
  };

  // Takes over the terminal on stdin/stdout. FailedPrecondition when there
  // is no usable terminal (TERM unset or unknown).
  static absl::StatusOr<std::unique_ptr<TuiView>> Create(Options options);

  // Gives the terminal back as it was.
  ~TuiView();

  TuiView(const TuiView&) = delete;
  TuiView& operator=(const TuiView&) = delete;

  void Draw(const ScreenModel& model);

  // Waits up to `timeout_ms` for one input.
  ViewInput Poll(int timeout_ms);

  // Gives the terminal back before the process stops (Ctrl-Z), and takes
  // it again when it continues.
  void Suspend();
  void Resume();

 private:
  TuiView();
  void DrawBoard(const ScreenModel& model);
  void DrawCell(int y, int x, const CellView& cell, bool numbers);
  // A square of the 10x10 board, one row high and four columns wide, so
  // that the board fits beside the panel.
  void DrawCompactCell(int y, int x, const CellView& cell, bool numbers);
  // The piece of `cell`, two columns wide at row `y`, column `x`, in its
  // colour (dimmed once taken by the route under way).
  void DrawPiece(int y, int x, const CellView& cell, int focus);
  void DrawPanel(const ScreenModel& model);
  void DrawMenu(const MenuView& menu);
  void DrawText(int y, int x, int width, const std::string& text,
                int attributes);

  bool color_ = false;
  // Where the last Draw put each menu option (screen row), for clicks.
  std::vector<int> option_rows_;
  int option_left_ = 0, option_right_ = 0;
  // Where the last Draw put the board: its size, the size of a square on
  // the screen, and the square at each screen cell.
  bool board_drawn_ = false;
  int board_size_ = 8;
  int cell_width_ = 6, cell_height_ = 2;
  std::array<std::array<int, 10>, 10> squares_{};
};

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_VIEW_H_
