#include "match/hub_engine.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "match/hub_protocol.h"
#include "match/match.h"
#include "tests/runfiles.h"

namespace checkers::match {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string TestEngine(const std::string& mode) {
  return absl::StrCat(
      ::checkers::testing::RunfilePath("match/hub_engine_for_test"), " ", mode);
}

const Opening kStart{"start", "W:W31-50:B1-20"};

// Every line the test engine receives in this test goes to a file of its
// own, read back by Log().
class HubEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    log_ = absl::StrCat(
        std::getenv("TEST_TMPDIR"), "/",
        ::testing::UnitTest::GetInstance()->current_test_info()->name(),
        ".log");
    ::setenv("HUB_LOG", log_.c_str(), 1);
  }

  std::string Log() const {
    std::ifstream in(log_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  // A game of the test engine, started with `args`, against Easy: the Hub
  // engine moves first from `opening` when `hub_first`. The Hub engine's
  // name goes to hub_name_.
  absl::StatusOr<MatchGame> PlayEasy(
      const std::string& args, bool hub_first, const Opening& opening = kStart,
      int turn_cap = 200, Edition edition = Edition::kInternational) {
    absl::StatusOr<std::unique_ptr<MatchEngine>> hub =
        MakeEngine(absl::StrCat(kHubPrefix, TestEngine(args)));
    if (!hub.ok()) return hub.status();
    hub_name_ = (*hub)->name();
    absl::StatusOr<std::unique_ptr<MatchEngine>> easy = MakeEngine("easy");
    if (!easy.ok()) return easy.status();
    return hub_first ? PlayMatchGame(**hub, **easy, opening, 1, turn_cap, 0.05,
                                     edition)
                     : PlayMatchGame(**easy, **hub, opening, 1, turn_cap, 0.05,
                                     edition);
  }

  std::string log_;
  std::string hub_name_;
};

TEST_F(HubEngineTest, PlaysWholeGameNamedByItsIdLine) {
  absl::StatusOr<MatchGame> game = PlayEasy("first", /*hub_first=*/true);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(hub_name_, "TestHub 1");
  // Playing the first legal move, it loses or draws, but never forfeits:
  // every move it named, captures too, was read as ours.
  EXPECT_THAT(game->how, Not(HasSubstr("forfeits")));
  EXPECT_GT(game->moves.size(), 20u);
  const std::string log = Log();
  EXPECT_THAT(log, HasSubstr("hub\ninit\nnew-game\npos pos=Wbbbbbbbbbbbbbbb"));
  EXPECT_THAT(log, HasSubstr("level move-time=0.05\ngo think\n"));
}

// The lines that set the position before each of the moves of `game` that
// its first engine, a Hub engine speaking version 1 or 2, made: the
// position after the last capture or man's move and the king moves since.
std::string PositionLines(const MatchGame& game, bool v1) {
  std::string expected;
  GamePosition p = game.start;
  GamePosition base = p;
  std::vector<std::string> since;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    if (i % 2 == 0) {
      std::string text = HubPosition(base);
      if (v1) {
        text[0] = absl::ascii_tolower(text[0]);
        absl::StrAppend(&expected, "pos ", text, "\n");
        for (const std::string& move : since) {
          absl::StrAppend(&expected, "move ", move, "\n");
        }
      } else {
        absl::StrAppend(&expected, "pos pos=", text);
        if (!since.empty()) {
          absl::StrAppend(&expected, " moves=\"", absl::StrJoin(since, " "),
                          "\"");
        }
        absl::StrAppend(&expected, "\n");
      }
    }
    p.Play(game.moves[i]);
    if (game.moves[i].irreversible()) {
      base = p;
      since.clear();
    } else {
      since.push_back(game.moves[i].Text());
    }
  }
  return expected;
}

TEST_F(HubEngineTest, KingMovesSinceTheLastCaptureOrManMoveAreSent) {
  for (const bool v1 : {false, true}) {
    ::unlink(log_.c_str());
    absl::StatusOr<MatchGame> game =
        PlayEasy(v1 ? "first v1" : "first", /*hub_first=*/true,
                 {"kings", "W:WK46,K47,K48:BK3,K4,K5"}, /*turn_cap=*/16);
    ASSERT_TRUE(game.ok()) << game.status();
    EXPECT_THAT(game->how, Not(HasSubstr("forfeits")));
    int reversible = 0;
    for (const GameMove& move : game->moves) reversible += !move.irreversible();
    EXPECT_GE(reversible, 4);
    std::string sent;
    for (absl::string_view line : absl::StrSplit(Log(), '\n')) {
      if (absl::StartsWith(line, "pos ") ||
          (v1 && absl::StartsWith(line, "move "))) {
        absl::StrAppend(&sent, line, "\n");
      }
    }
    EXPECT_EQ(sent, PositionLines(*game, v1)) << (v1 ? "version 1" : "2");
  }
}

TEST_F(HubEngineTest, VersionOneIsSpokenToAnEngineThatAnswersInIt) {
  absl::StatusOr<MatchGame> game = PlayEasy("first v1", /*hub_first=*/false);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(hub_name_, "TestHub 1");
  EXPECT_THAT(game->how, Not(HasSubstr("forfeits")));
  EXPECT_GT(game->moves.size(), 20u);
  const std::string log = Log();
  EXPECT_THAT(log, HasSubstr("hub\ninit\nnew\npos bbbbbbbbbbbbbbbbbbbbb"));
  EXPECT_THAT(log, HasSubstr("time 50\ngo\n"));
  EXPECT_THAT(log, Not(HasSubstr("go think")));
}

TEST_F(HubEngineTest, IllegalMoveForfeitsTheGame) {
  absl::StatusOr<MatchGame> game = PlayEasy("illegal", /*hub_first=*/true);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, events::SECOND_WINS);
  EXPECT_THAT(game->how, HasSubstr("TestHub 1 forfeits"));
  EXPECT_THAT(game->how, HasSubstr("\"1-2\" is not a legal move"));
}

TEST_F(HubEngineTest, AnswerAfterAnErrorIsNotReadAsTheNextMove) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> hub =
      MakeEngine(absl::StrCat(kHubPrefix, TestEngine("errs")));
  ASSERT_TRUE(hub.ok()) << hub.status();
  absl::StatusOr<std::unique_ptr<MatchEngine>> easy = MakeEngine("easy");
  ASSERT_TRUE(easy.ok());
  absl::StatusOr<MatchGame> first = PlayMatchGame(
      **hub, **easy, kStart, 1, 200, 0.05, Edition::kInternational);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_THAT(first->how, HasSubstr("reported an error: something went wrong"));
  // The move it wrote after its error was for the first game's start, a
  // move of White; read in the second game, where Black moves first, it
  // would be illegal.
  absl::StatusOr<MatchGame> second = PlayMatchGame(
      **easy, **hub, kStart, 2, 200, 0.05, Edition::kInternational);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_THAT(second->how, Not(HasSubstr("forfeits")));
  EXPECT_GT(second->moves.size(), 20u);
  EXPECT_THAT(Log(), HasSubstr("ping\n"));
}

TEST_F(HubEngineTest, EngineThatExitsForfeitsWithItsStatus) {
  absl::StatusOr<MatchGame> game = PlayEasy("exit", /*hub_first=*/false);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, events::FIRST_WINS);
  EXPECT_THAT(game->how, HasSubstr("closed its output"));
  EXPECT_THAT(game->how, HasSubstr("status 3"));
  EXPECT_EQ(game->moves.size(), 1u);
}

TEST_F(HubEngineTest, EightByEightGameIsRefused) {
  absl::StatusOr<MatchGame> game =
      PlayEasy("first", /*hub_first=*/true, {"start", "B:W21-32:B1-12"},
               /*turn_cap=*/200, Edition::kEnglish);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_THAT(game->how, HasSubstr("10x10 board only"));
}

TEST(HubEngineStartTest, MissingProgramOrEmptyCommandIsRefused) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> missing =
      StartHubEngine("/nonexistent/scan hub");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(missing.status().message(), HasSubstr("/nonexistent/scan"));
  EXPECT_EQ(StartHubEngine("  ").status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(HubEngineStartTest, ProgramThatIsNoHubEngineIsRefused) {
  // /bin/true exits at once, without a word of the protocol.
  absl::StatusOr<std::unique_ptr<MatchEngine>> hub =
      StartHubEngine("/bin/true");
  EXPECT_EQ(hub.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(hub.status().message(), HasSubstr("did not start"));
}

}  // namespace
}  // namespace checkers::match
