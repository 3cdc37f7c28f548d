#include "session/gate.h"

#include "events/fold.h"
#include "events/validate.h"
#include "gtest/gtest.h"

namespace checkers::session {
namespace {

events::GameState Started(events::Mode mode) {
  events::GameStarted started;
  started.set_mode(mode);
  started.set_difficulty(events::EASY);
  *started.mutable_options() = events::DefaultRuleOptions();
  absl::StatusOr<events::GameState> s =
      events::FoldEvents({*events::StartEvent(started)});
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(GateTest, NothingIsAllowedBeforeAGame) {
  const events::GameState none;
  const Gate gate(none, DefaultSeats(none), {});
  EXPECT_EQ(gate.MoveBlocker(Actor::Local()), Refusal::kNoGame);
  EXPECT_EQ(gate.ActionBlocker(Actor::Local()), Refusal::kNoGame);
  EXPECT_FALSE(gate.AwaitsMove());
}

TEST(GateTest, APauseStopsEveryActionBeforeWhoseTurnItIs) {
  const events::GameState s = Started(events::TWO_PLAYER);
  const Gate gate(s, DefaultSeats(s), {.paused = true});
  EXPECT_EQ(gate.MoveBlocker(Actor::Local()), Refusal::kPaused);
  EXPECT_EQ(gate.ActionBlocker(Actor::Remote("x")), Refusal::kPaused);
}

TEST(GateTest, TheComputersTurnBlocksAMoveButNotResigning) {
  events::GameState s = Started(events::VS_COMPUTER);
  const Gate person(s, DefaultSeats(s), {});
  EXPECT_EQ(person.MoveBlocker(Actor::Local()), Refusal::kNone);
  const Gate searching(s, DefaultSeats(s), {.searching = true});
  EXPECT_EQ(searching.MoveBlocker(Actor::Local()), Refusal::kComputerTurn);
  EXPECT_EQ(searching.ActionBlocker(Actor::Local()), Refusal::kNone);
}

TEST(GateTest, AFailedComputerBlocksMovesUntilResumed) {
  const events::GameState s = Started(events::VS_COMPUTER);
  const Gate gate(s, DefaultSeats(s), {.computer_failed = true});
  EXPECT_EQ(gate.MoveBlocker(Actor::Local()), Refusal::kComputerError);
  EXPECT_FALSE(gate.AwaitsMove());
}

TEST(GateTest, ARemotePersonWhoHoldsNoSeatMayNotMove) {
  const events::GameState s = Started(events::TWO_PLAYER);
  const Gate gate(s, DefaultSeats(s), {});
  EXPECT_EQ(gate.MoveBlocker(Actor::Remote("stranger")), Refusal::kNotYourSeat);
  // Someone's move is still awaited: the page shows whose.
  EXPECT_TRUE(gate.AwaitsMove());
}

TEST(GateTest, ASeatHandedToTheComputerMakesItsTurnTheComputers) {
  const events::GameState s = Started(events::TWO_PLAYER);
  Seats seats = DefaultSeats(s);
  seats.of(events::FIRST) = Seat::Computer(events::HARD);
  EXPECT_FALSE(Gate(s, seats, {}).ComputerToMove());
  EXPECT_TRUE(Gate(s, seats, {.seats_set = true}).ComputerToMove());
}

TEST(GateTest, NoTurnClockRunsWithoutATimeLimit) {
  const events::GameState s = Started(events::TWO_PLAYER);
  const Gate gate(s, DefaultSeats(s), {.timed_out_seq = s.last_seq});
  EXPECT_FALSE(gate.TurnDeadline().has_value());
  EXPECT_FALSE(gate.TimedOut());
}

}  // namespace
}  // namespace checkers::session
