// Perft of international draughts from the start position at depth 9, both
// conventions, against the published table (docs/RULES.md cites it).
// Depths 1-8 are in engine/perft10_test.cc; deeper ones belong to
// `checkers bench perft --rules=international`.

#include "engine/movegen10.h"
#include "engine/position10.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

TEST(Perft10TableTest, StartPositionMatchesPublishedCountsAtDepthNine) {
  EXPECT_EQ(Perft(Position::Initial(), 9, Routes::kKeep), 41022614u);
  EXPECT_EQ(Perft(Position::Initial(), 9, Routes::kDrop), 41022423u);
}

}  // namespace
}  // namespace checkers::intl
