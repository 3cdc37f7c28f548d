#include "engine/board10.h"

#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

TEST(Board10Test, EverySquareHasItsOwnBitAndComesBack) {
  Bitboard seen = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    EXPECT_EQ(SquareOfBit(BitOf(s)), s);
    EXPECT_FALSE(seen & SquareBit(s)) << s;
    seen |= SquareBit(s);
  }
  EXPECT_EQ(seen, kBoard);
  EXPECT_EQ(PopCount(kBoard), 50);
}

TEST(Board10Test, GhostBitsAreNoSquare) {
  for (int bit : {10, 21, 32, 43, 54, 55, 63}) {
    EXPECT_EQ(SquareOfBit(bit), -1) << bit;
    EXPECT_FALSE(kBoard & (Bitboard{1} << bit)) << bit;
  }
}

TEST(Board10Test, EachDirectionIsOneShiftFromEverySquare) {
  const struct {
    int shift, rows, cols;
  } kSteps[] = {{kSouthWest, 1, -1},
                {kSouthEast, 1, 1},
                {kNorthEast, -1, 1},
                {kNorthWest, -1, -1}};
  for (Square s = 0; s < kNumSquares; ++s) {
    for (const auto& step : kSteps) {
      const Square target =
          SquareAt(RowOf(s) + step.rows, ColOf(s) + step.cols);
      const int bit = BitOf(s) + step.shift;
      const Square by_shift = bit < 0 ? -1 : SquareOfBit(bit);
      EXPECT_EQ(by_shift, target)
          << "square " << s + 1 << " shift " << step.shift;
    }
  }
}

TEST(Board10Test, SquaresFollowPdnNumbering) {
  // 1 is on row 0, column 1; 5 the top-right corner; 46 the bottom-left.
  EXPECT_EQ(SquareAt(0, 1), 0);
  EXPECT_EQ(SquareAt(0, 9), 4);
  EXPECT_EQ(SquareAt(9, 0), 45);
  EXPECT_EQ(SquareAt(1, 0), 5);
  EXPECT_EQ(SquareAt(0, 0), -1);
}

TEST(Board10Test, SquaresBetweenFollowsTheLongDiagonal) {
  // 46 to 5 is the long diagonal: 41, 37, 32, 28, 23, 19, 14, 10 between.
  Bitboard expected = 0;
  for (int n : {41, 37, 32, 28, 23, 19, 14, 10}) expected |= SquareBit(n - 1);
  EXPECT_EQ(SquaresBetween(45, 4), expected);
  EXPECT_EQ(SquaresBetween(0, 1), 0u);
}

TEST(Board10Test, RotatedTurnsEverySquareRound) {
  Bitboard all = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    EXPECT_EQ(Rotated(SquareBit(s)), SquareBit(kNumSquares - 1 - s)) << s;
    all |= SquareBit(s);
  }
  EXPECT_EQ(Rotated(all), kBoard);
}

}  // namespace
}  // namespace checkers::intl
