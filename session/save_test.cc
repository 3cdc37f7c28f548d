#include "session/save.h"

#include <string>
#include <vector>

#include "events/validate.h"
#include "gtest/gtest.h"
#include "storage/fault_env.h"

namespace checkers::session {
namespace {

const std::string kPath = "/state/checkers/match.log";

events::Event Start() {
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  *started.mutable_options() = events::DefaultRuleOptions();
  return *events::StartEvent(started);
}

absl::Status Play(Save& save, absl::string_view move) {
  return save.Change([&] {
    absl::StatusOr<events::Event> turn =
        events::TurnEvent(save.log().state(), move);
    if (!turn.ok()) return turn.status();
    return save.log().Commit(*turn);
  });
}

class SaveTest : public testing::Test {
 protected:
  SaveTest() : save_(&env_, [this](Report r) { reports_.push_back(r); }) {}

  storage::FaultEnv env_;
  std::vector<Report> reports_;
  Save save_;
};

TEST_F(SaveTest, AnUnwritableSaveGoesOnInMemoryWithAReport) {
  env_.SetReadOnly(true);
  save_.Open(kPath);
  EXPECT_EQ(save_.persistence(), Persistence::kUnavailable);
  ASSERT_EQ(reports_.size(), 1u);
  EXPECT_EQ(reports_[0].kind, Report::Kind::kNotSaved);
  ASSERT_TRUE(save_.Change([&] { return save_.log().NewGame(Start()); }).ok());
  EXPECT_TRUE(save_.log().state().started != nullptr);
}

TEST_F(SaveTest, ACommandsSaveRecoversByItselfOnceTheDiskHasRoomAgain) {
  ASSERT_TRUE(save_.OpenForCommand(kPath, /*create=*/true).ok());
  ASSERT_TRUE(save_.Change([&] { return save_.log().NewGame(Start()); }).ok());
  ASSERT_TRUE(Play(save_, "11-15").ok());

  env_.SetSpaceLeft(0);
  EXPECT_EQ(Play(save_, "23-19").code(), absl::StatusCode::kResourceExhausted);
  // While the disk stays full every change is the save's failure, never a
  // check's refusal, and the game is as last written.
  const absl::Status again = Play(save_, "23-19");
  EXPECT_FALSE(Save::IsRefusal(again)) << again;
  EXPECT_EQ(save_.log().state().turns, 1);

  env_.SetSpaceLeft(std::nullopt);
  ASSERT_TRUE(Play(save_, "23-19").ok());
  EXPECT_EQ(save_.log().state().turns, 2);
  EXPECT_TRUE(save_.log().durable());
  absl::StatusOr<storage::LoadedGame> saved = storage::LoadGame(&env_, kPath);
  ASSERT_TRUE(saved.ok()) << saved.status();
  EXPECT_EQ(saved->state.turns, 2);
}

TEST_F(SaveTest, ADamagedSaveIsKeptAsideUnderANewName) {
  env_.PutFile(kPath, "not a log at all, not even its header");
  save_.Open(kPath);
  ASSERT_TRUE(save_.damaged());
  save_.KeepDamagedAside();
  EXPECT_FALSE(save_.damaged());
  EXPECT_TRUE(env_.FileExists(kPath + ".damaged"));
  EXPECT_EQ(save_.persistence(), Persistence::kSaved);
}

}  // namespace
}  // namespace checkers::session
