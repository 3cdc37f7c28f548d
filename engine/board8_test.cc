#include "engine/board8.h"

#include <initializer_list>

#include "gtest/gtest.h"

namespace checkers {
namespace {

// The squares diagonally adjacent to `s` in the given row direction,
// computed from board geometry rather than shifts.
Bitboard GeometricNeighbours(Square s, int row_step) {
  Bitboard b = 0;
  for (int col_step : {-1, +1}) {
    const Square n = SquareAt(RowOf(s) + row_step, ColOf(s) + col_step);
    if (n >= 0) b |= SquareBit(n);
  }
  return b;
}

TEST(BitboardTest, SquareGeometryRoundTrips) {
  for (Square s = 0; s < kNumSquares; ++s) {
    EXPECT_EQ(SquareAt(RowOf(s), ColOf(s)), s);
    EXPECT_EQ((RowOf(s) + ColOf(s)) % 2, 1)
        << "square " << s + 1 << " must be dark";
  }
  EXPECT_EQ(SquareAt(0, 0), -1);
  EXPECT_EQ(SquareAt(8, 1), -1);
}

TEST(BitboardTest, StepShiftsMatchDiagonalGeometry) {
  for (Square s = 0; s < kNumSquares; ++s) {
    const Bitboard b = SquareBit(s);
    EXPECT_EQ(Steps<true>::By4(b) | Steps<true>::By35(b),
              GeometricNeighbours(s, +1))
        << "square " << s + 1;
    EXPECT_EQ(Steps<false>::By4(b) | Steps<false>::By35(b),
              GeometricNeighbours(s, -1))
        << "square " << s + 1;
    EXPECT_EQ(Neighbours(b),
              GeometricNeighbours(s, +1) | GeometricNeighbours(s, -1));
    // Each shift family moves a square to at most one square.
    EXPECT_LE(PopCount(Steps<true>::By4(b)), 1);
    EXPECT_LE(PopCount(Steps<true>::By35(b)), 1);
  }
}

TEST(BitboardTest, ReverseStepsUndoForwardSteps) {
  for (Square s = 0; s < kNumSquares; ++s) {
    const Bitboard b = SquareBit(s);
    if (Bitboard t = Steps<true>::By4(b)) {
      EXPECT_EQ(Steps<false>::By4(t), b);
    }
    if (Bitboard t = Steps<true>::By35(b)) {
      EXPECT_EQ(Steps<false>::By35(t), b);
    }
    if (Bitboard t = Steps<false>::By4(b)) {
      EXPECT_EQ(Steps<true>::By4(t), b);
    }
    if (Bitboard t = Steps<false>::By35(b)) {
      EXPECT_EQ(Steps<true>::By35(t), b);
    }
  }
}

TEST(BitboardTest, PdnNeighboursOfKnownSquares) {
  auto south = [](int pdn) {
    const Bitboard b = SquareBit(pdn - 1);
    return Steps<true>::By4(b) | Steps<true>::By35(b);
  };
  EXPECT_EQ(south(11), SquareBit(14) | SquareBit(15));  // 11-15, 11-16
  EXPECT_EQ(south(12), SquareBit(15));                  // 12-16 only
  EXPECT_EQ(south(5), SquareBit(8));                    // 5-9 only
  EXPECT_EQ(south(9), SquareBit(12) | SquareBit(13));   // 9-13, 9-14
  EXPECT_EQ(south(29), 0u);
}

TEST(BitboardTest, SquaresBetweenFollowsOneDiagonalAtAnyDistance) {
  auto pdn = [](std::initializer_list<int> squares) {
    Bitboard b = 0;
    for (int s : squares) b |= SquareBit(s - 1);
    return b;
  };
  EXPECT_EQ(SquaresBetween(22 - 1, 15 - 1), pdn({18}));
  EXPECT_EQ(SquaresBetween(15 - 1, 22 - 1), pdn({18}));
  // The long diagonal, corner to corner.
  EXPECT_EQ(SquaresBetween(4 - 1, 29 - 1), pdn({8, 11, 15, 18, 22, 25}));
  EXPECT_EQ(SquaresBetween(22 - 1, 18 - 1), 0u);  // neighbours
  EXPECT_EQ(SquaresBetween(1 - 1, 2 - 1), 0u);    // one row
  EXPECT_EQ(SquaresBetween(1 - 1, 9 - 1), 0u);    // one column
}

TEST(BitboardTest, RotatedTurnsTheBoardRound) {
  for (Square s = 0; s < 32; ++s) {
    EXPECT_EQ(Rotated(SquareBit(s)), SquareBit(31 - s)) << s;
    // The same row and column counted from the other corner.
    EXPECT_EQ(RowOf(31 - s), 7 - RowOf(s));
    EXPECT_EQ(ColOf(31 - s), 7 - ColOf(s));
  }
  const Bitboard some = 0x8001F00Au;
  EXPECT_EQ(Rotated(Rotated(some)), some);
  static_assert(Rotated(1u) == 0x80000000u);
}

}  // namespace
}  // namespace checkers
