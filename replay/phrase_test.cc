#include "replay/phrase.h"

#include "events/events.pb.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"

namespace checkers::replay {
namespace {

// A phrase with a side, a plural clause and a number, as the audit makes.
Phrase Resigned() {
  return Say("audit.why.no_legal_move")
      .Side("side", events::SECOND)
      .Number("seq", 46)
      .Clause("pieces", Say("audit.why.blocked").Count(5));
}

TEST(PhraseTest, EnglishFillsSidesNumbersAndClauses) {
  EXPECT_EQ(English(nullptr, Resigned()),
            "White, to move after seq 46, has no legal move (all 5 pieces "
            "blocked)");
}

TEST(PhraseTest, SidesAreNamedByTheGamesColours) {
  events::GameStarted started;
  started.mutable_options()->set_colour_names(events::BLACK_WHITE);
  EXPECT_EQ(English(&started, Say("audit.why.resignation")
                                  .Side("side", events::FIRST)
                                  .Number("seq", 2)),
            "Black resigned at seq 2");
}

TEST(PhraseTest, EveryLanguageWordsTheSamePhraseInItsOwnWords) {
  const std::string swedish =
      Word(lang::Catalogue::Builtin("sv"), nullptr, Resigned());
  EXPECT_EQ(swedish,
            "Vit, vid draget efter post 46, har inget lagligt drag (alla 5 "
            "pjäser blockerade)");
  const std::string serbian =
      Word(lang::Catalogue::Builtin("sr"), nullptr, Resigned());
  EXPECT_NE(serbian.find("46"), std::string::npos);
  EXPECT_NE(serbian.find("свих 5 фигура блокирано"), std::string::npos);
}

}  // namespace
}  // namespace checkers::replay
