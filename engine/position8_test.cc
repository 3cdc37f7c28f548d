#include "engine/position8.h"

#include <random>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

Move ParseOrDie(const Position& pos, const char* text) {
  absl::StatusOr<Move> m = ParseMove(pos, text);
  EXPECT_TRUE(m.ok()) << m.status();
  return m.value_or(Move{});
}

TEST(PositionTest, InitialPositionHasTwelveMenEach) {
  const Position p = Position::Initial();
  EXPECT_EQ(p.men(Color::kBlack), 0x00000FFFu);
  EXPECT_EQ(p.men(Color::kWhite), 0xFFF00000u);
  EXPECT_EQ(p.all_kings(), 0u);
  EXPECT_EQ(p.side_to_move(), Color::kBlack);
  EXPECT_EQ(p.PieceAt(0), Piece::kBlackMan);
  EXPECT_EQ(p.PieceAt(31), Piece::kWhiteMan);
  EXPECT_EQ(p.PieceAt(15), Piece::kEmpty);
}

TEST(PositionTest, StepMovesThePieceAndPassesTheTurn) {
  const Position p =
      Position::Initial().After(ParseOrDie(Position::Initial(), "11-15"));
  EXPECT_EQ(p.PieceAt(10), Piece::kEmpty);
  EXPECT_EQ(p.PieceAt(14), Piece::kBlackMan);
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
}

TEST(PositionTest, CaptureRemovesJumpedPieces) {
  const Position p = *ParseFen("W:W22:B18,10");
  const Position q = p.After(ParseOrDie(p, "22x15x6"));
  EXPECT_EQ(q.pieces(Color::kBlack), 0u);
  EXPECT_EQ(q.PieceAt(5), Piece::kWhiteMan);
}

TEST(PositionTest, ManReachingFarRowIsCrowned) {
  const Position p = *ParseFen("B:W32:B27");
  const Position q = p.After(ParseOrDie(p, "27-31"));
  EXPECT_EQ(q.PieceAt(30), Piece::kBlackKing);
}

TEST(PositionTest, KingLoopEndingOnItsOwnSquareKeepsTheKing) {
  const Position p = *ParseFen("B:BK11:W6,7,14,15");
  const Position q = p.After(ParseOrDie(p, "11x18x9x2x11"));
  EXPECT_EQ(q.PieceAt(10), Piece::kBlackKing);
  EXPECT_EQ(q.pieces(Color::kWhite), 0u);
  EXPECT_EQ(q.hash(), ParseFen("W:BK11:W")->hash());
}

TEST(PositionTest, IncrementalHashMatchesRecomputedHashOverRandomGames) {
  std::mt19937 rng(7);
  for (int game = 0; game < 200; ++game) {
    Position p = Position::Initial();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      GenerateMoves(p, &moves);
      if (moves.empty()) break;
      p = p.After(moves[rng() % moves.size()]);
      const Position fresh = Position::FromBitboards(
          p.pieces(Color::kBlack), p.pieces(Color::kWhite), p.all_kings(),
          p.side_to_move());
      ASSERT_EQ(p.hash(), fresh.hash()) << ToFen(p);
      ASSERT_EQ(p, fresh);
    }
  }
}

TEST(PositionTest, SideToMoveChangesTheHash) {
  const Position p = Position::Initial();
  EXPECT_NE(p.hash(), p.WithSideToMove(Color::kWhite).hash());
  EXPECT_EQ(
      p.hash(),
      p.WithSideToMove(Color::kWhite).WithSideToMove(Color::kBlack).hash());
}

// The Zobrist keys come from a fixed seed, so a position hashes alike in
// every run and every build; a change to how the keys are made shows here.
TEST(PositionTest, HashesAreThoseOfEarlierBuilds) {
  EXPECT_EQ(Position::Initial().hash(), 0xabfb6146a83ddf2cull);
  EXPECT_EQ(Position::FromBitboards(0x00000101u, 0x80400000u, 0x00400100u,
                                    Color::kWhite)
                .hash(),
            0x4f40ffb3dbf30568ull);
}

}  // namespace
}  // namespace checkers
