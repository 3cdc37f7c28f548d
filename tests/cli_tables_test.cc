// End-to-end tests of `checkers tables copy`: a --data directory's tables
// into a PostgreSQL database and back, run as the real binary against a
// throwaway server (storage/test_postgres.h).

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/test_postgres.h"
#include "tests/log_builder.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::LogBuilder;
using ::checkers::testing::NewTempDir;
using ::checkers::testing::ReadAll;
using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;

TEST(CliTablesTest, CopiesADataDirectoryIntoPostgresAndBack) {
  const std::string uri = storage::TestPostgresUri();
  if (uri.empty()) return;
  const std::string data = NewTempDir("tables");
  LogBuilder a;
  a.Play("11-15");
  a.Play("23-19");
  ASSERT_TRUE(a.WriteTo(data + "/tables/a.log").ok());
  ASSERT_TRUE(LogBuilder().WriteTo(data + "/tables/b.log").ok());

  const auto there =
      RunCheckers({"tables", "copy", "--from=" + data, "--to=" + uri});
  EXPECT_EQ(there.exit_code, 0) << there.err;
  EXPECT_THAT(there.out, HasSubstr("copied a (3 records)\n"));
  EXPECT_THAT(there.out, HasSubstr("copied b (1 record)\n"));
  EXPECT_THAT(there.out, HasSubstr("copied 2 of 2 tables"));

  // A second copy would overwrite: refused, table by table.
  const auto again =
      RunCheckers({"tables", "copy", "--from=" + data, "--to=" + uri});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_THAT(again.out, HasSubstr("not copied a: table a already exists"));
  EXPECT_THAT(again.out, HasSubstr("copied 0 of 2 tables"));

  const std::string back = NewTempDir("back");
  const auto home =
      RunCheckers({"tables", "copy", "--from=" + uri, "--to=" + back});
  EXPECT_EQ(home.exit_code, 0) << home.err;
  for (const std::string id : {"a", "b"}) {
    const std::string copied = absl::StrCat(back, "/tables/", id, ".log");
    EXPECT_EQ(ReadAll(copied), ReadAll(absl::StrCat(data, "/tables/", id,
                                                    ".log")))
        << id;
    EXPECT_EQ(RunCheckers({"audit", copied}).exit_code, 0) << id;
  }
}

TEST(CliTablesTest, WrongUseIsAUsageErrorAndAMissingSourceIsNoInput) {
  EXPECT_EQ(RunCheckers({"tables"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"tables", "move", "--from=a", "--to=b"}).exit_code,
            64);
  EXPECT_EQ(RunCheckers({"tables", "copy", "--from=a"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"tables", "copy", "--from=a", "--to=a"}).exit_code,
            64);
  const std::string dir = NewTempDir("missing");
  const auto missing = RunCheckers(
      {"tables", "copy", "--from=" + dir + "/nothing", "--to=" + dir + "/to"});
  EXPECT_EQ(missing.exit_code, 66);
  EXPECT_THAT(missing.err, HasSubstr("no data directory"));
  const auto unreachable = RunCheckers(
      {"tables", "copy", "--from=" + dir,
       "--to=postgresql://ann:secret@/db?host=" + dir + "/no-server"});
  EXPECT_EQ(unreachable.exit_code, 75);
  EXPECT_THAT(unreachable.err, HasSubstr("cannot connect to PostgreSQL"));
  EXPECT_THAT(unreachable.err, ::testing::Not(HasSubstr("secret")));
}

}  // namespace
}  // namespace checkers
