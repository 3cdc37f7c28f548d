#include <cstdint>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(PerftTest, DepthZeroIsOneLeaf) {
  EXPECT_EQ(Perft(Position::Initial(), 0), 1u);
}

TEST(PerftTest, RuleCasesOfThePerftReference) {
  EXPECT_EQ(Perft(*ParseFen("W:W11:B6,7"), 1), 1u);
  EXPECT_EQ(Perft(*ParseFen("B:BK11:W6,7,14,15"), 1), 2u);
}

TEST(PerftTest, OptionalCaptureAddsSteps) {
  EXPECT_EQ(Perft(*ParseFen("B:W22,23:B18,5"), 1, CaptureRule::kOptional), 3u);
}

}  // namespace
}  // namespace checkers
