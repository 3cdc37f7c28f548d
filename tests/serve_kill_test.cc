// `checkers serve` killed with SIGKILL at random moments while a remote
// game is played through its HTTP API (issue 46's campaign): after every
// kill the server starts again on the same data directory, serves the
// table's log, which audits sound, and holds every move it answered 200
// exactly once, in order; the move under way when the kill came is there
// whole or not at all.

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "events/events.pb.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "storage/game_log.h"
#include "tests/run_command.h"
#include "tests/serve_process.h"
#include "web/http/client.h"

namespace checkers {
namespace {

using ::checkers::testing::Game;
using ::checkers::testing::IsMove;
using ::checkers::testing::LoadFetchedLog;
using ::checkers::testing::NewGame;
using ::checkers::testing::NewTempDir;
using ::checkers::testing::Served;
using ::checkers::testing::StartServe;
using ::checkers::testing::TurnsOf;
using nlohmann::json;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kKills = 30;
#else
constexpr int kKills = 100;
#endif
constexpr uint64_t kSeed = 4600;
// Each round's kill comes at a random moment up to a bound after the table
// was checked, while moves are posted one after another. A move takes
// longer under AddressSanitizer and on a loaded machine, so the bound
// follows it: longer after a round in which no move was answered, shorter
// after one with many.
constexpr double kFirstMaxDelayMs = 60;

TEST(ServeKillTest, EveryAnsweredMoveSurvivesKillsAtRandomMoments) {
  const std::string data = NewTempDir("serve-kill");
  const std::string log_copy = data + "/fetched.log";
  std::mt19937_64 rng(kSeed);
  std::optional<Game> game;
  // The turns of the game's log as last checked.
  std::vector<events::TurnPlayed> turns;
  // Moves answered 200 since, in order.
  std::vector<std::string> answered;
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
      // The log as the restarted server serves it: sound, every answered
      // move once and in order, and at most one move more (the one the
      // kill interrupted, if it reached the disk whole).
      absl::StatusOr<http::Reply> log =
          client.Get(absl::StrCat("/api/tables/", game->id, "/log"));
      ASSERT_TRUE(log.ok()) << log.status();
      ASSERT_EQ(log->status, 200) << log->body;
      absl::StatusOr<storage::LoadedGame> loaded =
          LoadFetchedLog(log->body, log_copy);
      ASSERT_TRUE(loaded.ok()) << loaded.status();
      const std::vector<events::TurnPlayed> now = TurnsOf(*loaded);
      ASSERT_GE(now.size(), turns.size() + answered.size());
      ASSERT_LE(now.size(), turns.size() + answered.size() + 1);
      for (size_t i = 0; i < turns.size(); ++i) {
        ASSERT_EQ(now[i].SerializeAsString(), turns[i].SerializeAsString());
      }
      for (size_t i = 0; i < answered.size(); ++i) {
        ASSERT_TRUE(IsMove(now[turns.size() + i], answered[i]))
            << "turn " << turns.size() + i + 1 << " should be " << answered[i];
      }
      turns = now;
      answered.clear();
      over = loaded->state.over();
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
      turns.clear();
      ++games;
    }

    const int delay_ms = std::uniform_int_distribution<int>(
        0, static_cast<int>(max_delay_ms))(rng);
    const int answered_before = total_answered;
    std::thread killer([&, pid = served->pid] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(pid, SIGKILL);
    });
    // Moves one after another until the server is gone: each a legal move
    // of the side to move, chosen at random, with the head it was seen at.
    for (;;) {
      absl::StatusOr<http::Reply> got =
          client.Get(absl::StrCat("/api/tables/", game->id));
      if (!got.ok()) break;
      const json state = json::parse(got->body);
      if (state.value("over", false)) break;
      const int side = state["side_to_move"] == "second" ? 1 : 0;
      const std::vector<std::string> legal = state["legal_moves"];
      const std::string move = legal[rng() % legal.size()];
      absl::StatusOr<http::Reply> posted =
          client.Post(absl::StrCat("/api/tables/", game->id, "/moves"),
                      json{{"move", move}, {"head", state["head"]}}.dump(),
                      {{"Cookie", game->cookie[side]}});
      if (!posted.ok()) {
        ++moves_killed;
        break;
      }
      ASSERT_EQ(posted->status, 200) << posted->body;
      answered.push_back(move);
      ++total_answered;
    }
    killer.join();
    const int answered_now = total_answered - answered_before;
    if (answered_now == 0) max_delay_ms = std::min(max_delay_ms * 1.5, 5000.0);
    if (answered_now > 8) max_delay_ms *= 0.8;
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
