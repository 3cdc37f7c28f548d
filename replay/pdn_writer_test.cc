#include "replay/pdn_writer.h"

#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/fen8.h"
#include "engine/game_position.h"
#include "engine/position8.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"

namespace checkers::replay {
namespace {

using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// A record of `moves` (PDN text) played from `start` under `edition`.
GameRecord Record(const Position& start, const std::vector<std::string>& moves,
                  Edition edition = Edition::kEnglish) {
  GameRecord record;
  record.start = GamePosition::Of(start, edition);
  GamePosition pos = record.start;
  for (const std::string& text : moves) {
    absl::StatusOr<GameMove> m = pos.ParseMove(text);
    EXPECT_TRUE(m.ok()) << m.status();
    if (!m.ok()) break;
    record.moves.push_back(*m);
    pos.Play(*m);
  }
  return record;
}

// Reads `text`, which must hold one game, and replays it.
GameRecord ReadBack(const std::string& text) {
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  EXPECT_TRUE(games.ok()) << games.status();
  if (!games.ok() || games->size() != 1) {
    ADD_FAILURE() << "expected one game in:\n" << text;
    return {};
  }
  absl::StatusOr<GameRecord> record = ReplayPdnGame(games->front());
  EXPECT_TRUE(record.ok()) << record.status();
  return record.ok() ? *record : GameRecord{};
}

// The writer makes control characters spaces; the reader does the same,
// so a value read from a file is exported and read back unchanged.
TEST(PdnWriterTest, TagValuesWithControlCharactersReadBackAsRead) {
  absl::StatusOr<std::vector<PdnGame>> games =
      ParsePdn("[Annotator \"\x01starts\tand\x1b[31m\x7f\"]\n11-15 *\n");
  ASSERT_TRUE(games.ok()) << games.status();
  absl::StatusOr<GameRecord> record = ReplayPdnGame(games->front());
  ASSERT_TRUE(record.ok()) << record.status();
  ASSERT_EQ(record->tags.size(), 1u);
  EXPECT_EQ(record->tags[0].value, " starts and [31m ");
  const GameRecord back = ReadBack(WritePdnGame(*record));
  EXPECT_EQ(FindTag(back.tags, "Annotator"), " starts and [31m ");
}

TEST(PdnWriterTest, WritesTheRosterMovesAndResult) {
  GameRecord record = Record(Position::Initial(),
                             {"11-15", "23-18", "8-11", "27-23", "4-8", "23-19",
                              "10-14", "19x10", "14x23", "26x19"});
  record.tags = {{"White", "M Rex"},
                 {"Event", "Ohio State Ty 1946"},
                 {"Black", "MF Tinsley"}};
  record.result = GameResult::kDraw;
  EXPECT_EQ(WritePdnGame(record),
            "[Event \"Ohio State Ty 1946\"]\n"
            "[Site \"?\"]\n"
            "[Date \"?\?\?\?-?\?-?\?\"]\n"
            "[Round \"?\"]\n"
            "[Black \"MF Tinsley\"]\n"
            "[White \"M Rex\"]\n"
            "[Result \"1/2-1/2\"]\n"
            "[GameType \"21\"]\n"
            "\n"
            // 79 columns, the longest line allowed.
            "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10-14 19x10 5. 14x23 "
            "26x19 1/2-1/2\n");
}

TEST(PdnWriterTest, RussianGameIsGameType25InAlgebraicNumberedFromWhite) {
  // White's king on 24 takes 19 and 6 and stops on 1; Black replies.
  const Position start = *ParseFen("W:W22,K24,28:B2,5,6,19");
  GameRecord record =
      Record(start, {"24x10x1", "2-6", "1x15"}, Edition::kRussian);
  record.tags = {{"White", "Блиндер Б."}, {"Black", "Миротин Б."}};
  record.result = GameResult::kFirstWins;
  const std::string text = WritePdnGame(record);
  EXPECT_EQ(text,
            "[Event \"?\"]\n"
            "[Site \"?\"]\n"
            "[Date \"?\?\?\?-?\?-?\?\"]\n"
            "[Round \"?\"]\n"
            "[Black \"Миротин Б.\"]\n"
            "[White \"Блиндер Б.\"]\n"
            "[Result \"1-0\"]\n"
            "[GameType \"25\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"W:W22,K24,28:B2,5,6,19\"]\n"
            "\n"
            "1. g3:d6:b8 d8-c7 2. b8:e5 1-0\n");
  const GameRecord back = ReadBack(text);
  EXPECT_EQ(back.edition(), Edition::kRussian);
  EXPECT_EQ(back.start, GamePosition::Of(start, Edition::kRussian));
  EXPECT_EQ(back.moves, record.moves);
  EXPECT_EQ(back.result, GameResult::kFirstWins);
}

TEST(PdnWriterTest, RussianStartNeedsNoFenAndPoolIsGameType23) {
  const GameRecord russian = Record(Position::Initial(Edition::kRussian),
                                    {"22-18", "11-15"}, Edition::kRussian);
  EXPECT_THAT(WritePdnGame(russian),
              HasSubstr("[GameType \"25\"]\n\n1. c3-d4 f6-e5 *\n"));
  const GameRecord pool = Record(Position::Initial(Edition::kPool),
                                 {"11-15", "23-19"}, Edition::kPool);
  const std::string text = WritePdnGame(pool);
  EXPECT_THAT(text, HasSubstr("[GameType \"23\"]\n\n1. 11-15 23-19 *\n"));
  const GameRecord back = ReadBack(text);
  EXPECT_EQ(back.edition(), Edition::kPool);
  EXPECT_EQ(back.moves, pool.moves);
}

TEST(PdnWriterTest, InternationalGameIsGameType20WithFullRoutesFromWhite) {
  GameRecord record;
  record.start = GamePosition::Initial(Edition::kInternational);
  GamePosition pos = record.start;
  for (const char* text : {"32-28", "19-23", "28x19", "14x23"}) {
    absl::StatusOr<GameMove> m = pos.ParseMove(text);
    ASSERT_TRUE(m.ok()) << m.status();
    record.moves.push_back(*m);
    pos.Play(*m);
  }
  record.result = GameResult::kDraw;
  const std::string text = WritePdnGame(record);
  // The standard start needs no FEN; a draw is worth a point each, written
  // as international files write it (issue 47).
  EXPECT_THAT(text, HasSubstr("[Result \"1-1\"]\n[GameType \"20\"]\n\n"
                              "1. 32-28 19-23 2. 28x19 14x23 1-1\n"));
  const GameRecord back = ReadBack(text);
  EXPECT_EQ(back.edition(), Edition::kInternational);
  EXPECT_EQ(back.start, record.start);
  EXPECT_EQ(back.moves, record.moves);
  EXPECT_EQ(back.result, GameResult::kDraw);
}

TEST(PdnWriterTest, ResultTokensAreTheEditions) {
  EXPECT_EQ(ResultTokenOf(GameResult::kFirstWins, Edition::kInternational),
            "2-0");
  EXPECT_EQ(ResultTokenOf(GameResult::kSecondWins, Edition::kInternational),
            "0-2");
  EXPECT_EQ(ResultTokenOf(GameResult::kDraw, Edition::kInternational), "1-1");
  for (const Edition e :
       {Edition::kEnglish, Edition::kRussian, Edition::kPool}) {
    EXPECT_EQ(ResultTokenOf(GameResult::kFirstWins, e), "1-0");
    EXPECT_EQ(ResultTokenOf(GameResult::kSecondWins, e), "0-1");
    EXPECT_EQ(ResultTokenOf(GameResult::kDraw, e), "1/2-1/2");
  }
  EXPECT_EQ(ResultTokenOf(GameResult::kUnknown, Edition::kInternational), "*");
}

TEST(PdnWriterTest, SetUpPositionGetsFenAndWhitesFirstMoveIsNumberedWithDots) {
  const Position start = *ParseFen("W:W22,30:B18,10,2");
  GameRecord record = Record(start, {"22x6", "2x9", "30-26"});
  record.result = GameResult::kFirstWins;
  EXPECT_EQ(WritePdnGame(record),
            "[Event \"?\"]\n"
            "[Site \"?\"]\n"
            "[Date \"?\?\?\?-?\?-?\?\"]\n"
            "[Round \"?\"]\n"
            "[Black \"?\"]\n"
            "[White \"?\"]\n"
            "[Result \"1-0\"]\n"
            "[GameType \"21\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"W:W22,30:B2,10,18\"]\n"
            "\n"
            "1... 22x15x6 2. 2x9 30-26 1-0\n");
}

TEST(PdnWriterTest, GeneratedTagsReplaceTheRecordsAndOthersFollowInOrder) {
  GameRecord record;
  record.tags = {{"Annotator", "X"},     {"result", "1-0"}, {"GameType", "20"},
                 {"FEN", "B:W1:B2"},     {"SetUp", "1"},    {"Date", " "},
                 {"Opening", "Old 14th"}};
  const std::string text = WritePdnGame(record);
  EXPECT_THAT(text, HasSubstr("[Date \"?\?\?\?-?\?-?\?\"]\n[Round \"?\"]\n"));
  EXPECT_THAT(text,
              HasSubstr("[Result \"*\"]\n[GameType \"21\"]\n"
                        "[Annotator \"X\"]\n[Opening \"Old 14th\"]\n\n*\n"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("FEN")));
}

TEST(PdnWriterTest, ValuesAreEscapedAndKeptOnOneLine) {
  GameRecord record;
  record.tags = {{"Event", "The \"Big\" Shot\nC:\\x"}};
  const std::string text = WritePdnGame(record);
  EXPECT_THAT(text, HasSubstr("[Event \"The \\\"Big\\\" Shot C:\\\\x\"]\n"));
  const GameRecord back = ReadBack(text);
  EXPECT_EQ(*FindTag(back.tags, "Event"), "The \"Big\" Shot C:\\x");
}

TEST(PdnWriterTest, LongGamesWrapUnder80ColumnsKeepingNumbersWithMoves) {
  // Kings shuffling back and forth: 200 plies of three-digit move numbers
  // and the same moves, all with full routes.
  const Position start = *ParseFen("B:WK32:BK1");
  std::vector<std::string> moves;
  for (int i = 0; i < 50; ++i) {
    for (const char* m : {"1-5", "32-28", "5-1", "28-32"}) moves.push_back(m);
  }
  const GameRecord record = Record(start, moves);
  const std::string text = WritePdnGame(record);
  const std::vector<std::string> lines = absl::StrSplit(text, '\n');
  for (const std::string& line : lines) {
    EXPECT_LT(line.size(), 80u) << line;
    EXPECT_FALSE(absl::EndsWith(line, ".")) << line;
  }
  EXPECT_EQ(ReadBack(text).moves, record.moves);
}

TEST(PdnWriterTest, OutputReadsBackToTheSameGame) {
  GameRecord record = Record(
      *ParseFen("B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12"),
      {"12-16", "19x12", "10-15", "18-14", "9x27", "32x23"});
  record.tags = {{"Event", "11-man ballot"},
                 {"Black", "A"},
                 {"White", "B"},
                 {"Round", "3.1"},
                 {"Annotator", "C"}};
  record.result = GameResult::kSecondWins;
  const std::string text = WritePdnGame(record);
  const GameRecord back = ReadBack(text);
  EXPECT_EQ(back.start, record.start);
  EXPECT_EQ(back.moves, record.moves);
  EXPECT_EQ(back.result, record.result);
  for (const PdnTag& tag : record.tags) {
    EXPECT_EQ(FindTag(back.tags, tag.name), tag.value) << tag.name;
  }
  EXPECT_EQ(WritePdnGame(back), text);
}

TEST(PdnWriterTest, SeveralGamesAreSeparatedByABlankLine) {
  GameRecord a = Record(Position::Initial(), {"11-15"});
  GameRecord b = Record(Position::Initial(), {"9-14", "22-18"});
  a.result = GameResult::kFirstWins;
  const std::string text = WritePdn({a, b});
  EXPECT_THAT(text, HasSubstr("1. 11-15 1-0\n\n[Event \"?\"]\n"));
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[1].moves.size(), 2u);
  EXPECT_EQ((*games)[1].result, "*");
}

}  // namespace
}  // namespace checkers::replay
