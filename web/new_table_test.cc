#include "web/new_table.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::web {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

std::string Refusal(const json& body) {
  absl::StatusOr<events::GameStarted> started = GameStartedOf(body);
  EXPECT_FALSE(started.ok()) << body.dump();
  return started.ok() ? "" : std::string(started.status().message());
}

TEST(GameStartedOfTest, ATableNeedsItsMode) {
  EXPECT_THAT(Refusal(json::object()), HasSubstr("a table needs its mode"));
  EXPECT_THAT(Refusal({{"mode", nullptr}}),
              HasSubstr("a table needs its mode"));
  EXPECT_THAT(Refusal({{"mode", "solo"}}), HasSubstr("mode must be"));
  EXPECT_THAT(Refusal(json::array()), HasSubstr("one JSON object"));
}

TEST(GameStartedOfTest, EveryFieldOfTheWrongTypeIsNamed) {
  for (const char* field : {"rules", "difficulty", "human_side", "rated",
                            "turn_seconds", "fen", "options"}) {
    for (const json& wrong : {json(5), json::array(), json(true), json("x")}) {
      json body = {{"mode", "remote"}, {field, wrong}};
      // true is a rating's own value, and a rating a remote table's.
      if (std::string(field) == "rated" && wrong == json(true)) continue;
      if (std::string(field) == "fen" && wrong.is_string()) continue;
      EXPECT_THAT(Refusal(body), HasSubstr(field)) << body.dump();
    }
  }
}

TEST(GameStartedOfTest, OmittedOrNullFieldsTakeTheirDefaults) {
  absl::StatusOr<events::GameStarted> started = GameStartedOf(
      {{"mode", "computer"}, {"difficulty", nullptr}, {"rules", nullptr}});
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(started->mode(), events::VS_COMPUTER);
  EXPECT_EQ(started->difficulty(), events::MEDIUM);
  EXPECT_EQ(started->human_side(), events::FIRST);
  EXPECT_EQ(started->turn_seconds(), 0);
  EXPECT_FALSE(started->rated());
}

TEST(GameStartedOfTest, ATurnLimitAndARatingBelongToARemoteTable) {
  EXPECT_THAT(Refusal({{"mode", "two-player"}, {"turn_seconds", 30}}),
              HasSubstr("turn_seconds"));
  EXPECT_THAT(Refusal({{"mode", "computer"}, {"rated", true}}),
              HasSubstr("rated"));
  EXPECT_THAT(Refusal({{"mode", "remote"}, {"turn_seconds", 45}}),
              HasSubstr("turn_seconds"));
  absl::StatusOr<events::GameStarted> started = GameStartedOf(
      {{"mode", "remote"}, {"turn_seconds", 60}, {"rated", true}});
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(started->turn_seconds(), 60);
  EXPECT_TRUE(started->rated());
}

}  // namespace
}  // namespace checkers::web
