#include "storage/game_log.h"

#include <random>
#include <string>
#include <vector>

#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/event_log.h"
#include "storage/fault_env.h"

namespace checkers::storage {
namespace {

using ::testing::HasSubstr;

constexpr char kPath[] = "/state/checkers/match.log";

std::string Msg(const absl::Status& s) { return std::string(s.message()); }

events::Event TwoPlayer(const std::string& fen = "") {
  events::GameStarted g;
  g.set_mode(events::TWO_PLAYER);
  g.set_start_fen(fen);
  absl::StatusOr<events::Event> start = events::StartEvent(std::move(g));
  EXPECT_TRUE(start.ok()) << start.status();
  return start.ok() ? *std::move(start) : events::Event();
}

// Plays `text` for the side to move.
absl::Status Play(GameLog* log, const std::string& text) {
  absl::StatusOr<events::Event> turn = events::TurnEvent(log->state(), text);
  if (!turn.ok()) return turn.status();
  return log->Commit(*std::move(turn));
}

// The parts of a state every view is computed from.
std::string Summary(const events::GameState& s) {
  return absl::StrCat(s.position.hash(), "/", s.turns, "/", s.last_seq, "/",
                      s.no_progress_turns, "/", s.RepetitionCount(), "/",
                      s.over() ? s.ended->ShortDebugString() : "");
}

TEST(GameLogTest, NewSaveStartsEmptyAndRecordsAGame) {
  FaultEnv env;
  absl::StatusOr<std::unique_ptr<GameLog>> log = GameLog::Open(&env, kPath);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ((*log)->state().started, nullptr);
  EXPECT_TRUE((*log)->durable());
  ASSERT_TRUE((*log)->NewGame(TwoPlayer()).ok());
  ASSERT_TRUE(Play(log->get(), "11-15").ok());
  EXPECT_EQ((*log)->events().size(), 2u);
  EXPECT_TRUE((*log)->has_turns());
}

TEST(GameLogTest, ReopenFoldsToTheSameState) {
  FaultEnv env;
  std::string before;
  {
    auto log = *GameLog::Open(&env, kPath);
    ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
    for (const char* m : {"11-15", "23-19", "8-11", "22-17"})
      ASSERT_TRUE(Play(log.get(), m).ok());
    before = Summary(log->state());
  }
  auto log = *GameLog::Open(&env, kPath);
  EXPECT_EQ(Summary(log->state()), before);
  absl::StatusOr<LoadedGame> read = LoadGame(&env, kPath);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(Summary(read->state), before);
}

TEST(GameLogTest, ALogsBytesParseToItsEventsOrDataLossNamingIt) {
  FaultEnv env;
  {
    auto log = *GameLog::Open(&env, kPath);
    ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
    ASSERT_TRUE(Play(log.get(), "11-15").ok());
  }
  const std::string bytes = *env.ReadFile(kPath, 1 << 20);
  absl::StatusOr<LoadedEvents> parsed = ParseEvents(bytes, "sent.log");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->events.size(), 2u);
  EXPECT_TRUE(parsed->events[1].has_turn_played());
  absl::StatusOr<LoadedEvents> text = ParseEvents("[Event \"x\"]", "sent.log");
  EXPECT_EQ(text.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(text.status().message()), HasSubstr("sent.log: "));
}

TEST(GameLogTest, RefusedCommandLeavesTheLogUnchanged) {
  FaultEnv env;
  auto log = *GameLog::Open(&env, kPath);
  ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
  const absl::Status st = Play(log.get(), "11-14");
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(log->events().size(), 1u);
  EXPECT_EQ((*LoadGame(&env, kPath)).events.size(), 1u);
}

TEST(GameLogTest, UndoThenAppend) {
  FaultEnv env;
  auto log = *GameLog::Open(&env, kPath);
  ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
  ASSERT_TRUE(Play(log.get(), "11-15").ok());
  ASSERT_TRUE(Play(log.get(), "23-19").ok());
  ASSERT_TRUE(log->Undo().ok());
  EXPECT_EQ(log->state().turns, 1);
  ASSERT_TRUE(Play(log.get(), "22-18").ok());
  absl::StatusOr<LoadedGame> read = LoadGame(&env, kPath);
  ASSERT_TRUE(read.ok());
  ASSERT_EQ(read->events.size(), 3u);
  EXPECT_THAT(read->events[2].turn_played().squares(),
              ::testing::ElementsAre(22, 18));
}

TEST(GameLogTest, TurnThatEndsTheGameIsOneCommitWithItsEnd) {
  FaultEnv env;
  auto log = *GameLog::Open(&env, kPath);
  ASSERT_TRUE(log->NewGame(TwoPlayer("W:W22:B18")).ok());
  ASSERT_TRUE(Play(log.get(), "22x15").ok());
  ASSERT_TRUE(log->state().over());
  ASSERT_EQ(log->events().size(), 3u);
  // Undo takes back the turn and its end together.
  ASSERT_TRUE(log->Undo().ok());
  EXPECT_FALSE(log->state().over());
  EXPECT_EQ(log->events().size(), 1u);
}

TEST(GameLogTest, NewGameReplacesTheSavedGame) {
  FaultEnv env;
  auto log = *GameLog::Open(&env, kPath);
  ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
  ASSERT_TRUE(Play(log.get(), "11-15").ok());
  ASSERT_TRUE(log->NewGame(TwoPlayer("B:W32:B1")).ok());
  EXPECT_EQ(log->state().turns, 0);
  absl::StatusOr<LoadedGame> read = LoadGame(&env, kPath);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->events.size(), 1u);
  EXPECT_EQ(read->events[0].game_started().start_fen(), "B:W32:B1");
}

TEST(GameLogTest, RecordThatIsNotAnEventIsAnErrorWithItsSeq) {
  FaultEnv env;
  {
    auto file = *FileEventLog::Open(&env, kPath);
    events::Event start = TwoPlayer();
    ASSERT_TRUE(file->Append({start.SerializeAsString()}).ok());
    ASSERT_TRUE(file->Append({"\xff\xff\xff not a protobuf"}).ok());
  }
  absl::StatusOr<std::unique_ptr<GameLog>> log = GameLog::Open(&env, kPath);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(log.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(Msg(log.status()), HasSubstr("seq 2"));
}

TEST(GameLogTest, RecordWithAnIllegalMoveIsAnErrorWithItsSeq) {
  FaultEnv env;
  {
    auto file = *FileEventLog::Open(&env, kPath);
    events::Event start = TwoPlayer();
    events::Event turn;
    turn.mutable_turn_played()->set_side(events::FIRST);
    turn.mutable_turn_played()->add_squares(11);
    turn.mutable_turn_played()->add_squares(15);
    events::Event bad = turn;
    ASSERT_TRUE(file->Append({start.SerializeAsString()}).ok());
    ASSERT_TRUE(file->Append({turn.SerializeAsString()}).ok());
    // The same side again, and the same move: a tampered or duplicated turn.
    ASSERT_TRUE(file->Append({bad.SerializeAsString()}).ok());
  }
  absl::StatusOr<LoadedGame> read = LoadGame(&env, kPath);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(Msg(read.status()), HasSubstr("seq 3"));
  EXPECT_FALSE(GameLog::Open(&env, kPath).ok());
}

TEST(GameLogTest, SecondWriterIsRefusedWhileTheFirstPlays) {
  FaultEnv env;
  auto first = *GameLog::Open(&env, kPath);
  absl::StatusOr<std::unique_ptr<GameLog>> second = GameLog::Open(&env, kPath);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
}

TEST(GameLogTest, FailedWriteCanContinueInMemory) {
  FaultEnv env;
  auto log = *GameLog::Open(&env, kPath);
  ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
  ASSERT_TRUE(Play(log.get(), "11-15").ok());
  env.SetSpaceLeft(0);
  EXPECT_FALSE(Play(log.get(), "23-19").ok());
  EXPECT_EQ(log->state().turns, 1);
  log->ContinueInMemory();
  EXPECT_FALSE(log->durable());
  ASSERT_TRUE(Play(log.get(), "23-19").ok());
  EXPECT_EQ(log->state().turns, 2);
  // The save still holds what was acknowledged before the failure.
  EXPECT_EQ((*LoadGame(&env, kPath)).state.turns, 1);
}

TEST(GameLogTest, InMemoryGamePlaysWithoutASave) {
  auto log = GameLog::InMemory();
  ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
  ASSERT_TRUE(Play(log.get(), "11-15").ok());
  ASSERT_TRUE(log->Undo().ok());
  EXPECT_EQ(log->state().turns, 0);
  EXPECT_FALSE(log->durable());
}

TEST(GameLogTest, CrashKeepsEveryAcknowledgedTurn) {
  std::mt19937_64 rng(17);
  for (int round = 0; round < 30; ++round) {
    FaultEnv env;
    int acknowledged = 0;
    {
      auto log = *GameLog::Open(&env, kPath);
      ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
      env.StopAfterOperations(static_cast<int>(rng() % 40));
      std::mt19937 moves_rng(round);
      while (!log->state().over()) {
        MoveList moves;
        GenerateMoves(*log->state().position.eight(), &moves);
        const Move m = moves[moves_rng() % moves.size()];
        if (!log->Commit(events::TurnEvent(log->state(), m)).ok()) break;
        acknowledged = log->state().turns;
      }
    }
    env.SimulateCrash(&rng);
    absl::StatusOr<std::unique_ptr<GameLog>> log = GameLog::Open(&env, kPath);
    ASSERT_TRUE(log.ok()) << log.status();
    EXPECT_GE((*log)->state().turns, acknowledged) << "round " << round;
  }
}

// Random games fold to the same state live, after undo, and after
// reopening the save.
TEST(GameLogTest, RandomGamesFoldTheSameLiveAfterUndoAndAfterReopen) {
  std::mt19937 rng(99);
  for (int game = 0; game < 40; ++game) {
    FaultEnv env;
    auto log = *GameLog::Open(&env, kPath);
    ASSERT_TRUE(log->NewGame(TwoPlayer()).ok());
    std::vector<std::string> history = {Summary(log->state())};
    while (!log->state().over()) {
      MoveList moves;
      GenerateMoves(*log->state().position.eight(), &moves);
      ASSERT_TRUE(log->Commit(events::TurnEvent(log->state(),
                                                moves[rng() % moves.size()]))
                      .ok());
      history.push_back(Summary(log->state()));
      if (rng() % 7 == 0 && log->state().turns > 0 && !log->state().over()) {
        ASSERT_TRUE(log->Undo().ok());
        history.pop_back();
        ASSERT_EQ(Summary(log->state()), history.back());
      }
    }
    const std::string live = Summary(log->state());
    log.reset();
    auto reopened = *GameLog::Open(&env, kPath);
    EXPECT_EQ(Summary(reopened->state()), live);
    // Undo all the way back: each step is the state folded earlier.
    while (reopened->state().turns > 0) {
      ASSERT_TRUE(reopened->Undo().ok());
      history.pop_back();
      ASSERT_EQ(Summary(reopened->state()), history.back());
    }
  }
}

}  // namespace
}  // namespace checkers::storage
