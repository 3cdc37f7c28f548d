#include "storage/postgres_listener.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "storage/postgres_connection.h"
#include "storage/postgres_store.h"
#include "storage/test_postgres.h"

namespace checkers::storage {
namespace {

// How long a test waits for a notification that must come. Only a broken
// listener waits this long.
constexpr absl::Duration kPatience = absl::Seconds(30);
// The listeners' sweeps, often enough that a test sees several at once.
constexpr absl::Duration kSweepEvery = absl::Milliseconds(20);

// What a listener reported, for a test to wait on.
class Recorder {
 public:
  TableListener::Callbacks Callbacks() {
    return {
        [this](const TableChange& change) {
          absl::MutexLock lock(&mu_);
          changes_.push_back(absl::StrCat(change.table_id, ":", change.head));
        },
        [this] {
          absl::MutexLock lock(&mu_);
          ++resumes_;
        },
        [this] {
          absl::MutexLock lock(&mu_);
          ++sweeps_;
        },
        kSweepEvery};
  }

  // The first `n` changes, once they have come (fewer after kPatience).
  std::vector<std::string> First(size_t n) {
    absl::MutexLock lock(&mu_);
    wanted_ = n;
    mu_.AwaitWithTimeout(absl::Condition(this, &Recorder::HasWanted),
                         kPatience);
    return std::vector<std::string>(
        changes_.begin(), changes_.begin() + std::min(n, changes_.size()));
  }

  // How many sweeps have come.
  int Sweeps() {
    absl::MutexLock lock(&mu_);
    return sweeps_;
  }

  // Whether a resume has come (waiting up to kPatience for it).
  bool Resumed() {
    absl::MutexLock lock(&mu_);
    mu_.AwaitWithTimeout(absl::Condition(this, &Recorder::HasResumed),
                         kPatience);
    return resumes_ > 0;
  }

 private:
  bool HasWanted() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return changes_.size() >= wanted_;
  }
  bool HasResumed() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return resumes_ > 0;
  }

  absl::Mutex mu_;
  std::vector<std::string> changes_ ABSL_GUARDED_BY(mu_);
  size_t wanted_ ABSL_GUARDED_BY(mu_) = 0;
  int resumes_ ABSL_GUARDED_BY(mu_) = 0;
  int sweeps_ ABSL_GUARDED_BY(mu_) = 0;
};

class TableListenerTest : public testing::Test {
 protected:
  void SetUp() override {
    uri_ = TestPostgresUri();
    if (uri_.empty()) return;
    absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
        PostgresTableStore::Open(uri_);
    ASSERT_TRUE(store.ok()) << store.status();
    store_ = *std::move(store);
    absl::StatusOr<std::unique_ptr<TableListener>> listener =
        TableListener::Start(uri_, recorder_.Callbacks());
    ASSERT_TRUE(listener.ok()) << listener.status();
    listener_ = *std::move(listener);
  }

  std::unique_ptr<EventLog> MustOpen(const std::string& id, bool create) {
    absl::StatusOr<std::unique_ptr<EventLog>> log = store_->Open(id, create);
    EXPECT_TRUE(log.ok()) << log.status();
    return log.ok() ? *std::move(log) : nullptr;
  }

  std::string uri_;
  std::unique_ptr<PostgresTableStore> store_;
  Recorder recorder_;
  std::unique_ptr<TableListener> listener_;
};

TEST_F(TableListenerTest, EveryChangeIsNotifiedWithItsTableAndHead) {
  std::unique_ptr<EventLog> log = MustOpen("t", true);
  ASSERT_TRUE(log->Append({"start"}).ok());
  ASSERT_TRUE(log->Append({"turn", "end"}).ok());
  ASSERT_TRUE(log->TruncateTo(1).ok());
  ASSERT_TRUE(log->ReplaceWith({"new start", "turn"}).ok());
  LogContents copied;
  copied.records.push_back(Record{1, kFileHeaderSize, true, "copied"});
  ASSERT_TRUE(store_->Create("u", copied).ok());
  ASSERT_TRUE(store_->Remove("u").ok());
  EXPECT_EQ(recorder_.First(7),
            (std::vector<std::string>{"t:0", "t:1", "t:3", "t:1", "t:2", "u:1",
                                      "u:0"}));
}

TEST_F(TableListenerTest, ARefusedCommitIsNotNotified) {
  std::unique_ptr<EventLog> mine = MustOpen("t", true);
  std::unique_ptr<EventLog> theirs = MustOpen("t", false);
  ASSERT_TRUE(mine->Append({"start"}).ok());
  ASSERT_EQ(theirs->Append({"their start"}).code(), absl::StatusCode::kAborted);
  ASSERT_TRUE(mine->Append({"turn"}).ok());
  // The refused commit would have been a second "t:1".
  EXPECT_EQ(recorder_.First(3),
            (std::vector<std::string>{"t:0", "t:1", "t:2"}));
}

TEST_F(TableListenerTest, ALostConnectionIsMadeAgainAndSaidSo) {
  std::unique_ptr<EventLog> log = MustOpen("t", true);
  absl::StatusOr<std::unique_ptr<pg::Connection>> admin =
      pg::Connection::Open(uri_, "checkers-test");
  ASSERT_TRUE(admin.ok()) << admin.status();
  absl::StatusOr<pg::Result> cut = (*admin)->Exec(
      "SELECT count(*)::bigint FROM (SELECT pg_terminate_backend(pid) "
      "FROM pg_stat_activity WHERE application_name = $1) AS cut",
      {pg::Text("checkers-listener")});
  ASSERT_TRUE(cut.ok()) << cut.status();
  ASSERT_EQ(cut->int8(0, 0), 1);
  ASSERT_TRUE(recorder_.Resumed());
  ASSERT_TRUE(log->Append({"start"}).ok());
  EXPECT_EQ(recorder_.First(2), (std::vector<std::string>{"t:0", "t:1"}));
}

TEST_F(TableListenerTest, SweepsComeWhileNotificationsDoToo) {
  std::unique_ptr<EventLog> log = MustOpen("t", true);
  // A notification every commit, each far sooner than kSweepEvery: sweeps
  // still come, three of them before the commits stop.
  const int before = recorder_.Sweeps();
  const absl::Time give_up = absl::Now() + kPatience;
  int commits = 0;
  while (recorder_.Sweeps() < before + 3 && absl::Now() < give_up) {
    ASSERT_TRUE(log->Append({"turn"}).ok());
    ++commits;
  }
  EXPECT_GE(recorder_.Sweeps(), before + 3);
  EXPECT_EQ(recorder_.First(commits + 1).size(), commits + 1u);
}

TEST(TableChangeTest, APayloadIsATableIdAndAHead) {
  const std::optional<TableChange> change = ParseTableChange("abc-1:42");
  ASSERT_TRUE(change.has_value());
  EXPECT_EQ(change->table_id, "abc-1");
  EXPECT_EQ(change->head, 42u);
  for (const char* other :
       {"abc", "abc:", "abc:x", "ABC:1", ":1", "a:b:1", "local:3", "abc:-1"}) {
    EXPECT_FALSE(ParseTableChange(other).has_value()) << other;
  }
}

}  // namespace
}  // namespace checkers::storage
