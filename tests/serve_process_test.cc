#include "tests/serve_process.h"

#include <string>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/log_builder.h"
#include "tests/run_command.h"

namespace checkers::testing {
namespace {

using ::testing::HasSubstr;

// The bytes of a two-player English game after `moves`.
std::string LogOf(std::initializer_list<const char*> moves) {
  LogBuilder log;
  for (const char* move : moves) log.Play(move);
  return log.Bytes();
}

std::string Scratch() { return NewTempDir("serve-process") + "/fetched.log"; }

TEST(ServeProcessTest, TheAnsweredMovesInOrderPassAndBecomeTheSeenTurns) {
  SeenTurns seen;
  seen.answered = {"11-15", "22-18"};
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-15", "22-18"}), Scratch(), seen);
  ASSERT_TRUE(over.ok()) << over.status();
  EXPECT_FALSE(*over);
  EXPECT_EQ(seen.turns.size(), 2);
  EXPECT_TRUE(seen.answered.empty());

  seen.answered = {"15x22"};
  over = CheckLogAfterKill(LogOf({"11-15", "22-18", "15x22"}), Scratch(), seen);
  ASSERT_TRUE(over.ok()) << over.status();
  EXPECT_EQ(seen.turns.size(), 3);
}

TEST(ServeProcessTest, OneTurnMoreThanAnsweredIsTheInterruptedOne) {
  SeenTurns seen;
  seen.answered = {"11-15"};
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-15", "22-18"}), Scratch(), seen);
  ASSERT_TRUE(over.ok()) << over.status();
  EXPECT_EQ(seen.turns.size(), 2);
}

TEST(ServeProcessTest, TwoTurnsMoreThanAnsweredAreRefused) {
  SeenTurns seen;
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-15", "22-18"}), Scratch(), seen);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(over.status().message(), HasSubstr("holds 2 turns"));
}

TEST(ServeProcessTest, ALostAnsweredMoveIsRefused) {
  SeenTurns seen;
  seen.answered = {"11-15", "22-18"};
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-15"}), Scratch(), seen);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(over.status().message(), HasSubstr("2 were answered"));
}

TEST(ServeProcessTest, AnotherMoveThanTheAnsweredOneIsNamed) {
  SeenTurns seen;
  seen.answered = {"11-15", "22-18"};
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-15", "23-18"}), Scratch(), seen);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(over.status().message(), HasSubstr("turn 2 should be 22-18"));
}

TEST(ServeProcessTest, AnEarlierTurnThatChangedIsNamed) {
  SeenTurns seen;
  seen.answered = {"11-15", "22-18"};
  ASSERT_TRUE(
      CheckLogAfterKill(LogOf({"11-15", "22-18"}), Scratch(), seen).ok());
  absl::StatusOr<bool> over =
      CheckLogAfterKill(LogOf({"11-16", "22-18"}), Scratch(), seen);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(over.status().message(), HasSubstr("turn 1 changed"));
}

TEST(ServeProcessTest, ALogThatDoesNotAuditSoundIsRefused) {
  SeenTurns seen;
  std::string bytes = LogOf({"11-15", "22-18"});
  bytes[bytes.size() - 3] ^= 0x40;
  absl::StatusOr<bool> over = CheckLogAfterKill(bytes, Scratch(), seen);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(over.status().message(), HasSubstr("corrupt record"));
}

TEST(ServeProcessTest,
     TheKillBoundGrowsAfterAnIdleRoundAndShrinksAfterABusyOne) {
  EXPECT_DOUBLE_EQ(NextMaxDelayMs(60, 0), 90);
  EXPECT_DOUBLE_EQ(NextMaxDelayMs(4000, 0), 5000);
  EXPECT_DOUBLE_EQ(NextMaxDelayMs(60, 4), 60);
  EXPECT_DOUBLE_EQ(NextMaxDelayMs(60, 9), 48);
}

}  // namespace
}  // namespace checkers::testing
