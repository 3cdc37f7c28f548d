#include "engine/fen_text.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

using ::testing::HasSubstr;

constexpr FenBoard kSmall = {32, 4, 12, "B:W21:B1"};
constexpr FenBoard kLarge = {50, 5, 20, "W:W31:B1"};

TEST(FenTextTest, SquaresAreReadByNumberWithKingsAndRanges) {
  absl::StatusOr<FenSquares> s =
      ParseFenSquares("w:wk3,31-33:b 1 , 2.", kLarge);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->to_move, Color::kWhite);
  EXPECT_EQ(s->pieces[1], (uint64_t{1} << 2) | (uint64_t{7} << 30));
  EXPECT_EQ(s->pieces[0], uint64_t{3});
  EXPECT_EQ(s->kings, uint64_t{1} << 2);
}

TEST(FenTextTest, TextIsWhiteThenBlackInSquareOrder) {
  FenSquares s;
  s.to_move = Color::kBlack;
  s.pieces[0] = (uint64_t{1} << 49) | 1;
  s.pieces[1] = uint64_t{1} << 30;
  s.kings = uint64_t{1} << 49;
  EXPECT_EQ(FenOfSquares(s), "B:W31:B1,K50");
}

TEST(FenTextTest, TheBoardSetsTheSquaresTheCrowningRowsAndThePieceLimit) {
  struct Case {
    const char* fen;
    const FenBoard* board;
    const char* problem;
  } const kCases[] = {
      {"B:W33:B1", &kSmall, "square 33 is not between 1 and 32"},
      {"B:W33:B1", &kLarge, nullptr},
      {"B:W21:B29", &kSmall, "black man on square 29 would have been crowned"},
      {"B:W21:B29", &kLarge, nullptr},
      {"B:W5:B1", &kLarge, "white man on square 5 would have been crowned"},
      {"B:W5:B1", &kSmall, nullptr},
      {"B:W4:B1", &kSmall, "white man on square 4 would have been crowned"},
      {"B:W6:B1", &kLarge, nullptr},
      {"B:W10-22:B1", &kSmall, "more than 12 white pieces"},
      {"B:W10-22:B1", &kLarge, nullptr},
  };
  for (const Case& c : kCases) {
    absl::StatusOr<FenSquares> s = ParseFenSquares(c.fen, *c.board);
    if (c.problem == nullptr) {
      EXPECT_TRUE(s.ok()) << c.fen << ": " << s.status();
      continue;
    }
    ASSERT_FALSE(s.ok()) << c.fen;
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(s.status().message(), HasSubstr(c.problem)) << c.fen;
    EXPECT_THAT(s.status().message(), HasSubstr(c.board->example));
  }
}

}  // namespace
}  // namespace checkers
