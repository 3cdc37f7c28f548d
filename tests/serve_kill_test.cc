// `checkers serve` killed with SIGKILL at random moments while a remote
// game is played through its HTTP API (issue 46's campaign): after every
// kill the server starts again on the same data directory, serves the
// table's log, which audits sound, and holds every move it answered 200
// exactly once, in order; the move under way when the kill came is there
// whole or not at all.

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"
#include "tests/serve_process.h"
#include "web/http/client.h"

namespace checkers {
namespace {

using ::checkers::testing::CheckLogAfterKill;
using ::checkers::testing::Game;
using ::checkers::testing::NewGame;
using ::checkers::testing::NewTempDir;
using ::checkers::testing::NextMaxDelayMs;
using ::checkers::testing::PostedMove;
using ::checkers::testing::Posting;
using ::checkers::testing::PostRandomMove;
using ::checkers::testing::SeenTurns;
using ::checkers::testing::Served;
using ::checkers::testing::StartServe;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kKills = 30;
#else
constexpr int kKills = 100;
#endif
constexpr uint64_t kSeed = 4600;
// Each round's kill comes at a random moment up to a bound after the table
// was checked, while moves are posted one after another; the bound follows
// how many moves a round answered (NextMaxDelayMs).
constexpr double kFirstMaxDelayMs = 60;

TEST(ServeKillTest, EveryAnsweredMoveSurvivesKillsAtRandomMoments) {
  const std::string data = NewTempDir("serve-kill");
  const std::string log_copy = data + "/fetched.log";
  std::mt19937_64 rng(kSeed);
  std::optional<Game> game;
  SeenTurns seen;
  int moves_killed = 0;
  int total_answered = 0;
  int games = 0;
  double max_delay_ms = kFirstMaxDelayMs;
  // A last round checks the log after the last kill and stops there.
  for (int kills = 0; kills <= kKills; ++kills) {
    SCOPED_TRACE(absl::StrCat("round ", kills + 1));
    // No computer stands in for the players, who hold no event stream.
    absl::StatusOr<Served> served =
        StartServe({"--data=" + data, "--cpu-after=3600"});
    ASSERT_TRUE(served.ok()) << served.status();
    http::Client client("127.0.0.1", served->port);
    client.set_timeout(absl::Seconds(10));

    bool over = !game.has_value();
    if (game.has_value()) {
      // The log as the restarted server serves it.
      absl::StatusOr<http::Reply> log =
          client.Get(absl::StrCat("/api/tables/", game->id, "/log"));
      ASSERT_TRUE(log.ok()) << log.status();
      ASSERT_EQ(log->status, 200) << log->body;
      absl::StatusOr<bool> checked =
          CheckLogAfterKill(log->body, log_copy, seen);
      ASSERT_TRUE(checked.ok()) << checked.status();
      over = *checked;
    }
    if (kills == kKills) {
      kill(served->pid, SIGTERM);
      waitpid(served->pid, nullptr, 0);
      break;
    }
    if (over) {
      absl::StatusOr<Game> made = NewGame(client);
      ASSERT_TRUE(made.ok()) << made.status();
      game = *made;
      seen.turns.clear();
      ++games;
    }

    const int delay_ms = std::uniform_int_distribution<int>(
        0, static_cast<int>(max_delay_ms))(rng);
    const int answered_before = total_answered;
    std::thread killer([&, pid = served->pid] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(pid, SIGKILL);
    });
    // Moves one after another until the server is gone.
    for (;;) {
      absl::StatusOr<PostedMove> posted = PostRandomMove(client, *game, rng);
      ASSERT_TRUE(posted.ok()) << posted.status();
      if (posted->posting == Posting::kNoAnswer) ++moves_killed;
      if (posted->posting != Posting::kAnswered) {
        // One server alone is never behind its own log.
        ASSERT_NE(posted->posting, Posting::kStale) << posted->move;
        break;
      }
      seen.answered.push_back(posted->move);
      ++total_answered;
    }
    killer.join();
    max_delay_ms =
        NextMaxDelayMs(max_delay_ms, total_answered - answered_before);
    int status = 0;
    waitpid(served->pid, &status, 0);
    // Also when the game ended before the kill came: the server was then
    // killed idle, which the next round checks as any other.
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "serve ended with status " << status;
  }
  std::printf(
      "%d kills, %d moves answered over %d games, %d kills during a "
      "move's request\n",
      kKills, total_answered, games, moves_killed);
  RecordProperty("moves_answered", total_answered);
  RecordProperty("kills_during_a_move", moves_killed);
  EXPECT_GT(total_answered, kKills / 2);
  EXPECT_GT(moves_killed, 0);
}

}  // namespace
}  // namespace checkers
