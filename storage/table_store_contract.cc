#include "storage/table_store_contract.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "storage/test_logs.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"

namespace checkers::storage {
namespace {

std::unique_ptr<EventLog> MustOpen(TableStore& store, const std::string& id,
                                   bool create) {
  absl::StatusOr<std::unique_ptr<EventLog>> log = store.Open(id, create);
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *std::move(log) : nullptr;
}

LogContents MustParse(const absl::StatusOr<std::string>& bytes) {
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  if (!bytes.ok()) return {};
  absl::StatusOr<LogContents> log = ParseLog(*bytes);
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *std::move(log) : LogContents();
}

// The store's tables; a failure to list them fails the test.
std::vector<std::string> Ids(TableStore& store) {
  absl::StatusOr<std::vector<std::string>> ids = store.List();
  EXPECT_TRUE(ids.ok()) << ids.status();
  return ids.ok() ? *std::move(ids) : std::vector<std::string>{"?"};
}

LogId SomeLogId() {
  LogId id;
  for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<uint8_t>(i * 17);
  return id;
}

}  // namespace

std::string StoreKindName(const testing::TestParamInfo<TableStoreKind>& info) {
  return info.param.name;
}

void TableStoreContractTest::SetUp() {
  under_test_ = GetParam().make();
  if (under_test_ != nullptr) store_ = &under_test_->store();
  if (store_ == nullptr && !HasFailure() && !IsSkipped()) {
    FAIL() << "the maker of " << GetParam().name << " stores made none";
  }
}

TEST_P(TableStoreContractTest, NewTablesAreEmptyAndListedInOrder) {
  EXPECT_TRUE(Ids(*store_).empty());
  std::unique_ptr<EventLog> b = MustOpen(*store_, "b-2", true);
  std::unique_ptr<EventLog> a = MustOpen(*store_, "a1", true);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->records().empty());
  EXPECT_TRUE(a->durable());
  absl::StatusOr<std::unique_ptr<EventLog>> missing = store_->Open("c", false);
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "c"));
  EXPECT_EQ(Ids(*store_),
            (std::vector<std::string>{"a1", "b-2"}));
  // An empty log is a header alone.
  absl::StatusOr<std::string> bytes = store_->ReadBytes("a1");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_EQ(bytes->size(), kFileHeaderSize);
  EXPECT_EQ(store_->ReadBytes("c").status().code(),
            absl::StatusCode::kNotFound);
}

TEST_P(TableStoreContractTest, CommitsReadBackAsTheFileFormOfTheLog) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  ASSERT_NE(log, nullptr);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  ASSERT_TRUE(log->TruncateTo(4).ok());
  ASSERT_TRUE(log->Append({"turn 3 again"}).ok());
  const std::vector<Record> written = log->records();
  log.reset();

  std::unique_ptr<EventLog> again = MustOpen(*store_, "t", false);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->records(), written);
  const LogContents read = MustParse(store_->ReadBytes("t"));
  EXPECT_EQ(read.records, written);
  EXPECT_EQ(read.torn_bytes, 0u);
  std::vector<Commit> commits(SampleCommits().begin(),
                              SampleCommits().begin() + 3);
  commits.push_back({"turn 3 again"});
  EXPECT_EQ(store_->ReadBytes("t").value_or(""),
            EncodeLog(read.log_id, commits));
}

TEST_P(TableStoreContractTest, NewGameGetsANewLogId) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  ASSERT_NE(log, nullptr);
  ASSERT_TRUE(log->Append({"game 1"}).ok());
  const LogId first = MustParse(store_->ReadBytes("t")).log_id;
  ASSERT_TRUE(log->ReplaceWith({"game 2", "turn 1"}).ok());
  const LogContents second = MustParse(store_->ReadBytes("t"));
  EXPECT_NE(second.log_id, first);
  EXPECT_EQ(second.records, log->records());
}

TEST_P(TableStoreContractTest, CreateKeepsTheLogIdAndSoTheBytes) {
  const std::string bytes = EncodeLog(SomeLogId(), SampleCommits());
  const LogContents copied = MustParse(bytes);
  ASSERT_TRUE(store_->Create("copy", copied).ok());
  EXPECT_EQ(store_->ReadBytes("copy").value_or(""), bytes);
  std::unique_ptr<EventLog> log = MustOpen(*store_, "copy", false);
  ASSERT_NE(log, nullptr);
  EXPECT_EQ(log->records(), copied.records);
  ASSERT_TRUE(log->Append({"turn 4"}).ok());
  EXPECT_EQ(log->records().back().seq, 6u);
}

TEST_P(TableStoreContractTest, CreateNeverOverwritesATable) {
  const std::string bytes = EncodeLog(SomeLogId(), SampleCommits());
  ASSERT_TRUE(store_->Create("copy", MustParse(bytes)).ok());
  const LogContents other = MustParse(EncodeLog(NewLogId(), {{"other"}}));
  EXPECT_EQ(store_->Create("copy", other).code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(store_->ReadBytes("copy").value_or(""), bytes);
  std::unique_ptr<EventLog> made = MustOpen(*store_, "made", true);
  EXPECT_EQ(store_->Create("made", other).code(),
            absl::StatusCode::kAlreadyExists);
}

TEST_P(TableStoreContractTest, CreateRefusesALogThatEndsInsideACommit) {
  LogContents torn = MustParse(EncodeLog(SomeLogId(), SampleCommits()));
  torn.records.pop_back();
  torn.records.pop_back();
  EXPECT_EQ(store_->Create("torn", torn).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->ReadBytes("torn").status().code(),
            absl::StatusCode::kNotFound);
}

TEST_P(TableStoreContractTest, RemoveDropsTheTableAndItsLog) {
  ASSERT_TRUE(
      store_->Create("gone", MustParse(EncodeLog(SomeLogId(), {{"x"}}))).ok());
  ASSERT_TRUE(store_->Remove("gone").ok());
  EXPECT_TRUE(Ids(*store_).empty());
  EXPECT_EQ(store_->ReadBytes("gone").status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(store_->Remove("gone").code(), absl::StatusCode::kNotFound);
  // The id is free again.
  std::unique_ptr<EventLog> again = MustOpen(*store_, "gone", true);
  ASSERT_NE(again, nullptr);
  EXPECT_TRUE(again->records().empty());
}

TEST_P(TableStoreContractTest, IdsThatNameNoTableAreRefused) {
  const LogContents log = MustParse(EncodeLog(SomeLogId(), {{"x"}}));
  for (const std::string& id :
       std::vector<std::string>{"", "-a", "A", "a b", "a/b", "../x", "local",
                                std::string(33, 'a')}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(store_->Open(id, true).status().code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(store_->ReadBytes(id).status().code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(store_->Create(id, log).code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(store_->Remove(id).code(), absl::StatusCode::kInvalidArgument);
  }
  EXPECT_TRUE(Ids(*store_).empty());
  std::unique_ptr<EventLog> longest =
      MustOpen(*store_, std::string(32, 'z'), true);
  EXPECT_NE(longest, nullptr);
}

}  // namespace checkers::storage
