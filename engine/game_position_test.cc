#include "engine/game_position.h"

#include "absl/status/status.h"
#include "engine/fen8.h"
#include "engine/notation8.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

GamePosition Fen(absl::string_view fen, Edition edition) {
  absl::StatusOr<GamePosition> p = GamePosition::ParseFen(fen, edition);
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *p : GamePosition();
}

TEST(GamePositionTest, InternationalStartsOnFiftySquaresWithWhiteToMove) {
  const GamePosition p = GamePosition::Initial(Edition::kInternational);
  EXPECT_EQ(p.board_size(), 10);
  EXPECT_EQ(p.square_count(), 50);
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
  EXPECT_EQ(p.PieceCount(Color::kBlack), 20);
  EXPECT_EQ(p.PieceAt(20), Piece::kBlackMan);
  EXPECT_EQ(p.PieceAt(31), Piece::kWhiteMan);
  EXPECT_EQ(p.PieceAt(51), Piece::kEmpty);
  EXPECT_EQ(p, Fen("W:W31-50:B1-20", Edition::kInternational));
  EXPECT_NE(p.ten(), nullptr);
}

TEST(GamePositionTest, EightByEightEditionsKeepTheirStartAndMover) {
  EXPECT_EQ(GamePosition::Initial(Edition::kEnglish).side_to_move(),
            Color::kBlack);
  const GamePosition russian = GamePosition::Initial(Edition::kRussian);
  EXPECT_EQ(russian.side_to_move(), Color::kWhite);
  EXPECT_EQ(russian.square_count(), 32);
  EXPECT_EQ(*russian.eight(), Position::Initial(Edition::kRussian));
}

TEST(GamePositionTest, FenIsReadOnTheBoardOfTheEdition) {
  EXPECT_EQ(Fen("W:WK46:B1", Edition::kInternational).PieceAt(46),
            Piece::kWhiteKing);
  EXPECT_EQ(
      GamePosition::ParseFen("W:WK46:B1", Edition::kEnglish).status().code(),
      absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Fen("B:W21:BK1", Edition::kEnglish).ToFen(), "B:W21:BK1");
}

TEST(GamePositionTest, EnglishMovesAreTheEnginesOwn) {
  const GamePosition p = GamePosition::Initial(Edition::kEnglish);
  EXPECT_EQ(p.LegalMoveTexts(), LegalMoveTexts(Position::Initial()));
  EXPECT_EQ(p.LegalMoves().size(), 7u);
}

TEST(GamePositionTest, OptionalCaptureAddsTheStepsInEnglish) {
  const GamePosition p = Fen("B:W18:B14", Edition::kEnglish);
  EXPECT_THAT(p.LegalMoveTexts(), ElementsAre("14x23"));
  EXPECT_THAT(p.LegalMoveTexts(CaptureRule::kOptional),
              ElementsAre("14-17", "14x23"));
  EXPECT_THAT(p.MustCapturePieces(), ElementsAre(14));
  EXPECT_TRUE(p.MustCapturePieces(CaptureRule::kOptional).empty());
}

TEST(GamePositionTest, CaptureListsItsRouteAndTakenSquaresInOrder) {
  const GamePosition p = Fen("W:WK46:B28,24", Edition::kInternational);
  absl::StatusOr<GameMove> m = p.ParseMove("46x30");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_THAT(m->route(), ElementsAre(46, 19, 30));
  EXPECT_THAT(m->captured(), ElementsAre(28, 24));
  EXPECT_TRUE(m->is_capture());
  EXPECT_TRUE(m->irreversible());
  EXPECT_EQ(m->Text(), "46x19x30");
}

TEST(GamePositionTest, KingsFlightIsReversible) {
  const GamePosition p = Fen("W:WK46:B1", Edition::kInternational);
  const std::optional<GameMove> m = p.LegalMoveAlong({46, 5});
  ASSERT_TRUE(m.has_value());
  EXPECT_FALSE(m->is_capture());
  EXPECT_FALSE(m->irreversible());
  EXPECT_EQ(p.After(*m).PieceAt(5), Piece::kWhiteKing);
}

TEST(GamePositionTest, MajorityCaptureLimitsThePiecesThatMustCapture) {
  // The man on 32 takes two, the king on 46 only one.
  const GamePosition p = Fen("W:W32,K46:B17,27,28,41", Edition::kInternational);
  EXPECT_THAT(p.MustCapturePieces(), ElementsAre(32));
}

TEST(GamePositionTest, LegalMoveAlongRefusesSquaresOffTheBoard) {
  const GamePosition english = GamePosition::Initial(Edition::kEnglish);
  EXPECT_FALSE(english.LegalMoveAlong({9, 33}).has_value());
  EXPECT_FALSE(english.LegalMoveAlong({0, 13}).has_value());
  EXPECT_TRUE(english.LegalMoveAlong({9, 13}).has_value());
  EXPECT_FALSE(GamePosition::Initial(Edition::kInternational)
                   .LegalMoveAlong({32, 51})
                   .has_value());
}

TEST(GamePositionTest, CapturedAlongNamesThePiecesPassedSoFar) {
  const GamePosition p = Fen("W:WK46:B28,24", Edition::kInternational);
  EXPECT_THAT(p.CapturedAlong({46, 19}), ElementsAre(28));
  EXPECT_THAT(p.CapturedAlong({46, 19, 30}), ElementsAre(24, 28));
}

TEST(GamePositionTest, ParseMoveRefusesWithTheEnginesWords) {
  const GamePosition p = GamePosition::Initial(Edition::kInternational);
  absl::StatusOr<GameMove> m = p.ParseMove("32-23");
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(m.status().message(), HasSubstr("31-26"));
}

TEST(GamePositionTest, PlayPassesTheTurnAndChangesTheHash) {
  GamePosition p = GamePosition::Initial(Edition::kInternational);
  const uint64_t before = p.hash();
  p.Play(*p.ParseMove("32-28"));
  EXPECT_EQ(p.side_to_move(), Color::kBlack);
  EXPECT_NE(p.hash(), before);
  EXPECT_EQ(p.PieceAt(28), Piece::kWhiteMan);
  EXPECT_EQ(p.PieceAt(32), Piece::kEmpty);
}

TEST(GamePositionTest, CountsKingsAndMenPerColour) {
  const GamePosition p = Fen("W:W31,K46:BK1,2,3", Edition::kInternational);
  EXPECT_EQ(p.KingCount(Color::kWhite), 1);
  EXPECT_EQ(p.ManCount(Color::kWhite), 1);
  EXPECT_EQ(p.KingCount(Color::kBlack), 1);
  EXPECT_EQ(p.ManCount(Color::kBlack), 2);
}

TEST(GamePositionTest, NoMoveMeansNoLegalMove) {
  EXPECT_FALSE(Fen("W:W:B1", Edition::kInternational).HasLegalMove());
  EXPECT_TRUE(GamePosition::Initial(Edition::kPool).HasLegalMove());
}

}  // namespace
}  // namespace checkers
