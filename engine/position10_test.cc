#include "engine/position10.h"

#include "engine/fen10.h"
#include "engine/notation10.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

TEST(Position10Test, InitialHasTwentyMenEachAndWhiteToMove) {
  const Position p = Position::Initial();
  EXPECT_EQ(PopCount(p.pieces(Color::kBlack)), 20);
  EXPECT_EQ(PopCount(p.pieces(Color::kWhite)), 20);
  EXPECT_EQ(p.all_kings(), 0u);
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
  EXPECT_EQ(p.PieceAt(0), Piece::kBlackMan);
  EXPECT_EQ(p.PieceAt(49), Piece::kWhiteMan);
  EXPECT_EQ(p.PieceAt(25), Piece::kEmpty);
  EXPECT_EQ(PopCount(p.empty()), 10);
}

TEST(Position10Test, PlayKeepsTheHashOfThePosition) {
  // Each position reached by Play hashes as the same position built from
  // its FEN: a capture of a king, a king's flight, a crowning.
  Position p = *ParseFen("W:W7,32:BK27,K50");
  for (const char* move : {"32x21", "50-44", "7-1"}) {
    absl::StatusOr<Move> m = ParseMove(p, move);
    ASSERT_TRUE(m.ok()) << move << ": " << m.status();
    p.Play(*m);
    const Position rebuilt = *ParseFen(ToFen(p));
    EXPECT_EQ(p, rebuilt) << move;
    EXPECT_EQ(p.hash(), rebuilt.hash()) << move;
  }
  EXPECT_EQ(p.PieceAt(0), Piece::kWhiteKing);
  EXPECT_EQ(p.pieces(Color::kBlack), SquareBit(43));
}

TEST(Position10Test, SideToMoveChangesTheHash) {
  const Position p = Position::Initial();
  const Position q = p.WithSideToMove(Color::kBlack);
  EXPECT_NE(p.hash(), q.hash());
  EXPECT_EQ(q.WithSideToMove(Color::kWhite).hash(), p.hash());
}

TEST(Position10Test, ManMovesAreIrreversibleAndKingFlightsAreNot) {
  const Position p = *ParseFen("W:W31,K46:B1");
  EXPECT_TRUE(p.IsIrreversible(*ParseMove(p, "31-26")));
  EXPECT_FALSE(p.IsIrreversible(*ParseMove(p, "46-41")));
}

// The Zobrist keys come from a fixed seed, so a position hashes alike in
// every run and every build; a change to how the keys are made shows here.
TEST(Position10Test, HashesAreThoseOfEarlierBuilds) {
  EXPECT_EQ(Position().hash(), 0x2426dc8b348cf6bbull);
  EXPECT_EQ(Position::Initial().hash(), 0xc8e66a507ec74d99ull);
  EXPECT_EQ(Position::FromBitboards(
                SquareBit(0) | SquareBit(22), SquareBit(49) | SquareBit(27),
                SquareBit(22) | SquareBit(27), Color::kBlack)
                .hash(),
            0x07b645d42fcf1190ull);
}

}  // namespace
}  // namespace checkers::intl
