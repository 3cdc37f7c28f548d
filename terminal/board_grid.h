// The board as every shell lays it out: rows of cells with row 0 at the
// top, turned half round (flipped) when the first side's home rows belong
// at the bottom. The one place that maps screen cells to squares and
// draws the board as lines of text, so that the TUI, the line game and
// `checkers show` agree on it.

#ifndef CHECKERS_TERMINAL_BOARD_GRID_H_
#define CHECKERS_TERMINAL_BOARD_GRID_H_

#include <string>
#include <utility>

#include "absl/functional/function_ref.h"
#include "engine/board8.h"

namespace checkers::terminal {

class BoardGrid {
 public:
  // Cells per side of the 8x8 board (the TUI's).
  static constexpr int kSize = 8;

  // The board of `size` cells a side: 8, or 10 for international draughts
  // (squares 0-49 laid out as engine/board10.h says).
  explicit BoardGrid(bool flipped, int size = kSize)
      : flipped_(flipped), size_(size) {}

  bool flipped() const { return flipped_; }
  int size() const { return size_; }

  // The square shown at cell (row, col), or -1 for a light square or a
  // cell off the board.
  Square SquareAtCell(int row, int col) const;

  // The cell (row, col) that shows `square`.
  std::pair<int, int> CellOf(Square square) const;

  // The board as size() lines, each cell right-aligned in three columns
  // (by display width, so letters of any script line up) and no line
  // ending in blanks; `cell` gives the text of each dark square.
  std::string Text(absl::FunctionRef<std::string(Square)> cell) const;

 private:
  bool flipped_;
  int size_;
};

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_BOARD_GRID_H_
