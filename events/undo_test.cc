#include "events/undo.h"

#include <vector>

#include "gtest/gtest.h"

namespace checkers::events {
namespace {

Event Start(Mode mode, Side human = FIRST) {
  Event e;
  e.mutable_game_started()->set_mode(mode);
  e.mutable_game_started()->set_human_side(human);
  return e;
}

Event Turn(Side side) {
  Event e;
  e.mutable_turn_played()->set_side(side);
  return e;
}

Event Ended() {
  Event e;
  e.mutable_game_ended()->set_reason(NO_LEGAL_MOVE);
  return e;
}

TEST(UndoTest, TwoPlayerUndoTakesBackOneTurn) {
  const std::vector<Event> events = {Start(TWO_PLAYER), Turn(FIRST),
                                     Turn(SECOND)};
  EXPECT_EQ(*UndoKeep(events), 2u);
}

TEST(UndoTest, ComputerUndoRemovesTheReplyAndThePersonsTurn) {
  const std::vector<Event> events = {Start(VS_COMPUTER, FIRST), Turn(FIRST),
                                     Turn(SECOND), Turn(FIRST), Turn(SECOND)};
  EXPECT_EQ(*UndoKeep(events), 3u);
}

TEST(UndoTest, ComputerUndoBeforeTheReplyRemovesOnlyThePersonsTurn) {
  const std::vector<Event> events = {Start(VS_COMPUTER, FIRST), Turn(FIRST),
                                     Turn(SECOND), Turn(FIRST)};
  EXPECT_EQ(*UndoKeep(events), 3u);
}

TEST(UndoTest, UndoAfterTheEndRemovesTheEndToo) {
  const std::vector<Event> events = {Start(TWO_PLAYER), Turn(FIRST), Ended()};
  EXPECT_EQ(*UndoKeep(events), 1u);
}

TEST(UndoTest, AfterSwitchingToTwoPlayersUndoTakesBackOneTurn) {
  Event change;
  change.mutable_mode_changed()->set_mode(TWO_PLAYER);
  const std::vector<Event> events = {Start(VS_COMPUTER, FIRST),
                                     Turn(FIRST),
                                     Turn(SECOND),
                                     change,
                                     Turn(FIRST),
                                     Turn(SECOND)};
  EXPECT_EQ(*UndoKeep(events), 5u);
}

Event Resigned(Side side) {
  Event e;
  e.mutable_resigned()->set_side(side);
  return e;
}

Event EndedBy(EndReason reason) {
  Event e;
  e.mutable_game_ended()->set_reason(reason);
  return e;
}

TEST(UndoTest, UndoAfterAResignationTakesBackOnlyTheResignation) {
  const std::vector<Event> events = {Start(VS_COMPUTER, FIRST), Turn(FIRST),
                                     Turn(SECOND), Resigned(FIRST),
                                     EndedBy(RESIGNATION)};
  EXPECT_EQ(*UndoKeep(events), 3u);
}

TEST(UndoTest, UndoAfterAnAgreedDrawTakesBackTheOfferAndItsAcceptance) {
  Event offer;
  offer.mutable_draw_offered()->set_side(FIRST);
  Event accept;
  accept.mutable_draw_accepted()->set_side(SECOND);
  const std::vector<Event> events = {
      Start(TWO_PLAYER), Turn(FIRST), Turn(SECOND), offer, accept,
      EndedBy(AGREEMENT)};
  EXPECT_EQ(*UndoKeep(events), 3u);
}

TEST(UndoTest, AResignationBeforeAnyTurnCanBeTakenBack) {
  const std::vector<Event> events = {Start(TWO_PLAYER), Resigned(FIRST),
                                     EndedBy(RESIGNATION)};
  EXPECT_EQ(*UndoKeep(events), 1u);
}

TEST(UndoTest, NothingToUndoIsRefused) {
  EXPECT_FALSE(UndoKeep(std::vector<Event>{Start(TWO_PLAYER)}).ok());
  // The computer moved first; the person has not played yet.
  EXPECT_FALSE(
      UndoKeep(std::vector<Event>{Start(VS_COMPUTER, SECOND), Turn(FIRST)})
          .ok());
  EXPECT_FALSE(UndoKeep(std::vector<Event>{}).ok());
}

}  // namespace
}  // namespace checkers::events
