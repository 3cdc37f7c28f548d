#include "match/ballot_file.h"

#include <string>
#include <vector>

#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "match/default_ballots.h"

namespace checkers::match {
namespace {

using ::testing::HasSubstr;

// The ballots the binary embeds, so that the tests read what a match plays.
std::string Ballots() { return std::string(DefaultBallots(Edition::kEnglish)); }

TEST(BallotFileTest, BallotSetsAreReadByNameAndByReference) {
  EXPECT_EQ(ParseBallots(Ballots(), "all")->size(), 174u);
  absl::StatusOr<std::vector<Opening>> standard =
      ParseBallots(Ballots(), "standard");
  ASSERT_TRUE(standard.ok()) << standard.status();
  ASSERT_EQ(standard->size(), 157u);
  EXPECT_EQ((*standard)[0].name, "001 09-13 21-17 05-09");
  EXPECT_EQ(ParseBallots(Ballots(), "lost")->size(), 18u);
}

TEST(BallotFileTest, UnknownSetAndBadJsonAreErrors) {
  absl::StatusOr<std::vector<Opening>> none =
      ParseBallots(Ballots(), "tournament");
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(none.status().message()), HasSubstr("standard"));
  for (const char* bad : {"", "{", "[]", "{\"a\": 3}", "{\"a\": {\"x\": \"y\"}",
                          "{\"a\": [\"x\"]}"}) {
    EXPECT_FALSE(ParseBallots(bad, "a").ok()) << bad;
  }
}

}  // namespace
}  // namespace checkers::match
