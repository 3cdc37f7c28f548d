// What the full-screen game shows and the keys it reads, as plain values:
// the controller (tui_controller.h) builds a ScreenModel, the ncurses view
// (tui_view.h) draws it and turns the terminal's input into these keys.

#ifndef CHECKERS_TERMINAL_TUI_MODEL_H_
#define CHECKERS_TERMINAL_TUI_MODEL_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_position.h"

namespace checkers::terminal {

// A set of squares of either board: bit s is 0-based square s (0..49).
using SquareSet = uint64_t;

// Keys, independent of the terminal library: a printable ASCII character
// is itself; the others are these.
enum Key : int {
  kKeyUp = 0x110000,
  kKeyDown,
  kKeyLeft,
  kKeyRight,
  kKeyEnter,
  kKeyEscape,
  kKeyBackspace,
};

// One square of the board as shown.
struct CellView {
  // The playable square (0..31, or 0..49 on 10x10), or -1 for a light
  // square.
  Square square = -1;
  // The piece shown there: during a multi-jump the moving piece is shown
  // at its last landing.
  Piece piece = Piece::kEmpty;
  // The piece as drawn: the colour's letter, with a crown before a king's.
  std::string glyph;
  // The colour the piece is named after ("red", "white", "black"); empty
  // for an empty square.
  std::string colour;
  bool focus = false;
  // The start of the route under way.
  bool selected = false;
  // Hints: a legal next square for the selected (or focused) piece, and a
  // piece that must capture.
  bool destination = false;
  bool must_capture = false;
  // Jumped by the route under way.
  bool captured = false;
  // 1, 2, ... for the route's landings; 0 elsewhere.
  int route_step = 0;
  // An opponent's piece that the selected (or focused) piece can take.
  bool capturable = false;
  // Where the computer's last turn started and ended, and what it took;
  // shown until the next turn.
  bool last_move = false;
  bool last_captured = false;
};

// A question with numbered options.
struct MenuView {
  std::string title;
  std::vector<std::string> lines;
  std::vector<std::string> options;
  int selected = 0;
};

struct ScreenModel {
  std::string title;
  bool board_visible = false;
  // The board as shown, row 0 at the top: the bottom side's home rows are
  // rows 5-7.
  // Cells per side of the board: 8, or 10 for international; cells beyond
  // it are unused.
  int board_size = 8;
  std::array<std::array<CellView, 10>, 10> cells;
  bool numbers = true;
  // Paragraphs for the side panel.
  std::vector<std::string> panel;
  // The focused square in words, and whose turn it is.
  std::string status;
  // The latest messages, oldest first.
  std::vector<std::string> messages;
  // The keys, in one line.
  std::string keys;
  // The move prompt, with what has been typed, while it is open.
  std::optional<std::string> prompt;
  std::optional<MenuView> menu;
  // Shown instead of everything when the terminal is smaller than 80x24.
  std::string too_small;
};

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_MODEL_H_
