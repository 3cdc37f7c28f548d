#include "storage/fault_env.h"

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace checkers::storage {
namespace {

std::unique_ptr<WritableFile> MustOpen(FaultEnv& env, const std::string& path,
                                       OpenMode mode) {
  auto file = env.OpenForAppend(path, mode);
  EXPECT_TRUE(file.ok()) << file.status();
  return file.ok() ? std::move(*file) : nullptr;
}

std::string Contents(FaultEnv& env, const std::string& path) {
  absl::StatusOr<std::string> contents = env.ReadFile(path, 1 << 20);
  return contents.ok() ? *contents : "<" + contents.status().ToString() + ">";
}

TEST(FaultEnvTest, CrashKeepsSyncedBytesAndDropsTheRest) {
  FaultEnv env;
  env.PutFile("/d/f", "base");
  auto file = MustOpen(env, "/d/f", OpenMode::kMustExist);
  ASSERT_TRUE(file->Append("+synced").ok());
  ASSERT_TRUE(file->Sync().ok());
  ASSERT_TRUE(file->Append("+lost").ok());
  EXPECT_EQ(Contents(env, "/d/f"), "base+synced+lost");
  env.SimulateCrash();
  EXPECT_EQ(Contents(env, "/d/f"), "base+synced");
}

TEST(FaultEnvTest, CrashUndoesAnUnsyncedTruncate) {
  FaultEnv env;
  env.PutFile("/d/f", "0123456789");
  auto file = MustOpen(env, "/d/f", OpenMode::kMustExist);
  ASSERT_TRUE(file->Truncate(4).ok());
  EXPECT_EQ(Contents(env, "/d/f"), "0123");
  env.SimulateCrash();
  EXPECT_EQ(Contents(env, "/d/f"), "0123456789");
}

TEST(FaultEnvTest, NewFileSurvivesACrashOnlyIfItsDirectoryWasSynced) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs("/d").ok());
  for (bool sync_dir : {false, true}) {
    auto file = MustOpen(env, "/d/new", OpenMode::kCreateIfMissing);
    ASSERT_TRUE(file->Append("x").ok());
    ASSERT_TRUE(file->Sync().ok());
    if (sync_dir) {
      ASSERT_TRUE(env.SyncDir("/d").ok());
    }
    env.SimulateCrash();
    EXPECT_EQ(env.FileExists("/d/new"), sync_dir);
  }
}

TEST(FaultEnvTest, RenameSurvivesACrashOnlyIfTheDirectoryWasSynced) {
  FaultEnv env;
  for (bool sync_dir : {false, true}) {
    env.PutFile("/d/a", "new");
    env.PutFile("/d/b", "old");
    ASSERT_TRUE(env.Rename("/d/a", "/d/b").ok());
    EXPECT_EQ(Contents(env, "/d/b"), "new");
    if (sync_dir) {
      ASSERT_TRUE(env.SyncDir("/d").ok());
    }
    env.SimulateCrash();
    EXPECT_EQ(Contents(env, "/d/b"), sync_dir ? "new" : "old");
    EXPECT_EQ(env.FileExists("/d/a"), !sync_dir);
  }
}

TEST(FaultEnvTest, TornCrashKeepsAPrefixOfTheUnsyncedAppendOrZeros) {
  std::mt19937_64 rng(7);
  bool saw_partial = false, saw_zeros = false;
  for (int trial = 0; trial < 200; ++trial) {
    FaultEnv env;
    env.PutFile("/f", "synced");
    auto file = MustOpen(env, "/f", OpenMode::kMustExist);
    ASSERT_TRUE(file->Append("ABCDEFGHIJ").ok());
    env.SimulateCrash(&rng);
    const std::string after = Contents(env, "/f");
    ASSERT_TRUE(absl::StartsWith(after, "synced")) << after;
    const std::string tail = after.substr(6);
    ASSERT_LE(tail.size(), 10u);
    const bool is_prefix =
        tail == std::string("ABCDEFGHIJ").substr(0, tail.size());
    const bool is_zeros = tail == std::string(tail.size(), '\0');
    EXPECT_TRUE(is_prefix || is_zeros) << tail;
    saw_partial |= is_prefix && !tail.empty() && tail.size() < 10;
    saw_zeros |= is_zeros && !tail.empty();
  }
  EXPECT_TRUE(saw_partial);
  EXPECT_TRUE(saw_zeros);
}

TEST(FaultEnvTest, WriteCrossingTheSpaceLimitIsCutShortWithEnospc) {
  FaultEnv env;
  env.PutFile("/f", "");
  auto file = MustOpen(env, "/f", OpenMode::kMustExist);
  env.SetSpaceLeft(5);
  ASSERT_TRUE(file->Append("abc").ok());
  absl::Status status = file->Append("defgh");
  EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(status.message(), "cannot write /f: No space left on device");
  EXPECT_EQ(Contents(env, "/f"), "abcde");
  EXPECT_FALSE(file->Append("x").ok());
}

TEST(FaultEnvTest, FailingSyncIsEioAndMakesNothingDurable) {
  FaultEnv env;
  env.PutFile("/d/f", "a");
  auto file = MustOpen(env, "/d/f", OpenMode::kMustExist);
  ASSERT_TRUE(file->Append("b").ok());
  env.SetSyncFails(true);
  absl::Status status = file->Sync();
  EXPECT_EQ(status.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(status.message(), "cannot sync /d/f: Input/output error");
  EXPECT_FALSE(env.SyncDir("/d").ok());
  env.SimulateCrash();
  EXPECT_EQ(Contents(env, "/d/f"), "a");
}

TEST(FaultEnvTest, ReadOnlyRefusesEveryWriteWithErofs) {
  FaultEnv env;
  env.PutFile("/d/f", "a");
  env.SetReadOnly(true);
  auto created = env.OpenForAppend("/d/g", OpenMode::kCreateIfMissing);
  EXPECT_EQ(created.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(created.status().message(),
            "cannot create /d/g: Read-only file system");
  EXPECT_EQ(env.OpenForAppend("/d/f", OpenMode::kMustExist).status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(env.CreateDirs("/e").code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(env.LockFile("/d/f.lock").status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(env.Rename("/d/f", "/d/h").code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(Contents(env, "/d/f"), "a");
}

TEST(FaultEnvTest, StoppedMachineChangesNothing) {
  FaultEnv env;
  env.PutFile("/d/f", "a");
  auto file = MustOpen(env, "/d/f", OpenMode::kMustExist);
  env.StopAfterOperations(1);
  ASSERT_TRUE(file->Append("b").ok());
  EXPECT_FALSE(file->Sync().ok());
  EXPECT_FALSE(file->Append("c").ok());
  EXPECT_FALSE(env.Rename("/d/f", "/d/g").ok());
  EXPECT_EQ(Contents(env, "/d/f"), "ab");
  env.SimulateCrash();
  EXPECT_EQ(Contents(env, "/d/f"), "a");
  EXPECT_FALSE(file->Append("d").ok());
}

TEST(FaultEnvTest, LockIsExclusiveAndACrashReleasesIt) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs("/d").ok());
  auto first = env.LockFile("/d/l");
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(env.LockFile("/d/l").status().code(),
            absl::StatusCode::kUnavailable);
  env.SimulateCrash();
  auto second = env.LockFile("/d/l");
  ASSERT_TRUE(second.ok()) << second.status();
  first->reset();
  EXPECT_EQ(env.LockFile("/d/l").status().code(),
            absl::StatusCode::kUnavailable);
}

TEST(FaultEnvTest, MissingDirectoriesAreNotFoundUntilCreated) {
  FaultEnv env;
  EXPECT_EQ(
      env.OpenForAppend("/a/b/f", OpenMode::kCreateIfMissing).status().code(),
      absl::StatusCode::kNotFound);
  ASSERT_TRUE(env.CreateDirs("/a/b").ok());
  EXPECT_TRUE(env.OpenForAppend("/a/b/f", OpenMode::kCreateIfMissing).ok());
  EXPECT_EQ(env.ReadFile("/a/missing", 100).status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(env.ReadFile("/a", 100).status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(FaultEnvTest, ListDirNamesFilesAndDirectoriesDirectlyInside) {
  FaultEnv env;
  env.PutFile("/d/b", "");
  env.PutFile("/d/a", "");
  env.PutFile("/d/sub/deeper", "");
  env.PutFile("/e", "");
  absl::StatusOr<std::vector<std::string>> names = env.ListDir("/d");
  ASSERT_TRUE(names.ok()) << names.status();
  EXPECT_EQ(*names, (std::vector<std::string>{"a", "b", "sub"}));
  EXPECT_EQ(env.ListDir("/").value_or(std::vector<std::string>()),
            (std::vector<std::string>{"d", "e"}));
  EXPECT_EQ(env.ListDir("/missing").status().code(),
            absl::StatusCode::kNotFound);
}

TEST(FaultEnvTest, ReadingMoreThanTheLimitIsDataLoss) {
  FaultEnv env;
  env.PutFile("/f", "12345");
  EXPECT_TRUE(env.ReadFile("/f", 5).ok());
  EXPECT_EQ(env.ReadFile("/f", 4).status().code(), absl::StatusCode::kDataLoss);
}

TEST(FaultEnvTest, CountsAppendAndSyncCalls) {
  FaultEnv env;
  env.PutFile("/d/f", "");
  auto file = MustOpen(env, "/d/f", OpenMode::kMustExist);
  ASSERT_TRUE(file->Append("a").ok());
  ASSERT_TRUE(file->Append("b").ok());
  ASSERT_TRUE(file->Sync().ok());
  ASSERT_TRUE(env.SyncDir("/d").ok());
  EXPECT_EQ(env.append_calls(), 2);
  EXPECT_EQ(env.sync_calls(), 2);
}

}  // namespace
}  // namespace checkers::storage
