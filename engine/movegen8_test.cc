#include "engine/movegen8.h"

#include <random>
#include <string>
#include <vector>

#include "engine/fen8.h"
#include "engine/notation8.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

std::vector<std::string> Moves(const char* fen,
                               CaptureRule rule = CaptureRule::kMandatory,
                               Edition edition = Edition::kEnglish) {
  absl::StatusOr<Position> p = ParseFen(fen);
  EXPECT_TRUE(p.ok()) << p.status();
  return LegalMoveTexts(*p, rule, edition);
}

std::vector<std::string> Moves(const char* fen, Edition edition) {
  return Moves(fen, CaptureRule::kMandatory, edition);
}

constexpr Edition kEightByEight[] = {Edition::kEnglish, Edition::kRussian,
                                     Edition::kPool};

TEST(MovegenTest, StartPositionHasSevenSteps) {
  EXPECT_THAT(
      LegalMoveTexts(Position::Initial()),
      ElementsAre("9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"));
}

TEST(MovegenTest, WhiteMenMoveTowardsSquareOne) {
  EXPECT_THAT(Moves("W:W21,32:B1"), ElementsAre("21-17", "32-27", "32-28"));
}

TEST(MovegenTest, MenNeverMoveOrCaptureBackward) {
  // The black man on 15 has a white man behind it on 11 with 7 empty.
  EXPECT_THAT(Moves("B:W11:B15"), ElementsAre("15-18", "15-19"));
}

TEST(MovegenTest, ManCrownedByCaptureStopsAtOnce) {
  // perft.md rule case: 11x2 crowns, and the man on 6 survives although a
  // king could go on jumping it.
  EXPECT_THAT(Moves("W:W11:B6,7"), ElementsAre("11x2"));
  const Position p = *ParseFen("W:W11:B6,7");
  const Position q = p.After(*ParseMove(p, "11x2"));
  EXPECT_EQ(q.PieceAt(1), Piece::kWhiteKing);
  EXPECT_EQ(q.PieceAt(5), Piece::kBlackMan);
}

TEST(MovegenTest, KingLoopCountsBothDirections) {
  // perft.md rule case: two routes over the same pieces to the same square
  // are two moves ("keep").
  EXPECT_THAT(Moves("B:BK11:W6,7,14,15"),
              ElementsAre("11x2x9x18x11", "11x18x9x2x11"));
  EXPECT_EQ(CountMoves(*ParseFen("B:BK11:W6,7,14,15")), 2);
}

TEST(MovegenTest, KingsDoNotFly) {
  // A flying king on 1 could take 10 from a distance; ours only steps.
  EXPECT_THAT(Moves("B:BK1:W10"), ElementsAre("1-5", "1-6"));
}

TEST(MovegenTest, KingsMoveAndCaptureBackward) {
  EXPECT_THAT(Moves("B:BK15:W10"), ElementsAre("15x6"));
  EXPECT_THAT(Moves("B:BK15:W32"),
              ElementsAre("15-10", "15-11", "15-18", "15-19"));
}

TEST(MovegenTest, CaptureIsMandatory) {
  // 18 can take 22 (or 23); the steps of the man on 5 are not legal.
  EXPECT_THAT(Moves("B:W22,23:B18,5"), UnorderedElementsAre("18x25", "18x27"));
}

TEST(MovegenTest, OptionalCaptureAllowsSteps) {
  EXPECT_THAT(Moves("B:W22,23:B18,5", CaptureRule::kOptional),
              ElementsAre("5-9", "18x25", "18x27"));
  EXPECT_EQ(CountMoves(*ParseFen("B:W22,23:B18,5"), CaptureRule::kOptional), 3);
}

TEST(MovegenTest, MultiJumpIsOneMoveWithEveryLanding) {
  EXPECT_THAT(Moves("W:W22:B18,10"), ElementsAre("22x15x6"));
}

TEST(MovegenTest, AllRoutesOfABranchingCaptureAreListed) {
  // From 15 White can go on over 10 or over 11.
  EXPECT_THAT(Moves("W:W22:B18,10,11"), ElementsAre("22x15x6", "22x15x8"));
}

TEST(MovegenTest, CapturedPieceCannotBeJumpedTwice) {
  // After 1x10x19 the king could jump back over 15 only if it jumped it
  // twice; the route must stop.
  const std::vector<std::string> moves = Moves("B:BK1:W6,15");
  EXPECT_THAT(moves, ElementsAre("1x10x19"));
}

TEST(MovegenTest, BlockedSideHasNoLegalMove) {
  // Black's man on 4 is blocked by 8, which cannot be jumped (11 is
  // occupied).
  const Position p = *ParseFen("B:W8,11:B4");
  EXPECT_FALSE(HasLegalMove(p));
  EXPECT_EQ(CountMoves(p), 0);
  EXPECT_FALSE(HasLegalMove(*ParseFen("B:W8:B")));
}

TEST(MovegenTest, CapturingAndSteppingPiecesAreReported) {
  const Position p = *ParseFen("B:W22,23:B18,5");
  EXPECT_EQ(CapturingPieces(p), SquareBit(17));
  EXPECT_EQ(SteppingPieces(p), SquareBit(4));  // 18 is blocked by 22 and 23
}

TEST(MovegenTest, CountMatchesGenerationOverRandomGames) {
  std::mt19937 rng(11);
  for (int game = 0; game < 300; ++game) {
    const Edition edition = kEightByEight[game % 3];
    Position p = Position::Initial(edition);
    for (int ply = 0; ply < 200; ++ply) {
      for (CaptureRule rule :
           {CaptureRule::kMandatory, CaptureRule::kOptional}) {
        MoveList moves;
        GenerateMoves(p, &moves, rule, edition);
        ASSERT_EQ(CountMoves(p, rule, edition), moves.size()) << ToFen(p);
        for (int i = 0; i < moves.size(); ++i) {
          for (int j = i + 1; j < moves.size(); ++j) {
            ASSERT_FALSE(moves[i] == moves[j])
                << ToFen(p) << " " << MoveToText(moves[i]);
          }
        }
      }
      MoveList moves;
      GenerateMoves(p, &moves, CaptureRule::kMandatory, edition);
      ASSERT_EQ(moves.empty(), !HasLegalMove(p, edition));
      if (moves.empty()) break;
      p = p.After(moves[rng() % moves.size()]);
    }
  }
}

TEST(MovegenTest, LegalMoveAlongAcceptsExactlyTheGeneratedRoutes) {
  std::mt19937 rng(5);
  for (int game = 0; game < 200; ++game) {
    const Edition edition = kEightByEight[game % 3];
    Position p = Position::Initial(edition);
    for (int ply = 0; ply < 150; ++ply) {
      for (CaptureRule rule :
           {CaptureRule::kMandatory, CaptureRule::kOptional}) {
        MoveList moves;
        GenerateMoves(p, &moves, rule, edition);
        for (const Move& m : moves) {
          int route[kMaxCaptures + 1] = {m.from};
          int length = 1;
          if (m.IsCapture()) {
            for (int i = 0; i < m.num_jumps; ++i)
              route[length++] = m.landings[i];
          } else {
            route[length++] = m.to;
          }
          const std::optional<Move> found =
              LegalMoveAlong(p, route, length, rule, edition);
          ASSERT_TRUE(found.has_value()) << ToFen(p) << " " << MoveToText(m);
          ASSERT_TRUE(*found == m);
          ASSERT_EQ(found->captured, m.captured);
        }
        // Random routes are accepted only when they are generated moves.
        for (int trial = 0; trial < 20; ++trial) {
          int route[4];
          const int length = 2 + rng() % 3;
          for (int i = 0; i < length; ++i) route[i] = rng() % kNumSquares;
          if (trial % 2 == 0)
            route[0] = LowestSquare(p.pieces(p.side_to_move()) | 1u << 31);
          const std::optional<Move> found =
              LegalMoveAlong(p, route, length, rule, edition);
          if (!found.has_value()) continue;
          bool generated = false;
          for (const Move& m : moves) generated |= (m == *found);
          ASSERT_TRUE(generated) << ToFen(p) << " " << MoveToText(*found);
        }
      }
      MoveList moves;
      GenerateMoves(p, &moves, CaptureRule::kMandatory, edition);
      if (moves.empty()) break;
      p = p.After(moves[rng() % moves.size()]);
    }
  }
}

TEST(MovegenTest, LegalMoveAlongRefusesUnfinishedAndOverlongRoutes) {
  const Position p = *ParseFen("W:W22:B18,10");
  const int partial[] = {21, 14};
  EXPECT_FALSE(LegalMoveAlong(p, partial, 2).has_value());
  const int full[] = {21, 14, 5};
  EXPECT_TRUE(LegalMoveAlong(p, full, 3).has_value());
  // The man crowned on 2 may not jump on.
  const Position q = *ParseFen("W:W11:B6,7");
  const int crowned[] = {10, 1};
  EXPECT_TRUE(LegalMoveAlong(q, crowned, 2).has_value());
  const int beyond[] = {10, 1, 10};
  EXPECT_FALSE(LegalMoveAlong(q, beyond, 3).has_value());
}

TEST(MovegenTest, CapturedAlongNamesThePiecesARouteHasJumpedSoFar) {
  const Position p = *ParseFen("W:W22:B18,10");
  const int first_jump[] = {21, 14};
  EXPECT_EQ(CapturedAlong(p, first_jump, 2), SquareBit(17));
  const int both_jumps[] = {21, 14, 5};
  EXPECT_EQ(CapturedAlong(p, both_jumps, 3), SquareBit(17) | SquareBit(9));
  const int step[] = {21, 17};
  EXPECT_EQ(CapturedAlong(p, step, 2), 0u);
}

TEST(MovegenTest, EveryRouteOfFourKingsInALatticeIsKept) {
  // Nine men on one diagonal lattice and four kings behind them: 34 capture
  // routes, as counted by an independent brute-force search over the board
  // geometry.
  const Position p = *ParseFen("W:WK25,K26,K27,K28:B6,7,8,14,15,16,22,23,24");
  MoveList moves;
  GenerateMoves(p, &moves);
  EXPECT_EQ(moves.size(), 34);
  EXPECT_EQ(CountMoves(p), 34);
}

TEST(RussianRulesTest, TheLightSideMovesFirst) {
  EXPECT_EQ(Position::Initial(Edition::kRussian).side_to_move(), Color::kWhite);
  EXPECT_EQ(Position::Initial(Edition::kPool).side_to_move(), Color::kBlack);
}

TEST(RussianRulesTest, MenCaptureBackward) {
  // White's men move towards square 1; 15x24 goes the other way.
  EXPECT_THAT(Moves("W:W15:B19", Edition::kRussian), ElementsAre("15x24"));
  EXPECT_THAT(Moves("W:W15:B19", Edition::kPool), ElementsAre("15x24"));
  EXPECT_THAT(Moves("W:W15:B19"), ElementsAre("15-10", "15-11"));
}

TEST(RussianRulesTest, MenStillStepOnlyForward) {
  EXPECT_THAT(Moves("W:W15:B1", Edition::kRussian),
              ElementsAre("15-10", "15-11"));
}

TEST(RussianRulesTest, KingsFlyAlongAnEmptyDiagonal) {
  EXPECT_THAT(
      Moves("W:WK29:B1", Edition::kRussian),
      ElementsAre("29-4", "29-8", "29-11", "29-15", "29-18", "29-22", "29-25"));
  EXPECT_EQ(CountMoves(*ParseFen("W:WK29:B1"), CaptureRule::kMandatory,
                       Edition::kRussian),
            7);
}

TEST(RussianRulesTest, AFlyingKingCapturesFromAfarAndLandsAnywhereBeyond) {
  EXPECT_THAT(Moves("W:WK29:B18", Edition::kRussian),
              UnorderedElementsAre("29x15", "29x11", "29x8", "29x4"));
}

TEST(RussianRulesTest, AFlyingKingMustLandWhereItsCaptureGoesOn) {
  // Of the landings beyond 18 only 15 lets the king take 10 too.
  EXPECT_THAT(Moves("W:WK29:B18,10", Edition::kRussian),
              UnorderedElementsAre("29x15x6", "29x15x1"));
}

TEST(RussianRulesTest, AManCrownedMidCaptureGoesOnAsAKing) {
  // 11x2 crowns the man; as a king it flies over 6 and takes it.
  EXPECT_THAT(Moves("W:W11:B6,7", Edition::kRussian),
              UnorderedElementsAre("11x2x9", "11x2x13"));
  const Position p = *ParseFen("W:W11:B6,7");
  const Position q = p.After(
      *ParseMove(p, "11x2x13", CaptureRule::kMandatory, Edition::kRussian));
  EXPECT_EQ(q.PieceAt(12), Piece::kWhiteKing);
  EXPECT_EQ(q.pieces(Color::kBlack), 0u);
}

TEST(RussianRulesTest, AManCrownedMidCaptureFliesOnlyAsAKingCan) {
  // 9 is out of a man's reach from 2 but not out of a king's.
  EXPECT_THAT(Moves("W:W11:B7,9", Edition::kRussian), ElementsAre("11x2x13"));
}

TEST(PoolRulesTest, AManOnTheFarRowMidCaptureGoesOnAsAMan) {
  // The man takes 6 from 2 as a man and is not crowned where it ends.
  EXPECT_THAT(Moves("W:W11:B6,7", Edition::kPool), ElementsAre("11x2x9"));
  const Position p = *ParseFen("W:W11:B6,7");
  const Position q =
      p.After(*ParseMove(p, "11x2x9", CaptureRule::kMandatory, Edition::kPool));
  EXPECT_EQ(q.PieceAt(8), Piece::kWhiteMan);
}

TEST(PoolRulesTest, AManThatCannotGoOnAsAManStopsOnTheFarRowAndIsCrowned) {
  // A king on 2 could fly over 6 to take 9; a man cannot.
  EXPECT_THAT(Moves("W:W11:B7,9", Edition::kPool), ElementsAre("11x2"));
  const Position p = *ParseFen("W:W11:B7,9");
  const Position q =
      p.After(*ParseMove(p, "11x2", CaptureRule::kMandatory, Edition::kPool));
  EXPECT_EQ(q.PieceAt(1), Piece::kWhiteKing);
}

TEST(PoolRulesTest, KingsFlyAsInRussian) {
  EXPECT_THAT(Moves("W:WK29:B18", Edition::kPool),
              UnorderedElementsAre("29x15", "29x11", "29x8", "29x4"));
}

}  // namespace
}  // namespace checkers
