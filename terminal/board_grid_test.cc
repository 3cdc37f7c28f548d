#include "terminal/board_grid.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace checkers::terminal {
namespace {

TEST(BoardGridTest, UnflippedSquareOneIsInTheTopRowSecondCell) {
  const BoardGrid grid(false);
  EXPECT_EQ(grid.SquareAtCell(0, 1), 0);
  EXPECT_EQ(grid.SquareAtCell(0, 0), -1);
  EXPECT_EQ(grid.SquareAtCell(7, 6), 31);
  EXPECT_EQ(grid.SquareAtCell(8, 1), -1);
  EXPECT_EQ(grid.CellOf(0), std::make_pair(0, 1));
}

TEST(BoardGridTest, FlippedTurnsTheBoardHalfRound) {
  const BoardGrid grid(true);
  EXPECT_EQ(grid.SquareAtCell(7, 6), 0);
  EXPECT_EQ(grid.SquareAtCell(0, 1), 31);
  for (Square s = 0; s < 32; ++s) {
    const auto [row, col] = grid.CellOf(s);
    EXPECT_EQ(grid.SquareAtCell(row, col), s);
  }
}

TEST(BoardGridTest, TextRightAlignsCellsAndTrimsEachLine) {
  const std::string text =
      BoardGrid(false).Text([](Square s) { return absl::StrCat(s + 1); });
  EXPECT_EQ(text.substr(0, text.find('\n')), "     1     2     3     4");
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1),
            " 29    30    31    32\n");
}

}  // namespace
}  // namespace checkers::terminal
