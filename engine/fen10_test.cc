#include "engine/fen10.h"

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

using ::testing::HasSubstr;

TEST(Fen10Test, InitialFenIsTheStartingPosition) {
  absl::StatusOr<Position> p = ParseFen(kInitialFen);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*p, Position::Initial());
  EXPECT_EQ(p->hash(), Position::Initial().hash());
}

TEST(Fen10Test, WritesEverySquareAndReadsItBack) {
  const Position p = *ParseFen("B:W28,K46,50:B1,K3,12");
  EXPECT_EQ(ToFen(p), "B:W28,K46,50:B1,K3,12");
  EXPECT_EQ(p.PieceAt(45), Piece::kWhiteKing);
  EXPECT_EQ(p.PieceAt(2), Piece::kBlackKing);
  EXPECT_EQ(p.side_to_move(), Color::kBlack);
  EXPECT_EQ(*ParseFen(ToFen(Position::Initial())), Position::Initial());
}

TEST(Fen10Test, ToleratesSpacesCaseOrderAndKingRanges) {
  EXPECT_EQ(*ParseFen(" w : b1-20 : w31-50 ."), Position::Initial());
  const Position p = *ParseFen("W:WK46-47:B1");
  EXPECT_EQ(p.kings(Color::kWhite), SquareBit(45) | SquareBit(46));
}

TEST(Fen10Test, RefusesWhatIsNotAPosition) {
  const struct {
    const char* fen;
    const char* problem;
  } kCases[] = {
      {"", "empty"},
      {"X:W31:B1", "side to move"},
      {"W:W31", "two piece lists"},
      {"W:W51:B1", "not between 1 and 50"},
      {"W:W0:B1", "not between 1 and 50"},
      {"W:W31:B31", "given twice"},
      {"W:W3:B40", "would have been crowned; write it as K3"},
      {"W:W31:B48", "would have been crowned; write it as K48"},
      {"W:W1-50:B", "more than 20 white pieces"},
      {"W:W40-31:B1", "runs backwards"},
      {"W:Wx:B1", "not a square number"},
      {"W:W31:W32", "listed twice"},
  };
  for (const auto& c : kCases) {
    absl::StatusOr<Position> p = ParseFen(c.fen);
    ASSERT_FALSE(p.ok()) << c.fen;
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument) << c.fen;
    EXPECT_THAT(p.status().message(), HasSubstr(c.problem)) << c.fen;
  }
}

}  // namespace
}  // namespace checkers::intl
