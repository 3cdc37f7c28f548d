#include "replay/pdn.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::replay {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> MoveTexts(const PdnGame& game) {
  std::vector<std::string> texts;
  for (const PdnMove& m : game.moves) texts.push_back(m.text);
  return texts;
}

std::vector<PdnGame> MustParse(absl::string_view text) {
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  EXPECT_TRUE(games.ok()) << games.status();
  return games.ok() ? *games : std::vector<PdnGame>{};
}

// The error ParsePdn gives for `text`, which must be DataLoss.
std::string DataLossMessage(absl::string_view text) {
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  EXPECT_FALSE(games.ok()) << text;
  if (games.ok()) return "";
  EXPECT_EQ(games.status().code(), absl::StatusCode::kDataLoss)
      << games.status();
  return std::string(games.status().message());
}

TEST(PdnTest, ReadsTagsMovesAndResult) {
  const std::vector<PdnGame> games = MustParse(
      "[Event \"Ohio 1946\"]\n"
      "[Black \"MF Tinsley\"]\n"
      "\n"
      "1. 11-15 23-18 2. 8-11\n"
      "27-23 1/2-1/2\n");
  ASSERT_EQ(games.size(), 1u);
  const PdnGame& g = games[0];
  EXPECT_EQ(g.index, 1);
  EXPECT_EQ(g.line, 1);
  EXPECT_THAT(g.tags, ElementsAre(PdnTag{"Event", "Ohio 1946"},
                                  PdnTag{"Black", "MF Tinsley"}));
  EXPECT_THAT(MoveTexts(g), ElementsAre("11-15", "23-18", "8-11", "27-23"));
  EXPECT_EQ(g.result, "1/2-1/2");
  EXPECT_TRUE(g.notes.empty());

  EXPECT_EQ(g.moves[0].number, 1);
  EXPECT_EQ(g.moves[0].side, Color::kBlack);
  EXPECT_EQ(g.moves[0].line, 4);
  EXPECT_EQ(g.moves[0].column, 4);
  EXPECT_EQ(g.moves[1].number, 1);
  EXPECT_EQ(g.moves[1].side, Color::kWhite);
  EXPECT_EQ(g.moves[2].number, 2);
  EXPECT_EQ(g.moves[2].side, Color::kBlack);
  EXPECT_EQ(g.moves[3].number, 2);
  EXPECT_EQ(g.moves[3].side, Color::kWhite);
  EXPECT_EQ(g.moves[3].line, 5);
  EXPECT_EQ(g.moves[3].column, 1);
}

TEST(PdnTest, EmptyInputHasNoGames) {
  EXPECT_TRUE(MustParse("").empty());
  EXPECT_TRUE(MustParse(" \n\r\n\t").empty());
  EXPECT_TRUE(MustParse("{just a comment}\n; and a line comment\n").empty());
}

TEST(PdnTest, TagValueEscapesAreUndone) {
  const std::vector<PdnGame> games =
      MustParse(R"([Event "The \"Big\" Shot"] [Site "C:\games\x \\ y"] *)");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(*FindTag(games[0].tags, "Event"), "The \"Big\" Shot");
  // Only \" and \\ are escapes.
  EXPECT_EQ(*FindTag(games[0].tags, "Site"), R"(C:\games\x \ y)");
}

TEST(PdnTest, TagsWithOddSpacingAndNoQuotes) {
  const std::vector<PdnGame> games = MustParse(
      "[  Event   \"A\"   ]\n"
      "[Black\"B\"][White \t \"C\"]\n"
      "[Round 7 ]\n"
      "[Date \"\"]\n"
      "*\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(games[0].tags,
              ElementsAre(PdnTag{"Event", "A"}, PdnTag{"Black", "B"},
                          PdnTag{"White", "C"}, PdnTag{"Round", "7"},
                          PdnTag{"Date", ""}));
}

TEST(PdnTest, FindTagIgnoresCaseAndTakesTheFirst) {
  const std::vector<PdnTag> tags = {{"event", "a"}, {"Event", "b"}};
  EXPECT_EQ(*FindTag(tags, "EVENT"), "a");
  EXPECT_FALSE(FindTag(tags, "Site").has_value());
}

TEST(PdnTest, MoveNumbersInAnySpacing) {
  for (absl::string_view text :
       {"1. 11-15 23-18 2. 8-11 27-23 *", "1.11-15 23-18 2.8-11 27-23 *",
        "1. 11-15 1... 23-18 2. 8-11 2... 27-23 *",
        "1. 11-15 1. ... 23-18 2.8-11 2...27-23 *", "11-15 23-18 8-11 27-23 *",
        "1.   11-15\n\n23-18   2.\n8-11 27-23 *"}) {
    const std::vector<PdnGame> parsed = MustParse(text);
    ASSERT_EQ(parsed.size(), 1u) << text;
    EXPECT_THAT(MoveTexts(parsed[0]),
                ElementsAre("11-15", "23-18", "8-11", "27-23"))
        << text;
    EXPECT_EQ(parsed[0].moves[2].number, 2) << text;
    EXPECT_EQ(parsed[0].moves[3].side, Color::kWhite) << text;
  }
}

TEST(PdnTest, WrittenMoveNumbersAreKept) {
  const std::vector<PdnGame> games = MustParse("31. 11-15 23-18 32. 8-11 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].moves[0].number, 31);
  EXPECT_EQ(games[0].moves[1].number, 31);
  EXPECT_EQ(games[0].moves[2].number, 32);
}

TEST(PdnTest, FenWithWhiteToMoveStartsWithWhite) {
  const std::vector<PdnGame> games = MustParse(
      "[FEN \"w:W18:B14.\"] 1... 18x9 2. 5-1 *\n"
      "[FEN \" B:W18:B14\"] 14-17 18-15 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves[0].side, Color::kWhite);
  EXPECT_EQ(games[0].moves[0].number, 1);
  EXPECT_EQ(games[0].moves[1].side, Color::kBlack);
  EXPECT_EQ(games[0].moves[1].number, 2);
  EXPECT_EQ(games[1].moves[0].side, Color::kBlack);
}

TEST(PdnTest, CommentsAreSkippedAndTheirLinesCounted) {
  const std::vector<PdnGame> games = MustParse(
      "{A comment before the game\n"
      "over two lines} [Event \"x\"] {between tags}\n"
      "11-15 {a comment\n"
      "with 9-14 (a paren and [a bracket]\n"
      "} 23-18 ; 9-14 in a line comment\n"
      "8-11 1-0 {after}");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].line, 2);
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18", "8-11"));
  EXPECT_EQ(games[0].moves[1].line, 5);
  EXPECT_EQ(games[0].moves[1].column, 3);
  EXPECT_EQ(games[0].moves[2].line, 6);
}

TEST(PdnTest, NestedVariationsAreSkipped) {
  const std::vector<PdnGame> games = MustParse(
      "1. 11-15 (1. 9-14 22-18 (2... 23-19 {a (comment) inside}) 5x14 $3) "
      "23-18\n"
      "(23-19 (24-20!) 9-14) 2. 8-11 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18", "8-11"));
  EXPECT_EQ(games[0].moves[2].number, 2);
  EXPECT_EQ(games[0].moves[2].side, Color::kBlack);
}

TEST(PdnTest, AnnotationsAreDropped) {
  const std::vector<PdnGame> games = MustParse(
      "11-15! 23-18? 8-11!? 27-23?! 4-8!! 23-19?? 9-14* 22-17 $1 15-18 $12 ! "
      "?? *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]),
              ElementsAre("11-15", "23-18", "8-11", "27-23", "4-8", "23-19",
                          "9-14", "22-17", "15-18"));
  EXPECT_EQ(games[0].result, "*");
}

TEST(PdnTest, MovesKeepTheirNotationAsWritten) {
  const std::vector<PdnGame> games =
      MustParse("09-13 22x15 24x6 24X15x6 26-17-10 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]),
              ElementsAre("09-13", "22x15", "24x6", "24X15x6", "26-17-10"));
}

TEST(PdnTest, AlgebraicMovesAreReadAsWritten) {
  const std::vector<PdnGame> games =
      MustParse("1. c3-d4 d6-e5 2. d4:f6 g7:e5 3. a1xc3:e5 j10-i9 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("c3-d4", "d6-e5", "d4:f6",
                                               "g7:e5", "a1xc3:e5", "j10-i9"));
}

TEST(PdnTest, ColonCapturesAreRead) {
  const std::vector<PdnGame> games = MustParse("1. 28:19 14:23 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("28:19", "14:23"));
}

TEST(PdnTest, ASquarePaddedWithASpaceJoinsItsMove) {
  const std::vector<PdnGame> games =
      MustParse("17. 43-39  1- 6  18. 49-43  2-\t7 19. 9x 3 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]),
              ElementsAre("43-39", "1-6", "49-43", "2-7", "9x3"));
  EXPECT_EQ(games[0].moves[1].column, 12);
}

TEST(PdnTest, ASeparatorBeforeTheNextLineDoesNotJoinIt) {
  EXPECT_THAT(DataLossMessage("1. 11-\n15 *"), HasSubstr("\"11-\""));
}

TEST(PdnTest, GameTypeGivesItsNumberInShortAndLongForm) {
  EXPECT_EQ(ParseGameType("21").value_or(-1), 21);
  EXPECT_EQ(ParseGameType(" 20,W,10,10,N2,0 ").value_or(-1), 20);
  EXPECT_EQ(ParseGameType("25 ").value_or(-1), 25);
  const absl::StatusOr<int> bad = ParseGameType("W,8,8");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bad.status().message(), HasSubstr("\"W,8,8\""));
}

TEST(PdnTest, GameTypeNamesTheFirstMover) {
  EXPECT_EQ(GameTypeFirstMover("21"), Color::kBlack);
  EXPECT_EQ(GameTypeFirstMover("23"), Color::kBlack);
  EXPECT_EQ(GameTypeFirstMover("25"), Color::kWhite);
  EXPECT_EQ(GameTypeFirstMover("20"), Color::kWhite);
  EXPECT_EQ(GameTypeFirstMover("23,W,8,8,A0,0"), Color::kWhite);
  EXPECT_EQ(GameTypeFirstMover(" 25, B ,8,8"), Color::kBlack);
  EXPECT_EQ(GameTypeFirstMover("pool"), std::nullopt);
}

TEST(PdnTest, MovesArePairedFromTheFirstMover) {
  // Russian: White opens, so a number names White's move and Black's reply.
  absl::StatusOr<std::vector<PdnGame>> typed =
      ParsePdn("[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-e5 *");
  ASSERT_TRUE(typed.ok()) << typed.status();
  const std::vector<PdnMove>& moves = typed->front().moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].side, Color::kWhite);
  EXPECT_EQ(moves[1].side, Color::kBlack);
  EXPECT_EQ(moves[1].number, 1);
  EXPECT_EQ(moves[2].number, 2);
  // Without a GameType tag, the caller's first mover.
  absl::StatusOr<std::vector<PdnGame>> untyped =
      ParsePdn("c3-d4 f6-g5 d4-e5 *", Color::kWhite);
  ASSERT_TRUE(untyped.ok()) << untyped.status();
  EXPECT_EQ(untyped->front().moves[1].side, Color::kBlack);
  EXPECT_EQ(untyped->front().moves[1].number, 1);
  EXPECT_EQ(untyped->front().moves[2].number, 2);
  // A FEN tag with Black to move comes first.
  absl::StatusOr<std::vector<PdnGame>> fen =
      ParsePdn("[FEN \"B:W22:B11\"]\n1... f6-e5 2. c3-d4 *", Color::kWhite);
  ASSERT_TRUE(fen.ok()) << fen.status();
  EXPECT_EQ(fen->front().moves[0].side, Color::kBlack);
  EXPECT_EQ(fen->front().moves[1].side, Color::kWhite);
  EXPECT_EQ(fen->front().moves[1].number, 2);
}

TEST(PdnTest, AlgebraicSquaresBecomeTheirNumbers) {
  EXPECT_EQ(NumericMoveText("c3-d4", 8), "22-18");
  EXPECT_EQ(NumericMoveText("d4:b6", 8), "18x9");
  EXPECT_EQ(NumericMoveText("a1-b2", 8), "29-25");
  EXPECT_EQ(NumericMoveText("b8-a7", 8), "1-5");
  EXPECT_EQ(NumericMoveText("h8xg1", 8), "4x32");
  EXPECT_EQ(NumericMoveText("a1-j10", 10), "46-5");
  EXPECT_EQ(NumericMoveText("28:19", 8), "28x19");
  EXPECT_EQ(NumericMoveText("11-15", 8), "11-15");
  EXPECT_EQ(NumericMoveText("c3-c4", 8), std::nullopt);
  EXPECT_EQ(NumericMoveText("i1-j2", 8), std::nullopt);
  EXPECT_EQ(NumericMoveText("a9-b10", 8), std::nullopt);
}

TEST(PdnTest, ResultsAreNotTakenForMoves) {
  for (absl::string_view result :
       {"1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"}) {
    const std::string text = absl::StrCat("1. 11-15 23-18 ", result);
    const std::vector<PdnGame> games = MustParse(text);
    ASSERT_EQ(games.size(), 1u) << text;
    EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18")) << text;
    EXPECT_EQ(games[0].result, result);
  }
}

TEST(PdnTest, ResultTokensNameTheWinner) {
  EXPECT_EQ(ParseResultToken("1-0"), GameResult::kFirstWins);
  EXPECT_EQ(ParseResultToken("2-0"), GameResult::kFirstWins);
  EXPECT_EQ(ParseResultToken("0-1"), GameResult::kSecondWins);
  EXPECT_EQ(ParseResultToken("0-2"), GameResult::kSecondWins);
  EXPECT_EQ(ParseResultToken("1/2-1/2"), GameResult::kDraw);
  EXPECT_EQ(ParseResultToken("1-1"), GameResult::kDraw);
  EXPECT_EQ(ParseResultToken("*"), GameResult::kUnknown);
  EXPECT_EQ(ParseResultToken("won"), GameResult::kUnknown);
  for (GameResult r : {GameResult::kFirstWins, GameResult::kSecondWins,
                       GameResult::kDraw, GameResult::kUnknown}) {
    EXPECT_EQ(ParseResultToken(ResultToken(r)), r);
  }
}

TEST(PdnTest, ClaimedResultPrefersTheTerminatorToTheTag) {
  std::vector<PdnGame> games = MustParse(
      "[Result \"1-0\"] 11-15 *\n"
      "[Result \"0-1\"] 11-15\n"
      "[Result \"1/2-1/2\"] 11-15 1-0");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(ClaimedResult(games[0]), GameResult::kUnknown);
  EXPECT_EQ(ClaimedResult(games[1]), GameResult::kSecondWins);
  EXPECT_EQ(ClaimedResult(games[2]), GameResult::kFirstWins);
  ASSERT_EQ(games[2].notes.size(), 1u);
  EXPECT_THAT(games[2].notes[0].message,
              HasSubstr("Result tag says \"1/2-1/2\""));
}

TEST(PdnTest, GamesNeedNoBlankLineNorTags) {
  const std::vector<PdnGame> games = MustParse(
      "[Event \"a\"]\n11-15 1-0\n[Event \"b\"]\n9-14 0-1\n"
      "10-15 22-18 *\n"
      "12-16 1/2-1/2 11-16 1-0");
  ASSERT_EQ(games.size(), 5u);
  EXPECT_EQ(*FindTag(games[1].tags, "Event"), "b");
  EXPECT_EQ(games[1].line, 3);
  EXPECT_EQ(games[2].index, 3);
  EXPECT_TRUE(games[2].tags.empty());
  EXPECT_THAT(MoveTexts(games[2]), ElementsAre("10-15", "22-18"));
  EXPECT_THAT(MoveTexts(games[4]), ElementsAre("11-16"));
  EXPECT_EQ(games[4].result, "1-0");
}

TEST(PdnTest, TagsAfterMovesStartTheNextGame) {
  const std::vector<PdnGame> games = MustParse(
      "[Event \"a\"]\n11-15 23-18\n[Event \"b\"]\n[Black \"c\"]\n9-14\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].result, "");
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18"));
  EXPECT_EQ(games[1].tags.size(), 2u);
  EXPECT_THAT(MoveTexts(games[1]), ElementsAre("9-14"));
}

TEST(PdnTest, LineEndsAndByteOrderMarkAreAccepted) {
  const std::string lf = "[Event \"a\"]\n{two\nlines}\n11-15 23-18\n8-11 *\n";
  for (const std::string& text :
       {lf, std::string("\xEF\xBB\xBF") + lf,
        std::string(
            "[Event \"a\"]\r\n{two\r\nlines}\r\n11-15 23-18\r\n8-11 *\r\n"),
        std::string("[Event \"a\"]\r{two\rlines}\r11-15 23-18\r8-11 *\r")}) {
    const std::vector<PdnGame> games = MustParse(text);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*FindTag(games[0].tags, "Event"), "a");
    EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18", "8-11"));
    EXPECT_EQ(games[0].moves[2].line, 5);
    EXPECT_EQ(games[0].moves[2].column, 1);
  }
}

TEST(PdnTest, RemarkGluedToAMoveIsKeptAsANote) {
  const std::vector<PdnGame> games =
      MustParse("1. 11-15 23-18 2. 8-11Redoversteppedthetimecontrol. 0-1");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THAT(MoveTexts(games[0]), ElementsAre("11-15", "23-18", "8-11"));
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].line, 1);
  EXPECT_THAT(games[0].notes[0].message,
              HasSubstr("\"Redoversteppedthetimecontrol.\""));
}

TEST(PdnTest, TextAfterTheLastGameIsKeptAsANote) {
  const std::vector<PdnGame> games =
      MustParse("11-15 1-0\n11-16 0-1\n\nCollected by J. Smith (2003).\n\x1a");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[1].notes.size(), 1u);
  EXPECT_EQ(games[1].notes[0].line, 4);
  EXPECT_THAT(games[1].notes[0].message, HasSubstr("\"Collected\""));
}

TEST(PdnTest, TextBetweenGamesIsAnError) {
  EXPECT_THAT(DataLossMessage("11-15 1-0\nsome words\n[Event \"b\"] 9-14 *"),
              HasSubstr("line 2, column 1: \"some\""));
  EXPECT_THAT(DataLossMessage("11-15 1-0\nsome words\n9-14 *"),
              HasSubstr("line 2"));
  EXPECT_THAT(DataLossMessage("11-15 1-0\nsome (words 1. 9-14)"),
              HasSubstr("line 2"));
}

TEST(PdnTest, TextBeforeTheFirstGameIsAnError) {
  EXPECT_THAT(DataLossMessage("My games\n[Event \"a\"] 11-15 *"),
              HasSubstr("line 1, column 1: \"My\""));
}

TEST(PdnTest, UnterminatedTagIsAnErrorAtItsLine) {
  EXPECT_THAT(
      DataLossMessage("[Event \"a\"] 11-15 *\n\n[Event \"b"),
      HasSubstr("line 3, column 1: the tag [Event \"b has no closing quote"));
  EXPECT_THAT(
      DataLossMessage("[Event \"a\"\n11-15 *"),
      HasSubstr("line 1, column 1: the tag [Event \"a\" is not closed"));
  EXPECT_THAT(DataLossMessage("11-15 *\n[Event"),
              HasSubstr("line 2, column 1"));
  EXPECT_THAT(DataLossMessage("[\"a\"] 11-15 *"), HasSubstr("has no name"));
  EXPECT_THAT(DataLossMessage("[Event \"a\" junk] *"),
              HasSubstr("not closed with ']'"));
}

TEST(PdnTest, UnterminatedCommentIsAnErrorAtItsLine) {
  EXPECT_THAT(
      DataLossMessage("11-15\n  {no end\n\n9-14 *"),
      HasSubstr("line 2, column 3: the comment '{' opened here is not closed"));
}

TEST(PdnTest, UnbalancedVariationIsAnError) {
  EXPECT_THAT(
      DataLossMessage("11-15\n(9-14 (22-18)\n23-18 *"),
      HasSubstr(
          "line 2, column 1: the variation '(' opened here is not closed"));
  EXPECT_THAT(DataLossMessage("11-15 (9-14\n[Event \"b\"] *"),
              HasSubstr("line 1, column 7: the variation"));
  EXPECT_THAT(DataLossMessage("11-15 23-18)\n*"),
              HasSubstr("line 1, column 12: ')' without"));
}

TEST(PdnTest, StrayClosingBracketsAreErrors) {
  EXPECT_THAT(DataLossMessage("11-15 } *"), HasSubstr("line 1, column 7: '}'"));
  EXPECT_THAT(DataLossMessage("11-15 ] *"), HasSubstr("line 1, column 7: ']'"));
}

TEST(PdnTest, GarbageWordsAreErrorsNamingTheLine) {
  for (absl::string_view word :
       {"hello", "12",     "11-",    "11--15", "111-15",    "11-15.",
        "11/15", "1-0-1",  "$",      "$x",     "!!!",       "11-15!!!",
        ".5",    "12345.", "x11-15", "11-15,", "\xBD-\xBD", "c3",
        "k3-d4", "c3-15",  "15-c3",  "c0-b1",  "c11-d1",    "c3--d4"}) {
    const std::string text =
        absl::StrCat("[Event \"a\"]\n1. 11-15 23-18\n2. ", word, " *");
    EXPECT_THAT(DataLossMessage(text), HasSubstr("line 3, column 4: \""))
        << word;
  }
  EXPECT_THAT(DataLossMessage("11-15 (9-14 nonsense) *"),
              HasSubstr("line 1, column 13: \"nonsense\""));
}

// Issue 46: what cannot be read costs its own game only. A game with a
// word that is no move is skipped to the next line starting with a tag;
// text between games is skipped to the next game; each skip says where and
// why, and the games around them are read.
TEST(PdnTest, AnUnreadableGameOrTextBetweenGamesIsSkipped) {
  const PdnFile file = ReadPdn(
      "[Event \"A\"]\n1. 11-15 23-19 *\n\n"
      "Round two\n"
      "[Event \"B\"]\n1. - - 2. - - *\n\n"
      "[Event \"C\"]\n1. 9-13 22-18 *\n");
  ASSERT_EQ(file.games.size(), 2u);
  EXPECT_EQ(FindTag(file.games[0].tags, "Event"), "A");
  EXPECT_EQ(FindTag(file.games[1].tags, "Event"), "C");
  // The games keep their places in the file.
  EXPECT_EQ(file.games[1].index, 3);
  ASSERT_EQ(file.skipped.size(), 2u);
  EXPECT_EQ(file.skipped[0].game.index, 0);
  EXPECT_EQ(file.skipped[0].line, 4);
  EXPECT_EQ(file.skipped[0].resumed_line, 5);
  EXPECT_EQ(file.skipped[1].game.index, 2);
  EXPECT_EQ(file.skipped[1].line, 6);
  EXPECT_EQ(file.skipped[1].column, 4);
  EXPECT_EQ(file.skipped[1].resumed_line, 8);
  EXPECT_THAT(DescribeSkip(file.skipped[1]),
              HasSubstr("game 2 (\"B\"), line 6, column 4: \"-\" is not a "
                        "move"));
  // The strict reader refuses the same text, naming the first skip.
  EXPECT_THAT(DataLossMessage("x\n[Event \"A\"]\n11-15 *\n"),
              HasSubstr("PDN line 1, column 1: "));
}

}  // namespace
}  // namespace checkers::replay
