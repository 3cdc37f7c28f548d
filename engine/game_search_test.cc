#include "engine/game_search.h"

#include "absl/status/status.h"
#include "engine/fen8.h"
#include "engine/fen10.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(GameSearchTest, EnglishGivesTheMoveOfTheEightByEightSearch) {
  SearchRequest direct;
  direct.position = Position::Initial();
  direct.level = Level::kEasy;
  direct.seed = 7;
  GameSearchRequest request;
  request.position = GamePosition::Initial(Edition::kEnglish);
  request.level = Level::kEasy;
  request.seed = 7;
  const absl::StatusOr<SearchResult> expected = Search(direct);
  const absl::StatusOr<GameSearchResult> got = SearchGame(request);
  ASSERT_TRUE(expected.ok() && got.ok());
  ASSERT_NE(got->best_move.eight(), nullptr);
  EXPECT_EQ(*got->best_move.eight(), expected->best_move);
  EXPECT_EQ(got->nodes, expected->nodes);
}

TEST(GameSearchTest, InternationalAsksTheTenByTenSearch) {
  GameSearchRequest request;
  request.position = GamePosition::Initial(Edition::kInternational);
  request.level = Level::kEasy;
  const absl::StatusOr<GameSearchResult> got = SearchGame(request);
  ASSERT_TRUE(got.ok()) << got.status();
  ASSERT_NE(got->best_move.ten(), nullptr);
  EXPECT_TRUE(
      request.position.LegalMoveAlong(got->best_move.route()).has_value());
}

TEST(GameSearchTest, NoMoveIsAFailedPrecondition) {
  GameSearchRequest request;
  request.position = *GamePosition::ParseFen("W:W:B1", Edition::kInternational);
  EXPECT_EQ(SearchGame(request).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace checkers
