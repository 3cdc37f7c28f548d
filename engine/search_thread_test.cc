#include "engine/search_thread.h"

#include <functional>

#include "absl/status/status.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/fen8.h"
#include "engine/game_search.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

// Generous: these only guard against a hang, they never measure speed.
constexpr absl::Duration kPatience = absl::Seconds(30);

constexpr const char* kMiddleGame =
    "B:W15,19,21,22,23,25,27,29,30,32:B1,3,4,7,8,9,12,13,14,16";

GameSearchRequest Request(uint64_t max_nodes) {
  GameSearchRequest request;
  request.position =
      GamePosition::Of(*ParseFen(kMiddleGame), Edition::kEnglish);
  request.level = Level::kHard;
  request.limits.max_nodes = max_nodes;
  return request;
}

// A search that would run for hours if left alone.
GameSearchRequest Endless() { return Request(uint64_t{1} << 50); }

// Polls `condition` until it holds or kPatience passes.
bool Eventually(const std::function<bool()>& condition) {
  const absl::Time deadline = absl::Now() + kPatience;
  while (absl::Now() < deadline) {
    if (condition()) return true;
    absl::SleepFor(absl::Milliseconds(1));
  }
  return condition();
}

TEST(SearchThreadTest, GivesTheSameAnswerAsSearch) {
  const absl::StatusOr<GameSearchResult> direct = SearchGame(Request(200'000));
  SearchThread thread(Request(200'000));
  const absl::StatusOr<GameSearchResult> threaded = thread.Wait();
  ASSERT_TRUE(direct.ok() && threaded.ok());
  EXPECT_EQ(direct->best_move, threaded->best_move);
  EXPECT_EQ(direct->nodes, threaded->nodes);
  EXPECT_TRUE(thread.progress().done);
  EXPECT_TRUE(thread.TryResult().has_value());
}

TEST(SearchThreadTest, ReportsProgressWhileRunning) {
  SearchThread thread(Endless());
  EXPECT_TRUE(
      Eventually([&] { return thread.progress().completed_depth >= 2; }));
  EXPECT_GT(thread.progress().nodes, 0u);
  EXPECT_FALSE(thread.progress().done);
  EXPECT_FALSE(thread.TryResult().has_value());
}

TEST(SearchThreadTest, PauseStopsTheNodeCountAndResumeRestartsIt) {
  SearchThread thread(Endless());
  ASSERT_TRUE(Eventually([&] { return thread.progress().nodes > 0; }));
  thread.Pause();
  ASSERT_TRUE(Eventually([&] { return thread.progress().paused; }));
  const uint64_t paused_at = thread.progress().nodes;
  absl::SleepFor(absl::Milliseconds(100));
  EXPECT_EQ(thread.progress().nodes, paused_at);
  EXPECT_TRUE(thread.progress().paused);
  EXPECT_FALSE(thread.WaitFor(absl::Milliseconds(10)));

  thread.Resume();
  EXPECT_TRUE(Eventually([&] { return thread.progress().nodes > paused_at; }));
  EXPECT_FALSE(thread.progress().paused);
}

TEST(SearchThreadTest, CancelEndsARunningSearchPromptly) {
  SearchThread thread(Endless());
  ASSERT_TRUE(Eventually([&] { return thread.progress().nodes > 0; }));
  thread.Cancel();
  ASSERT_TRUE(thread.WaitFor(kPatience));
  EXPECT_EQ(thread.Wait().status().code(), absl::StatusCode::kCancelled);
}

TEST(SearchThreadTest, CancelEndsAPausedSearch) {
  SearchThread thread(Endless());
  thread.Pause();
  ASSERT_TRUE(Eventually([&] { return thread.progress().paused; }));
  thread.Cancel();
  ASSERT_TRUE(thread.WaitFor(kPatience));
  EXPECT_EQ(thread.Wait().status().code(), absl::StatusCode::kCancelled);
}

TEST(SearchThreadTest, CancelAfterTheEndKeepsTheResult) {
  SearchThread thread(Request(10'000));
  ASSERT_TRUE(thread.Wait().ok());
  thread.Cancel();
  EXPECT_TRUE(thread.Wait().ok());
}

TEST(SearchThreadTest, DestroyingARunningSearchStopsIt) {
  auto thread = std::make_unique<SearchThread>(Endless());
  ASSERT_TRUE(Eventually([&] { return thread->progress().nodes > 0; }));
  thread.reset();  // Would hang here if the search kept running.
}

TEST(SearchThreadTest, ErrorsComeBackAsTheResult) {
  GameSearchRequest request = Request(1000);
  request.position =
      GamePosition::Of(*ParseFen("B:W21,22:B"), Edition::kEnglish);
  SearchThread thread(request);
  EXPECT_EQ(thread.Wait().status().code(),
            absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace checkers
