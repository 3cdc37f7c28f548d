#include "ui_cli/board_grid.h"

#include "absl/strings/str_cat.h"
#include "ui_cli/text_wrap.h"

namespace checkers::cli {

Square BoardGrid::SquareAtCell(int row, int col) const {
  if (row < 0 || row >= kSize || col < 0 || col >= kSize) return -1;
  return flipped_ ? SquareAt(kSize - 1 - row, kSize - 1 - col)
                  : SquareAt(row, col);
}

std::pair<int, int> BoardGrid::CellOf(Square square) const {
  const int row = RowOf(square), col = ColOf(square);
  return flipped_ ? std::make_pair(kSize - 1 - row, kSize - 1 - col)
                  : std::make_pair(row, col);
}

std::string BoardGrid::Text(absl::FunctionRef<std::string(Square)> cell) const {
  std::string text;
  for (int row = 0; row < kSize; ++row) {
    std::string line;
    for (int col = 0; col < kSize; ++col) {
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

}  // namespace checkers::cli
