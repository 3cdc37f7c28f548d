#include "match/hub_protocol.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::match {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

TEST(HubLineTest, SplitsArgumentsFlagsAndQuotedValues) {
  const HubLine line = ParseHubLine(
      "info depth=21 pv=\"32-28 17-22\" empty=\"\" ponder  author=\"F L\"");
  EXPECT_EQ(line.command, "info");
  EXPECT_THAT(line.args,
              ElementsAre(Pair("depth", "21"), Pair("pv", "32-28 17-22"),
                          Pair("empty", ""), Pair("ponder", ""),
                          Pair("author", "F L")));
  EXPECT_EQ(line.Get("pv"), "32-28 17-22");
  EXPECT_EQ(line.Get("score"), std::nullopt);
}

TEST(HubLineTest, EmptyLineHasNoCommand) {
  EXPECT_EQ(ParseHubLine("   ").command, "");
  EXPECT_TRUE(ParseHubLine("").args.empty());
}

TEST(HubLineTest, ValuesAreQuotedWhenTheyMustBe) {
  EXPECT_EQ(HubValue("32-28"), "32-28");
  EXPECT_EQ(HubValue("32-28 19-23"), "\"32-28 19-23\"");
  EXPECT_EQ(HubValue(""), "\"\"");
  const HubLine line = ParseHubLine(
      absl::StrCat("pos moves=", HubValue("38-15 5-41"), " x=", HubValue("")));
  EXPECT_EQ(line.Get("moves"), "38-15 5-41");
  EXPECT_EQ(line.Get("x"), "");
}

TEST(HubPositionTest, StartIsWhiteToMoveWithTwentyMenEach) {
  EXPECT_EQ(HubPosition(GamePosition::Initial(Edition::kInternational)),
            "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
}

TEST(HubPositionTest, KingsAndSideToMoveRoundTrip) {
  absl::StatusOr<GamePosition> p =
      GamePosition::ParseFen("B:W28,K46:B12,K3", Edition::kInternational);
  ASSERT_TRUE(p.ok());
  const std::string text = HubPosition(*p);
  EXPECT_EQ(text[0], 'B');
  EXPECT_EQ(text[3], 'B');
  EXPECT_EQ(text[12], 'b');
  EXPECT_EQ(text[28], 'w');
  EXPECT_EQ(text[46], 'W');
  absl::StatusOr<GamePosition> back = ParseHubPosition(text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, *p);
}

TEST(HubPositionTest, MalformedPositionsAreRefusedWithTheFault) {
  EXPECT_THAT(ParseHubPosition("Wbbb").status().message(),
              HasSubstr("51 letters"));
  EXPECT_THAT(ParseHubPosition(std::string(51, 'e')).status().message(),
              HasSubstr("W or B"));
  std::string bad = "W" + std::string(50, 'e');
  bad[7] = 'x';
  EXPECT_THAT(ParseHubPosition(bad).status().message(), HasSubstr("square 7"));
}

TEST(HubMoveTest, StepIsReadAndWritten) {
  const GamePosition start = GamePosition::Initial(Edition::kInternational);
  absl::StatusOr<GameMove> move = ParseHubMove(start, "32-28");
  ASSERT_TRUE(move.ok()) << move.status();
  EXPECT_EQ(move->Text(), "32-28");
  EXPECT_EQ(HubMoveText(*move), "32-28");
}

TEST(HubMoveTest, CaptureIsReadWhateverTheOrderOfItsPieces) {
  // White's man on 32 takes 27 and then 17 (landing on 21, then 12).
  absl::StatusOr<GamePosition> p =
      GamePosition::ParseFen("W:W32:B27,17", Edition::kInternational);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->LegalMoves().size(), 1u);
  const GameMove capture = p->LegalMoves().front();
  EXPECT_EQ(capture.Text(), "32x21x12");
  EXPECT_EQ(HubMoveText(capture), "32x12x27x17");
  for (const char* text : {"32x12x27x17", "32x12x17x27"}) {
    absl::StatusOr<GameMove> read = ParseHubMove(*p, text);
    ASSERT_TRUE(read.ok()) << text << ": " << read.status();
    EXPECT_EQ(*read, capture) << text;
  }
}

TEST(HubMoveTest, MoveNamingNoLegalMoveIsRefusedWithTheLegalOnes) {
  const GamePosition start = GamePosition::Initial(Edition::kInternational);
  const absl::Status wrong = ParseHubMove(start, "32-26").status();
  EXPECT_EQ(wrong.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(wrong.message(), HasSubstr("31-26"));
  absl::StatusOr<GamePosition> p =
      GamePosition::ParseFen("W:W32:B27,17", Edition::kInternational);
  ASSERT_TRUE(p.ok());
  // The right ends, but not all the pieces taken.
  EXPECT_EQ(ParseHubMove(*p, "32x12x27").status().code(),
            absl::StatusCode::kFailedPrecondition);
  for (const char* text : {"", "32", "32-", "a-b", "32x21", "32-28-23", "0-5",
                           "51-46", "32--28"}) {
    EXPECT_EQ(ParseHubMove(start, text).status().code(),
              absl::StatusCode::kInvalidArgument)
        << text;
  }
}

}  // namespace
}  // namespace checkers::match
