// End-to-end tests of `checkers egdb build|verify|info`: the files, the
// progress on stderr, resuming and rebuilding, and the exit codes; and of
// the game's one-shot commands consulting the database.

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_join.h"
#include "engine/endgame_db.h"
#include "engine/endgame_db_testing.h"
#include "engine/fen8.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::NewTempDir;
using ::checkers::testing::ReadAll;
using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;

void Overwrite(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(CliEgdbTest, BuildWritesEverySliceAndVerifyAndInfoReadThem) {
  const std::string dir = NewTempDir("egdb");
  auto r = RunCheckers({"egdb", "build", "--pieces=3", "--dir=" + dir});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("built 9 slices, kept 0, up to 3 pieces"));
  EXPECT_THAT(r.err, HasSubstr("100% slice"));
  EXPECT_FALSE(ReadAll(dir + "/english-0201.wdl").empty());

  r = RunCheckers({"egdb", "verify", "--dir=" + dir});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("verified 9 slices up to 3 pieces"));

  r = RunCheckers({"egdb", "info", "--dir=" + dir});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // One king each: 32 * 31 placements, either side to move.
  EXPECT_THAT(r.out, HasSubstr("0101 english-0101.wdl: 1984 positions"));
  EXPECT_THAT(r.out, HasSubstr("9 slices, complete up to 3 pieces"));
}

TEST(CliEgdbTest, SlicesBuiltOnSeveralThreadsAreTheOnesOneThreadBuilds) {
  const std::string one = NewTempDir("egdb");
  const std::string four = NewTempDir("egdb");
  auto r = RunCheckers(
      {"egdb", "build", "--pieces=4", "--threads=1", "--dir=" + one});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = RunCheckers(
      {"egdb", "build", "--pieces=4", "--threads=4", "--dir=" + four});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("built 23 slices, kept 0"));
  EXPECT_THAT(r.err, HasSubstr("100%"));
  for (const egdb::Material& m : egdb::SlicesUpTo(4)) {
    const std::string file = "/" + storage::EndgameSliceFileName(m);
    const std::string bytes = ReadAll(one + file);
    EXPECT_FALSE(bytes.empty()) << file;
    EXPECT_EQ(ReadAll(four + file), bytes) << file;
  }
}

TEST(CliEgdbTest, ABuildKeepsSoundSlicesAndRebuildsADamagedOne) {
  const std::string dir = NewTempDir("egdb");
  ASSERT_EQ(
      RunCheckers({"egdb", "build", "--pieces=2", "--dir=" + dir}).exit_code,
      0);
  std::string bytes = ReadAll(dir + "/english-0101.wdl");
  ASSERT_GT(bytes.size(), 40u);
  bytes[40] ^= 1;
  Overwrite(dir + "/english-0101.wdl", bytes);

  auto r = RunCheckers({"egdb", "info", "--dir=" + dir});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_THAT(r.err, HasSubstr("english-0101.wdl"));

  r = RunCheckers({"egdb", "build", "--pieces=2", "--dir=" + dir});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("built 1 slices, kept 2"));
  // A build with nothing left to do shows no progress.
  r = RunCheckers({"egdb", "build", "--pieces=2", "--dir=" + dir});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("built 0 slices, kept 3"));
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(RunCheckers({"egdb", "verify", "--dir=" + dir}).exit_code, 0);
}

TEST(CliEgdbTest, TheDefaultDirectoryIsBesideTheDefaultSave) {
  const std::string state = NewTempDir("state");
  auto r = RunCheckers({"egdb", "build", "--pieces=2"}, "",
                       {"XDG_STATE_HOME=" + state});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(ReadAll(state + "/checkers/egdb/english-1010.wdl").empty());
}

TEST(CliEgdbTest, AMissingDatabaseAndBadWordsHaveTheirExitCodes) {
  const std::string dir = NewTempDir("egdb");
  auto r = RunCheckers({"egdb", "info", "--dir=" + dir + "/none"});
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_THAT(r.err, HasSubstr("checkers egdb build"));
  const std::vector<std::vector<std::string>> refused = {
      {"egdb", "build", "--pieces=1"},
      {"egdb", "verify", "--pieces=3"},
      {"egdb", "rebuild"},
      {"egdb", "build", "--threads=0"},
      {"egdb", "info", "--threads=2"},
  };
  for (std::vector<std::string> args : refused) {
    const std::string words = absl::StrJoin(args, " ");
    args.push_back("--dir=" + dir);
    EXPECT_EQ(RunCheckers(args).exit_code, 64) << words;
  }
}

// The position after the computer's reply to 1-5 from "B:WK18:BK1" (the
// person Black, the computer White at Medium), each step a command of its
// own with the save and the database under `state`.
std::string ReplyToKingAgainstKing(const std::string& state) {
  const std::vector<std::string> env = {"XDG_STATE_HOME=" + state};
  EXPECT_EQ(RunCheckers({"new", "--mode=computer", "--side=first",
                         "--difficulty=medium", "--fen=B:WK18:BK1", "--yes"},
                        "", env)
                .exit_code,
            0);
  const auto moved = RunCheckers({"move", "1-5"}, "", env);
  EXPECT_EQ(moved.exit_code, 0) << moved.err;
  const std::string shown = RunCheckers({"show"}, "", env).out;
  const size_t fen = shown.find("FEN: ");
  if (fen == std::string::npos) return shown;
  return shown.substr(fen + 5, shown.find('\n', fen) - fen - 5);
}

TEST(CliEgdbTest, TheComputersReplyInAOneShotCommandConsultsTheDatabase) {
  const std::string state = NewTempDir("state");
  const std::string plain = ReplyToKingAgainstKing(state);
  const absl::StatusOr<Position> plain_position = ParseFen(plain);
  ASSERT_TRUE(plain_position.ok()) << plain;
  // A made-up database in which one other reply, and only it, wins for
  // White, in the default directory: `checkers move` must play it.
  const std::optional<Position> winning =
      egdb::AnotherMoveThan(*ParseFen("W:WK18:BK5"), *plain_position);
  ASSERT_TRUE(winning.has_value());
  const std::unique_ptr<egdb::Database> db = egdb::DrawsButOneLoss(*winning);
  ASSERT_NE(db, nullptr);
  for (const egdb::Material& m : db->slices()) {
    ASSERT_TRUE(storage::WriteEndgameSlice(storage::Env::Default(),
                                           state + "/checkers/egdb", m, *db)
                    .ok());
  }
  EXPECT_EQ(ReplyToKingAgainstKing(state), ToFen(*winning));
}

}  // namespace
}  // namespace checkers
