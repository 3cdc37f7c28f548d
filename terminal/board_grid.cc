#include "terminal/board_grid.h"

#include "absl/strings/str_cat.h"
#include "engine/board10.h"
#include "terminal/text_wrap.h"

namespace checkers::terminal {

Square BoardGrid::SquareAtCell(int row, int col) const {
  if (row < 0 || row >= size_ || col < 0 || col >= size_) return -1;
  if (flipped_) {
    row = size_ - 1 - row;
    col = size_ - 1 - col;
  }
  return size_ == 10 ? intl::SquareAt(row, col) : SquareAt(row, col);
}

std::pair<int, int> BoardGrid::CellOf(Square square) const {
  const int row = size_ == 10 ? intl::RowOf(square) : RowOf(square);
  const int col = size_ == 10 ? intl::ColOf(square) : ColOf(square);
  return flipped_ ? std::make_pair(size_ - 1 - row, size_ - 1 - col)
                  : std::make_pair(row, col);
}

std::string BoardGrid::Text(absl::FunctionRef<std::string(Square)> cell) const {
  std::string text;
  for (int row = 0; row < size_; ++row) {
    std::string line;
    for (int col = 0; col < size_; ++col) {
      const Square s = SquareAtCell(row, col);
      const std::string shown = s < 0 ? "" : cell(s);
      absl::StrAppend(&line, std::string(3 - TextWidth(shown), ' '), shown);
    }
    // Keep lines free of trailing blanks, for diff-friendly output.
    while (!line.empty() && line.back() == ' ') line.pop_back();
    absl::StrAppend(&text, line, "\n");
  }
  return text;
}

}  // namespace checkers::terminal
