#include "web/answers.h"

#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "session/folded_game.h"

namespace checkers::web {
namespace {

TEST(AnswersTest, EveryActionIsFoundByItsPathAndNoOther) {
  for (const NamedAction& a : kActions) {
    ASSERT_TRUE(ActionNamed(a.name).has_value()) << a.name;
    EXPECT_EQ(*ActionNamed(a.name), a.action);
  }
  EXPECT_FALSE(ActionNamed("draw").has_value());
  EXPECT_FALSE(ActionNamed("moves/").has_value());
}

TEST(AnswersTest, ARefusalIsWordedInTheViewersLanguageWithItsReason) {
  const Answer en =
      Refused(409, lang::Catalogue::Builtin("en"), "moved_on", {{"head", "7"}});
  EXPECT_EQ(en.status, 409);
  EXPECT_EQ(en.body["reason"], "moved_on");
  EXPECT_EQ(en.body["error"],
            "The game has moved on (head 7); reload and try again.");
  const Answer sv =
      Refused(409, lang::Catalogue::Builtin("sv"), "moved_on", {{"head", "7"}});
  EXPECT_EQ(sv.body["reason"], "moved_on");
  EXPECT_NE(sv.body["error"], en.body["error"]);
}

TEST(AnswersTest, TheSessionsRefusalsKeepTheirStatusesAndListLegalMoves) {
  const events::GameState s = session::FoldedGame("", {});
  session::Report paused{.kind = session::Report::Kind::kRefused,
                         .refusal = session::Refusal::kPaused};
  const Answer p = SessionRefusal(paused, s, lang::Catalogue::Builtin("en"));
  EXPECT_EQ(p.status, 403);
  EXPECT_EQ(p.body["reason"], "paused");
  EXPECT_EQ(p.body["error"], "The game is paused; resume it first.");

  session::Report illegal{.kind = session::Report::Kind::kRefused,
                          .detail = "11-18",
                          .refusal = session::Refusal::kIllegalMove};
  const Answer m = SessionRefusal(illegal, s, lang::Catalogue::Builtin("it"));
  EXPECT_EQ(m.status, 422);
  EXPECT_EQ(m.body["reason"], "move");
  EXPECT_EQ(m.body["legal"].size(), 7u);

  session::Report failed{.kind = session::Report::Kind::kRefused,
                         .refusal = session::Refusal::kSaveFailed,
                         .status = absl::ResourceExhaustedError("disk full")};
  EXPECT_EQ(SessionRefusal(failed, s, lang::Catalogue::Builtin("en")).status,
            503);
}

}  // namespace
}  // namespace checkers::web
