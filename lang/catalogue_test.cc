#include "lang/catalogue.h"

#include <regex>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "lang/lang_data.h"

namespace checkers::lang {
namespace {

using ::testing::HasSubstr;

// The colour names the game can give its sides (events::SideName).
constexpr absl::string_view kColours[] = {"red", "white", "black"};

absl::string_view FileOf(absl::string_view language) {
  for (const EmbeddedFile& f : LanguageFiles()) {
    if (f.name == language) return f.text;
  }
  return "";
}

Catalogue ParsedFile(absl::string_view language) {
  absl::StatusOr<Catalogue> c = Catalogue::Parse(language, FileOf(language));
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *std::move(c) : Catalogue();
}

TEST(CatalogueTest, ParseFillsPlaceholdersAndLineBreaks) {
  absl::StatusOr<Catalogue> c = Catalogue::Parse(
      "en", "# a comment\n\ngreet = Hello {name}, {name}!\\nBye\n");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->Get("greet", {{"name", "Ada"}}), "Hello Ada, Ada!\nBye");
}

TEST(CatalogueTest, ValuesAreNotFilledTwice) {
  absl::StatusOr<Catalogue> c = Catalogue::Parse("en", "k = {a} and {b}\n");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->Get("k", {{"a", "{b}"}, {"b", "x"}}), "{b} and x");
}

TEST(CatalogueTest, ParseRejectsALineWithoutEqualsNamingIt) {
  absl::StatusOr<Catalogue> c =
      Catalogue::Parse("sv", "a = b\nno equals here\n");
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr("line 2"));
}

TEST(CatalogueTest, ParseRejectsAKeyGivenTwice) {
  absl::StatusOr<Catalogue> c = Catalogue::Parse("it", "a = b\na = c\n");
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr("twice"));
}

TEST(CatalogueTest, MissingKeyFallsBackToEnglishThenToTheKey) {
  absl::StatusOr<Catalogue> en =
      Catalogue::Parse("en", "a = English A\nb = English B\n");
  ASSERT_TRUE(en.ok());
  absl::StatusOr<Catalogue> sv =
      Catalogue::Parse("sv", "a = Svenska A\n", &*en);
  ASSERT_TRUE(sv.ok());
  EXPECT_EQ(sv->Get("a"), "Svenska A");
  EXPECT_EQ(sv->Get("b"), "English B");
  EXPECT_EQ(sv->Get("c.missing"), "c.missing");
}

TEST(CatalogueTest, PluralPicksTheLanguagesForm) {
  absl::StatusOr<Catalogue> c = Catalogue::Parse(
      "sr", "t.one = {n} потез\nt.few = {n} потеза\nt.other = {n} потеза!\n");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->Plural("t", 21), "21 потез");
  EXPECT_EQ(c->Plural("t", 3), "3 потеза");
  EXPECT_EQ(c->Plural("t", 12), "12 потеза!");
}

TEST(CatalogueTest, PluralCategories) {
  EXPECT_EQ(PluralCategory("en", 1), "one");
  EXPECT_EQ(PluralCategory("en", 0), "other");
  EXPECT_EQ(PluralCategory("it", 2), "other");
  EXPECT_EQ(PluralCategory("ms", 1), "other");
  EXPECT_EQ(PluralCategory("tl", 1), "other");
  EXPECT_EQ(PluralCategory("sr", 1), "one");
  EXPECT_EQ(PluralCategory("sr", 11), "other");
  EXPECT_EQ(PluralCategory("sr", 24), "few");
  EXPECT_EQ(PluralCategory("sr", 14), "other");
  EXPECT_EQ(PluralCategory("sr", 80), "other");
}

TEST(CatalogueTest, LanguageComesFromTheLocaleInPosixOrder) {
  EXPECT_EQ(LanguageFromLocale("", "", "sv_SE.UTF-8"), "sv");
  EXPECT_EQ(LanguageFromLocale("", "it_IT.UTF-8", "sv_SE.UTF-8"), "it");
  EXPECT_EQ(LanguageFromLocale("ms_MY.UTF-8", "it_IT", "sv_SE"), "ms");
  EXPECT_EQ(LanguageFromLocale("", "", "sr_RS@latin"), "sr");
  EXPECT_EQ(LanguageFromLocale("", "", "tl_PH"), "tl");
  EXPECT_EQ(LanguageFromLocale("", "", "de_DE.UTF-8"), "en");
  EXPECT_EQ(LanguageFromLocale("C.UTF-8", "", "sv_SE.UTF-8"), "en");
  EXPECT_EQ(LanguageFromLocale("", "", ""), "en");
}

TEST(CatalogueTest, AcceptLanguageGivesThePreferredLanguageWeSpeak) {
  EXPECT_EQ(LanguageFromAcceptLanguage("sv-SE,sv;q=0.9,en;q=0.8"), "sv");
  EXPECT_EQ(LanguageFromAcceptLanguage("de-DE, it;q=0.5, en;q=0.7"), "en");
  EXPECT_EQ(LanguageFromAcceptLanguage("fr, de"), "en");
  EXPECT_EQ(LanguageFromAcceptLanguage("SR-Cyrl-RS"), "sr");
  EXPECT_EQ(LanguageFromAcceptLanguage("tl;q=abc, ms;q=0.1"), "ms");
  EXPECT_EQ(LanguageFromAcceptLanguage(""), "en");
}

TEST(CatalogueTest, EveryLanguageIsEmbedded) {
  for (absl::string_view language : kLanguages) {
    EXPECT_FALSE(FileOf(language).empty()) << language;
    EXPECT_EQ(Catalogue::Builtin(language).language(), language);
  }
}

TEST(CatalogueTest, EveryCatalogueHasExactlyTheEnglishKeysAndPlaceholders) {
  const Catalogue en = ParsedFile("en");
  ASSERT_FALSE(en.Keys().empty());
  for (absl::string_view language : kLanguages) {
    const Catalogue c = ParsedFile(language);
    for (const std::string& key : en.Keys()) {
      if (!c.Has(key)) {
        ADD_FAILURE() << language << " lacks " << key;
        continue;
      }
      EXPECT_EQ(absl::StrJoin(c.Placeholders(key), ","),
                absl::StrJoin(en.Placeholders(key), ","))
          << language << " " << key;
    }
    for (const std::string& key : c.Keys()) {
      EXPECT_TRUE(en.Has(key))
          << language << " has " << key << ", which English lacks";
    }
  }
}

TEST(CatalogueTest, EveryColourHasItsWordsInEnglish) {
  const Catalogue en = ParsedFile("en");
  for (absl::string_view colour : kColours) {
    for (absl::string_view part : {".man", ".king"}) {
      EXPECT_TRUE(en.Has(absl::StrCat("piece.", colour, part))) << colour;
      EXPECT_TRUE(en.Has(absl::StrCat("letter.", colour, part))) << colour;
    }
    EXPECT_TRUE(en.Has(absl::StrCat("colour.", colour))) << colour;
  }
}

// The board tells the sides apart by letter, never by colour alone.
TEST(CatalogueTest, PieceLettersDifferBetweenColoursAndKinds) {
  for (absl::string_view language : kLanguages) {
    const Catalogue& c = Catalogue::Builtin(language);
    std::set<std::string> letters;
    for (absl::string_view colour : kColours) {
      for (absl::string_view part : {".man", ".king"}) {
        const std::string letter = c.Get(absl::StrCat("letter.", colour, part));
        EXPECT_TRUE(letters.insert(letter).second)
            << language << " reuses " << letter;
      }
    }
  }
}

// Swedish keeps "drag" for a move, "tur" for a turn and "parti" for a
// game, as the English keeps its three words apart.
TEST(CatalogueTest, SwedishUsesOneWordEachForMoveTurnAndGame) {
  const Catalogue en = ParsedFile("en");
  const Catalogue sv = ParsedFile("sv");
  const std::regex turn("\\bturns?\\b");
  const std::regex move("\\b[Mm]oves?\\b|\\bman's move\\b|\\bman move\\b");
  const std::regex game_word("\\b[Ss]pel\\b");
  for (const std::string& key : en.Keys()) {
    const std::string english = en.Get(key);
    const std::string swedish = sv.Get(key);
    if (std::regex_search(english, turn)) {
      EXPECT_NE(swedish.find("tur"), std::string::npos) << key;
    }
    if (std::regex_search(english, turn) && !std::regex_search(english, move)) {
      EXPECT_EQ(swedish.find("drag"), std::string::npos) << key;
    }
    EXPECT_FALSE(std::regex_search(swedish, game_word)) << key;
  }
}

}  // namespace
}  // namespace checkers::lang
