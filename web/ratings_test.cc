#include "web/ratings.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace checkers::web {
namespace {

RatedGame Game(std::string table, int64_t ended, std::string first,
               std::string second, events::Result result) {
  return {std::move(table), ended, std::move(first), std::move(second), result};
}

const Rating* Find(const std::vector<Rating>& ratings, const std::string& n) {
  for (const Rating& r : ratings) {
    if (r.name == n) return &r;
  }
  return nullptr;
}

TEST(RatingsTest, WinBetweenEqualsMovesEachBySixteen) {
  const std::vector<Rating> r =
      FoldRatings({Game("a", 1, "Alice", "Bob", events::FIRST_WINS)});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].name, "Alice");
  EXPECT_EQ(r[0].rating, 1516);
  EXPECT_EQ(r[0].wins, 1);
  EXPECT_EQ(r[1].rating, 1484);
  EXPECT_EQ(r[1].losses, 1);
}

TEST(RatingsTest, DrawCountsHalfForEachSide) {
  std::vector<Rating> r =
      FoldRatings({Game("a", 1, "Alice", "Bob", events::DRAW)});
  EXPECT_EQ(Find(r, "Alice")->rating, 1500);
  EXPECT_EQ(Find(r, "Alice")->draws, 1);
  // After a win, a draw against the weaker player costs the stronger.
  r = FoldRatings({Game("a", 1, "Alice", "Bob", events::FIRST_WINS),
                   Game("b", 2, "Bob", "Alice", events::DRAW)});
  EXPECT_LT(Find(r, "Alice")->rating, 1516);
  EXPECT_GT(Find(r, "Bob")->rating, 1484);
  EXPECT_EQ(Find(r, "Bob")->games, 2);
}

TEST(RatingsTest, SameGamesInAnyOrderGiveTheSameRatings) {
  std::vector<RatedGame> games = {
      Game("a", 3, "Alice", "Bob", events::FIRST_WINS),
      Game("b", 1, "Bob", "Carol", events::SECOND_WINS),
      Game("c", 1, "Carol", "Alice", events::DRAW),
      Game("d", 2, "Bob", "Alice", events::FIRST_WINS)};
  const std::vector<Rating> once = FoldRatings(games);
  std::reverse(games.begin(), games.end());
  const std::vector<Rating> again = FoldRatings(games);
  ASSERT_EQ(once.size(), again.size());
  for (size_t i = 0; i < once.size(); ++i) {
    EXPECT_EQ(once[i].name, again[i].name);
    EXPECT_EQ(once[i].rating, again[i].rating);
  }
}

TEST(RatingsTest, GameAgainstOneselfIsLeftOut) {
  EXPECT_TRUE(FoldRatings({Game("a", 1, "Alice", "Alice", events::FIRST_WINS)})
                  .empty());
}

}  // namespace
}  // namespace checkers::web
