#include "session/move_entry.h"

#include <string>
#include <vector>

#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::session {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

events::GameState Game(const std::string& fen = "",
                       Edition edition = Edition::kEnglish) {
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  started.set_edition(events::RulesEditionOf(edition));
  *started.mutable_options() = events::DefaultRuleOptions(edition);
  started.set_start_fen(fen);
  absl::StatusOr<events::Event> start = events::StartEvent(started);
  EXPECT_TRUE(start.ok()) << start.status();
  absl::StatusOr<events::GameState> s = events::FoldEvents({*start});
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(MoveEntryTest, TheStartOffersThePiecesThatMayMove) {
  const events::GameState s = Game();
  const EntryStep step = MoveEntry(s).At({});
  EXPECT_THAT(step.starts, ElementsAre(9, 10, 11, 12));
  EXPECT_EQ(step.next, step.starts);
  EXPECT_THAT(step.must_capture, IsEmpty());
  EXPECT_FALSE(step.move.has_value());
}

TEST(MoveEntryTest, AStepIsCompleteAtItsLanding) {
  const events::GameState s = Game();
  const MoveEntry entry(s);
  EXPECT_THAT(entry.At({11}).next, ElementsAre(15, 16));
  const EntryStep step = entry.At({11, 15});
  ASSERT_TRUE(step.move.has_value());
  EXPECT_EQ(step.move->Text(), "11-15");
  EXPECT_THAT(step.next, IsEmpty());
}

TEST(MoveEntryTest, AMultiJumpIsEnteredLandingByLanding) {
  // Black's man on 1 must jump 6 and 15: 1x10x19.
  const events::GameState s = Game("B:W6,15,32:B1");
  const MoveEntry entry(s);
  EXPECT_THAT(entry.At({}).must_capture, ElementsAre(1));
  const EntryStep first = entry.At({1, 10});
  EXPECT_THAT(first.captured, ElementsAre(6));
  EXPECT_THAT(first.capturable, ElementsAre(15));
  EXPECT_THAT(first.next, ElementsAre(19));
  EXPECT_FALSE(first.move.has_value());
  const EntryStep whole = entry.At({1, 10, 19});
  ASSERT_TRUE(whole.move.has_value());
  EXPECT_EQ(whole.move->Text(), "1x10x19");
  EXPECT_THAT(whole.captured, ElementsAre(6, 15));
}

TEST(MoveEntryTest, ARouteOffTheLegalMovesKeepsItsLongestLegalStart) {
  const events::GameState s = Game();
  EXPECT_THAT(MoveEntry(s).At({11, 20, 24}).route, ElementsAre(11));
  EXPECT_THAT(MoveEntry(s).At({30}).route, IsEmpty());
}

TEST(MoveEntryTest, ChoicesThatCannotComeNextSayWhy) {
  const events::GameState s = Game();
  const MoveEntry entry(s);
  EXPECT_EQ(entry.Choose({}, 1).refusal, EntryRefusal::kCannotMove);
  EXPECT_EQ(entry.Choose({}, 22).refusal, EntryRefusal::kNotYourPiece);
  EXPECT_EQ(entry.Choose({11}, 19).refusal, EntryRefusal::kNotALanding);
  // Another piece that may move replaces the first before any landing;
  // choosing the first again lets it go.
  EXPECT_THAT(entry.Choose({11}, 9).step.route, ElementsAre(9));
  EXPECT_THAT(entry.Choose({11}, 11).step.route, IsEmpty());
}

TEST(MoveEntryTest, ACaptureUnderWayCannotSwitchPieces) {
  // Black's men on 1 and 2 can both jump; once 1 has landed, 2 is refused.
  const events::GameState s = Game("B:W6,7,15,32:B1,2");
  const MoveEntry entry(s);
  const MoveEntry::Choice c = entry.Choose({1, 10}, 2);
  EXPECT_EQ(c.refusal, EntryRefusal::kSwitchRefused);
  EXPECT_THAT(c.step.route, ElementsAre(1, 10));
}

TEST(MoveEntryTest, TypedShortFormsResolveOrNameTheirRoutes) {
  const events::GameState plain = Game();
  std::vector<std::string> routes;
  absl::StatusOr<GameMove> m = MoveEntry(plain).Resolve("11-15", &routes);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->Text(), "11-15");
  EXPECT_EQ(MoveEntry(plain).Resolve("eleven", &routes).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(MoveEntry(plain).Resolve("11-19", &routes).status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(routes, IsEmpty());

  // A king on 11 can go round either way and come back to 11.
  const events::GameState ring = Game("B:BK11:W6,7,14,15");
  routes.clear();
  EXPECT_EQ(MoveEntry(ring).Resolve("11x11", &routes).status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(routes, ElementsAre("11x18x9x2x11", "11x2x9x18x11"));
}

TEST(MoveEntryTest, NothingIsOfferedWhenNoMoveIsAwaited) {
  const events::GameState s = Game();
  const MoveEntry entry(s, /*awaited=*/false);
  EXPECT_THAT(entry.moves(), IsEmpty());
  EXPECT_THAT(entry.At({11}).route, IsEmpty());
}

TEST(MoveEntryTest, AFlyingKingsLandingsAreOfferedOnTheTenByTenBoard) {
  // White's king on 46 may fly up the long diagonal to 5.
  const events::GameState s = Game("W:WK46:B1", Edition::kInternational);
  EXPECT_THAT(MoveEntry(s).At({46}).next,
              ElementsAre(5, 10, 14, 19, 23, 28, 32, 37, 41));
}

}  // namespace
}  // namespace checkers::session
