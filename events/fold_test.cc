#include "events/fold.h"

#include <random>
#include <string>
#include <vector>

#include "engine/movegen8.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::events {
namespace {

using ::testing::HasSubstr;

// A random two-player game: the events a log would hold, and the game as
// its commits left it.
struct RandomGame {
  std::vector<Event> events;
  GameState live;
};

RandomGame PlayRandomGame(uint32_t seed) {
  std::mt19937 rng(seed);
  RandomGame game;
  auto commit = [&](Event e) {
    absl::Status st = CommitAndFold(std::move(e), &game.live, &game.events);
    EXPECT_TRUE(st.ok()) << st;
  };
  commit(*StartEvent(GameStarted()));
  while (!game.live.over()) {
    const std::vector<GameMove> moves = game.live.position.LegalMoves();
    commit(TurnEvent(game.live, moves[rng() % moves.size()]));
  }
  return game;
}

TEST(FoldTest, FoldOfARecordedGameRebuildsTheLiveState) {
  for (uint32_t seed = 0; seed < 50; ++seed) {
    const RandomGame game = PlayRandomGame(seed);
    const std::vector<Event>& events = game.events;
    absl::StatusOr<GameState> folded = FoldEvents(events);
    ASSERT_TRUE(folded.ok()) << folded.status();
    EXPECT_EQ(folded->position, game.live.position);
    EXPECT_EQ(folded->turns, game.live.turns);
    EXPECT_EQ(folded->last_seq, events.size());
    ASSERT_TRUE(folded->over());
    EXPECT_EQ(folded->ended->SerializeAsString(),
              game.live.ended->SerializeAsString());
  }
}

TEST(FoldTest, VisitorSeesEachEventWithItsMoveAndTheGameAfterIt) {
  const std::vector<Event> events = PlayRandomGame(1).events;
  uint64_t visited = 0;
  absl::StatusOr<GameState> folded =
      FoldChecked(events, [&](const CheckedEvent& e, const GameState& after) {
        ASSERT_EQ(&e.event(), &events[visited]);
        ++visited;
        EXPECT_EQ(after.last_seq, visited);
        if (e.event().has_turn_played()) {
          EXPECT_EQ(e.move().from(), e.event().turn_played().squares(0));
          EXPECT_NE(after.side_to_move(), e.event().turn_played().side());
        }
      });
  ASSERT_TRUE(folded.ok()) << folded.status();
  EXPECT_EQ(visited, events.size());
}

TEST(FoldTest, VisitorStopsBeforeTheFirstRefusedEvent) {
  std::vector<Event> events = PlayRandomGame(3).events;
  events[3] = events[1];
  uint64_t visited = 0;
  absl::StatusOr<GameState> folded = FoldChecked(
      events, [&](const CheckedEvent&, const GameState&) { ++visited; });
  ASSERT_FALSE(folded.ok());
  EXPECT_EQ(visited, 3u);
}

TEST(FoldTest, RefusedCommitLeavesTheGameAsItWas) {
  RandomGame game;
  ASSERT_TRUE(
      CommitAndFold(*StartEvent(GameStarted()), &game.live, &game.events).ok());
  Event late_start = *StartEvent(GameStarted());
  EXPECT_FALSE(CommitAndFold(late_start, &game.live, &game.events).ok());
  EXPECT_EQ(game.events.size(), 1u);
  EXPECT_EQ(game.live.last_seq, 1u);
}

TEST(FoldTest, IllegalTurnIsReportedWithItsSeq) {
  std::vector<Event> events = PlayRandomGame(3).events;
  // Replace the third turn by the first turn again: no longer legal.
  events[3] = events[1];
  absl::StatusOr<GameState> folded = FoldEvents(events);
  ASSERT_FALSE(folded.ok());
  EXPECT_EQ(folded.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(folded.status().message()), HasSubstr("seq 4:"));
}

TEST(FoldTest, TurnAfterTheEndIsReported) {
  std::vector<Event> events = PlayRandomGame(5).events;
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
