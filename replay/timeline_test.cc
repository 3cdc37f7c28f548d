#include "replay/timeline.h"

#include <string>
#include <vector>

#include "engine/fen8.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameState;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class Game {
 public:
  explicit Game(absl::string_view fen = "") {
    events::GameStarted g;
    g.set_start_fen(std::string(fen));
    Commit(*events::StartEvent(std::move(g)));
  }
  void Commit(Event e) {
    absl::Status st = events::CommitAndFold(std::move(e), &state_, &log_);
    ASSERT_TRUE(st.ok()) << st;
  }
  void Play(absl::string_view move) {
    Commit(*events::TurnEvent(state_, move));
  }
  const GameState& state() const { return state_; }
  const std::vector<Event>& log() const { return log_; }

 private:
  GameState state_;
  std::vector<Event> log_;
};

TEST(TimelineTest, OnePlyPerTurnWithItsMoveSeqAndCounters) {
  Game game("B:WK32,21:BK1,12");
  for (absl::string_view m : {"1-6", "32-27", "12-16", "27-32"}) game.Play(m);
  absl::StatusOr<std::vector<Ply>> plies = BuildTimeline(game.log());
  ASSERT_TRUE(plies.ok()) << plies.status();
  ASSERT_EQ(plies->size(), 5u);
  EXPECT_EQ((*plies)[0].turn, 0);
  EXPECT_EQ((*plies)[0].seq, 1u);
  EXPECT_EQ((*plies)[0].move, "");
  EXPECT_EQ(*(*plies)[0].state.position.eight(), *ParseFen("B:WK32,21:BK1,12"));
  EXPECT_EQ((*plies)[2].turn, 2);
  EXPECT_EQ((*plies)[2].seq, 3u);
  EXPECT_EQ((*plies)[2].move, "32-27");
  EXPECT_EQ((*plies)[2].mover, events::SECOND);
  EXPECT_EQ((*plies)[2].state.no_progress_turns, 2);
  // A man's move starts the count again.
  EXPECT_EQ((*plies)[3].state.no_progress_turns, 0);
  EXPECT_EQ((*plies)[3].state.no_progress_since_seq, 4u);
  EXPECT_EQ((*plies)[4].state.position, game.state().position);
}

TEST(TimelineTest, MultiJumpShowsItsFullRouteAndTheEndBelongsToTheLastPly) {
  Game game("W:W22:B18,10");
  game.Play("22x6");
  absl::StatusOr<std::vector<Ply>> plies = BuildTimeline(game.log());
  ASSERT_TRUE(plies.ok()) << plies.status();
  ASSERT_EQ(plies->size(), 2u);
  EXPECT_EQ((*plies)[1].move, "22x15x6");
  EXPECT_THAT((*plies)[1].route, ElementsAre(22, 15, 6));
  EXPECT_THAT((*plies)[1].captured, ElementsAre(18, 10));
  EXPECT_THAT((*plies)[0].route, IsEmpty());
  EXPECT_TRUE((*plies)[1].state.over());
  EXPECT_FALSE((*plies)[0].state.over());
}

TEST(TimelineTest, DrawOfferBelongsToThePositionItWasMadeIn) {
  Game game;
  game.Play("11-15");
  game.Commit(*events::OfferDrawEvent(game.state()));
  absl::StatusOr<std::vector<Ply>> plies = BuildTimeline(game.log());
  ASSERT_TRUE(plies.ok());
  ASSERT_EQ(plies->size(), 2u);
  EXPECT_TRUE((*plies)[1].state.draw_offer.has_value());
}

TEST(TimelineTest, EventThatMayNotFollowIsDataLossWithItsSeq) {
  Game game;
  game.Play("11-15");
  std::vector<Event> log = game.log();
  log.push_back(log[1]);
  absl::StatusOr<std::vector<Ply>> plies = BuildTimeline(log);
  EXPECT_EQ(plies.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(plies.status().message()), HasSubstr("seq 3:"));
  EXPECT_EQ(BuildTimeline({}).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace checkers::replay
