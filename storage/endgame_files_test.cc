#include "storage/endgame_files.h"

#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/fault_env.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

using egdb::Database;
using egdb::Material;

// The two-piece slices, built once.
const Database& TwoPieces() {
  static const Database* db = [] {
    auto* built = new Database();
    for (const Material& m : egdb::SlicesUpTo(2)) {
      EXPECT_TRUE(built->BuildSlice(m).ok()) << m.Name();
    }
    return built;
  }();
  return *db;
}

constexpr Material kKings{0, 1, 0, 1};

TEST(EndgameFilesTest, WrittenSlicesLoadBackWithTheSameValues) {
  FaultEnv env;
  for (const Material& m : TwoPieces().slices()) {
    ASSERT_TRUE(WriteEndgameSlice(&env, "/db", m, TwoPieces()).ok());
  }
  absl::StatusOr<std::unique_ptr<Database>> loaded =
      LoadEndgameDatabase(&env, "/db");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->complete_pieces(), 2);
  for (const Material& m : TwoPieces().slices()) {
    EXPECT_EQ(*(*loaded)->PackedSlice(m), *TwoPieces().PackedSlice(m));
  }
  EXPECT_EQ((*loaded)->Probe(*ParseFen("B:WK11:BK4")), egdb::Wdl::kLoss);
}

TEST(EndgameFilesTest, TheRealFileSystemKeepsASliceUnderItsName) {
  const std::string dir = RunningTestDir("endgame_files_test") + "/egdb";
  ASSERT_TRUE(WriteEndgameSlice(Env::Default(), dir, kKings, TwoPieces()).ok());
  EXPECT_TRUE(Env::Default()->FileExists(dir + "/english-0101.wdl"));
  EXPECT_FALSE(Env::Default()->FileExists(dir + "/english-0101.wdl.tmp"));
  Database db;
  ASSERT_TRUE(LoadEndgameSlice(Env::Default(), dir, kKings, &db).ok());
  EXPECT_EQ(*db.PackedSlice(kKings), *TwoPieces().PackedSlice(kKings));
  // Rebuilding the slice replaces its file; the values loaded stay whole.
  ASSERT_TRUE(WriteEndgameSlice(Env::Default(), dir, kKings, TwoPieces()).ok());
  EXPECT_EQ(db.Probe(*ParseFen("B:WK11:BK4")), egdb::Wdl::kLoss);
}

TEST(EndgameFilesTest, EveryDamagedByteIsFoundByAChecksumOrTheHeader) {
  const std::string bytes =
      EncodeEndgameSlice(kKings, *TwoPieces().PackedSlice(kKings));
  ASSERT_EQ(bytes.size(), kEndgameHeaderSize + egdb::SlicePackedBytes(kKings));
  ASSERT_TRUE(DecodeEndgameSlice(kKings, bytes, "f").ok());
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::string damaged = bytes;
    damaged[i] ^= 0x10;
    EXPECT_EQ(DecodeEndgameSlice(kKings, damaged, "f").status().code(),
              absl::StatusCode::kDataLoss)
        << "byte " << i;
  }
  EXPECT_EQ(DecodeEndgameSlice(kKings, bytes.substr(0, bytes.size() - 1), "f")
                .status()
                .code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(DecodeEndgameSlice({0, 1, 1, 0}, bytes, "f").status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(EndgameFilesTest, AFullDiskLeavesTheOldFileWhole) {
  FaultEnv env;
  ASSERT_TRUE(WriteEndgameSlice(&env, "/db", kKings, TwoPieces()).ok());
  env.SetSpaceLeft(100);
  EXPECT_EQ(WriteEndgameSlice(&env, "/db", kKings, TwoPieces()).code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_FALSE(env.FileExists("/db/english-0101.wdl.tmp"));
  env.SetSpaceLeft(std::nullopt);
  Database db;
  EXPECT_TRUE(LoadEndgameSlice(&env, "/db", kKings, &db).ok());
}

TEST(EndgameFilesTest, ACrashAtAnyPointLeavesNoFileOrAWholeOne) {
  for (int ops = 0; ops < 8; ++ops) {
    FaultEnv env;
    env.StopAfterOperations(ops);
    const absl::Status written =
        WriteEndgameSlice(&env, "/db", kKings, TwoPieces());
    std::mt19937_64 rng(ops);
    env.SimulateCrash(&rng);
    Database db;
    const absl::Status loaded = LoadEndgameSlice(&env, "/db", kKings, &db);
    if (written.ok()) {
      EXPECT_TRUE(loaded.ok()) << ops << ": " << loaded;
    } else {
      EXPECT_TRUE(loaded.ok() || loaded.code() == absl::StatusCode::kNotFound)
          << ops << ": " << loaded;
    }
  }
}

TEST(EndgameFilesTest, AnEmptyDirectoryHoldsNoDatabase) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs("/db").ok());
  EXPECT_EQ(LoadEndgameDatabase(&env, "/db").status().code(),
            absl::StatusCode::kNotFound);
}

TEST(EndgameFilesTest, ADamagedFileStopsTheLoadWithItsName) {
  FaultEnv env;
  env.PutFile("/db/english-0101.wdl", "CKEGDB01 but not much else");
  absl::StatusOr<std::unique_ptr<Database>> db =
      LoadEndgameDatabase(&env, "/db");
  EXPECT_EQ(db.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(db.status().message().find("english-0101.wdl"), std::string::npos);
}

// The two-piece slices in /db of `env`, the kings' slice with one value
// byte flipped.
void WriteWithDamagedKings(FaultEnv* env) {
  for (const Material& m : TwoPieces().slices()) {
    ASSERT_TRUE(WriteEndgameSlice(env, "/db", m, TwoPieces()).ok());
  }
  std::string bytes =
      EncodeEndgameSlice(kKings, *TwoPieces().PackedSlice(kKings));
  bytes.back() ^= 0x40;
  env->PutFile("/db/english-0101.wdl", bytes);
}

TEST(EndgameFilesTest, DamagedValuesFailALoadThatChecksThemAtOnce) {
  FaultEnv env;
  WriteWithDamagedKings(&env);
  absl::StatusOr<std::unique_ptr<Database>> db =
      LoadEndgameDatabase(&env, "/db", 2, EndgameCheck::kAtLoad);
  EXPECT_EQ(db.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(db.status().message().find("english-0101.wdl"), std::string::npos);
}

TEST(EndgameFilesTest, DamagedValuesCheckedOnFirstReadLoseOnlyTheirSlice) {
  FaultEnv env;
  WriteWithDamagedKings(&env);
  absl::StatusOr<std::unique_ptr<Database>> db =
      LoadEndgameDatabase(&env, "/db", 2, EndgameCheck::kOnFirstRead);
  ASSERT_TRUE(db.ok()) << db.status();
  EXPECT_EQ((*db)->Probe(*ParseFen("B:WK11:BK4")), std::nullopt);
  EXPECT_EQ((*db)->PackedSlice(kKings), std::nullopt);
  for (const Material& m : TwoPieces().slices()) {
    if (m == kKings) continue;
    EXPECT_EQ(*(*db)->PackedSlice(m), *TwoPieces().PackedSlice(m)) << m.Name();
  }
}

TEST(EndgameFilesTest, ADamagedHeaderFailsEvenALoadThatChecksValuesLater) {
  FaultEnv env;
  std::string bytes =
      EncodeEndgameSlice(kKings, *TwoPieces().PackedSlice(kKings));
  bytes[10] ^= 0x01;
  env.PutFile("/db/english-0101.wdl", bytes);
  EXPECT_EQ(LoadEndgameDatabase(&env, "/db", 2, EndgameCheck::kOnFirstRead)
                .status()
                .code(),
            absl::StatusCode::kDataLoss);
}

TEST(EndgameFilesTest, TheDefaultDirectoryIsBesideTheDefaultSave) {
  setenv("XDG_STATE_HOME", "/state", 1);
  absl::StatusOr<std::string> dir = DefaultEndgameDir();
  ASSERT_TRUE(dir.ok()) << dir.status();
  EXPECT_EQ(*dir, "/state/checkers/egdb");
}

}  // namespace
}  // namespace checkers::storage
