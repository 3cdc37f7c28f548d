#include "web/entry_json.h"

#include "gtest/gtest.h"
#include "session/folded_game.h"

namespace checkers::web {
namespace {

using nlohmann::json;

TEST(EntryJsonTest, TheTreeHoldsEveryLegalRouteLandingByLanding) {
  // Black's man on 1 must jump 6 and then 15.
  const events::GameState s = session::FoldedGame("B:W6,15,32:B1", {});
  const json tree = EntryJson(session::MoveEntry(s));
  EXPECT_EQ(tree["must_capture"], json::array({1}));
  ASSERT_TRUE(tree["next"].contains("1"));
  const json& one = tree["next"]["1"];
  EXPECT_EQ(one["captured"], json::array());
  const json& landing = one["next"]["10"];
  EXPECT_EQ(landing["captured"], json::array({6}));
  EXPECT_FALSE(landing.contains("move"));
  const json& whole = landing["next"]["19"];
  EXPECT_EQ(whole["move"], "1x10x19");
  EXPECT_EQ(whole["captured"], json::array({6, 15}));
  EXPECT_FALSE(whole.contains("next"));
}

TEST(EntryJsonTest, TheStartOffersEveryPieceThatMayMove) {
  const events::GameState s = session::FoldedGame("", {});
  const json tree = EntryJson(session::MoveEntry(s));
  ASSERT_EQ(tree["next"].size(), 4u);
  EXPECT_EQ(tree["next"]["11"]["next"]["15"]["move"], "11-15");
  EXPECT_EQ(tree["must_capture"], json::array());
}

TEST(EntryJsonTest, NoMoveAwaitedIsNull) {
  const events::GameState s = session::FoldedGame("", {});
  EXPECT_TRUE(EntryJson(session::MoveEntry(s, /*awaited=*/false)).is_null());
}

}  // namespace
}  // namespace checkers::web
