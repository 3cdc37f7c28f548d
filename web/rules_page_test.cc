#include "web/rules_page.h"

#include "gtest/gtest.h"

namespace checkers::web {
namespace {

TEST(RulesPageTest, RussianRulesAreWordedInTheCataloguesLanguage) {
  const lang::Catalogue& sv = lang::Catalogue::Builtin("sv");
  absl::StatusOr<std::string> page = EditionRulesPage(sv, "russian");
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_NE(page->find("<html lang=\"sv\">"), std::string::npos);
  EXPECT_NE(page->find(sv.Get("edition.russian")), std::string::npos) << *page;
  EXPECT_EQ(page->find(lang::Catalogue::Builtin("en").Get("edition.russian")),
            std::string::npos);
}

TEST(RulesPageTest, EachEditionHasAPage) {
  for (const char* edition : {"english", "russian", "pool", "international"}) {
    EXPECT_TRUE(EditionRulesPage(lang::Catalogue::Builtin("en"), edition).ok())
        << edition;
  }
}

TEST(RulesPageTest, AnotherWordIsRefusedNamingTheEditions) {
  absl::StatusOr<std::string> page =
      EditionRulesPage(lang::Catalogue::Builtin("en"), "<chess>");
  ASSERT_FALSE(page.ok());
  EXPECT_NE(page.status().message().find("international"), std::string::npos);
}

TEST(RulesPageTest, AGamesOwnOptionsAreTheRulesShown) {
  events::GameStarted started;
  started.mutable_options()->set_capture_optional(true);
  const lang::Catalogue& en = lang::Catalogue::Builtin("en");
  EXPECT_NE(RulesPage(en, started).find(en.Get("rules.capture_optional")),
            std::string::npos);
  EXPECT_EQ(
      EditionRulesPage(en, "english")->find(en.Get("rules.capture_optional")),
      std::string::npos);
}

TEST(RulesPageTest, CatalogueTextIsEscaped) {
  absl::StatusOr<lang::Catalogue> text = lang::Catalogue::Parse(
      "en", "rules.title = Rules <b>&</b>\n", &lang::Catalogue::Builtin("en"));
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::string> page = EditionRulesPage(*text, "english");
  ASSERT_TRUE(page.ok());
  EXPECT_NE(page->find("Rules &lt;b&gt;&amp;&lt;/b&gt;"), std::string::npos);
  EXPECT_EQ(page->find("<b>"), std::string::npos);
}

}  // namespace
}  // namespace checkers::web
