// Perft from the start position against the published English table
// (OEIS A133046, "keep" convention), depths 1-11. Deeper depths belong to
// `checkers bench perft`.

#include <cstdint>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(PerftTableTest, StartPositionMatchesPublishedCountsToDepthEleven) {
  const uint64_t expected[] = {1,      7,       49,       302,
                               1469,   7361,    36768,    179740,
                               845931, 3963680, 18391564, 85242128};
  for (int depth = 1; depth <= 11; ++depth) {
    EXPECT_EQ(Perft(Position::Initial(), depth), expected[depth])
        << "depth " << depth;
  }
}

TEST(PerftTableTest, PerftFromTheStartFenEqualsPerftFromInitial) {
  EXPECT_EQ(Perft(*ParseFen(kInitialFen), 6), 36768u);
}

}  // namespace
}  // namespace checkers
