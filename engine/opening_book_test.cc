#include "engine/opening_book.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game_position.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::book {
namespace {

using ::testing::HasSubstr;

constexpr char kStart[] =
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
// After 11-15 23-19 8-11 (a ballot opening): White to move.
constexpr char kBallot[] =
    "W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15";

using ::checkers::testing::FenPosition;

Entry MakeEntry(const char* fen, const char* move, int score, int depth) {
  const GamePosition pos =
      GamePosition::Of(FenPosition(fen), Edition::kEnglish);
  absl::StatusOr<GameMove> m = pos.ParseMove(move);
  EXPECT_TRUE(m.ok()) << m.status();
  return Entry{pos, m.ok() ? *m : pos.LegalMoves().front(), score, depth};
}

TEST(OpeningBookTest, AWrittenBookReadsBackWithEveryField) {
  const std::vector<Entry> entries = {MakeEntry(kStart, "11-15", 4, 21),
                                      MakeEntry(kBallot, "22-18", -12, 19)};
  absl::StatusOr<OpeningBook> book = Parse(Serialize(entries));
  ASSERT_TRUE(book.ok()) << book.status();
  ASSERT_EQ(book->size(), 2);
  for (const Entry& want : entries) {
    const Entry* got = book->Find(want.position);
    ASSERT_NE(got, nullptr);
    EXPECT_EQ(got->move, want.move);
    EXPECT_EQ(got->score, want.score);
    EXPECT_EQ(got->depth, want.depth);
  }
  EXPECT_EQ(book->entries()[1].position, entries[1].position);
}

TEST(OpeningBookTest, APositionOutsideTheBookIsNotFound) {
  absl::StatusOr<OpeningBook> book =
      Parse(Serialize({MakeEntry(kStart, "11-15", 4, 21)}));
  ASSERT_TRUE(book.ok());
  EXPECT_EQ(book->Find(FenPosition(kBallot)), nullptr);
  // The same men with the other side to move is another position.
  EXPECT_EQ(book->Find(FenPosition(
                "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,"
                "10,11,12")),
            nullptr);
}

TEST(OpeningBookTest, CommentsAndBlankLinesAreSkipped) {
  absl::StatusOr<OpeningBook> book =
      Parse(absl::StrCat("# a book\n\n", kStart, " 9-13 0 3\n# end\n"));
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_EQ(book->size(), 1);
  EXPECT_EQ(book->Find(FenPosition(kStart))->move.Text(), "9-13");
}

TEST(OpeningBookTest, AnEmptyBookHoldsNothing) {
  absl::StatusOr<OpeningBook> book = Parse("");
  ASSERT_TRUE(book.ok());
  EXPECT_EQ(book->size(), 0);
  EXPECT_EQ(book->Find(FenPosition(kStart)), nullptr);
}

TEST(OpeningBookTest, BadLinesAreRefusedWithTheirLineNumber) {
  const std::string good = absl::StrCat(kStart, " 11-15 4 21\n");
  const struct {
    std::string text;
    const char* says;
  } cases[] = {
      {absl::StrCat("# c\n", kStart, " 11-15 4\n"),
       "line 2: a book line has four fields"},
      {"B:W99:B1 11-15 4 21\n", "line 1:"},
      {absl::StrCat(kStart, " 22-18 4 21\n"), "line 1:"},
      {absl::StrCat(kStart, " 11-18 4 21\n"), "line 1:"},
      {absl::StrCat(kStart, " 11-15 40000 21\n"), "the score \"40000\""},
      {absl::StrCat(kStart, " 11-15 4 deep\n"), "the depth \"deep\""},
      {absl::StrCat(kStart, " 11-15 4 -1\n"), "the depth \"-1\""},
      {absl::StrCat(good, "\n", kStart, " 9-13 0 3\n"),
       "line 3: the position is already the book's entry 1"},
  };
  for (const auto& c : cases) {
    absl::StatusOr<OpeningBook> book = Parse(c.text);
    ASSERT_FALSE(book.ok()) << c.text;
    EXPECT_TRUE(absl::IsInvalidArgument(book.status()));
    EXPECT_THAT(std::string(book.status().message()), HasSubstr(c.says))
        << c.text;
  }
}

class CommittedBookTest : public ::testing::TestWithParam<Edition> {};

TEST_P(CommittedBookTest, IsSoundAndHoldsOnlyRealChoicesOfItsEdition) {
  const OpeningBook& book = Committed(GetParam());
  EXPECT_EQ(book.edition(), GetParam());
  // International's book starts from fewer openings (docs/OPENING_BOOK.md).
  EXPECT_GT(book.size(), 400);
  for (const Entry& e : book.entries()) {
    EXPECT_EQ(e.position.edition(), GetParam());
    EXPECT_GE(e.position.LegalMoves().size(), 2u) << e.position.ToFen();
    EXPECT_EQ(book.Find(e.position), &e);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryEdition, CommittedBookTest,
                         ::testing::Values(Edition::kEnglish, Edition::kRussian,
                                           Edition::kPool,
                                           Edition::kInternational));

TEST(OpeningBookTest, TheInternationalBookHoldsTheStartAndIsNotFoundOn8x8) {
  const OpeningBook& book = Committed(Edition::kInternational);
  EXPECT_NE(book.Find(GamePosition::Initial(Edition::kInternational)), nullptr);
  // An 8x8 position is never an entry of a 10x10 book.
  EXPECT_EQ(book.Find(FenPosition(kStart)), nullptr);
  EXPECT_EQ(book.Find(GamePosition::Initial(Edition::kEnglish)), nullptr);
}

// A man captures backward in Russian draughts, not in English checkers:
// a book line with such a capture is Russian only.
TEST(OpeningBookTest, MovesAreReadByTheRulesOfTheBooksEdition) {
  const std::string text = "W:W14:B18 14x23 0 1\n";
  absl::StatusOr<OpeningBook> russian = Parse(text, Edition::kRussian);
  ASSERT_TRUE(russian.ok()) << russian.status();
  EXPECT_EQ(russian->edition(), Edition::kRussian);
  EXPECT_FALSE(Parse(text, Edition::kEnglish).ok());
  EXPECT_THAT(Serialize(russian->entries(), Edition::kRussian),
              HasSubstr("# Russian draughts opening book"));
}

}  // namespace
}  // namespace checkers::book
