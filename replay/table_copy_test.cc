#include "replay/table_copy.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "storage/fault_env.h"
#include "storage/file_table_store.h"
#include "storage/log_reader.h"
#include "storage/postgres_store.h"
#include "storage/test_postgres.h"
#include "tests/log_builder.h"

namespace checkers::replay {
namespace {

using storage::FileTableStore;
using storage::PostgresTableStore;
using testing::CraftedTurn;
using testing::LogBuilder;

// Makes table `id` of `store` hold the log `bytes`.
void Put(storage::TableStore& store, const std::string& id,
         const std::string& bytes) {
  absl::StatusOr<storage::LogContents> log = storage::ParseLog(bytes);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_TRUE(store.Create(id, *log).ok());
}

std::string Game(const std::vector<std::string>& moves) {
  LogBuilder game;
  for (const std::string& m : moves) game.Play(m);
  return game.Bytes();
}

std::string Bytes(storage::TableStore& store, const std::string& id) {
  absl::StatusOr<std::string> bytes = store.ReadBytes(id);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : "";
}

class TableCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string uri = storage::TestPostgresUri();
    if (uri.empty()) return;
    absl::StatusOr<std::unique_ptr<PostgresTableStore>> pg =
        PostgresTableStore::Open(uri);
    ASSERT_TRUE(pg.ok()) << pg.status();
    pg_ = *std::move(pg);
  }

  storage::FaultEnv env_;
  FileTableStore files_{&env_, "/data"};
  FileTableStore files_back_{&env_, "/back"};
  std::unique_ptr<PostgresTableStore> pg_;
};

TEST_F(TableCopyTest, TablesGoToPostgresAndBackByteForByte) {
  Put(files_, "a", Game({"11-15", "23-19", "8-11"}));
  Put(files_, "b", Game({"9-13"}));
  Put(files_, "c", LogBuilder().Bytes());
  std::vector<std::string> seen;
  absl::StatusOr<TableCopyReport> there =
      CopyTables(files_, *pg_, [&](const TableCopy& t) { seen.push_back(t.id); });
  ASSERT_TRUE(there.ok()) << there.status();
  EXPECT_EQ(there->copied, 3);
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b", "c"}));
  for (const TableCopy& t : there->tables) EXPECT_TRUE(t.status.ok()) << t.status;
  EXPECT_EQ(there->tables[0].records, 4u);

  absl::StatusOr<TableCopyReport> back = CopyTables(*pg_, files_back_);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->copied, 3);
  for (const std::string id : {"a", "b", "c"}) {
    EXPECT_EQ(Bytes(*pg_, id), Bytes(files_, id)) << id;
    EXPECT_EQ(Bytes(files_back_, id), Bytes(files_, id)) << id;
  }
}

TEST_F(TableCopyTest, ATableTheDestinationHoldsIsNeverOverwritten) {
  Put(files_, "a", Game({"11-15"}));
  Put(files_, "b", Game({"9-13"}));
  Put(*pg_, "a", Game({"12-16", "21-17"}));
  const std::string theirs = Bytes(*pg_, "a");
  absl::StatusOr<TableCopyReport> report = CopyTables(files_, *pg_);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->copied, 1);
  EXPECT_EQ(report->tables[0].status.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_TRUE(report->tables[1].status.ok()) << report->tables[1].status;
  EXPECT_EQ(Bytes(*pg_, "a"), theirs);
}

TEST_F(TableCopyTest, ATableWhoseAuditFindsProblemsIsNotCopied) {
  LogBuilder cheat;
  cheat.Play("11-15");
  // White moves a man two rows.
  cheat.Craft(CraftedTurn(events::SECOND, {22, 14}));
  Put(files_, "cheat", cheat.Bytes());
  Put(files_, "fair", Game({"11-15"}));
  absl::StatusOr<TableCopyReport> report = CopyTables(files_, *pg_);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->copied, 1);
  const absl::Status& refused = report->tables[0].status;
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(absl::StrContains(refused.message(), "at seq 3")) << refused;
  EXPECT_EQ(pg_->ReadBytes("cheat").status().code(),
            absl::StatusCode::kNotFound);
}

TEST_F(TableCopyTest, ADamagedLogIsNotCopiedAndATornTailIsLeftBehind) {
  std::string damaged = Game({"11-15", "23-19"});
  damaged[damaged.size() - 3] ^= 0x10;
  env_.PutFile(files_.PathOf("damaged"), damaged);
  const std::string whole = Game({"11-15"});
  env_.PutFile(files_.PathOf("torn"), whole + std::string(40, '\0'));
  absl::StatusOr<TableCopyReport> report = CopyTables(files_, *pg_);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->copied, 1);
  EXPECT_EQ(report->tables[0].status.code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(report->tables[1].status.ok()) << report->tables[1].status;
  EXPECT_EQ(report->tables[1].torn_bytes, 40u);
  EXPECT_EQ(Bytes(*pg_, "torn"), whole);
}

}  // namespace
}  // namespace checkers::replay
