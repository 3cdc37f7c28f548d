#include "engine/perft.h"

#include "engine/fen.h"
#include "engine/position.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(PerftTest, ShallowDepthsFromStart) {
  const uint64_t expected[] = {1, 7, 49, 302, 1469, 7361, 36768};
  for (int d = 0; d < 7; ++d) EXPECT_EQ(Perft(Position::Initial(), d), expected[d]) << d;
}

}  // namespace
}  // namespace checkers
