#include "json/state_json.h"

#include <vector>

#include "events/fold.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "json/encode.h"

namespace checkers::json {
namespace {

events::GameState Started(events::Mode mode) {
  events::GameStarted started;
  *started.mutable_options() = events::DefaultRuleOptions();
  started.set_mode(mode);
  started.set_difficulty(events::HARD);
  started.set_human_side(events::FIRST);
  return events::FoldEvents({events::StartEvent(started).value()}).value();
}

TEST(StateJsonTest, NoGameSaysSo) {
  EXPECT_EQ(StateJson(events::GameState()), nlohmann::json({{"game", false}}));
}

TEST(StateJsonTest, StartPositionHasTwelveMenASideOnTheirSquares) {
  const nlohmann::json s = StateJson(Started(events::VS_COMPUTER));
  EXPECT_EQ(s["side_to_move"], "first");
  EXPECT_EQ(s["difficulty"], "hard");
  EXPECT_EQ(s["human"], "first");
  EXPECT_EQ(s["colours"]["first"], "Red");
  ASSERT_EQ(s["board"].size(), 32);
  EXPECT_EQ(s["board"][0],
            nlohmann::json({{"side", "first"}, {"king", false}}));
  EXPECT_TRUE(s["board"][15].is_null());
  EXPECT_EQ(s["board"][31]["side"], "second");
  EXPECT_FALSE(s["over"]);
}

TEST(StateJsonTest, RecordIsTheEventsProtoJsonWithItsKind) {
  events::Event e;
  e.mutable_turn_played()->set_side(events::FIRST);
  e.mutable_turn_played()->add_squares(11);
  e.mutable_turn_played()->add_squares(15);
  const nlohmann::json r = RecordJson(2, e);
  EXPECT_EQ(r["seq"], 2);
  EXPECT_EQ(r["kind"], "turn_played");
  EXPECT_EQ(r["event"]["turn_played"]["side"], "FIRST");
  EXPECT_EQ(r["event"]["turn_played"]["squares"], nlohmann::json({11, 15}));
}

TEST(StateJsonTest, TurnEventIsWhatProtobufsPrinterWrites) {
  std::vector<events::Event> turns;
  events::Event e;
  turns.push_back(e);  // no kind at all
  e.mutable_turn_played();
  turns.push_back(e);  // every field at its default
  e.mutable_turn_played()->set_side(events::SECOND);
  e.mutable_turn_played()->add_squares(22);
  e.mutable_turn_played()->add_squares(15);
  e.mutable_turn_played()->add_squares(8);
  turns.push_back(e);
  e.set_unix_millis(1796507485002);
  turns.push_back(e);
  e.mutable_turn_played()->set_timeout(true);
  turns.push_back(e);
  e.set_unix_millis(-5);
  turns.push_back(e);
  e.mutable_turn_played()->mutable_computer()->set_nodes(1234);
  turns.push_back(e);
  events::Event offered;
  offered.mutable_draw_offered()->set_side(events::FIRST);
  turns.push_back(offered);
  for (const events::Event& turn : turns) {
    EXPECT_EQ(EventJson(turn), ProtoJson(turn)) << turn.ShortDebugString();
  }
}

}  // namespace
}  // namespace checkers::json
