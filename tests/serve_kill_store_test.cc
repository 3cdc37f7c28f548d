// Two `checkers serve --store=URI` processes on one PostgreSQL store
// (storage/POSTGRES.md), one of them killed with SIGKILL at a random
// moment in every round while a remote game is played through both, the
// moves posted to each in turn: after every kill the killed server starts
// again, the table's log, fetched from either server, is the same bytes,
// audits sound, and holds every move either server answered 200 exactly
// once, in order; the move under way when the kill came is there whole
// or not at all. A server that had not yet read the other's last move
// refuses a move from the head before it with 409, which the players
// take as a stale page: they read the table again.

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/test_postgres.h"
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
constexpr uint64_t kSeed = 4300;
// As in serve_kill_test.cc: the bound of a kill's random moment follows
// how many moves a round answered (NextMaxDelayMs).
constexpr double kFirstMaxDelayMs = 60;

TEST(ServeKillStoreTest, EveryAnsweredMoveSurvivesKillsOfEitherServer) {
  const std::string uri = storage::TestPostgresUri();
  if (uri.empty()) GTEST_SKIP() << "no PostgreSQL server for the test";
  const std::string log_copy = NewTempDir("serve-kill-store") + "/fetched.log";
  const std::vector<std::string> flags = {
      "--store=" + uri,
      // No computer stands in for the players, who hold no event stream.
      "--cpu-after=3600"};
  std::mt19937_64 rng(kSeed);
  std::optional<Served> servers[2];
  std::optional<Game> game;
  SeenTurns seen;
  int moves_killed = 0;
  int total_answered = 0;
  int stale = 0;
  int games = 0;
  double max_delay_ms = kFirstMaxDelayMs;
  // A last round checks the log after the last kill and stops there.
  for (int kills = 0; kills <= kKills; ++kills) {
    SCOPED_TRACE(absl::StrCat("round ", kills + 1));
    std::unique_ptr<http::Client> clients[2];
    for (int i = 0; i < 2; ++i) {
      if (!servers[i].has_value()) {
        absl::StatusOr<Served> served = StartServe(flags);
        ASSERT_TRUE(served.ok()) << served.status();
        servers[i] = *served;
      }
      clients[i] =
          std::make_unique<http::Client>("127.0.0.1", servers[i]->port);
      clients[i]->set_timeout(absl::Seconds(10));
    }

    bool over = !game.has_value();
    if (game.has_value()) {
      // The log as both servers serve it: the same bytes, checked once.
      std::string bytes[2];
      for (int i = 0; i < 2; ++i) {
        absl::StatusOr<http::Reply> log =
            clients[i]->Get(absl::StrCat("/api/tables/", game->id, "/log"));
        ASSERT_TRUE(log.ok()) << log.status();
        ASSERT_EQ(log->status, 200) << log->body;
        bytes[i] = log->body;
      }
      ASSERT_EQ(bytes[0], bytes[1]);
      absl::StatusOr<bool> checked =
          CheckLogAfterKill(bytes[0], log_copy, seen);
      ASSERT_TRUE(checked.ok()) << checked.status();
      over = *checked;
    }
    if (kills == kKills) {
      for (std::optional<Served>& s : servers) {
        kill(s->pid, SIGTERM);
        waitpid(s->pid, nullptr, 0);
      }
      break;
    }
    if (over) {
      absl::StatusOr<Game> made = NewGame(*clients[rng() % 2]);
      ASSERT_TRUE(made.ok()) << made.status();
      game = *made;
      seen.turns.clear();
      ++games;
    }

    const int victim = static_cast<int>(rng() % 2);
    const int delay_ms = std::uniform_int_distribution<int>(
        0, static_cast<int>(max_delay_ms))(rng);
    const int answered_before = total_answered;
    std::thread killer([&, pid = servers[victim]->pid] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(pid, SIGKILL);
    });
    // Moves one after another, to each server in turn, until the victim
    // is gone; only the victim may stop answering.
    for (int to = 0;; to ^= 1) {
      absl::StatusOr<PostedMove> posted =
          PostRandomMove(*clients[to], *game, rng);
      ASSERT_TRUE(posted.ok()) << posted.status();
      if (posted->posting == Posting::kStale) {
        ++stale;
        continue;
      }
      if (posted->posting == Posting::kOver) break;
      if (posted->posting != Posting::kAnswered) {
        ASSERT_EQ(to, victim) << "the server that was not killed went";
        if (posted->posting == Posting::kNoAnswer) ++moves_killed;
        break;
      }
      seen.answered.push_back(posted->move);
      ++total_answered;
    }
    killer.join();
    max_delay_ms =
        NextMaxDelayMs(max_delay_ms, total_answered - answered_before);
    int status = 0;
    waitpid(servers[victim]->pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "serve ended with status " << status;
    servers[victim].reset();
  }
  std::printf(
      "%d kills, %d moves answered over %d games, %d kills during a "
      "move's request, %d moves refused as stale\n",
      kKills, total_answered, games, moves_killed, stale);
  RecordProperty("moves_answered", total_answered);
  RecordProperty("kills_during_a_move", moves_killed);
  EXPECT_GT(total_answered, kKills / 2);
  EXPECT_GT(moves_killed, 0);
}

}  // namespace
}  // namespace checkers
