#include "web/table.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "engine/endgame_db.h"
#include "engine/endgame_db_testing.h"
#include "engine/fen8.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "session/clock.h"
#include "storage/fault_env.h"
#include "storage/game_log.h"

namespace checkers::web {
namespace {

const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

// The action named as in the path of its request, worded in English.
Answer Act(const std::unique_ptr<Table>& t, absl::string_view action,
           const nlohmann::json& body, const std::string& key = "") {
  const std::optional<Action> named = ActionNamed(action);
  EXPECT_TRUE(named.has_value()) << action;
  return t->Act(*named, body, key, English());
}

using nlohmann::json;

// How long a test waits for the computer's worker before it fails; the
// outcome never depends on it.
constexpr absl::Duration kPatience = absl::Seconds(20);

// A follower's stream as a test sees it: the messages a table sent it.
class Recorder final : public StreamSink {
 public:
  bool Send(absl::string_view, const StreamMessage& message) override {
    absl::MutexLock lock(&mu_);
    if (closed_) return false;
    received_.push_back(message);
    return true;
  }
  bool open() const override {
    absl::MutexLock lock(&mu_);
    return !closed_;
  }
  void Close() override {
    absl::MutexLock lock(&mu_);
    closed_ = true;
  }

  // The messages received since the last Take or Until.
  std::vector<StreamMessage> Take() {
    absl::MutexLock lock(&mu_);
    std::vector<StreamMessage> got(received_.begin() + read_, received_.end());
    read_ = received_.size();
    return got;
  }
  // The messages up to the first of `kind` (waiting up to `patience` for
  // it); those after it stay for the next call.
  std::vector<StreamMessage> Until(absl::string_view kind,
                                   absl::Duration patience) {
    absl::MutexLock lock(&mu_);
    auto arrived = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
      return std::any_of(
          received_.begin() + read_, received_.end(),
          [&](const StreamMessage& m) { return m.event == kind; });
    };
    if (!mu_.AwaitWithTimeout(absl::Condition(&arrived), patience)) {
      ADD_FAILURE() << "no " << kind << " message";
    }
    std::vector<StreamMessage> got;
    while (read_ < received_.size()) {
      got.push_back(received_[read_++]);
      if (got.back().event == kind) break;
    }
    return got;
  }
  // Waits up to `timeout` for a message beyond those read.
  void Wait(absl::Duration timeout) {
    absl::MutexLock lock(&mu_);
    auto more = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
      return received_.size() > read_;
    };
    mu_.AwaitWithTimeout(absl::Condition(&more), timeout);
    read_ = received_.size();
  }

 private:
  mutable absl::Mutex mu_;
  std::vector<StreamMessage> received_ ABSL_GUARDED_BY(mu_);
  size_t read_ ABSL_GUARDED_BY(mu_) = 0;
  bool closed_ ABSL_GUARDED_BY(mu_) = false;
};

// A follower of `t` that holds the records up to `last_seen`.
std::shared_ptr<Recorder> Follow(Table& t, uint64_t last_seen,
                                 const std::string& key = "") {
  auto recorder = std::make_shared<Recorder>();
  t.Follow(recorder, last_seen, key);
  return recorder;
}

class TableTest : public ::testing::Test {
 protected:
  std::unique_ptr<Table> Open(events::Mode mode, uint64_t max_nodes = 0,
                              uint32_t turn_seconds = 0) {
    Table::Options options = TableOptions();
    options.computer.max_nodes = max_nodes;
    events::GameStarted started = Started(mode, events::EASY);
    started.set_turn_seconds(turn_seconds);
    return Open(options, started);
  }

  // A table with `options` on a fresh log, `started` begun on it.
  std::unique_ptr<Table> Open(const Table::Options& options,
                              const events::GameStarted& started) {
    path_ = absl::StrCat(
        ::testing::TempDir(), "/", ++count_, "_",
        ::testing::UnitTest::GetInstance()->current_test_info()->name(),
        ".log");
    std::remove(path_.c_str());
    auto table = Table::Open("t", path_, true, false, options);
    EXPECT_TRUE(table.ok()) << table.status();
    EXPECT_EQ((*table)->Start(started, English()).status, 201);
    return *std::move(table);
  }

  // A game of `mode` under the default rules, the person first.
  static events::GameStarted Started(events::Mode mode,
                                     events::Difficulty difficulty) {
    events::GameStarted started;
    *started.mutable_options() = events::DefaultRuleOptions();
    started.set_mode(mode);
    started.set_difficulty(difficulty);
    started.set_human_side(events::FIRST);
    return started;
  }

  Table::Options TableOptions() {
    Table::Options options;
    options.clock = &clock_;
    options.cpu_after = absl::Seconds(60);
    return options;
  }

  // A remote table whose seats Alice (kFirst) and Bob (kSecond) took.
  std::unique_ptr<Table> Seated(uint32_t turn_seconds = 0) {
    auto t = Open(events::REMOTE, 0, turn_seconds);
    EXPECT_EQ(t->TakeSeat(events::FIRST, {{"name", "Alice"}}, kFirst, English())
                  .status,
              200);
    EXPECT_EQ(t->TakeSeat(events::SECOND, {{"name", "Bob"}}, kSecond, English())
                  .status,
              200);
    return t;
  }

  // The messages of `f` until one of `kind` arrives (or kPatience ends).
  std::vector<StreamMessage> Until(Table& t, Recorder& f,
                                   absl::string_view kind) {
    std::vector<StreamMessage> got = f.Until(kind, kPatience);
    if (got.empty() || got.back().event != kind) {
      ADD_FAILURE() << "the table: " << t.Get().dump();
    }
    return got;
  }

  Position ComputerReplyFromKingAgainstKing(const egdb::Database* db);

  const std::string kFirst = std::string(32, 'a');
  const std::string kSecond = std::string(32, 'b');
  session::ManualClock clock_;
  int count_ = 0;
  std::string path_;
};

TEST_F(TableTest, MoveAtTheCurrentHeadIsPlayed) {
  auto t = Open(events::TWO_PLAYER);
  const Answer a = Act(t, "moves", {{"move", "11-15"}, {"head", 1}});
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body["head"], 2);
  EXPECT_EQ(t->Get()["side_to_move"], "second");
}

TEST_F(TableTest, StaleHeadIsRefusedWithTheCurrentOne) {
  auto t = Open(events::TWO_PLAYER);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  const Answer a = Act(t, "moves", {{"move", "23-19"}, {"head", 1}});
  EXPECT_EQ(a.status, 409);
  EXPECT_EQ(a.body["head"], 2);
  EXPECT_EQ(t->Get()["head"], 2);
}

TEST_F(TableTest, MissingHeadIsABadRequest) {
  auto t = Open(events::TWO_PLAYER);
  EXPECT_EQ(Act(t, "moves", {{"move", "11-15"}}).status, 400);
}

TEST_F(TableTest, IllegalMoveListsTheLegalOnes) {
  auto t = Open(events::TWO_PLAYER);
  const Answer a = Act(t, "moves", {{"move", "11-18"}, {"head", 1}});
  EXPECT_EQ(a.status, 422);
  EXPECT_EQ(a.body["legal"].size(), 7);
  EXPECT_TRUE(a.body.contains("error"));
}

TEST_F(TableTest, MoveAfterTheEndIsGone) {
  auto t = Open(events::TWO_PLAYER);
  ASSERT_EQ(Act(t, "resign", {{"head", 1}}).status, 200);
  const json state = t->Get();
  EXPECT_TRUE(state["over"]);
  EXPECT_EQ(state["result"], "second");
  EXPECT_EQ(
      Act(t, "moves", {{"move", "11-15"}, {"head", state["head"]}}).status,
      410);
}

TEST_F(TableTest, ComputersTurnIsNotThePersons) {
  auto t = Open(events::VS_COMPUTER, /*max_nodes=*/uint64_t{1} << 40);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  EXPECT_EQ(Act(t, "moves", {{"move", "23-19"}, {"head", 2}}).status, 403);
}

TEST_F(TableTest, FollowerGetsEveryRecordThenTheLiveOnes) {
  auto t = Open(events::TWO_PLAYER);
  auto f = Follow(*t, 0);
  const std::vector<StreamMessage> first = f->Take();
  ASSERT_EQ(first.size(), 2);
  EXPECT_EQ(first[0].id, 1);
  EXPECT_EQ(first[0].event, "game_started");
  EXPECT_EQ(first[1].event, "status");
  EXPECT_FALSE(first[1].id.has_value());
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  const std::vector<StreamMessage> next = f->Take();
  ASSERT_GE(next.size(), 1);
  EXPECT_EQ(next[0].id, 2);
  EXPECT_EQ(json::parse(next[0].data)["state"]["side_to_move"], "second");
}

// A record is sent as it is committed, from the session's own fold, and
// to a later follower of a reopened table from the log checked again:
// both must be the same text, a capture's squares included.
TEST_F(TableTest, LiveRecordsAreTheTextsTheLogGivesAfterAReopen) {
  auto t = Open(events::TWO_PLAYER);
  auto live = Follow(*t, 0);
  uint64_t head = 1;
  for (const char* move : {"11-15", "22-18", "15x22", "25x18"}) {
    ASSERT_EQ(Act(t, "moves", {{"move", move}, {"head", head}}).status, 200)
        << move;
    ++head;
  }
  t.reset();
  auto reopened = Table::Open("t", path_, false, false, TableOptions());
  ASSERT_TRUE(reopened.ok()) << reopened.status();
  auto later = Follow(**reopened, 0);
  auto records = [](std::vector<StreamMessage> got) {
    std::vector<std::string> texts;
    for (const StreamMessage& m : got) {
      if (m.id.has_value()) texts.push_back(m.data);
    }
    return texts;
  };
  const std::vector<std::string> sent = records(live->Take());
  ASSERT_EQ(sent.size(), 5);
  EXPECT_EQ(sent, records(later->Take()));
  EXPECT_EQ(json::parse(sent[3])["captured"], json::array({18}));
}

TEST_F(TableTest, ReconnectGetsExactlyTheRecordsAfterItsLastId) {
  auto t = Open(events::TWO_PLAYER);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  ASSERT_EQ(Act(t, "moves", {{"move", "23-19"}, {"head", 2}}).status, 200);
  auto f = Follow(*t, 2);
  std::vector<uint64_t> ids;
  for (const StreamMessage& m : f->Take()) {
    if (m.id.has_value()) ids.push_back(*m.id);
  }
  EXPECT_EQ(ids, std::vector<uint64_t>{3});
}

TEST_F(TableTest, UndoIsATruncationToTheNewHead) {
  auto t = Open(events::TWO_PLAYER);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  auto f = Follow(*t, 2);
  f->Take();
  ASSERT_EQ(Act(t, "undo", {{"head", 2}}).status, 200);
  const std::vector<StreamMessage> got = f->Take();
  ASSERT_GE(got.size(), 1);
  EXPECT_EQ(got[0].event, "truncated");
  EXPECT_EQ(got[0].id, 1);
  EXPECT_EQ(json::parse(got[0].data)["head"], 1);
  // The next record is the one played after the cut, not the one undone.
  ASSERT_EQ(Act(t, "moves", {{"move", "9-14"}, {"head", 1}}).status, 200);
  const std::vector<StreamMessage> replayed = f->Take();
  ASSERT_GE(replayed.size(), 1);
  EXPECT_EQ(replayed[0].id, 2);
  EXPECT_EQ(json::parse(replayed[0].data)["state"]["fen"], t->Get()["fen"]);
}

TEST_F(TableTest, FollowerAheadOfTheLogHearsOfTheCut) {
  auto t = Open(events::TWO_PLAYER);
  auto f = Follow(*t, 5);
  const std::vector<StreamMessage> got = f->Take();
  ASSERT_GE(got.size(), 1);
  EXPECT_EQ(got[0].event, "truncated");
  EXPECT_EQ(got[0].id, 1);
}

TEST_F(TableTest, ComputerRepliesOnItsWorker) {
  auto t = Open(events::VS_COMPUTER);
  auto f = Follow(*t, 1);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  std::vector<StreamMessage> got = Until(*t, *f, "turn_played");
  got = Until(*t, *f, "turn_played");
  EXPECT_EQ(got.back().id, 3);
  EXPECT_EQ(t->Get()["side_to_move"], "first");
}

TEST_F(TableTest, TheComputerIsBusyUntilItsReplyOrDrawAnswerIsWritten) {
  auto t = Open(events::VS_COMPUTER);
  auto settle = [&] {
    const absl::Time deadline = absl::Now() + kPatience;
    while (t->ComputerBusy() && absl::Now() < deadline) {
      absl::SleepFor(absl::Milliseconds(1));
    }
    ASSERT_FALSE(t->ComputerBusy()) << t->Get().dump();
  };
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  settle();
  EXPECT_EQ(t->Get()["head"], 3);
  const Answer offered = Act(t, "draw/offer", {{"head", 3}});
  ASSERT_EQ(offered.status, 200) << offered.body;
  const uint64_t offered_head = t->Get()["head"];
  settle();
  const json answered = t->Get();
  EXPECT_GT(answered["head"].get<uint64_t>(), offered_head) << answered.dump();
  EXPECT_TRUE(answered["draw_answer_due"].is_null()) << answered.dump();
}

TEST_F(TableTest, PauseStopsTheComputersSearch) {
  auto t = Open(events::VS_COMPUTER, /*max_nodes=*/uint64_t{1} << 40);
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  ASSERT_EQ(Act(t, "pause", {{"head", 2}}).status, 200);
  EXPECT_TRUE(t->Get()["status"]["paused"]);
  auto f = Follow(*t, 2);
  // A pause that came before the worker started the search means no
  // search runs at all; one that came after holds it at its next poll.
  auto held = [&] {
    const nlohmann::json status = t->Get()["status"];
    return !status["thinking"].get<bool>() ||
           status["search_paused"].get<bool>();
  };
  const absl::Time deadline = absl::Now() + kPatience;
  while (!held() && absl::Now() < deadline) {
    f->Wait(absl::Milliseconds(10));
  }
  ASSERT_TRUE(held());
  const uint64_t nodes = t->Get()["status"]["nodes"];
  // Time in which a running search would count more nodes.
  f->Wait(absl::Milliseconds(200));
  EXPECT_EQ(t->Get()["status"]["nodes"], nodes);
  EXPECT_EQ(t->Get()["head"], 2);
  EXPECT_EQ(Act(t, "resume", {{"head", 2}}).status, 200);
  EXPECT_FALSE(t->Get()["status"]["paused"]);
}

TEST_F(TableTest,
       AFullDiskIsServiceUnavailableAndTheTableRecoversOnceItHasRoom) {
  storage::FaultEnv disk;
  Table::Options options = TableOptions();
  options.env = &disk;
  auto t = Open(options, Started(events::TWO_PLAYER, events::EASY));
  ASSERT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 200);
  disk.SetSpaceLeft(0);
  for (int attempt = 0; attempt < 3; ++attempt) {
    const Answer full = Act(t, "moves", {{"move", "23-19"}, {"head", 2}});
    EXPECT_EQ(full.status, 503) << full.body;
    EXPECT_EQ(full.body["reason"], "save_failed") << full.body;
    EXPECT_EQ(t->Get()["head"], 2);
  }
  disk.SetSpaceLeft(std::nullopt);
  EXPECT_EQ(Act(t, "moves", {{"move", "23-19"}, {"head", 2}}).status, 200);
  EXPECT_EQ(Act(t, "moves", {{"move", "8-11"}, {"head", 3}}).status, 200);
  absl::StatusOr<storage::LoadedGame> saved =
      storage::LoadGame(&disk, t->path());
  ASSERT_TRUE(saved.ok()) << saved.status();
  EXPECT_EQ(saved->state.turns, 3);
}

TEST_F(TableTest, StoppedTableRefusesActionsAndEndsStreams) {
  auto t = Open(events::TWO_PLAYER);
  auto f = Follow(*t, 1);
  t->Stop();
  EXPECT_FALSE(f->open());
  EXPECT_EQ(Act(t, "moves", {{"move", "11-15"}, {"head", 1}}).status, 503);
}

// The position the computer reaches from "W:WK18:BK5" (White, the
// computer, to move after the person's 1-5) at a table given `db`.
Position TableTest::ComputerReplyFromKingAgainstKing(const egdb::Database* db) {
  Table::Options options = TableOptions();
  options.endgame_db = db;
  events::GameStarted started = Started(events::VS_COMPUTER, events::MEDIUM);
  started.set_start_fen("B:WK18:BK1");
  auto t = Open(options, started);
  auto f = Follow(*t, 1);
  EXPECT_EQ(Act(t, "moves", {{"move", "1-5"}, {"head", 1}}).status, 200);
  Until(*t, *f, "turn_played");
  Until(*t, *f, "turn_played");
  return ParseFen(t->Get()["fen"].get<std::string>()).value_or(Position());
}

TEST_F(TableTest, TheComputerConsultsTheEndgameDatabaseTheServerGives) {
  const Position plain = ComputerReplyFromKingAgainstKing(nullptr);
  // A database in which one other reply, and only it, wins for White: the
  // computer must play it.
  const std::optional<Position> winning =
      egdb::AnotherMoveThan(*ParseFen("W:WK18:BK5"), plain);
  ASSERT_TRUE(winning.has_value());
  const std::unique_ptr<egdb::Database> db = egdb::DrawsButOneLoss(*winning);
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(ComputerReplyFromKingAgainstKing(db.get()), *winning);
}

TEST_F(TableTest, ANameThatCouldSpoofAnotherIsRefusedWithALine) {
  auto t = Open(events::REMOTE, 0, 0);
  for (const char* name :
       {"Bob\u202E", "B\u200Bob", "\uFEFFBob", "Bob\u2028", "   "}) {
    const Answer a =
        t->TakeSeat(events::FIRST, {{"name", name}}, kFirst, English());
    EXPECT_EQ(a.status, 422) << name;
    EXPECT_EQ(a.body["reason"], "rules") << name;
    EXPECT_NE(a.body["error"].get<std::string>().find("name"),
              std::string::npos)
        << a.body;
  }
  EXPECT_TRUE(t->Get(kFirst)["seats"]["first"].is_null());
}

TEST_F(TableTest, SeatLeftEmptyOnItsTurnIsPlayedByTheComputerAndHandedBack) {
  auto t = Seated();
  auto bob = Follow(*t, 0, kSecond);
  auto watcher = Follow(*t, 0);
  // Alice, to move, has had no stream since the table opened.
  clock_.Advance(absl::Seconds(59));
  t->Poke();
  EXPECT_FALSE(t->Get()["seats"]["first"]["computer"]);
  clock_.Advance(absl::Seconds(1));
  t->Poke();
  EXPECT_TRUE(t->Get()["seats"]["first"]["computer"]);
  Until(*t, *watcher, "stand_in");
  const std::vector<StreamMessage> played = Until(*t, *watcher, "turn_played");
  const json turn = json::parse(played.back().data)["event"]["turn_played"];
  EXPECT_EQ(turn["side"], "FIRST");
  EXPECT_EQ(turn["computer"]["level"], "MEDIUM");
  // Alice is back: her seat is hers again, before her next turn.
  auto alice = Follow(*t, 0, kFirst);
  EXPECT_FALSE(t->Get()["seats"]["first"]["computer"]);
  Until(*t, *watcher, "hand_back");
  const json state = t->Get(kFirst);
  EXPECT_EQ(state["side_to_move"], "second");
  ASSERT_EQ(
      Act(t, "moves", {{"move", "23-19"}, {"head", state["head"]}}, kSecond)
          .status,
      200);
  EXPECT_FALSE(t->Get(kFirst)["legal"].empty());
}

TEST_F(TableTest, HolderWithAStreamIsNeverStoodInFor) {
  auto t = Seated();
  auto alice = Follow(*t, 0, kFirst);
  clock_.Advance(absl::Minutes(10));
  t->Poke();
  EXPECT_FALSE(t->Get()["seats"]["first"]["computer"]);
  EXPECT_EQ(t->Get()["head"], 3);
}

TEST_F(TableTest, TurnNotPlayedInTimeIsPlayedByTheComputerAsATimeout) {
  auto t = Seated(/*turn_seconds=*/30);
  auto alice = Follow(*t, 0, kFirst);
  auto bob = Follow(*t, 0, kSecond);
  clock_.Advance(absl::Seconds(29));
  t->Poke();
  json state = t->Get();
  EXPECT_EQ(state["clock"]["side"], "first");
  EXPECT_EQ(state["clock"]["seconds"], 30);
  EXPECT_EQ(state["clock"]["remaining_ms"], 1000);
  EXPECT_EQ(state["head"], 3);
  clock_.Advance(absl::Seconds(1));
  t->Poke();
  const std::vector<StreamMessage> played = Until(*t, *bob, "turn_played");
  const json turn = json::parse(played.back().data)["event"]["turn_played"];
  EXPECT_EQ(turn["side"], "FIRST");
  EXPECT_TRUE(turn["timeout"]);
  // Bob's clock starts at the timed-out turn.
  state = t->Get();
  EXPECT_EQ(state["clock"]["side"], "second");
  EXPECT_EQ(state["clock"]["remaining_ms"], 30000);
}

TEST_F(TableTest, TurnClockRunsOnAcrossARestart) {
  auto t = Seated(/*turn_seconds=*/60);
  clock_.Advance(absl::Seconds(20));
  t.reset();
  auto reopened = Table::Open("t", path_, false, false, TableOptions());
  ASSERT_TRUE(reopened.ok()) << reopened.status();
  EXPECT_EQ((*reopened)->Get()["clock"]["remaining_ms"], 40000);
}

}  // namespace
}  // namespace checkers::web
