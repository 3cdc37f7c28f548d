#include "bench/perft_bench.h"

#include "bench/figure.h"
#include "gtest/gtest.h"

namespace checkers::bench {
namespace {

TEST(PerftBenchTest, ReportsTheLeafCountOfTheStartingPosition) {
  const Figures figures = PerftBench(4);
  ASSERT_EQ(figures.size(), 4u);
  EXPECT_EQ(figures[0].name, "perft_depth");
  EXPECT_EQ(figures[0].value, "4");
  EXPECT_EQ(figures[1].name, "perft_leaves");
  EXPECT_EQ(figures[1].value, "1469");
  EXPECT_EQ(figures[2].name, "perft_seconds");
  EXPECT_EQ(figures[3].name, "perft_leaves_per_second");
}

TEST(PerftBenchTest, InternationalCountsItsOwnStartingPosition) {
  const Figures figures = Perft10Bench(3);
  ASSERT_EQ(figures.size(), 5u);
  EXPECT_EQ(figures[0].name, "perft_rules");
  EXPECT_EQ(figures[0].value, "international");
  EXPECT_EQ(figures[1].value, "3");
  EXPECT_EQ(figures[2].name, "perft_leaves");
  EXPECT_EQ(figures[2].value, "658");
}

}  // namespace
}  // namespace checkers::bench
