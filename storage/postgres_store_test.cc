#include "storage/postgres_store.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "events/events.pb.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "storage/event_log_contract.h"
#include "storage/game_log.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "storage/postgres_connection.h"
#include "storage/table_store_contract.h"
#include "storage/test_logs.h"
#include "storage/test_postgres.h"

namespace checkers::storage {
namespace {

// A store in a schema of the running test's own; nullptr when the test has
// failed or been skipped.
std::unique_ptr<PostgresTableStore> TestStore(
    PostgresTableStore::Options options = {}) {
  const std::string uri = TestPostgresUri();
  if (uri.empty()) return nullptr;
  absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
      PostgresTableStore::Open(uri, options);
  EXPECT_TRUE(store.ok()) << store.status();
  return store.ok() ? *std::move(store) : nullptr;
}

std::unique_ptr<EventLog> MustOpen(TableStore& store, const std::string& id,
                                   bool create = false) {
  absl::StatusOr<std::unique_ptr<EventLog>> log = store.Open(id, create);
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *std::move(log) : nullptr;
}

// The contracts every log and every store keep.

class PostgresLogUnderTest : public LogUnderTest {
 public:
  static std::unique_ptr<LogUnderTest> Make() {
    auto made = std::make_unique<PostgresLogUnderTest>();
    made->store_ = TestStore();
    if (made->store_ == nullptr) return nullptr;
    made->log_ = MustOpen(*made->store_, "contract", true);
    if (made->log_ == nullptr) return nullptr;
    return made;
  }
  EventLog& log() override { return *log_; }

 private:
  std::unique_ptr<PostgresTableStore> store_;
  std::unique_ptr<EventLog> log_;
};

INSTANTIATE_TEST_SUITE_P(Postgres, EventLogContractTest,
                         testing::Values(EventLogKind{
                             "Postgres", true, PostgresLogUnderTest::Make}),
                         KindName);

class PostgresStoreUnderTest : public StoreUnderTest {
 public:
  static std::unique_ptr<StoreUnderTest> Make() {
    auto made = std::make_unique<PostgresStoreUnderTest>();
    made->store_ = TestStore();
    if (made->store_ == nullptr) return nullptr;
    return made;
  }
  TableStore& store() override { return *store_; }

 private:
  std::unique_ptr<PostgresTableStore> store_;
};

INSTANTIATE_TEST_SUITE_P(Postgres, TableStoreContractTest,
                         testing::Values(TableStoreKind{
                             "Postgres", PostgresStoreUnderTest::Make}),
                         StoreKindName);

// What only a store that many processes share does.

class PostgresStoreTest : public testing::Test {
 protected:
  void SetUp() override {
    uri_ = TestPostgresUri();
    if (uri_.empty()) return;
    store_ = Connect();
    // A second store with its own connections, as another process has.
    other_store_ = Connect();
    ASSERT_NE(store_, nullptr);
    ASSERT_NE(other_store_, nullptr);
  }

  std::unique_ptr<PostgresTableStore> Connect(
      PostgresTableStore::Options options = {}) {
    absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
        PostgresTableStore::Open(uri_, options);
    EXPECT_TRUE(store.ok()) << store.status();
    return store.ok() ? *std::move(store) : nullptr;
  }

  // Runs `sql` on a connection of its own, as a person at psql would.
  void Sql(const std::string& sql, const std::vector<pg::Param>& params = {}) {
    absl::StatusOr<std::unique_ptr<pg::Connection>> conn =
        pg::Connection::Open(uri_, "checkers-test");
    ASSERT_TRUE(conn.ok()) << conn.status();
    absl::StatusOr<pg::Result> done = (*conn)->Exec(sql, params);
    ASSERT_TRUE(done.ok()) << done.status();
  }

  // A bigint that `sql` selects.
  int64_t SqlNumber(const std::string& sql,
                    const std::vector<pg::Param>& params = {}) {
    absl::StatusOr<std::unique_ptr<pg::Connection>> conn =
        pg::Connection::Open(uri_, "checkers-test");
    EXPECT_TRUE(conn.ok()) << conn.status();
    if (!conn.ok()) return -1;
    absl::StatusOr<pg::Result> row = (*conn)->Exec(sql, params);
    EXPECT_TRUE(row.ok()) << row.status();
    return row.ok() && row->rows() == 1 ? row->int8(0, 0) : -1;
  }

  std::string uri_;
  std::unique_ptr<PostgresTableStore> store_;
  std::unique_ptr<PostgresTableStore> other_store_;
};

TEST_F(PostgresStoreTest, ACommitAtAStaleHeadIsAbortedUntilCaughtUp) {
  std::unique_ptr<EventLog> mine = MustOpen(*store_, "t", true);
  std::unique_ptr<EventLog> theirs = MustOpen(*other_store_, "t");
  ASSERT_TRUE(mine->Append({"start"}).ok());
  ASSERT_TRUE(theirs->CatchUp().ok());
  ASSERT_TRUE(mine->Append({"turn 1", "end"}).ok());

  const absl::Status stale = theirs->Append({"their turn 1"});
  EXPECT_EQ(stale.code(), absl::StatusCode::kAborted) << stale;
  EXPECT_TRUE(absl::StrContains(stale.message(), "now at seq 3")) << stale;
  EXPECT_EQ(Payloads(*theirs), std::vector<std::string>{"start"});

  absl::StatusOr<size_t> kept = theirs->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, 1u);
  EXPECT_EQ(theirs->records(), mine->records());
  ASSERT_TRUE(theirs->Append({"their turn 2"}).ok());
  EXPECT_EQ(theirs->records().back().seq, 4u);
  EXPECT_EQ(mine->Append({"my turn 2"}).code(), absl::StatusCode::kAborted);
}

TEST_F(PostgresStoreTest, AStaleUndoOrNewGameIsAbortedAndChangesNothing) {
  std::unique_ptr<EventLog> mine = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(mine->Append(c).ok());
  std::unique_ptr<EventLog> theirs = MustOpen(*other_store_, "t");
  ASSERT_TRUE(mine->Append({"turn 4"}).ok());
  EXPECT_EQ(theirs->TruncateTo(2).code(), absl::StatusCode::kAborted);
  EXPECT_EQ(theirs->ReplaceWith({"new game"}).code(),
            absl::StatusCode::kAborted);
  std::unique_ptr<EventLog> reader = MustOpen(*store_, "t");
  EXPECT_EQ(reader->records(), mine->records());
}

TEST_F(PostgresStoreTest, CatchingUpAfterAnUndoElsewhereSaysWhatIsKept) {
  std::unique_ptr<EventLog> mine = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(mine->Append(c).ok());
  std::unique_ptr<EventLog> theirs = MustOpen(*other_store_, "t");
  // Taken back to 2 records, played on past the old head, taken back to 4.
  ASSERT_TRUE(mine->TruncateTo(2).ok());
  for (const Commit& c : std::vector<Commit>{{"a"}, {"b"}, {"c"}, {"d"}}) {
    ASSERT_TRUE(mine->Append(c).ok());
  }
  ASSERT_TRUE(mine->TruncateTo(4).ok());

  absl::StatusOr<size_t> kept = theirs->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, 2u);
  EXPECT_EQ(theirs->records(), mine->records());
  EXPECT_EQ(Payloads(*theirs),
            (std::vector<std::string>{"game started", "turn 1", "a", "b"}));
  // Caught up, it writes at the new head.
  ASSERT_TRUE(theirs->Append({"e"}).ok());
  ASSERT_TRUE(mine->CatchUp().ok());
  EXPECT_EQ(Payloads(*mine).back(), "e");
}

TEST_F(PostgresStoreTest, CatchingUpAfterAnUndoWithNothingSinceKeepsThePrefix) {
  std::unique_ptr<EventLog> mine = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(mine->Append(c).ok());
  std::unique_ptr<EventLog> theirs = MustOpen(*other_store_, "t");
  ASSERT_TRUE(mine->TruncateTo(4).ok());
  ASSERT_TRUE(mine->TruncateTo(1).ok());
  absl::StatusOr<size_t> kept = theirs->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, 1u);
  EXPECT_EQ(theirs->records(), mine->records());
}

TEST_F(PostgresStoreTest, CatchingUpAfterANewGameElsewhereKeepsNothing) {
  std::unique_ptr<EventLog> mine = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(mine->Append(c).ok());
  std::unique_ptr<EventLog> theirs = MustOpen(*other_store_, "t");
  ASSERT_TRUE(mine->ReplaceWith({"game started", "turn 1"}).ok());
  absl::StatusOr<size_t> kept = theirs->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, 0u);
  EXPECT_EQ(theirs->records(), mine->records());
  EXPECT_EQ(static_cast<PostgresEventLog&>(*theirs).log_id(),
            static_cast<PostgresEventLog&>(*mine).log_id());
}

// The unique key refuses a row where one already is, and the rest of the
// commit goes with it: a commit is stored whole or not at all.
TEST_F(PostgresStoreTest, ACommitIsStoredWholeOrNotAtAll) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  ASSERT_TRUE(log->Append({"start"}).ok());
  // A row in the way of the commit's second record, behind the head's
  // back (as only a hand at psql could put it).
  std::string frame;
  AppendFrame(3, true, "in the way", &frame);
  Sql("INSERT INTO checkers_events (table_id, seq, epoch, frame) "
      "VALUES ($1, 3, 0, $2)",
      {pg::Text("t"), pg::Bytea(frame)});

  const absl::Status refused = log->Append({"turn 1", "end"});
  EXPECT_EQ(refused.code(), absl::StatusCode::kAborted) << refused;
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"start"});
  EXPECT_EQ(SqlNumber("SELECT count(*) FROM checkers_events "
                      "WHERE table_id = 't' AND seq = 2"),
            0);
  EXPECT_EQ(SqlNumber("SELECT head FROM checkers_tables WHERE table_id = 't'"),
            1);

  Sql("DELETE FROM checkers_events WHERE table_id = 't' AND seq = 3");
  ASSERT_TRUE(log->Append({"turn 1", "end"}).ok());
  EXPECT_EQ(MustOpen(*other_store_, "t")->records(), log->records());
}

// Twenty writers, each with its own connection as a process has, race to
// append to one table, each catching up and trying again when another came
// first: every commit is stored once, at its own seq, and none is lost.
TEST_F(PostgresStoreTest, TwentyWritersRacingOnOneTableLoseNothing) {
  constexpr int kWriters = 20;
  constexpr int kCommitsEach = 5;
  ASSERT_NE(MustOpen(*store_, "race", true), nullptr);
  std::vector<std::unique_ptr<PostgresTableStore>> stores;
  std::vector<std::unique_ptr<EventLog>> logs;
  for (int w = 0; w < kWriters; ++w) {
    PostgresTableStore::Options one;
    one.max_connections = 1;
    stores.push_back(Connect(one));
    ASSERT_NE(stores.back(), nullptr);
    logs.push_back(MustOpen(*stores.back(), "race"));
    ASSERT_NE(logs.back(), nullptr);
  }
  std::vector<int> refusals(kWriters, 0);
  std::vector<absl::Status> errors(kWriters);
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int c = 0; c < kCommitsEach && errors[w].ok(); ++c) {
        for (;;) {
          const absl::Status s = logs[w]->Append(
              {absl::StrCat("w", w, " c", c, " a"),
               absl::StrCat("w", w, " c", c, " b")});
          if (s.ok()) break;
          if (!absl::IsAborted(s)) {
            errors[w] = s;
            break;
          }
          ++refusals[w];
          if (absl::StatusOr<size_t> kept = logs[w]->CatchUp(); !kept.ok()) {
            errors[w] = kept.status();
            break;
          }
        }
      }
    });
  }
  for (std::thread& t : writers) t.join();
  for (const absl::Status& e : errors) EXPECT_TRUE(e.ok()) << e;

  std::unique_ptr<EventLog> result = MustOpen(*store_, "race");
  ASSERT_EQ(result->records().size(), 2u * kWriters * kCommitsEach);
  absl::flat_hash_set<std::string> seen;
  std::vector<int> next_commit(kWriters, 0);
  for (size_t i = 0; i < result->records().size(); i += 2) {
    const Record& a = result->records()[i];
    const Record& b = result->records()[i + 1];
    EXPECT_EQ(a.seq, i + 1);
    EXPECT_FALSE(a.last_in_commit);
    EXPECT_TRUE(b.last_in_commit);
    EXPECT_TRUE(seen.insert(a.payload).second) << a.payload << " twice";
    // Both records are one writer's one commit, and each writer's commits
    // are in its order.
    int w = -1;
    int c = -1;
    ASSERT_EQ(std::sscanf(a.payload.c_str(), "w%d c%d a", &w, &c), 2);
    EXPECT_EQ(b.payload, absl::StrCat("w", w, " c", c, " b"));
    EXPECT_EQ(c, next_commit[w]++);
  }
  int total_refusals = 0;
  for (int r : refusals) total_refusals += r;
  RecordProperty("refusals", total_refusals);
}

TEST_F(PostgresStoreTest, AcknowledgedCommitsSurviveACrashOfTheServer) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  const std::vector<Record> acknowledged = log->records();
  ASSERT_TRUE(TestPostgres()->CrashAndRestart().ok());

  // The store's pooled connection was cut: its next commit finds the log as
  // it was and is made on a new one.
  const absl::Status after = log->Append({"after the crash"});
  ASSERT_TRUE(after.ok()) << after;
  std::unique_ptr<EventLog> read = MustOpen(*other_store_, "t");
  ASSERT_NE(read, nullptr);
  ASSERT_EQ(read->records().size(), acknowledged.size() + 1);
  EXPECT_TRUE(std::equal(acknowledged.begin(), acknowledged.end(),
                         read->records().begin()));
}

TEST_F(PostgresStoreTest, ADamagedRowIsDataLossNamingTheTableAndSeq) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  // One bit of record 2's payload flipped.
  Sql("UPDATE checkers_events SET frame = set_byte(frame, 25, "
      "get_byte(frame, 25) # 1) WHERE table_id = 't' AND seq = 2");
  absl::StatusOr<std::unique_ptr<EventLog>> damaged = store_->Open("t", false);
  EXPECT_EQ(damaged.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(damaged.status().message(), "table t in"))
      << damaged.status();
  EXPECT_TRUE(absl::StrContains(damaged.status().message(), "(seq 2)"))
      << damaged.status();
  // A writer that read the row before the damage does not read it again.
  EXPECT_TRUE(log->CatchUp().ok());
  // The file form carries the damage to `checkers audit` as it is.
  absl::StatusOr<std::string> bytes = store_->ReadBytes("t");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_EQ(ParseLog(*bytes).status().code(), absl::StatusCode::kDataLoss);
}

TEST_F(PostgresStoreTest, AMissingRowIsDataLoss) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  Sql("DELETE FROM checkers_events WHERE table_id = 't' AND seq = 2");
  absl::StatusOr<std::unique_ptr<EventLog>> damaged = store_->Open("t", false);
  EXPECT_EQ(damaged.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(damaged.status().message(), "numbered 3"))
      << damaged.status();
}

TEST_F(PostgresStoreTest, ATableRemovedMeanwhileIsNotFound) {
  std::unique_ptr<EventLog> log = MustOpen(*store_, "t", true);
  ASSERT_TRUE(log->Append({"start"}).ok());
  ASSERT_TRUE(other_store_->Remove("t").ok());
  EXPECT_EQ(log->Append({"turn"}).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(log->CatchUp().status().code(), absl::StatusCode::kNotFound);
}

TEST_F(PostgresStoreTest, ANewerSchemaIsRefused) {
  Sql("UPDATE checkers_schema SET version = version + 1");
  absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
      PostgresTableStore::Open(uri_);
  EXPECT_EQ(store.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(absl::StrContains(store.status().message(), "schema version 2"))
      << store.status();
}

// Plays `text` for the side to move in `game`.
absl::Status Play(GameLog& game, const std::string& text) {
  absl::StatusOr<events::Event> turn = events::TurnEvent(game.state(), text);
  if (!turn.ok()) return turn.status();
  return game.Commit(*std::move(turn));
}

TEST_F(PostgresStoreTest, GamesInTwoProcessesFollowEachOther) {
  absl::StatusOr<std::unique_ptr<GameLog>> mine =
      GameLog::FromLog(MustOpen(*store_, "g", true), "table g");
  ASSERT_TRUE(mine.ok()) << mine.status();
  absl::StatusOr<std::unique_ptr<GameLog>> theirs =
      GameLog::FromLog(MustOpen(*other_store_, "g"), "table g");
  ASSERT_TRUE(theirs.ok()) << theirs.status();

  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  absl::StatusOr<events::Event> start = events::StartEvent(started);
  ASSERT_TRUE(start.ok()) << start.status();
  ASSERT_TRUE((*mine)->NewGame(*start).ok());
  ASSERT_TRUE(Play(**mine, "11-15").ok());

  // Their game has not seen that: their start is refused, nothing written.
  EXPECT_EQ((*theirs)->NewGame(*start).code(), absl::StatusCode::kAborted);
  absl::StatusOr<size_t> kept = (*theirs)->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, 0u);
  EXPECT_EQ((*theirs)->events().size(), 2u);
  EXPECT_EQ((*theirs)->state().turns, 1);
  EXPECT_EQ((*theirs)->state().position, (*mine)->state().position);

  ASSERT_TRUE(Play(**theirs, "22-18").ok());
  // Mine has not seen their reply: the same turn from here is refused.
  EXPECT_EQ(Play(**mine, "23-19").code(), absl::StatusCode::kAborted);
  ASSERT_TRUE((*mine)->CatchUp().ok());
  EXPECT_EQ((*mine)->state().turns, 2);

  // An undo there is a taking back here.
  ASSERT_TRUE((*theirs)->Undo().ok());
  absl::StatusOr<size_t> after_undo = (*mine)->CatchUp();
  ASSERT_TRUE(after_undo.ok()) << after_undo.status();
  EXPECT_EQ(*after_undo, (*theirs)->events().size());
  EXPECT_EQ((*mine)->events().size(), (*theirs)->events().size());
  EXPECT_EQ((*mine)->state().position, (*theirs)->state().position);
  ASSERT_TRUE(Play(**mine, "22-17").ok());
}

TEST_F(PostgresStoreTest, AGameThatCatchesUpOnWhatDoesNotFoldChangesNoMore) {
  absl::StatusOr<std::unique_ptr<GameLog>> game =
      GameLog::FromLog(MustOpen(*store_, "g", true), "table g");
  ASSERT_TRUE(game.ok()) << game.status();
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  absl::StatusOr<events::Event> start = events::StartEvent(started);
  ASSERT_TRUE(start.ok()) << start.status();
  ASSERT_TRUE((*game)->NewGame(*start).ok());
  // Another writer that is no checkers game.
  std::unique_ptr<EventLog> other = MustOpen(*other_store_, "g");
  ASSERT_TRUE(other->Append({"not an event"}).ok());

  absl::StatusOr<size_t> kept = (*game)->CatchUp();
  EXPECT_EQ(kept.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(kept.status().message(), "table g"))
      << kept.status();
  EXPECT_EQ(Play(**game, "11-15").code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ((*game)->Undo().code(), absl::StatusCode::kFailedPrecondition);
  // A new game replaces what did not fold.
  ASSERT_TRUE((*game)->NewGame(*start).ok());
  EXPECT_TRUE(Play(**game, "11-15").ok());
}

TEST(PostgresConnectionTest, AnUnreachableServerIsUnavailableWithoutThePassword) {
  absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
      PostgresTableStore::Open(
          "postgresql://ann:s3cret@/db?host=/nonexistent/dir");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_FALSE(absl::StrContains(store.status().message(), "s3cret"))
      << store.status();
  EXPECT_TRUE(absl::StrContains(store.status().message(), "ann:***@"))
      << store.status();
}

TEST(PostgresConnectionTest, AStringThatIsNoConnectionUriIsInvalidArgument) {
  absl::StatusOr<std::unique_ptr<PostgresTableStore>> store =
      PostgresTableStore::Open("postgresql:///db?no_such_parameter=1");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kInvalidArgument)
      << store.status();
}

TEST(PostgresConnectionTest, PasswordsAreRedactedWhereverTheyAre) {
  EXPECT_EQ(pg::Redacted("postgresql://ann:pw@host:5432/db"),
            "postgresql://ann:***@host:5432/db");
  EXPECT_EQ(pg::Redacted("postgresql://host/db?user=ann&password=pw&x=1"),
            "postgresql://host/db?user=ann&password=***&x=1");
  EXPECT_EQ(pg::Redacted("host=h password=pw dbname=d"),
            "host=h password=*** dbname=d");
  EXPECT_EQ(pg::Redacted("postgresql://ann@host/db"),
            "postgresql://ann@host/db");
}

}  // namespace
}  // namespace checkers::storage
