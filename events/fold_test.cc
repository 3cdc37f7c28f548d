#include "events/fold.h"

#include <random>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::events {
namespace {

using ::testing::HasSubstr;

// A random two-player game as the events a log would hold.
std::vector<Event> RandomGame(uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Event> events;
  GameState state;
  auto commit = [&](Event e) {
    absl::StatusOr<std::vector<Event>> c = CommitFor(state, std::move(e));
    EXPECT_TRUE(c.ok()) << c.status();
    for (Event& x : *c) {
      state = Apply(state, x);
      events.push_back(std::move(x));
    }
  };
  commit(*StartEvent(GameStarted()));
  while (!state.over()) {
    MoveList moves;
    GenerateMoves(state.position, &moves);
    commit(TurnEvent(state, moves[rng() % moves.size()]));
  }
  return events;
}

TEST(FoldTest, FoldOfARecordedGameRebuildsTheLiveState) {
  for (uint32_t seed = 0; seed < 50; ++seed) {
    const std::vector<Event> events = RandomGame(seed);
    GameState live;
    for (const Event& e : events) live = Apply(live, e);
    absl::StatusOr<GameState> folded = FoldEvents(events);
    ASSERT_TRUE(folded.ok()) << folded.status();
    EXPECT_EQ(folded->position, live.position);
    EXPECT_EQ(folded->turns, live.turns);
    EXPECT_EQ(folded->last_seq, events.size());
    ASSERT_TRUE(folded->over());
    EXPECT_EQ(folded->ended->SerializeAsString(),
              live.ended->SerializeAsString());
  }
}

TEST(FoldTest, IllegalTurnIsReportedWithItsSeq) {
  std::vector<Event> events = RandomGame(3);
  // Replace the third turn by the first turn again: no longer legal.
  events[3] = events[1];
  absl::StatusOr<GameState> folded = FoldEvents(events);
  ASSERT_FALSE(folded.ok());
  EXPECT_EQ(folded.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(folded.status().message()), HasSubstr("seq 4:"));
}

TEST(FoldTest, TurnAfterTheEndIsReported) {
  std::vector<Event> events = RandomGame(5);
  events.push_back(events[1]);
  absl::StatusOr<GameState> folded = FoldEvents(events);
  ASSERT_FALSE(folded.ok());
  EXPECT_THAT(std::string(folded.status().message()),
              HasSubstr("game is over"));
}

TEST(FoldTest, PayloadThatIsNotAnEventIsDataLossWithItsSeq) {
  absl::StatusOr<Event> e = ParseEvent("\xff\xff\xff garbage", 7);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(e.status().message()), HasSubstr("seq 7"));
  Event turn;
  turn.mutable_turn_played()->add_squares(11);
  EXPECT_TRUE(ParseEvent(turn.SerializeAsString(), 1).ok());
}

}  // namespace
}  // namespace checkers::events
