#include "storage/replace_file.h"

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "storage/fault_env.h"

namespace checkers::storage {
namespace {

constexpr char kPath[] = "/d/book.txt";

TEST(ReplaceFileTest, ThePathHoldsTheBytesAndNoTemporaryIsLeft) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs("/d").ok());
  ASSERT_TRUE(ReplaceFile(&env, kPath, "new").ok());
  EXPECT_EQ(*env.ReadFile(kPath, 100), "new");
  EXPECT_FALSE(env.FileExists(std::string(kPath) + ".tmp"));
  env.SimulateCrash();
  EXPECT_EQ(*env.ReadFile(kPath, 100), "new");
}

TEST(ReplaceFileTest, ACrashAtAnyPointLeavesTheOldFileOrTheNewOne) {
  for (int stop = 0; stop < 8; ++stop) {
    FaultEnv env;
    env.PutFile(kPath, "old contents");
    env.StopAfterOperations(stop);
    const bool ok = ReplaceFile(&env, kPath, "new contents").ok();
    std::mt19937_64 rng(stop);
    env.SimulateCrash(&rng);
    const std::string now = *env.ReadFile(kPath, 100);
    EXPECT_TRUE(now == "old contents" || now == "new contents")
        << "stopped after " << stop << ": " << now;
    if (ok) {
      EXPECT_EQ(now, "new contents") << "stopped after " << stop;
    }
  }
}

TEST(ReplaceFileTest, AFailedSyncKeepsTheOldFileAndRemovesTheTemporary) {
  FaultEnv env;
  env.PutFile(kPath, "old");
  env.SetSyncFails(true);
  EXPECT_FALSE(ReplaceFile(&env, kPath, "new").ok());
  env.SetSyncFails(false);
  EXPECT_EQ(*env.ReadFile(kPath, 100), "old");
  EXPECT_FALSE(env.FileExists(std::string(kPath) + ".tmp"));
}

TEST(ReplaceFileTest, AMissingDirectoryIsNotFound) {
  FaultEnv env;
  EXPECT_TRUE(absl::IsNotFound(ReplaceFile(&env, "/none/f", "x")));
}

}  // namespace
}  // namespace checkers::storage
