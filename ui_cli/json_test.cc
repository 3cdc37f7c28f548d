#include "ui_cli/json.h"

#include "gtest/gtest.h"

namespace checkers::cli {
namespace {

TEST(JsonTest, StringsAreEscaped) {
  EXPECT_EQ(JsonString("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\"");
}

TEST(JsonTest, ObjectKeepsKeyOrderAndTypes) {
  JsonObject o;
  o.Add("s", "x")
      .Add("i", -3)
      .Add("u", uint64_t{7})
      .Add("b", true)
      .AddNull("n");
  o.Add("l", std::vector<std::string>{"a", "b"}).AddRaw("r", "{}");
  EXPECT_EQ(o.str(),
            R"({"s":"x","i":-3,"u":7,"b":true,"n":null,"l":["a","b"],"r":{}})");
}

}  // namespace
}  // namespace checkers::cli
