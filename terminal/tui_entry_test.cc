#include "terminal/tui_entry.h"

#include <string>

#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "session/session.h"

namespace checkers::terminal {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A two-player game from `fen` in memory, and the turn being entered.
struct Entering {
  explicit Entering(const std::string& fen = "")
      : text(lang::Catalogue::Builtin("en")),
        session({}),
        entry(text, &session) {
    session.PlayWithoutSaving();
    session.TakeReports();
    events::GameStarted started;
    started.set_mode(events::TWO_PLAYER);
    started.set_start_fen(fen);
    *started.mutable_options() = events::DefaultRuleOptions();
    EXPECT_TRUE(session.NewGame(started).ok());
  }

  const lang::Catalogue& text;
  session::Session session;
  TuiEntry entry;
};

TEST(TuiEntryTest, AStepIsPlayedOnceItsLandingIsChosen) {
  Entering e;
  EXPECT_THAT(e.entry.Choose(10), HasSubstr("11"));
  EXPECT_THAT(e.entry.route(), ElementsAre(10));
  EXPECT_EQ(e.entry.Choose(14), "");
  EXPECT_THAT(e.entry.route(), IsEmpty());
  EXPECT_EQ(e.session.state().turns, 1);
}

TEST(TuiEntryTest, AMultiJumpShowsThePieceWhereItHasGot) {
  Entering e("B:W6,15,32:B1");
  e.entry.Choose(0);
  EXPECT_THAT(e.entry.Choose(9), HasSubstr("19"));
  EXPECT_EQ(e.entry.ShownPiece(9), Piece::kBlackMan);
  EXPECT_EQ(e.entry.ShownPiece(0), Piece::kEmpty);
  const TuiEntry::Hints hints = e.entry.HintsAt(0);
  EXPECT_EQ(hints.captured, SetOf({6}));
  EXPECT_EQ(hints.next, SetOf({19}));
  EXPECT_EQ(e.session.state().turns, 0);
}

TEST(TuiEntryTest, ARefusedSquareIsWordedWithTheWayOut) {
  Entering e;
  EXPECT_THAT(e.entry.Choose(0), HasSubstr("has no legal move"));
  e.entry.Choose(10);
  EXPECT_THAT(e.entry.Choose(20), HasSubstr("15, 16"));
  EXPECT_THAT(e.entry.route(), ElementsAre(10));
}

TEST(TuiEntryTest, ARouteBegunBeforeTheGameChangedIsDropped) {
  Entering e;
  e.entry.Choose(10);
  e.session.PlayText("9-13");
  e.entry.Refresh();
  EXPECT_THAT(e.entry.route(), IsEmpty());
}

}  // namespace
}  // namespace checkers::terminal
