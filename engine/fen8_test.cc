#include "engine/fen8.h"

#include <random>
#include <string>

#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(FenTest, InitialFenIsTheStartPosition) {
  absl::StatusOr<Position> p = ParseFen(kInitialFen);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*p, Position::Initial());
  EXPECT_EQ(ToFen(Position::Initial()), kInitialFen);
}

TEST(FenTest, KingsAndSideToMoveRoundTrip) {
  const std::string fen = "W:W21,22,K30:B1,2,K5";
  absl::StatusOr<Position> p = ParseFen(fen);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->side_to_move(), Color::kWhite);
  EXPECT_EQ(p->PieceAt(29), Piece::kWhiteKing);
  EXPECT_EQ(p->PieceAt(4), Piece::kBlackKing);
  EXPECT_EQ(p->PieceAt(0), Piece::kBlackMan);
  EXPECT_EQ(ToFen(*p), fen);
}

TEST(FenTest, ToleratesSpacesOrderCaseTrailingDotAndRanges) {
  const Position expected = *ParseFen("B:W21,22,K30:B1,2,K5");
  for (const char* text :
       {"B:W21,22,K30:B1,2,K5.", " b : w21, 22, k30 : b1, 2, k5 ",
        "B:B1,2,K5:W21,22,K30", "B:BK5,2,1:WK30,22,21",
        "B:W21-22,K30:B1-2,K5"}) {
    absl::StatusOr<Position> p = ParseFen(text);
    ASSERT_TRUE(p.ok()) << text << ": " << p.status();
    EXPECT_EQ(*p, expected) << text;
  }
}

TEST(FenTest, EmptySideIsAllowed) {
  absl::StatusOr<Position> p = ParseFen("W:W:B1,K5");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->pieces(Color::kWhite), 0u);
}

TEST(FenTest, MalformedFensAreErrors) {
  for (const char* text : {"",
                           ".",
                           "X:W21:B1",
                           "B",
                           "B:W21",
                           "B:W21:B1:B2",
                           "B:W21:W22",
                           "B:X21:B1",
                           "B:W33:B1",
                           "B:W0:B1",
                           "B:W21,21:B1",
                           "B:W21:B21",
                           "B:Wabc:B1",
                           "B:W-1:B2",
                           "B:WK:B1",
                           "B:W1-:B2",
                           "B:W25-21:B1",
                           "B:W21,,22:B1",
                           "B:W21:B1-13",
                           "B:W2:B1",
                           "B:W21:B30",
                           "B:W123:B1",
                           "B:W21;22:B1",
                           "B:WKK21:B1",
                           "BW:W21:B1"}) {
    absl::StatusOr<Position> p = ParseFen(text);
    EXPECT_FALSE(p.ok()) << "accepted \"" << text << "\"";
    if (!p.ok()) {
      EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_NE(p.status().message().find("bad FEN"), absl::string_view::npos);
    }
  }
}

TEST(FenTest, ErrorsNameTheProblem) {
  EXPECT_NE(ParseFen("B:W33:B1").status().message().find("square 33"),
            absl::string_view::npos);
  EXPECT_NE(ParseFen("B:W21,21:B1").status().message().find("given twice"),
            absl::string_view::npos);
  EXPECT_NE(ParseFen("B:W21:B30").status().message().find("crowned"),
            absl::string_view::npos);
}

TEST(FenTest, RandomGarbageNeverCrashes) {
  std::mt19937 rng(3);
  const std::string alphabet = "BWKbwk0123456789:,-. x";
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int len = rng() % 30;
    for (int j = 0; j < len; ++j)
      text.push_back(alphabet[rng() % alphabet.size()]);
    absl::StatusOr<Position> p = ParseFen(text);
    if (p.ok()) {
      // Whatever parses must print and parse back to the same position.
      EXPECT_EQ(*ParseFen(ToFen(*p)), *p) << text;
    }
  }
}

}  // namespace
}  // namespace checkers
