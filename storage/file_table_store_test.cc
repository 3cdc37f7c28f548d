#include "storage/file_table_store.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "storage/fault_env.h"
#include "storage/log_format.h"
#include "storage/table_store_contract.h"

namespace checkers::storage {
namespace {

class FileStoreUnderTest : public StoreUnderTest {
 public:
  TableStore& store() override { return store_; }

 private:
  FaultEnv env_;
  FileTableStore store_{&env_, "/home/ann/data"};
};

INSTANTIATE_TEST_SUITE_P(
    File, TableStoreContractTest,
    testing::Values(TableStoreKind{
        "File", [] { return std::make_unique<FileStoreUnderTest>(); }}),
    StoreKindName);

TEST(FileTableStoreTest, TablesAreLogFilesUnderTheDataDirectory) {
  FaultEnv env;
  FileTableStore store(&env, "/data");
  EXPECT_EQ(store.name(), "/data/tables");
  EXPECT_EQ(store.PathOf("abc"), "/data/tables/abc.log");
  ASSERT_TRUE(store.Open("abc", true).ok());
  EXPECT_TRUE(env.FileExists("/data/tables/abc.log"));
}

TEST(FileTableStoreTest, ListSkipsWhatIsNotATable) {
  FaultEnv env;
  FileTableStore store(&env, "/data");
  ASSERT_TRUE(store.List().ok());
  EXPECT_TRUE(store.List()->empty());
  const std::string empty_log = EncodeLog(NewLogId(), {});
  for (const char* name : {"ok.log", "local.log", "Upper.log", "ok.log.lock",
                           "x.log.tmp", "notes.txt", "-dash.log"}) {
    env.PutFile(std::string("/data/tables/") + name, empty_log);
  }
  env.PutFile("/data/match.log", empty_log);
  ASSERT_TRUE(store.List().ok());
  EXPECT_EQ(*store.List(), std::vector<std::string>{"ok"});
}

TEST(FileTableStoreTest, ASecondHolderOfATableIsUnavailable) {
  FaultEnv env;
  FileTableStore store(&env, "/data");
  absl::StatusOr<std::unique_ptr<EventLog>> first = store.Open("t", true);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(store.Open("t", false).status().code(),
            absl::StatusCode::kUnavailable);
  // Reading takes no lock.
  EXPECT_TRUE(store.ReadBytes("t").ok());
}

}  // namespace
}  // namespace checkers::storage
