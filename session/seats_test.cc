#include "session/seats.h"

#include "events/fold.h"
#include "events/validate.h"
#include "gtest/gtest.h"

namespace checkers::session {
namespace {

events::GameState Started(events::Mode mode, events::Side human) {
  events::GameStarted g;
  g.set_mode(mode);
  g.set_human_side(human);
  g.set_difficulty(events::HARD);
  return *events::FoldEvents({*events::StartEvent(g)});
}

TEST(SeatsTest,
     AgainstTheComputerThePersonHoldsTheirSideAndTheComputerTheOther) {
  const Seats seats =
      DefaultSeats(Started(events::VS_COMPUTER, events::SECOND));
  EXPECT_EQ(seats.of(events::SECOND), Seat::Local());
  EXPECT_EQ(seats.of(events::FIRST), Seat::Computer(events::HARD));
}

TEST(SeatsTest, BetweenTwoPlayersBothSidesAreLocal) {
  const Seats seats = DefaultSeats(Started(events::TWO_PLAYER, events::FIRST));
  EXPECT_EQ(seats.first, Seat::Local());
  EXPECT_EQ(seats.second, Seat::Local());
}

TEST(SeatsTest, ARemoteSeatIsHeldOnlyWithItsToken) {
  const Seat seat = Seat::Remote("x1");
  EXPECT_TRUE(Holds(seat, Actor::Remote("x1")));
  EXPECT_FALSE(Holds(seat, Actor::Remote("x2")));
  EXPECT_FALSE(Holds(seat, Actor::Local()));
  EXPECT_FALSE(Holds(Seat::Computer(events::EASY), Actor::Local()));
}

}  // namespace
}  // namespace checkers::session
