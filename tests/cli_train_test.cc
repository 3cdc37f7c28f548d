// End-to-end tests of `checkers train` and `checkers book`: a small run
// writes a file the engine reads, with its figures on stdout and progress
// on stderr, the same options give the same file, and bad input exits with
// its code.

#include <fstream>
#include <string>
#include <vector>

#include "engine/game_position.h"
#include "engine/learned_eval.h"
#include "engine/opening_book.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::NewTempDir;
using ::checkers::testing::ReadAll;
using ::checkers::testing::RunCheckers;
using ::testing::HasSubstr;

constexpr char kTinsley[] = "tests/data/tinsley.pdn";

TEST(CliTrainTest, ASmallRunWritesWeightsTheEngineReads) {
  const std::string dir = NewTempDir("train");
  const std::string out = dir + "/w.bin";
  auto r = RunCheckers({"train", out, "--games=12", "--nodes=300",
                        "--epochs=20", "--check=" + std::string(kTinsley)});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("self-play: 12 games"));
  EXPECT_THAT(r.out, HasSubstr("fit: k "));
  EXPECT_THAT(r.out, HasSubstr("tinsley.pdn: 723 games"));
  EXPECT_THAT(r.out, HasSubstr("wrote " + out));
  EXPECT_THAT(r.err, HasSubstr("self-play ["));
  EXPECT_THAT(r.err, HasSubstr("fit ["));
  absl::StatusOr<learned::Weights> w =
      learned::Parse(ReadAll(out), Edition::kEnglish);
  ASSERT_TRUE(w.ok()) << w.status();

  // The same seed and options give the same file; another seed another.
  const std::string again = dir + "/again.bin";
  ASSERT_EQ(RunCheckers({"train", again, "--games=12", "--nodes=300",
                         "--epochs=20", "--threads=1"})
                .exit_code,
            0);
  EXPECT_EQ(ReadAll(again), ReadAll(out));
  const std::string other = dir + "/other.bin";
  ASSERT_EQ(RunCheckers({"train", other, "--games=12", "--nodes=300",
                         "--epochs=20", "--seed=2"})
                .exit_code,
            0);
  EXPECT_NE(ReadAll(other), ReadAll(out));

  // Training on from those weights reads them.
  auto on = RunCheckers({"train", dir + "/on.bin", "--games=4", "--nodes=100",
                         "--epochs=2", "--from=" + out});
  EXPECT_EQ(on.exit_code, 0) << on.err;
}

TEST(CliTrainTest, RussianRulesFitWeightsOfTheirOwn) {
  const std::string dir = NewTempDir("train_russian");
  const std::string english = dir + "/english.bin";
  const std::string russian = dir + "/russian.bin";
  ASSERT_EQ(RunCheckers(
                {"train", english, "--games=12", "--nodes=300", "--epochs=20"})
                .exit_code,
            0);
  auto r = RunCheckers({"train", russian, "--games=12", "--nodes=300",
                        "--epochs=20", "--rules=russian"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("self-play: 12 games"));
  absl::StatusOr<learned::Weights> w =
      learned::Parse(ReadAll(russian), Edition::kRussian);
  ASSERT_TRUE(w.ok()) << w.status();
  // Other games, from the edition's own openings, fit other weights.
  EXPECT_NE(ReadAll(russian), ReadAll(english));
}

TEST(CliTrainTest, ACheckFileWithoutGameTypeIsReadUnderTheRulesEdition) {
  // russian_games.pdn, like most Russian collections, has no GameType tag.
  const std::string dir = NewTempDir("train_check");
  auto r = RunCheckers({"train", dir + "/russian.bin", "--games=2",
                        "--nodes=100", "--epochs=2", "--rules=russian",
                        "--check=tests/data/russian_games.pdn"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("russian_games.pdn: 153 games, "));

  // Games of another edition leave nothing to check against.
  auto other = RunCheckers({"train", dir + "/w", "--games=2", "--nodes=100",
                            "--epochs=2", "--rules=russian",
                            "--check=tests/data/international_games.pdn"});
  EXPECT_EQ(other.exit_code, 65);
  EXPECT_THAT(other.err, HasSubstr("has no game of russian"));
}

TEST(CliTrainTest, MaterialAddsTheMaterialTableOnTheEightByEightOnly) {
  const std::string dir = NewTempDir("train_material");
  const std::string out = dir + "/pool.bin";
  auto r = RunCheckers({"train", out, "--games=4", "--nodes=200", "--epochs=5",
                        "--rules=pool", "--material"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The windows of the pool weights in `path`, or 0 for no weights.
  auto windows_in = [](const std::string& path) {
    absl::StatusOr<learned::Weights> w =
        learned::Parse(ReadAll(path), Edition::kPool);
    return w.ok() ? w->windows : 0;
  };
  EXPECT_EQ(windows_in(out), learned::kWindowsWithMaterial);
  // A fit from those weights keeps the table without the flag.
  const std::string again = dir + "/again.bin";
  r = RunCheckers({"train", again, "--games=2", "--nodes=200", "--epochs=2",
                   "--rules=pool", "--from=" + out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(windows_in(again), learned::kWindowsWithMaterial);

  auto ten =
      RunCheckers({"train", dir + "/w", "--rules=international", "--material"});
  EXPECT_EQ(ten.exit_code, 64);
  EXPECT_THAT(ten.err, HasSubstr("8x8"));
}

TEST(CliTrainTest, EgdbReadsTheDatabaseBesideTheDefaultSaveForEnglishOnly) {
  const std::string state = NewTempDir("train_egdb");
  const std::vector<std::string> env = {"XDG_STATE_HOME=" + state};
  const std::vector<std::string> train = {"train",      state + "/w.bin",
                                          "--games=4",  "--nodes=200",
                                          "--epochs=2", "--egdb"};
  auto none = RunCheckers(train, "", env);
  EXPECT_EQ(none.exit_code, 66);
  EXPECT_THAT(none.err, HasSubstr("checkers egdb build"));

  ASSERT_EQ(RunCheckers({"egdb", "build", "--pieces=3"}, "", env).exit_code, 0);
  auto r = RunCheckers(train, "", env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("self-play: 4 games"));

  std::vector<std::string> russian = train;
  russian.push_back("--rules=russian");
  auto refused = RunCheckers(russian, "", env);
  EXPECT_EQ(refused.exit_code, 64);
  EXPECT_THAT(refused.err, HasSubstr("English"));
}

TEST(CliTrainTest, InternationalRulesFitTenByTenWeights) {
  const std::string dir = NewTempDir("train_international");
  const std::string out = dir + "/international.bin";
  auto r = RunCheckers({"train", out, "--games=4", "--nodes=200", "--epochs=5",
                        "--rules=international",
                        "--check=tests/data/international_games.pdn"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("self-play: 4 games"));
  EXPECT_THAT(r.out, HasSubstr("international_games.pdn: "));
  absl::StatusOr<learned::Weights> w =
      learned::Parse(ReadAll(out), Edition::kInternational);
  ASSERT_TRUE(w.ok()) << w.status();
  EXPECT_EQ(w->windows, learned::kWindows10);

  // Weights of one board do not start a fit on the other.
  auto crossed = RunCheckers({"train", dir + "/w", "--from=" + out});
  EXPECT_EQ(crossed.exit_code, 65);
  EXPECT_THAT(crossed.err, HasSubstr("10x10"));
}

TEST(CliTrainTest, BadInputExitsWithItsCode) {
  const std::string dir = NewTempDir("train_bad");
  auto no_file = RunCheckers({"train"});
  EXPECT_EQ(no_file.exit_code, 64);
  EXPECT_THAT(no_file.err, HasSubstr("the file to write the weights to"));
  EXPECT_EQ(RunCheckers({"train", dir + "/w", "--nodes=-1"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"train", dir + "/w", "--result_weight=1.5"}).exit_code,
            64);
  EXPECT_EQ(
      RunCheckers({"train", dir + "/w", "--result_weight=-0.1"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"train", dir + "/w", "--sample_every=0"}).exit_code,
            64);
  EXPECT_EQ(RunCheckers({"train", dir + "/w", "--label_nodes=-5"}).exit_code,
            64);

  const std::string junk = dir + "/junk.bin";
  std::ofstream(junk) << "not weights";
  auto bad = RunCheckers({"train", dir + "/w", "--from=" + junk});
  EXPECT_EQ(bad.exit_code, 65);
  EXPECT_THAT(bad.err, HasSubstr("CKEW1"));

  auto missing = RunCheckers({"train", dir + "/w", "--from=" + dir + "/none"});
  EXPECT_EQ(missing.exit_code, 66);

  auto unwritable = RunCheckers({"train", dir + "/no/such/dir/w", "--games=2",
                                 "--nodes=50", "--epochs=1"});
  EXPECT_EQ(unwritable.exit_code, 73) << unwritable.err;
}

TEST(CliBookTest, ASmallRunWritesABookTheEngineReads) {
  const std::string dir = NewTempDir("book");
  const std::string out = dir + "/book.txt";
  auto r = RunCheckers({"book", out, "--plies=2", "--nodes=500"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("wrote " + out));
  EXPECT_THAT(r.out, HasSubstr("from 157 openings, up to 2 plies"));
  EXPECT_THAT(r.err, HasSubstr("book ["));
  absl::StatusOr<book::OpeningBook> book = book::Parse(ReadAll(out));
  ASSERT_TRUE(book.ok()) << book.status();
  // Each opening's first move, and every first move of its other side.
  EXPECT_GT(book->size(), 157);

  const std::string again = dir + "/again.txt";
  ASSERT_EQ(
      RunCheckers({"book", again, "--plies=2", "--nodes=500", "--threads=1"})
          .exit_code,
      0);
  EXPECT_EQ(ReadAll(again), ReadAll(out));
}

TEST(CliBookTest, AnInternationalBookStartsAtTheStartAndEveryTwoPlyStart) {
  const std::string dir = NewTempDir("book_international");
  const std::string out = dir + "/book.txt";
  auto r = RunCheckers(
      {"book", out, "--plies=1", "--nodes=300", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The start and the 81 two-ply starts, White to move in each; those
  // where a capture is forced leave White no choice, and no entry.
  EXPECT_THAT(r.out, HasSubstr("from 82 openings, up to 1 plies"));
  absl::StatusOr<book::OpeningBook> book =
      book::Parse(ReadAll(out), Edition::kInternational);
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_GT(book->size(), 41);
  EXPECT_LE(book->size(), 82);
  for (const book::Entry& e : book->entries()) {
    EXPECT_EQ(e.position.side_to_move(), Color::kWhite) << e.position.ToFen();
    EXPECT_GE(e.position.LegalMoves().size(), 2u) << e.position.ToFen();
  }
  EXPECT_NE(book->Find(GamePosition::Initial(Edition::kInternational)),
            nullptr);
}

TEST(CliBookTest, BadInputExitsWithItsCode) {
  const std::string dir = NewTempDir("book_bad");
  auto no_file = RunCheckers({"book"});
  EXPECT_EQ(no_file.exit_code, 64);
  EXPECT_THAT(no_file.err, HasSubstr("the file to write the opening book to"));
  EXPECT_EQ(RunCheckers({"book", dir + "/b", "--plies=0"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"book", dir + "/b", "--plies=9"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"book", dir + "/b", "--nodes=-5"}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"book", dir + "/b", "--threads=0"}).exit_code, 64);
  auto unwritable =
      RunCheckers({"book", dir + "/no/such/dir/b", "--plies=1", "--nodes=50"});
  EXPECT_EQ(unwritable.exit_code, 73) << unwritable.err;
}

}  // namespace
}  // namespace checkers
