#include "train/parallel.h"

#include <vector>

#include "gtest/gtest.h"

namespace checkers::train {
namespace {

TEST(ParallelForTest, RunsEveryJobOnceWhateverTheThreads) {
  for (int threads : {0, 1, 3, 8}) {
    std::vector<int> runs(50, 0);
    ParallelFor(50, threads, [&](int i) { ++runs[i]; });
    EXPECT_EQ(runs, std::vector<int>(50, 1)) << threads << " threads";
  }
}

TEST(ParallelForTest, ReportsEachFinishedJobInOrderOfCount) {
  std::vector<int> reported;
  ParallelFor(
      20, 4, [](int) {}, [&](int done) { reported.push_back(done); });
  ASSERT_EQ(reported.size(), 20u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(reported[i], i + 1);
}

TEST(ParallelForTest, NoJobsReturnsAtOnce) {
  bool ran = false;
  ParallelFor(0, 4, [&](int) { ran = true; });
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace checkers::train
