#include "web/page_files.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::web {
namespace {

using ::testing::HasSubstr;

TEST(PageFilesTest, APageFileHasItsContentTypeAndAnUnknownNameIsNone) {
  const std::optional<PageFile> js = FindPageFile("table.js");
  ASSERT_TRUE(js.has_value());
  EXPECT_EQ(js->content_type, "text/javascript; charset=utf-8");
  EXPECT_FALSE(js->text.empty());
  EXPECT_EQ(FindPageFile("table.html")->content_type,
            "text/html; charset=utf-8");
  EXPECT_FALSE(FindPageFile("../BUILD").has_value());
}

TEST(PageFilesTest, LanguageAnswerNamesEachLanguageInItsOwnWords) {
  const Answer sv = LanguageAnswer("sv");
  ASSERT_EQ(sv.status, 200);
  EXPECT_EQ(sv.body["language"], "sv");
  EXPECT_EQ(sv.body["names"]["sv"], "Svenska");
  EXPECT_TRUE(sv.body["texts"].contains("web.language_name"));
  const Answer none = LanguageAnswer("xx");
  EXPECT_EQ(none.status, 404);
  EXPECT_THAT(none.body["error"].get<std::string>(), HasSubstr("en, "));
}

}  // namespace
}  // namespace checkers::web
