#include "engine/movegen10.h"

#include <random>
#include <string>
#include <vector>

#include "engine/fen10.h"
#include "engine/notation10.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::intl {
namespace {

using ::testing::ElementsAre;

Position Fen(const char* fen) {
  absl::StatusOr<Position> p = ParseFen(fen);
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *p : Position();
}

std::vector<std::string> Moves(const char* fen) {
  return LegalMoveTexts(Fen(fen));
}

TEST(Movegen10Test, WhiteMovesFirstWithNineSteps) {
  EXPECT_THAT(LegalMoveTexts(Position::Initial()),
              ElementsAre("31-26", "31-27", "32-27", "32-28", "33-28", "33-29",
                          "34-29", "34-30", "35-30"));
}

TEST(Movegen10Test, BlackMenMoveTowardsSquareFifty) {
  EXPECT_THAT(Moves("B:W50:B6,15"), ElementsAre("6-11", "15-20"));
}

TEST(Movegen10Test, MenCaptureBackward) {
  // The white man on 23 takes the black man behind it on 29.
  EXPECT_THAT(Moves("W:W23:B29"), ElementsAre("23x34"));
}

TEST(Movegen10Test, KingsFlyAlongTheWholeDiagonal) {
  EXPECT_THAT(Moves("W:WK46:B1"),
              ElementsAre("46-5", "46-10", "46-14", "46-19", "46-23", "46-28",
                          "46-32", "46-37", "46-41"));
}

TEST(Movegen10Test, MajorityCaptureForbidsTheSmallerRoute) {
  // 32x23 takes one piece, 32x21x12 two: only the second is legal.
  EXPECT_THAT(Moves("W:W32:B17,27,28"), ElementsAre("32x21x12"));
}

TEST(Movegen10Test, MajorityCaptureCountsPiecesNotKings) {
  // The man on 32 may take one king (32x23) or two men (32x21x12).
  EXPECT_THAT(Moves("W:W32:B17,27,K28"), ElementsAre("32x21x12"));
}

TEST(Movegen10Test, ManPassingTheFarRowMidCaptureIsNotCrowned) {
  // 12x3 reaches the far row, but the capture goes on to 14: a man still.
  const Position p = Fen("W:W12:B8,9");
  EXPECT_THAT(LegalMoveTexts(p), ElementsAre("12x3x14"));
  const Position after = p.After(*ParseMove(p, "12x3x14"));
  EXPECT_EQ(after.PieceAt(13), Piece::kWhiteMan);
  EXPECT_EQ(after.pieces(Color::kBlack), 0u);
}

TEST(Movegen10Test, ManEndingOnTheFarRowIsCrowned) {
  const Position p = Fen("W:W12:B8");
  const Position after = p.After(*ParseMove(p, "12x3"));
  EXPECT_EQ(after.PieceAt(2), Piece::kWhiteKing);
}

TEST(Movegen10Test, KingChoosesAnyFarLandingSquare) {
  EXPECT_THAT(Moves("W:WK46:B28"),
              ElementsAre("46x5", "46x10", "46x14", "46x19", "46x23"));
}

TEST(Movegen10Test, KingMustLandWhereTheCaptureGoesOn) {
  // Of the landing squares beyond 28 only 19 lets the king take 24 too.
  EXPECT_THAT(Moves("W:WK46:B28,24"), ElementsAre("46x19x30", "46x19x35"));
}

TEST(Movegen10Test, NoPieceIsJumpedTwice) {
  // The man goes round four pieces back to 32, where the first of them
  // lies next to it again; it may not take it a second time. Both
  // directions are routes ("keep"); they count once under "drop".
  const Position p = Fen("W:W32:B28,29,38,39");
  EXPECT_THAT(LegalMoveTexts(p),
              ElementsAre("32x23x34x43x32", "32x43x34x23x32"));
  EXPECT_EQ(CountMoves(p, Routes::kKeep), 2);
  EXPECT_EQ(CountMoves(p, Routes::kDrop), 1);
  MoveList moves;
  GenerateMoves(p, &moves);
  EXPECT_EQ(moves[0].num_jumps, 4);
}

TEST(Movegen10Test, CapturedPiecesBlockTheKingUntilTheMoveEnds) {
  // Turkish strike: the king takes 28, 24 and 34 and may land on 39; from
  // there the way north-west to 22 crosses 28, which stays on the board
  // until the move ends, so 22 cannot be taken (37x19x30x39x17 would take
  // four pieces if 28 were lifted at once).
  EXPECT_THAT(Moves("W:WK37:B22,24,28,34"),
              ElementsAre("37x19x30x39", "37x19x30x43", "37x19x30x48"));
}

TEST(Movegen10Test, KingTakesNineteenPiecesInOneMove) {
  // The longest route found for a lone king against 20 pieces (a search
  // for 20 found none): 258 routes take 19, in three distinct outcomes.
  const Position p = Fen("W:WK11:B7-10,17-21,28-32,39-43,45");
  MoveList moves;
  GenerateMoves(p, &moves);
  ASSERT_EQ(moves.size(), 258u);
  EXPECT_EQ(CountMoves(p, Routes::kDrop), 3);
  for (const Move& m : moves) {
    ASSERT_EQ(m.num_jumps, 19);
    ASSERT_EQ(m.landings[18], m.to);
  }
  EXPECT_EQ(LegalMoveTexts(p)[0],
            "11x22x13x2x16x27x38x24x13x4x15x24x35x49x38x47x36x22x33x44");
  const Position after = p.After(moves[0]);
  EXPECT_EQ(PopCount(after.pieces(Color::kBlack)), 1);
  EXPECT_EQ(after.kings(Color::kWhite), SquareBit(moves[0].to));
}

TEST(Movegen10Test, StepsAreIllegalWhenACaptureExists) {
  EXPECT_THAT(Moves("W:W23,45:B29"), ElementsAre("23x34"));
}

TEST(Movegen10Test, CapturingPiecesNamesEveryPieceThatCanTake) {
  const Position p = Fen("W:W32,K46,50:B17,27,28");
  EXPECT_EQ(CapturingPieces(p), SquareBit(31));
  EXPECT_TRUE(HasLegalMove(p));
  EXPECT_FALSE(HasLegalMove(Fen("W:W:B1")));
}

TEST(Movegen10Test, LegalMoveAlongFollowsTheRoute) {
  const Position p = Fen("W:WK46:B28,24");
  const int route[] = {45, 18, 34};
  const std::optional<Move> m = LegalMoveAlong(p, route, 3);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->num_jumps, 2);
  EXPECT_EQ(m->captured, SquareBit(27) | SquareBit(23));
  const int wrong[] = {45, 22, 34};
  EXPECT_FALSE(LegalMoveAlong(p, wrong, 3).has_value());
  EXPECT_EQ(CapturedAlong(p, route, 2), SquareBit(27));
}

// Random positions full of kings and men: every generated move agrees with
// the route it carries, majority capture holds, and Play keeps the hash.
TEST(Movegen10Test, EveryMoveOfRandomPositionsFollowsItsRoute) {
  std::mt19937 rng(10);
  int captures_seen = 0;
  for (int i = 0; i < 3000; ++i) {
    Bitboard black = 0, white = 0, kings = 0;
    for (Square s = 0; s < kNumSquares; ++s) {
      const int r = rng() % 8;
      if (r == 0 && s < 45) black |= SquareBit(s);
      if (r == 1 && s >= 5) white |= SquareBit(s);
      if (r == 2 || r == 3) {
        (r == 2 ? black : white) |= SquareBit(s);
        kings |= SquareBit(s);
      }
    }
    const Position p = Position::FromBitboards(
        black, white, kings, rng() % 2 ? Color::kWhite : Color::kBlack);
    MoveList moves;
    GenerateMoves(p, &moves);
    ASSERT_EQ(CountMoves(p), static_cast<int>(moves.size())) << ToFen(p);
    MoveList dropped;
    GenerateMoves(p, &dropped, Routes::kDrop);
    ASSERT_EQ(CountMoves(p, Routes::kDrop), static_cast<int>(dropped.size()));
    ASSERT_LE(dropped.size(), moves.size());
    ASSERT_EQ(HasCapture(p), !moves.empty() && moves[0].IsCapture());
    ASSERT_EQ(HasLegalMove(p), !moves.empty()) << ToFen(p);
    if (!HasCapture(p)) {
      Bitboard steppers = 0;
      for (const Move& m : moves) steppers |= SquareBit(m.from);
      ASSERT_EQ(SteppingPieces(p), steppers) << ToFen(p);
    }
    MoveList given;
    GenerateMoves(p, CapturingPieces(p), &given);
    ASSERT_EQ(given.size(), moves.size());
    MoveList captures;
    GenerateCaptures(p, CapturingPieces(p), &captures);
    ASSERT_EQ(captures.size(), HasCapture(p) ? moves.size() : 0u);
    for (const Move& m : moves) {
      ASSERT_EQ(m.num_jumps, moves[0].num_jumps) << ToFen(p);
      ASSERT_EQ(PopCount(m.captured), m.num_jumps) << ToFen(p);
      int route[kMaxCaptures + 1] = {m.from, m.to};
      int length = 2;
      if (m.IsCapture()) {
        for (int j = 0; j < m.num_jumps; ++j) route[j + 1] = m.landings[j];
        length = m.num_jumps + 1;
        ++captures_seen;
      }
      ASSERT_EQ(CapturedAlong(p, route, length), m.captured)
          << ToFen(p) << " " << MoveToText(m);
      const std::optional<Move> along = LegalMoveAlong(p, route, length);
      ASSERT_TRUE(along.has_value()) << ToFen(p) << " " << MoveToText(m);
      ASSERT_EQ(*along, m);
      const Position after = p.After(m);
      const Position rebuilt = Position::FromBitboards(
          after.pieces(Color::kBlack), after.pieces(Color::kWhite),
          after.all_kings(), after.side_to_move());
      ASSERT_EQ(after.hash(), rebuilt.hash())
          << ToFen(p) << " " << MoveToText(m);
      ASSERT_EQ(PopCount(after.occupied()),
                PopCount(p.occupied()) - m.num_jumps);
    }
  }
  EXPECT_GT(captures_seen, 1000);
}

}  // namespace
}  // namespace checkers::intl
