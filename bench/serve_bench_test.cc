#include "bench/serve_bench.h"

#include <string>

#include "absl/time/time.h"
#include "bench/figure.h"
#include "gtest/gtest.h"
#include "storage/test_postgres.h"

namespace checkers::bench {
namespace {

// Bounded by count, with time to spare, so the figures are exact.
TEST(ServeBenchTest, EveryTablePlaysItsMovesAndEachIsTimed) {
  ServeBenchOptions options;
  options.table_counts = {1, 2};
  options.remote_table_counts = {};
  options.round = absl::Seconds(60);
  options.max_moves_per_table = 5;
  absl::StatusOr<Figures> figures = ServeBench(options);
  ASSERT_TRUE(figures.ok()) << figures.status();
  ASSERT_EQ(figures->size(), 8u);
  EXPECT_EQ((*figures)[0].name, "serve_1_tables_moves");
  EXPECT_EQ((*figures)[0].value, "5");
  EXPECT_EQ((*figures)[4].name, "serve_2_tables_moves");
  EXPECT_EQ((*figures)[4].value, "10");
  EXPECT_EQ((*figures)[7].name, "serve_2_tables_p99_ms");
  EXPECT_GT(std::stod((*figures)[7].value), 0);
}

// On a database, each round also with two servers, every event crossing
// from the server a table is played on to the one its viewer follows.
TEST(ServeBenchTest, OnAStoreEachRoundRunsWithOneServerAndWithTwo) {
  ServeBenchOptions options;
  options.store = storage::TestPostgresUri();
  if (options.store.empty()) GTEST_SKIP() << "no PostgreSQL server";
  options.table_counts = {3};
  options.remote_table_counts = {};
  options.round = absl::Seconds(60);
  options.max_moves_per_table = 4;
  absl::StatusOr<Figures> figures = ServeBench(options);
  ASSERT_TRUE(figures.ok()) << figures.status();
  ASSERT_EQ(figures->size(), 12u);
  EXPECT_EQ((*figures)[0].name, "serve_3_tables_moves");
  EXPECT_EQ((*figures)[4].name, "serve_pg1_3_tables_moves");
  EXPECT_EQ((*figures)[4].value, "12");
  EXPECT_EQ((*figures)[8].name, "serve_pg2_3_tables_moves");
  EXPECT_EQ((*figures)[8].value, "12");
  EXPECT_EQ((*figures)[11].name, "serve_pg2_3_tables_p99_ms");
  EXPECT_GT(std::stod((*figures)[11].value), 0);
}

TEST(ServeBenchTest, EveryViewerOfARemoteTableSeesEveryMoveInOrder) {
  ServeBenchOptions options;
  options.table_counts = {};
  // 100 tables, each with its two players and three spectators: every
  // viewer must see each acknowledged move once and in order, or the
  // bench fails.
  options.remote_table_counts = {100};
  options.round = absl::Seconds(120);
  options.max_moves_per_table = 4;
  absl::StatusOr<Figures> figures = ServeBench(options);
  ASSERT_TRUE(figures.ok()) << figures.status();
  ASSERT_EQ(figures->size(), 5u);
  EXPECT_EQ((*figures)[0].name, "serve_remote_100_tables_viewers");
  EXPECT_EQ((*figures)[0].value, "500");
  EXPECT_EQ((*figures)[1].name, "serve_remote_100_tables_moves");
  EXPECT_EQ((*figures)[1].value, "400");
  EXPECT_GT(std::stod((*figures)[4].value), 0);
}

}  // namespace
}  // namespace checkers::bench
