#include "cbapi/checkerboard.h"

#include "absl/status/status.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "gtest/gtest.h"

namespace checkers::cb {
namespace {

Position Fen(const char* text) {
  absl::StatusOr<Position> pos = ParseFen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << pos.status();
  return pos.value_or(Position());
}

Move ParsedMove(const Position& pos, const char* text) {
  absl::StatusOr<Move> m = ParseMove(pos, text);
  EXPECT_TRUE(m.ok()) << text << ": " << m.status();
  return m.value_or(Move());
}

// CheckerBoard's own formula for English checkers (cb_interface.h):
// number = 4 * (y + 1) - x / 2 on the dark squares, those with x + y even.
TEST(CheckerBoardTest, SquaresFollowCheckerBoardNumbering) {
  int dark = 0;
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 8; ++y) {
      const Square s = SquareAt(x, y);
      if ((x + y) % 2 != 0) {
        EXPECT_EQ(s, -1) << x << "," << y;
        continue;
      }
      ++dark;
      EXPECT_EQ(s + 1, 4 * (y + 1) - x / 2) << x << "," << y;
      EXPECT_EQ(CoorOf(s).x, x);
      EXPECT_EQ(CoorOf(s).y, y);
    }
  }
  EXPECT_EQ(dark, 32);
  EXPECT_EQ(SquareAt(8, 0), -1);
  EXPECT_EQ(SquareAt(0, -1), -1);
}

TEST(CheckerBoardTest, CornersAreWhereCheckerBoardDrawsThem) {
  EXPECT_EQ(SquareAt(6, 0), 0);   // square 1
  EXPECT_EQ(SquareAt(0, 0), 3);   // square 4, Black's single corner
  EXPECT_EQ(SquareAt(7, 7), 28);  // square 29, White's single corner
  EXPECT_EQ(SquareAt(1, 7), 31);  // square 32
}

TEST(CheckerBoardTest, StartingPositionHasBlackOnTheLowRows) {
  int board[8][8];
  ToBoard(Position::Initial(), board);
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 8; ++y) {
      const int expected = (x + y) % 2 != 0 ? kFree
                           : y <= 2         ? kBlack | kMan
                           : y >= 5         ? kWhite | kMan
                                            : kFree;
      EXPECT_EQ(board[x][y], expected) << x << "," << y;
    }
  }
}

TEST(CheckerBoardTest, BoardRoundTrips) {
  for (const char* fen :
       {"B:W21,22,K30:B1,2,K5", "W:WK1,K4,18:B14,K29,K32", "B:W32:B1"}) {
    const Position pos = Fen(fen);
    int board[8][8];
    ToBoard(pos, board);
    const absl::StatusOr<Position> back =
        FromBoard(board, pos.side_to_move() == Color::kBlack ? kBlack : kWhite);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, pos) << fen;
  }
}

TEST(CheckerBoardTest, BadBoardsAreRejected) {
  int board[8][8] = {};
  EXPECT_EQ(FromBoard(board, 3).status().code(),
            absl::StatusCode::kInvalidArgument);
  board[1][0] = kBlack | kMan;  // a light square
  EXPECT_EQ(FromBoard(board, kBlack).status().code(),
            absl::StatusCode::kInvalidArgument);
  board[1][0] = kFree;
  board[0][0] = 5 | 16;  // an unknown code
  EXPECT_EQ(FromBoard(board, kBlack).status().code(),
            absl::StatusCode::kInvalidArgument);
  board[0][0] = kBlack | kWhite | kMan;  // both colours
  EXPECT_EQ(FromBoard(board, kBlack).status().code(),
            absl::StatusCode::kInvalidArgument);
  board[0][0] = kWhite | kMan;  // square 4: White's crowning row
  EXPECT_EQ(FromBoard(board, kBlack).status().code(),
            absl::StatusCode::kInvalidArgument);
  board[0][0] = kWhite | kKing;
  EXPECT_TRUE(FromBoard(board, kWhite).ok());
}

TEST(CheckerBoardTest, StepRecordsFromAndTo) {
  const Position pos = Position::Initial();
  const CbMove m = ToCbMove(pos, ParsedMove(pos, "11-15"));
  EXPECT_EQ(m.jumps, 0);
  EXPECT_EQ(m.oldpiece, kBlack | kMan);
  EXPECT_EQ(m.newpiece, kBlack | kMan);
  EXPECT_EQ(SquareAt(m.from.x, m.from.y), 10);
  EXPECT_EQ(SquareAt(m.to.x, m.to.y), 14);
}

TEST(CheckerBoardTest, MultiJumpRecordsTheRouteAndTheJumpedPieces) {
  // White's man on 22 jumps Black's man on 18 and king on 10, landing on
  // 15 and then 6.
  const Position pos = Fen("W:W22:B18,K10,1");
  const CbMove m = ToCbMove(pos, ParsedMove(pos, "22x15x6"));
  EXPECT_EQ(m.jumps, 2);
  EXPECT_EQ(m.oldpiece, kWhite | kMan);
  EXPECT_EQ(m.newpiece, kWhite | kMan);
  EXPECT_EQ(SquareAt(m.from.x, m.from.y), 21);
  EXPECT_EQ(SquareAt(m.path[0].x, m.path[0].y), 21);
  EXPECT_EQ(SquareAt(m.path[1].x, m.path[1].y), 14);
  EXPECT_EQ(SquareAt(m.path[2].x, m.path[2].y), 5);
  EXPECT_EQ(SquareAt(m.to.x, m.to.y), 5);
  EXPECT_EQ(SquareAt(m.del[0].x, m.del[0].y), 17);
  EXPECT_EQ(m.delpiece[0], kBlack | kMan);
  EXPECT_EQ(SquareAt(m.del[1].x, m.del[1].y), 9);
  EXPECT_EQ(m.delpiece[1], kBlack | kKing);
}

TEST(CheckerBoardTest, CrowningChangesThePiece) {
  const Position pos = Fen("W:W6:B20");
  const CbMove m = ToCbMove(pos, ParsedMove(pos, "6-1"));
  EXPECT_EQ(m.oldpiece, kWhite | kMan);
  EXPECT_EQ(m.newpiece, kWhite | kKing);
}

}  // namespace
}  // namespace checkers::cb
