#include "ui_cli/play_session.h"

#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/fault_env.h"
#include "storage/game_log.h"
#include "tests/run_command.h"
#include "ui_cli/catalogue.h"

namespace checkers::cli {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

// A fresh path for a save in the test's temporary directory.
std::string TempPath(const std::string& name) {
  return ::checkers::testing::NewTempDir("session") + "/" + name;
}

using ::checkers::testing::ReadAll;

std::string Said(PlaySession& session) {
  return absl::StrJoin(session.TakeMessages(), "\n");
}

// Ticks until the computer has nothing under way; false if that takes
// more than a few seconds.
bool SettleComputer(PlaySession& session) {
  const absl::Time deadline = absl::Now() + absl::Seconds(20);
  while (session.ComputerBusy()) {
    if (absl::Now() > deadline) return false;
    session.WaitForComputer(absl::Milliseconds(20));
  }
  return true;
}

// Ticks until the computer's search has begun.
bool AwaitSearch(PlaySession& session) {
  const absl::Time deadline = absl::Now() + absl::Seconds(20);
  while (!session.computer().thinking || session.computer().nodes == 0) {
    if (absl::Now() > deadline) return false;
    session.Tick();
    absl::SleepFor(absl::Milliseconds(5));
  }
  return true;
}

const Catalogue& English() { return Catalogue::Builtin("en"); }

TEST(PlaySessionTest, ANewGameAndItsTurnsAreSaved) {
  const std::string path = TempPath("a.log");
  PlaySession session(English(), {});
  session.Open(path);
  EXPECT_FALSE(session.has_game());
  EXPECT_EQ(session.persistence(), Persistence::kSaved);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.PlayText("11-15"));
  EXPECT_THAT(Said(session), HasSubstr("Red: 11-15"));
  absl::StatusOr<storage::LoadedGame> saved =
      storage::LoadGame(storage::Env::Default(), path);
  ASSERT_TRUE(saved.ok()) << saved.status();
  EXPECT_EQ(saved->state.turns, 1);
}

TEST(PlaySessionTest, AWriteFailureDuringPlayKeepsTheGameGoingInMemory) {
  storage::FaultEnv env;
  PlaySession session(English(), {}, &env);
  session.Open("/state/checkers/match.log");
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.PlayText("11-15"));
  Said(session);
  env.SetSpaceLeft(0);
  ASSERT_TRUE(session.PlayText("23-19"));
  EXPECT_EQ(session.persistence(), Persistence::kWriteFailed);
  EXPECT_THAT(Said(session), HasSubstr("No space left on device"));
  EXPECT_EQ(session.state().turns, 2);
  ASSERT_TRUE(session.PlayText("8-11"));
  EXPECT_EQ(session.state().turns, 3);
  // The save keeps every turn acknowledged before the failure.
  absl::StatusOr<storage::LoadedGame> saved =
      storage::LoadGame(&env, "/state/checkers/match.log");
  ASSERT_TRUE(saved.ok()) << saved.status();
  EXPECT_EQ(saved->state.turns, 1);
}

TEST(PlaySessionTest, AnIllegalMoveIsRefusedWithTheLegalMoves) {
  PlaySession session(English(), {});
  session.Open(TempPath("b.log"));
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  Said(session);
  EXPECT_FALSE(session.PlayText("11-16x"));
  EXPECT_FALSE(session.PlayText("12-17"));
  const std::string said = Said(session);
  EXPECT_THAT(said, HasSubstr("is not a move"));
  EXPECT_THAT(
      said,
      HasSubstr("“12-17” is not a legal move here. Legal moves: 9-13 9-14"));
  EXPECT_EQ(session.state().turns, 0);
}

TEST(PlaySessionTest, TheComputerRepliesOnItsThreadAndUndoTakesBothBack) {
  const std::string path = TempPath("c.log");
  PlaySession session(English(), {});
  session.Open(path);
  session.NewGame(events::VS_COMPUTER, events::EASY);
  ASSERT_TRUE(session.PlayText("11-15"));
  ASSERT_TRUE(SettleComputer(session));
  EXPECT_EQ(session.state().turns, 2);
  EXPECT_THAT(Said(session), HasSubstr("White (computer): "));
  ASSERT_TRUE(session.Undo());
  EXPECT_EQ(session.state().turns, 0);
  EXPECT_EQ(storage::LoadGame(storage::Env::Default(), path)->state.turns, 0);
}

TEST(PlaySessionTest, PauseHoldsTheSearchAndNoComputerTurnIsCommitted) {
  PlaySession session(English(), {.max_nodes = 4'000'000'000});
  session.Open(TempPath("d.log"));
  session.NewGame(events::VS_COMPUTER, events::HARD);
  ASSERT_TRUE(session.PlayText("11-15"));
  ASSERT_TRUE(AwaitSearch(session));
  session.Pause();
  // The search stops at its next poll, a few thousand nodes on.
  absl::SleepFor(absl::Milliseconds(50));
  const uint64_t nodes = session.computer().nodes;
  absl::SleepFor(absl::Milliseconds(200));
  session.Tick();
  EXPECT_EQ(session.computer().nodes, nodes);
  EXPECT_TRUE(session.computer().thinking);
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_FALSE(session.Undo());
  EXPECT_THAT(Said(session), HasSubstr("paused"));
  session.Resume();
  absl::SleepFor(absl::Milliseconds(100));
  EXPECT_GT(session.computer().nodes, nodes);
  ASSERT_TRUE(session.Undo());
  EXPECT_FALSE(session.computer().thinking);
  EXPECT_EQ(session.state().turns, 0);
}

TEST(PlaySessionTest, AComputerErrorWaitsAndResumeRetriesOnce) {
  PlaySession session(English(), {.failing_searches = 1});
  session.Open(TempPath("e.log"));
  session.NewGame(events::VS_COMPUTER, events::EASY);
  ASSERT_TRUE(session.PlayText("11-15"));
  ASSERT_TRUE(SettleComputer(session));
  EXPECT_FALSE(session.computer_error().empty());
  EXPECT_THAT(Said(session), HasSubstr("The computer could not move"));
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_FALSE(session.AwaitsMove());
  session.Resume();
  ASSERT_TRUE(SettleComputer(session));
  EXPECT_TRUE(session.computer_error().empty());
  EXPECT_EQ(session.state().turns, 2);
}

TEST(PlaySessionTest, AfterAComputerErrorTheGameGoesOnBetweenTwoPlayers) {
  const std::string path = TempPath("f.log");
  PlaySession session(English(), {.failing_searches = 1});
  session.Open(path);
  session.NewGame(events::VS_COMPUTER, events::EASY);
  ASSERT_TRUE(session.PlayText("11-15"));
  ASSERT_TRUE(SettleComputer(session));
  ASSERT_TRUE(session.ContinueAsTwoPlayer());
  EXPECT_EQ(session.state().mode, events::TWO_PLAYER);
  EXPECT_TRUE(session.computer_error().empty());
  ASSERT_TRUE(session.PlayText("23-19"));
  EXPECT_EQ(storage::LoadGame(storage::Env::Default(), path)->state.turns, 2);
}

TEST(PlaySessionTest, TheComputerAnswersADrawOffer) {
  PlaySession session(English(), {});
  session.Open(TempPath("g.log"));
  session.NewGame(events::VS_COMPUTER, events::EASY);
  Said(session);
  ASSERT_TRUE(session.OfferDraw());
  EXPECT_TRUE(session.ComputerBusy());
  ASSERT_TRUE(SettleComputer(session));
  EXPECT_THAT(Said(session), HasSubstr("White declines the draw."));
  EXPECT_TRUE(session.AwaitsMove());
}

TEST(PlaySessionTest, BetweenTwoPlayersTheOtherSideAnswersADrawOffer) {
  PlaySession session(English(), {});
  session.Open(TempPath("h.log"));
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.OfferDraw());
  EXPECT_EQ(session.DrawAnswerDue(), events::SECOND);
  EXPECT_FALSE(session.PlayText("11-15"));
  EXPECT_THAT(Said(session), HasSubstr("White must first accept or decline"));
  ASSERT_TRUE(session.AnswerDraw(true));
  ASSERT_TRUE(session.state().over());
  EXPECT_THAT(Said(session), HasSubstr("Game over: Draw by agreement"));
}

TEST(PlaySessionTest, ResigningEndsTheGameForThePerson) {
  PlaySession session(English(), {});
  session.Open(TempPath("i.log"));
  session.NewGame(events::VS_COMPUTER, events::EASY);
  ASSERT_TRUE(session.Resign());
  EXPECT_THAT(Said(session), HasSubstr("White wins: Red resigned"));
  EXPECT_FALSE(session.PlayText("11-15"));
}

TEST(PlaySessionTest, ALockedSaveIsPlayedInMemoryAndLeftAsItWas) {
  const std::string path = TempPath("j.log");
  absl::StatusOr<std::unique_ptr<storage::GameLog>> holder =
      storage::GameLog::Open(storage::Env::Default(), path);
  ASSERT_TRUE(holder.ok());
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  ASSERT_TRUE((*holder)->NewGame(started).ok());
  ASSERT_TRUE(
      (*holder)->Commit(*events::TurnEvent((*holder)->state(), "11-15")).ok());
  const std::string before = ReadAll(path);

  PlaySession session(English(), {});
  session.Open(path);
  EXPECT_EQ(session.persistence(), Persistence::kLocked);
  EXPECT_THAT(Said(session), HasSubstr("in use by another running game"));
  EXPECT_EQ(session.state().turns, 1);
  ASSERT_TRUE(session.PlayText("24-20"));
  EXPECT_EQ(ReadAll(path), before);
}

TEST(PlaySessionTest, AnUnusableSaveLocationIsPlayedInMemory) {
  const std::string file = TempPath("plain-file");
  std::ofstream(file) << "not a directory";
  PlaySession session(English(), {});
  session.Open(file + "/match.log");
  EXPECT_EQ(session.persistence(), Persistence::kUnavailable);
  EXPECT_THAT(Said(session), HasSubstr("The save cannot be used"));
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  EXPECT_TRUE(session.PlayText("11-15"));

  PlaySession no_path(English(), {});
  no_path.Open(absl::InternalError("neither $XDG_STATE_HOME nor $HOME is set"));
  EXPECT_EQ(no_path.persistence(), Persistence::kUnavailable);
}

TEST(PlaySessionTest, ADamagedSaveIsKeptAsideNeverDestroyed) {
  const std::string path = TempPath("k.log");
  const std::string garbage =
      "this is not a checkers save, but somebody's precious notes\n";
  std::ofstream(path) << garbage;
  std::ofstream(path + ".damaged") << "an earlier damaged save";
  PlaySession session(English(), {});
  session.Open(path);
  ASSERT_TRUE(session.damaged());
  EXPECT_EQ(ReadAll(path), garbage);
  session.KeepDamagedAside();
  EXPECT_FALSE(session.damaged());
  EXPECT_EQ(ReadAll(path + ".damaged.2"), garbage);
  EXPECT_EQ(ReadAll(path + ".damaged"), "an earlier damaged save");
  EXPECT_THAT(Said(session), HasSubstr(".damaged.2"));
  EXPECT_EQ(session.persistence(), Persistence::kSaved);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  EXPECT_TRUE(storage::LoadGame(storage::Env::Default(), path).ok());
}

TEST(PlaySessionTest, ADamagedSaveCanBeLeftUntouched) {
  const std::string path = TempPath("l.log");
  const std::string garbage =
      "0123456789abcdef0123456789abcdef0123456789abcdef\n";
  std::ofstream(path) << garbage;
  PlaySession session(English(), {});
  session.Open(path);
  ASSERT_TRUE(session.damaged());
  session.PlayWithoutSaving();
  EXPECT_EQ(session.persistence(), Persistence::kDamagedLeft);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  EXPECT_TRUE(session.PlayText("11-15"));
  EXPECT_EQ(ReadAll(path), garbage);
}

TEST(PlaySessionTest, ANewGameKeepsTheHouseOptionsAndSwapsSidesWhenAsked) {
  const std::string path = TempPath("m.log");
  {
    absl::StatusOr<std::unique_ptr<storage::GameLog>> log =
        storage::GameLog::Open(storage::Env::Default(), path);
    ASSERT_TRUE(log.ok());
    events::GameStarted started;
    started.set_mode(events::VS_COMPUTER);
    started.set_human_side(events::FIRST);
    started.mutable_options()->set_swap_first_player(true);
    started.mutable_options()->set_colour_names(events::BLACK_WHITE);
    ASSERT_TRUE((*log)->NewGame(started).ok());
  }
  PlaySession session(English(), {});
  session.Open(path);
  session.NewGame(events::VS_COMPUTER, events::EASY);
  EXPECT_EQ(session.state().human_side, events::SECOND);
  EXPECT_EQ(session.state().started->options().colour_names(),
            events::BLACK_WHITE);
  // The person plays second: the computer opens.
  ASSERT_TRUE(SettleComputer(session));
  EXPECT_EQ(session.state().turns, 1);
}

}  // namespace
}  // namespace checkers::cli
