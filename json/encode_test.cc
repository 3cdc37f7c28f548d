#include "json/encode.h"

#include "events/events.pb.h"
#include "gtest/gtest.h"

namespace checkers::json {
namespace {

TEST(EncodeTest, DumpIsCompactAndEscapesControlCharacters) {
  nlohmann::ordered_json o;
  o["b"] = "a\"b\\c\nd\x01";
  o["a"] = {1, 2};
  o["n"] = nullptr;
  EXPECT_EQ(Dump(o), R"({"b":"a\"b\\c\nd\u0001","a":[1,2],"n":null})");
}

TEST(EncodeTest, DumpReplacesInvalidUtf8InsteadOfAborting) {
  EXPECT_EQ(Dump(nlohmann::json("a\xff")), "\"a\xef\xbf\xbd\"");
  EXPECT_EQ(Dump(nlohmann::ordered_json("a\xff")), "\"a\xef\xbf\xbd\"");
}

TEST(EncodeTest, ProtoJsonKeepsTheProtoFieldNames) {
  events::Event e;
  e.mutable_turn_played()->add_squares(11);
  e.mutable_turn_played()->add_squares(15);
  const nlohmann::json j = ProtoJson(e);
  EXPECT_EQ(j["turn_played"]["squares"], nlohmann::json({11, 15}));
}

}  // namespace
}  // namespace checkers::json
