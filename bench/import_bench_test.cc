#include "bench/import_bench.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "bench/figure.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::bench {
namespace {

using ::testing::HasSubstr;

std::string WriteTempFile(const std::string& name, const std::string& text) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// The value of the figure `name`, or "" when there is none.
std::string ValueOf(const Figures& figures, const std::string& name) {
  for (const Figure& f : figures) {
    if (f.name == name) return f.value;
  }
  return "";
}

TEST(ImportBenchTest, CountsTheGamesAndPliesOfTheCollection) {
  const std::string path =
      WriteTempFile("two.pdn",
                    "[Event \"a\"]\n\n1. 11-15 23-19 2. 8-11 *\n\n"
                    "[Event \"b\"]\n\n1. 9-13 22-18 *\n");
  absl::StatusOr<Figures> figures = ImportBench(path, 2);
  ASSERT_TRUE(figures.ok()) << figures.status();
  EXPECT_EQ(ValueOf(*figures, "import_file"), path);
  EXPECT_EQ(ValueOf(*figures, "games"), "2");
  EXPECT_EQ(ValueOf(*figures, "plies"), "5");
  EXPECT_NE(ValueOf(*figures, "encode_and_audit_seconds"), "");
}

TEST(ImportBenchTest, MissingFileSaysHowToPointTheBenchElsewhere) {
  absl::StatusOr<Figures> figures =
      ImportBench(WriteTempFile("unused", "") + ".missing", 1);
  EXPECT_EQ(figures.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(figures.status().message()),
              HasSubstr("CHECKERS_BENCH_PDN"));
}

}  // namespace
}  // namespace checkers::bench
