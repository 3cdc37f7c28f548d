#include "engine/basic_position.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace checkers {
namespace {

// A board of four rows of two squares with a ghost bit after each row, as
// the 10x10 layout has ghosts: squares 0-7 sit on bits 0,1, 3,4, 6,7, 9,10,
// so that a mix-up of squares and bits shows.
struct ToyMove {
  int from, to;
  uint16_t captured = 0;
  bool crowned_en_route = false;
  bool IsCapture() const { return captured != 0; }
};

struct ToyGeometry {
  using Bitboard = uint16_t;
  using Move = ToyMove;

  static constexpr Bitboard kBoard = 0b0000'0110'1101'1011;
  static constexpr Bitboard kInitialBlack = 0b0000'0000'0000'0011;
  static constexpr Bitboard kInitialWhite = 0b0000'0110'0000'0000;
  static constexpr Color kInitialSideToMove = Color::kWhite;
  static constexpr uint64_t kZobristSeed = 42;

  static constexpr int BitOf(int s) { return s + s / 2; }
  static constexpr Bitboard CrowningRow(Color c) {
    return c == Color::kBlack ? 0b0000'0110'0000'0000 : 0b0000'0000'0000'0011;
  }
  static constexpr bool CrownedEnRoute(const Move& m) {
    return m.crowned_en_route;
  }
};

using ToyPosition = BasicPosition<ToyGeometry>;

constexpr uint16_t Bit(int s) { return uint16_t{1} << ToyGeometry::BitOf(s); }

// The position built afresh from `p`'s pieces, whose hash Play must match.
ToyPosition Rebuilt(const ToyPosition& p) {
  return ToyPosition::FromBitboards(p.pieces(Color::kBlack),
                                    p.pieces(Color::kWhite), p.all_kings(),
                                    p.side_to_move());
}

TEST(BasicPositionTest, TheEmptyBoardHasTheStartingSideToMove) {
  const ToyPosition p;
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
  EXPECT_EQ(p.occupied(), 0);
  EXPECT_EQ(p.empty(), ToyGeometry::kBoard);
  EXPECT_EQ(p.hash(), Rebuilt(p).hash());
}

TEST(BasicPositionTest, InitialHasTheGeometrysPiecesAndNoGhosts) {
  const ToyPosition p = ToyPosition::Initial();
  EXPECT_EQ(p.PieceAt(0), Piece::kBlackMan);
  EXPECT_EQ(p.PieceAt(7), Piece::kWhiteMan);
  EXPECT_EQ(p.PieceAt(3), Piece::kEmpty);
  EXPECT_EQ(p.empty(), Bit(2) | Bit(3) | Bit(4) | Bit(5));
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
  EXPECT_EQ(ToyPosition::Initial(Edition::kEnglish).side_to_move(),
            Color::kBlack);
}

TEST(BasicPositionTest, PlayKeepsTheHashOfThePosition) {
  ToyPosition p = ToyPosition::FromBitboards(Bit(0) | Bit(4), Bit(7), Bit(4),
                                             Color::kWhite);
  // White's man takes Black's king and lands on the crowning row.
  ToyMove take{.from = 7, .to = 1, .captured = Bit(4)};
  EXPECT_TRUE(p.IsIrreversible(take));
  p.Play(take);
  EXPECT_EQ(p.PieceAt(1), Piece::kWhiteKing);
  EXPECT_EQ(p.PieceAt(4), Piece::kEmpty);
  EXPECT_EQ(p, Rebuilt(p));
  EXPECT_EQ(p.hash(), Rebuilt(p).hash());

  // A man crowned on the way ends as a king off the crowning row.
  ToyMove crowned{.from = 0, .to = 2, .crowned_en_route = true};
  p.Play(crowned);
  EXPECT_EQ(p.PieceAt(2), Piece::kBlackKing);
  EXPECT_EQ(p.hash(), Rebuilt(p).hash());

  // A king's step can be undone.
  ToyMove step{.from = 1, .to = 3};
  EXPECT_FALSE(p.IsIrreversible(step));
  p = p.After(step);
  EXPECT_EQ(p.PieceAt(3), Piece::kWhiteKing);
  EXPECT_EQ(p.hash(), Rebuilt(p).hash());
}

TEST(BasicPositionTest, SideToMoveChangesTheHash) {
  const ToyPosition p = ToyPosition::Initial();
  const ToyPosition q = p.WithSideToMove(Color::kBlack);
  EXPECT_NE(p.hash(), q.hash());
  EXPECT_EQ(q.WithSideToMove(Color::kWhite).hash(), p.hash());
  EXPECT_EQ(p.WithSideToMove(Color::kWhite), p);
}

}  // namespace
}  // namespace checkers
