#include "storage/env.h"

#include <errno.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

constexpr uint64_t kLimit = 1 << 20;

std::string MustRead(const std::string& path) {
  absl::StatusOr<std::string> contents = Env::Default()->ReadFile(path, kLimit);
  EXPECT_TRUE(contents.ok()) << contents.status();
  return contents.ok() ? *contents : "";
}

void MustWrite(const std::string& path, const std::string& data) {
  auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateEmpty);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_TRUE((*file)->Append(data).ok());
  ASSERT_TRUE((*file)->Sync().ok());
}

TEST(PosixEnvTest, ReadingAMissingFileIsNotFoundNamingThePath) {
  const std::string path = RunningTestDir("env_test") + "/missing";
  absl::StatusOr<std::string> contents = Env::Default()->ReadFile(path, kLimit);
  EXPECT_EQ(contents.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(absl::StrContains(contents.status().message(), path));
  EXPECT_TRUE(absl::StrContains(contents.status().message(),
                                "No such file or directory"));
}

TEST(PosixEnvTest, ReadingADirectoryIsDataLoss) {
  const std::string dir = RunningTestDir("env_test");
  EXPECT_EQ(Env::Default()->ReadFile(dir, kLimit).status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(PosixEnvTest, ReadingMoreThanTheLimitIsDataLoss) {
  const std::string path = RunningTestDir("env_test") + "/big";
  MustWrite(path, std::string(1001, 'x'));
  EXPECT_TRUE(Env::Default()->ReadFile(path, 1001).ok());
  absl::StatusOr<std::string> big = Env::Default()->ReadFile(path, 1000);
  EXPECT_EQ(big.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(big.status().message(), path));
  // A device that never ends is cut off too.
  EXPECT_EQ(Env::Default()->ReadFile("/dev/zero", kLimit).status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(PosixEnvTest, AMappedFileHoldsTheBytesReadFileReads) {
  const std::string path = RunningTestDir("env_test") + "/mapped";
  std::string bytes(100003, '\0');
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
  MustWrite(path, bytes);
  absl::StatusOr<std::unique_ptr<ReadOnlyFile>> mapped =
      Env::Default()->MapFile(path, kLimit);
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  EXPECT_EQ((*mapped)->data(), bytes);
}

TEST(PosixEnvTest, AMappedFileOutlivesTheRenameThatReplacesIt) {
  const std::string dir = RunningTestDir("env_test");
  MustWrite(dir + "/old", std::string(5000, 'o'));
  absl::StatusOr<std::unique_ptr<ReadOnlyFile>> mapped =
      Env::Default()->MapFile(dir + "/old", kLimit);
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  MustWrite(dir + "/new", std::string(10, 'n'));
  ASSERT_TRUE(Env::Default()->Rename(dir + "/new", dir + "/old").ok());
  EXPECT_EQ((*mapped)->data(), std::string(5000, 'o'));
}

TEST(PosixEnvTest, MappingFailsAsReadingDoes) {
  const std::string dir = RunningTestDir("env_test");
  EXPECT_EQ(Env::Default()->MapFile(dir + "/missing", kLimit).status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(Env::Default()->MapFile(dir, kLimit).status().code(),
            absl::StatusCode::kDataLoss);
  MustWrite(dir + "/big", std::string(1001, 'x'));
  EXPECT_TRUE(Env::Default()->MapFile(dir + "/big", 1001).ok());
  EXPECT_EQ(Env::Default()->MapFile(dir + "/big", 1000).status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(Env::Default()->MapFile("/dev/zero", kLimit).status().code(),
            absl::StatusCode::kDataLoss);
  MustWrite(dir + "/empty", "");
  absl::StatusOr<std::unique_ptr<ReadOnlyFile>> empty =
      Env::Default()->MapFile(dir + "/empty", kLimit);
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ((*empty)->data(), "");
}

TEST(PosixEnvTest, AppendedBytesAreReadBackInOrder) {
  const std::string path = RunningTestDir("env_test") + "/file";
  auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateIfMissing);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_TRUE((*file)->Append("hello, ").ok());
  ASSERT_TRUE((*file)->Append(std::string(100000, 'x')).ok());
  ASSERT_TRUE((*file)->Sync().ok());
  EXPECT_EQ(MustRead(path), "hello, " + std::string(100000, 'x'));
  EXPECT_EQ(*Env::Default()->FileSize(path), 100007u);
  EXPECT_TRUE(Env::Default()->FileExists(path));
}

TEST(PosixEnvTest, OpeningAMissingFileThatMustExistIsNotFound) {
  const std::string path = RunningTestDir("env_test") + "/missing";
  auto file = Env::Default()->OpenForAppend(path, OpenMode::kMustExist);
  EXPECT_EQ(file.status().code(), absl::StatusCode::kNotFound);
  EXPECT_FALSE(Env::Default()->FileExists(path));
}

TEST(PosixEnvTest, CreateIfMissingKeepsAndCreateEmptyDiscardsContents) {
  const std::string path = RunningTestDir("env_test") + "/file";
  MustWrite(path, "old");
  {
    auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateIfMissing);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Append("+").ok());
  }
  EXPECT_EQ(MustRead(path), "old+");
  {
    auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateEmpty);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Append("new").ok());
  }
  EXPECT_EQ(MustRead(path), "new");
}

TEST(PosixEnvTest, AppendsAfterTruncateFollowTheCut) {
  const std::string path = RunningTestDir("env_test") + "/file";
  auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateEmpty);
  ASSERT_TRUE(file.ok());
  ASSERT_TRUE((*file)->Append("abcdef").ok());
  ASSERT_TRUE((*file)->Truncate(2).ok());
  ASSERT_TRUE((*file)->Append("XY").ok());
  ASSERT_TRUE((*file)->Sync().ok());
  EXPECT_EQ(MustRead(path), "abXY");
}

TEST(PosixEnvTest, CreateDirsMakesEveryMissingLevelAndAcceptsExisting) {
  const std::string dir = RunningTestDir("env_test") + "/a/b/c";
  ASSERT_TRUE(Env::Default()->CreateDirs(dir).ok());
  ASSERT_TRUE(Env::Default()->CreateDirs(dir).ok());
  MustWrite(dir + "/file", "x");
  EXPECT_EQ(MustRead(dir + "/file"), "x");
}

TEST(PosixEnvTest, CreateDirsThroughAFileFailsNamingThePath) {
  const std::string file = RunningTestDir("env_test") + "/plain";
  MustWrite(file, "x");
  absl::Status status = Env::Default()->CreateDirs(file + "/sub");
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(absl::StrContains(status.message(), file)) << status;
}

TEST(PosixEnvTest, RenameReplacesTheTargetAndRemoveDeletes) {
  const std::string dir = RunningTestDir("env_test");
  MustWrite(dir + "/a", "new");
  MustWrite(dir + "/b", "old");
  ASSERT_TRUE(Env::Default()->Rename(dir + "/a", dir + "/b").ok());
  ASSERT_TRUE(Env::Default()->SyncDir(dir).ok());
  EXPECT_FALSE(Env::Default()->FileExists(dir + "/a"));
  EXPECT_EQ(MustRead(dir + "/b"), "new");
  ASSERT_TRUE(Env::Default()->RemoveFile(dir + "/b").ok());
  EXPECT_FALSE(Env::Default()->FileExists(dir + "/b"));
  EXPECT_EQ(Env::Default()->RemoveFile(dir + "/b").code(),
            absl::StatusCode::kNotFound);
}

TEST(PosixEnvTest, ListDirNamesEveryEntrySortedAndAMissingOneIsNotFound) {
  const std::string dir = RunningTestDir("env_test");
  MustWrite(dir + "/b.log", "x");
  MustWrite(dir + "/a.log", "x");
  ASSERT_TRUE(Env::Default()->CreateDirs(dir + "/sub").ok());
  absl::StatusOr<std::vector<std::string>> names =
      Env::Default()->ListDir(dir);
  ASSERT_TRUE(names.ok()) << names.status();
  EXPECT_EQ(*names, (std::vector<std::string>{"a.log", "b.log", "sub"}));
  EXPECT_EQ(Env::Default()->ListDir(dir + "/missing").status().code(),
            absl::StatusCode::kNotFound);
}

TEST(PosixEnvTest, SyncingAMissingDirectoryIsNotFound) {
  EXPECT_EQ(
      Env::Default()->SyncDir(RunningTestDir("env_test") + "/missing").code(),
      absl::StatusCode::kNotFound);
}

TEST(PosixEnvTest, SecondLockIsUnavailableUntilTheFirstIsReleased) {
  const std::string path = RunningTestDir("env_test") + "/lock";
  auto first = Env::Default()->LockFile(path);
  ASSERT_TRUE(first.ok()) << first.status();
  auto second = Env::Default()->LockFile(path);
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_TRUE(absl::StrContains(second.status().message(), path));
  first->reset();
  auto third = Env::Default()->LockFile(path);
  EXPECT_TRUE(third.ok()) << third.status();
}

TEST(PosixEnvTest, ErrnoMapsToTheExitCodeConvention) {
  struct Case {
    int error;
    absl::StatusCode code;
  };
  for (const Case& c : {Case{ENOENT, absl::StatusCode::kNotFound},
                        Case{EACCES, absl::StatusCode::kPermissionDenied},
                        Case{EPERM, absl::StatusCode::kPermissionDenied},
                        Case{EROFS, absl::StatusCode::kPermissionDenied},
                        Case{ENOSPC, absl::StatusCode::kResourceExhausted},
                        Case{EDQUOT, absl::StatusCode::kResourceExhausted},
                        Case{EFBIG, absl::StatusCode::kResourceExhausted},
                        Case{EIO, absl::StatusCode::kInternal},
                        Case{ENOTDIR, absl::StatusCode::kInternal},
                        Case{EWOULDBLOCK, absl::StatusCode::kInternal}}) {
    absl::Status status = IoError("write", "/s/match.log", c.error);
    EXPECT_EQ(status.code(), c.code) << status;
    EXPECT_TRUE(
        absl::StartsWith(status.message(), "cannot write /s/match.log: "))
        << status;
  }
  EXPECT_EQ(IoError("sync", "/s/x", EIO).message(),
            "cannot sync /s/x: Input/output error");
  EXPECT_EQ(ReadError("/s/x", ENOENT).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadError("/s/x", ENOTDIR).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadError("/s/x", EIO).code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(ReadError("/s/x", EACCES).code(),
            absl::StatusCode::kPermissionDenied);
}

TEST(PosixEnvTest, ParentDirOfPaths) {
  EXPECT_EQ(ParentDir("/a/b/c"), "/a/b");
  EXPECT_EQ(ParentDir("/a//c"), "/a");
  EXPECT_EQ(ParentDir("/c"), "/");
  EXPECT_EQ(ParentDir("c"), ".");
  EXPECT_EQ(ParentDir("a/c"), "a");
  EXPECT_EQ(ParentDir("/"), "/");
}

}  // namespace
}  // namespace checkers::storage
