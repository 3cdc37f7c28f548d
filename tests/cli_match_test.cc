// `checkers match` end to end: the command's output, its PDN and its
// refusals. The match itself is tested in match/match_test.cc.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_split.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/game_record.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "tests/run_command.h"
#include "tests/runfiles.h"

namespace checkers::testing {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;

TEST(CliMatchTest, CommandPrintsAGameLineEachAndTheScore) {
  const std::string pdn =
      std::string(std::getenv("TEST_TMPDIR")) + "/match.pdn";
  CommandResult r = RunCheckers({"match", "--engine=medium", "--engine=easy",
                                 "--games=2", "--pdn=" + pdn});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_THAT(lines[0], HasSubstr("game 1/2 001 09-13 21-17 05-09: "));
  EXPECT_THAT(
      lines[2],
      MatchesRegex(R"(score medium: [0-2] wins, [0-2] losses, [0-2] draws, )"
                   R"([0-9.]+% \(95% interval .*\))"));
  // Each engine's time use names where its slowest move was.
  std::vector<std::string> err_lines = absl::StrSplit(r.err, '\n');
  EXPECT_THAT(err_lines,
              Contains(MatchesRegex(R"(time medium: [0-9]+ moves, .* max )"
                                    R"([0-9]+% \(game [12], turn [0-9]+\); )"
                                    R"([0-9]+ over 110%)")));
  std::ifstream in(pdn);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<std::vector<replay::PdnGame>> games =
      replay::ParsePdn(text.str());
  ASSERT_TRUE(games.ok()) << games.status();
  EXPECT_EQ(games->size(), 2u);
}

TEST(CliMatchTest, TwoEnginesOfOneNameAreToldApartByTheirPlace) {
  const std::string pdn =
      std::string(std::getenv("TEST_TMPDIR")) + "/same_name.pdn";
  CommandResult r = RunCheckers(
      {"match", "--engine=easy", "--engine=easy", "--games=2", "--pdn=" + pdn});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u);
  // After the ballot's three plies White moves first: A in the first game,
  // B in the second.
  EXPECT_THAT(lines[0], HasSubstr(": easy (B) (Black) - easy (A) (White) "));
  EXPECT_THAT(lines[1], HasSubstr(": easy (A) (Black) - easy (B) (White) "));
  EXPECT_THAT(lines[2], HasSubstr("score easy (A): "));
  EXPECT_THAT(r.err, HasSubstr("time easy (B): "));
  std::ifstream in(pdn);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("[Black \"easy (A)\"]"));
  EXPECT_THAT(text.str(), HasSubstr("[White \"easy (A)\"]"));
}

TEST(CliMatchTest, RussianMatchGamesAreWrittenAsGameType25) {
  const std::string pdn =
      std::string(std::getenv("TEST_TMPDIR")) + "/russian.pdn";
  CommandResult r =
      RunCheckers({"match", "--engine=easy", "--engine=easy", "--games=1",
                   "--rules=russian", "--pdn=" + pdn});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The first opening of the standard set of match/ballots/3move_russian.json.
  EXPECT_THAT(r.out, HasSubstr("game 1/1 003 21-17 9-13 23-18: "));
  std::ifstream in(pdn);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("[GameType \"25\"]"));
  absl::StatusOr<std::vector<replay::PdnGame>> games =
      replay::ParsePdn(text.str());
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 1u);
  absl::StatusOr<replay::GameRecord> record =
      replay::ReplayPdnGame(games->front());
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->edition(), Edition::kRussian);
}

TEST(CliMatchTest, PoolMatchesPlayThePoolBallotUnlessAFileIsGiven) {
  CommandResult r = RunCheckers({"match", "--engine=easy", "--engine=easy",
                                 "--games=1", "--turn-cap=2", "--rules=pool"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // match/ballots/3move_pool.json's, not English's "001 09-13 21-17 05-09".
  EXPECT_THAT(r.out, HasSubstr("game 1/1 001 9-13 21-17 5-9: "));

  const std::string file =
      std::string(std::getenv("TEST_TMPDIR")) + "/one_opening.json";
  std::ofstream(file) << R"({"standard": {"mine": )"
                      << R"("W:W17,22,23,24,25,26,27,28,29,30,31,32:)"
                      << R"(B1,2,3,4,5,7,8,9,10,11,12,13"}})";
  r = RunCheckers({"match", "--engine=easy", "--engine=easy", "--games=1",
                   "--turn-cap=2", "--rules=pool", "--openings=" + file});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("game 1/1 mine: "));
}

TEST(CliMatchTest, InternationalMatchesArePlayedFromTwoPlyOpenings) {
  const std::string pdn =
      std::string(std::getenv("TEST_TMPDIR")) + "/international.pdn";
  CommandResult r =
      RunCheckers({"match", "--engine=easy", "--engine=easy", "--games=2",
                   "--turn-cap=20", "--rules=international", "--pdn=" + pdn});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("game 1/2 31-26 16-21: "));
  EXPECT_THAT(r.out, HasSubstr("game 2/2 31-26 16-21: "));
  std::ifstream in(pdn);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("[GameType \"20\"]"));
  absl::StatusOr<std::vector<replay::PdnGame>> games =
      replay::ParsePdn(text.str());
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 2u);
  absl::StatusOr<replay::GameRecord> record =
      replay::ReplayPdnGame(games->front());
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->edition(), Edition::kInternational);
}

TEST(CliMatchTest, ALibraryPlaysEnglishOnly) {
  CommandResult r =
      RunCheckers({"match", "--engine=easy", "--engine=/no/such.so",
                   "--rules=international"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("plays english only"));
}

TEST(CliMatchTest, HubEngineProgramPlaysInternationalMatch) {
  const std::string program = RunfilePath("match/hub_engine_for_test");
  CommandResult r = RunCheckers({"match", "--engine=hub:" + program + " first",
                                 "--engine=easy", "--games=2", "--turn-cap=20",
                                 "--time=0.05", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("game 1/2 31-26 16-21: easy (Black) - "
                               "TestHub 1 (White) "));
  EXPECT_THAT(r.out, HasSubstr("score TestHub 1: "));
  EXPECT_THAT(r.out, Not(HasSubstr("forfeits")));
  EXPECT_THAT(r.err, HasSubstr("time TestHub 1: "));
}

TEST(CliMatchTest, AForfeitNamesTheEngineByItsPlaceWhenNamesAreOne) {
  const std::string program = RunfilePath("match/hub_engine_for_test");
  CommandResult r =
      RunCheckers({"match", "--engine=hub:" + program + " illegal",
                   "--engine=hub:" + program + " first", "--games=2",
                   "--turn-cap=20", "--time=0.05", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u);
  // A moves first in the first game and forfeits at once; in the second B
  // moves first and A forfeits at its first move.
  EXPECT_THAT(lines[0], HasSubstr("TestHub 1 (A) forfeits: "));
  EXPECT_THAT(lines[1], HasSubstr("TestHub 1 (A) forfeits: "));
  EXPECT_THAT(lines[2], HasSubstr("score TestHub 1 (A): 0 wins, 2 losses"));
}

TEST(CliMatchTest, AHubEnginePlaysInternationalOnly) {
  CommandResult r = RunCheckers(
      {"match", "--engine=easy", "--engine=hub:/no/scan hub", "--rules=pool"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("plays international only"));
  r = RunCheckers({"match", "--engine=easy", "--engine=hub:/no/scan hub",
                   "--rules=international"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("cannot start Hub engine /no/scan"));
}

TEST(CliMatchTest, ALevelPlaysWithTheWeightsOfAFileOfItsBoard) {
  const std::string data = RunfilePath("engine/data/");
  const std::string ten = data + "eval_weights_international.bin";
  CommandResult r =
      RunCheckers({"match", "--engine=easy", "--engine=medium+weights=" + ten,
                   "--games=2", "--turn-cap=6", "--rules=international"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("score easy: "));
  EXPECT_THAT(r.out, HasSubstr("medium+weights=eval_weights_international.bin "
                               "(White)"));

  r = RunCheckers({"match", "--engine=easy",
                   "--engine=medium+weights=" + data + "eval_weights.bin",
                   "--rules=international"});
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_THAT(r.err, HasSubstr("eval_weights.bin: "));
  r = RunCheckers(
      {"match", "--engine=easy", "--engine=medium+weights=/no/such.bin"});
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_THAT(r.err, HasSubstr("/no/such.bin"));
}

TEST(CliMatchTest, ALevelPlaysFromTheBookOfAFileOfItsEdition) {
  const std::string data = RunfilePath("engine/data/");
  CommandResult r =
      RunCheckers({"match", "--engine=easy",
                   "--engine=medium+book=" + data + "opening_book_pool.txt",
                   "--games=2", "--turn-cap=6", "--rules=pool"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("score easy: "));
  EXPECT_THAT(r.out, HasSubstr("medium+book=opening_book_pool.txt (White)"));

  struct Refusal {
    std::string engine;
    int exit_code;
    std::string says;
  };
  for (const Refusal& refusal : std::vector<Refusal>{
           {"medium+book=" + data + "opening_book_international.txt", 64,
            "opening_book_international.txt: line "},
           {"medium+book=/no/such.txt", 66, "/no/such.txt"},
           {"medium+nobook+book=" + data + "opening_book_pool.txt", 64,
            "+nobook"}}) {
    r = RunCheckers({"match", "--engine=easy", "--engine=" + refusal.engine,
                     "--rules=pool"});
    EXPECT_EQ(r.exit_code, refusal.exit_code) << refusal.engine;
    EXPECT_THAT(r.err, HasSubstr(refusal.says)) << refusal.engine;
  }
}

TEST(CliMatchTest, CommandRefusesBadEngines) {
  EXPECT_EQ(RunCheckers({"match", "--engine=easy"}).exit_code, 64);
  EXPECT_EQ(
      RunCheckers({"match", "--engine=easy", "--engine=/no/such.so"}).exit_code,
      64);
}

}  // namespace
}  // namespace checkers::testing
