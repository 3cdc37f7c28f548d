// Perft of international draughts from the start position against the
// published table (docs/RULES.md cites it), both conventions, depths 1-8.
// Depth 9 is in tests/perft10_table_test.cc.

#include <cstdint>

#include "engine/fen10.h"
#include "engine/movegen10.h"
#include "engine/position10.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

TEST(Perft10Test, DepthZeroIsOneLeaf) {
  EXPECT_EQ(Perft(Position::Initial(), 0), 1u);
}

TEST(Perft10Test, StartPositionMatchesPublishedCountsToDepthEight) {
  const uint64_t keep[] = {1,     9,      81,      658,    4265,
                           27117, 167140, 1049442, 6483971};
  const uint64_t drop[] = {1,     9,      81,      658,    4265,
                           27117, 167140, 1049442, 6483961};
  for (int depth = 1; depth <= 8; ++depth) {
    EXPECT_EQ(Perft(Position::Initial(), depth, Routes::kKeep), keep[depth])
        << "keep, depth " << depth;
    EXPECT_EQ(Perft(Position::Initial(), depth, Routes::kDrop), drop[depth])
        << "drop, depth " << depth;
  }
}

TEST(Perft10Test, PerftFromTheStartFenEqualsPerftFromInitial) {
  EXPECT_EQ(Perft(*ParseFen(kInitialFen), 5), 27117u);
}

}  // namespace
}  // namespace checkers::intl
