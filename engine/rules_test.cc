#include "engine/rules.h"

#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(RulesTest, EveryEditionIsNamedByItsOwnName) {
  for (Edition e : {Edition::kEnglish, Edition::kRussian, Edition::kPool,
                    Edition::kInternational}) {
    EXPECT_EQ(EditionNamed(EditionName(e)), e) << EditionName(e);
  }
  EXPECT_EQ(EditionNamed("Russian"), Edition::kRussian);
  EXPECT_EQ(EditionNamed("spanish"), std::nullopt);
}

TEST(RulesTest, OnlyInternationalIsPlayedOnTenByTen) {
  EXPECT_EQ(TraitsOf(Edition::kEnglish).board_size, 8);
  EXPECT_EQ(TraitsOf(Edition::kRussian).board_size, 8);
  EXPECT_EQ(TraitsOf(Edition::kPool).board_size, 8);
  EXPECT_EQ(TraitsOf(Edition::kInternational).board_size, 10);
}

TEST(RulesTest, TheLightSideMovesFirstInRussianAndInternational) {
  EXPECT_FALSE(TraitsOf(Edition::kEnglish).light_moves_first);
  EXPECT_TRUE(TraitsOf(Edition::kRussian).light_moves_first);
  EXPECT_FALSE(TraitsOf(Edition::kPool).light_moves_first);
  EXPECT_TRUE(TraitsOf(Edition::kInternational).light_moves_first);
}

}  // namespace
}  // namespace checkers
