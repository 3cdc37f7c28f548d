#include "replay/pdn_replay.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/pdn.h"

namespace checkers::replay {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A StatusOr that failed with `code`, its message matching `message`.
MATCHER_P2(FailsWith, code, message, "") {
  return !arg.ok() && arg.status().code() == code &&
         ExplainMatchResult(message, std::string(arg.status().message()),
                            result_listener);
}

// The only game of `text`.
PdnGame OneGame(absl::string_view text) {
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  EXPECT_TRUE(games.ok()) << games.status();
  EXPECT_EQ(games.ok() ? games->size() : 0, 1u) << text;
  return games.ok() && !games->empty() ? games->front() : PdnGame{};
}

std::vector<std::string> Texts(const GameRecord& record) {
  std::vector<std::string> texts;
  for (const GameMove& m : record.moves) texts.push_back(m.Text());
  return texts;
}

TEST(PdnReplayTest, ReplaysFromTheStandardStart) {
  const PdnGame game = OneGame(
      "[Event \"e\"]\n[Result \"0-1\"]\n"
      "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 "
      "*");
  absl::StatusOr<GameRecord> record = ReplayPdnGame(game);
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->start, GamePosition::Initial(Edition::kEnglish));
  // The file's "10x14" is a step (as written in tinsley.pdn); the record
  // holds what was played.
  EXPECT_THAT(Texts(*record),
              ElementsAre("11-15", "23-18", "8-11", "27-23", "4-8", "23-19",
                          "10-14", "19x10", "14x23", "26x19"));
  EXPECT_EQ(record->tags, game.tags);
  // The termination token wins over the tag.
  EXPECT_EQ(record->result, GameResult::kUnknown);
}

TEST(PdnReplayTest, ShortFormsAndDashedCapturesBecomeFullRoutes) {
  const PdnGame game =
      OneGame("[FEN \"W:W22,30:B18,10,2.\"] 1... 22-6 2. 2x9 30-26 *");
  absl::StatusOr<GameRecord> record = ReplayPdnGame(game);
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->start,
            *GamePosition::ParseFen("W:W22,30:B18,10,2", Edition::kEnglish));
  EXPECT_THAT(Texts(*record), ElementsAre("22x15x6", "2x9", "30-26"));
}

TEST(PdnReplayTest, SetUpWithoutFenIsDataLoss) {
  EXPECT_THAT(
      ReplayPdnGame(OneGame("[Event \"e\"]\n[SetUp \"1\"]\n11-15 *")),
      FailsWith(
          absl::StatusCode::kDataLoss,
          HasSubstr(
              "game 1 (\"e\"), line 1: the SetUp \"1\" tag needs a FEN tag")));
}

TEST(PdnReplayTest, BadFenIsDataLossNamingTheGame) {
  EXPECT_THAT(
      ReplayPdnGame(OneGame("\n[Black \"A\"]\n[FEN \"B:W0:B1\"]\n11-15 *")),
      FailsWith(absl::StatusCode::kDataLoss,
                HasSubstr("game 1 (A vs ?), line 3: bad FEN")));
}

TEST(PdnReplayTest, GameTypeChoosesTheEdition) {
  absl::StatusOr<GameRecord> english =
      ReplayPdnGame(OneGame("[GameType \"21\"] 11-15 *"));
  ASSERT_TRUE(english.ok()) << english.status();
  EXPECT_EQ(english->edition(), Edition::kEnglish);
  EXPECT_TRUE(
      ReplayPdnGame(OneGame("[GameType \" 21,B,8,8,N1,0\"] 11-15 *")).ok());

  // Russian: White, on 21-32, moves first; a1 is square 29.
  absl::StatusOr<GameRecord> russian = ReplayPdnGame(
      OneGame("[GameType \"25,W,8,8,A0,0\"] 1. c3-d4 f6-g5 2. d4-e5 *"));
  ASSERT_TRUE(russian.ok()) << russian.status();
  EXPECT_EQ(russian->edition(), Edition::kRussian);
  EXPECT_EQ(russian->start, GamePosition::Initial(Edition::kRussian));
  EXPECT_EQ(russian->start.side_to_move(), Color::kWhite);
  EXPECT_THAT(Texts(*russian), ElementsAre("22-18", "11-16", "18-15"));

  absl::StatusOr<GameRecord> pool =
      ReplayPdnGame(OneGame("[GameType \"23\"] 1. 11-15 23-19 *"));
  ASSERT_TRUE(pool.ok()) << pool.status();
  EXPECT_EQ(pool->edition(), Edition::kPool);
  EXPECT_EQ(pool->start.side_to_move(), Color::kBlack);
}

TEST(PdnReplayTest, WithoutGameTypeTheCallerNamesTheEdition) {
  const PdnGame game = OneGame("1. c3-d4 f6-g5 *");
  EXPECT_THAT(ReplayPdnGame(game),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("Black's move 1: c3-d4 is 22-18: 22-18 is "
                                  "not legal here")));
  absl::StatusOr<GameRecord> russian = ReplayPdnGame(game, Edition::kRussian);
  ASSERT_TRUE(russian.ok()) << russian.status();
  EXPECT_EQ(russian->edition(), Edition::kRussian);
  // A GameType tag wins over the caller's edition.
  absl::StatusOr<GameRecord> english =
      ReplayPdnGame(OneGame("[GameType \"21\"] 11-15 *"), Edition::kRussian);
  ASSERT_TRUE(english.ok()) << english.status();
  EXPECT_EQ(english->edition(), Edition::kEnglish);
}

TEST(PdnReplayTest, GameType20IsInternationalWithWhiteFirstOn10x10) {
  for (const absl::string_view type : {"20", "20,W,10,10,N2,0"}) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(OneGame(absl::StrCat(
        "[GameType \"", type, "\"]\n1. 32-28 19-23 2. 28x19 14x23 1-1")));
    ASSERT_TRUE(record.ok()) << record.status();
    EXPECT_EQ(record->edition(), Edition::kInternational);
    EXPECT_EQ(record->start, GamePosition::Initial(Edition::kInternational));
    EXPECT_EQ(record->start.side_to_move(), Color::kWhite);
    EXPECT_THAT(Texts(*record),
                ElementsAre("32-28", "19-23", "28x19", "14x23"));
    EXPECT_EQ(record->result, GameResult::kDraw);
  }
  // The caller's edition serves a game without the tag, also in algebraic
  // squares, read on ten columns: a1 is 46, so b4-c5 is 31-27.
  absl::StatusOr<GameRecord> untagged =
      ReplayPdnGame(OneGame("1. b4-c5 *"), Edition::kInternational);
  ASSERT_TRUE(untagged.ok()) << untagged.status();
  EXPECT_EQ(untagged->edition(), Edition::kInternational);
  EXPECT_THAT(Texts(*untagged), ElementsAre("31-27"));
}

TEST(PdnReplayTest, InternationalCaptureByItsEndsIsTheLegalRoute) {
  // White's man on 28 takes 23 and 14 and lands on 10; "2-0" is White's
  // win, the first mover's.
  absl::StatusOr<GameRecord> record = ReplayPdnGame(
      OneGame("[GameType \"20\"]\n[FEN \"W:W28:B23,14,3\"]\n1. 28x10 2-0"));
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->start,
            *GamePosition::ParseFen("W:W28:B3,14,23", Edition::kInternational));
  EXPECT_THAT(Texts(*record), ElementsAre("28x19x10"));
  EXPECT_THAT(record->moves[0].captured(), ElementsAre(23, 14));
  EXPECT_EQ(record->result, GameResult::kFirstWins);
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"20\"]\n[FEN "
                                    "\"W:W28:B23,13,3\"]\n1. 28x10 0-2")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("White's move 1: 28x10 is not legal here; "
                                  "legal moves: 28x19x8")));
}

// No 8x8 board has square 33: a game without a GameType tag that names
// one is refused under an 8x8 edition rather than guessed to be another
// edition (issue 47), and replays when the caller names international.
TEST(PdnReplayTest, UntaggedGameWithSquaresAbove32NeedsInternationalNamed) {
  for (const Edition e : {Edition::kEnglish, Edition::kRussian}) {
    EXPECT_THAT(ReplayPdnGame(OneGame("1. 33-28 18-22 *"), e),
                FailsWith(absl::StatusCode::kFailedPrecondition,
                          HasSubstr("names square 33, which only the 10x10 "
                                    "board of international draughts has")));
  }
  EXPECT_THAT(ReplayPdnGame(OneGame("[FEN \"B:W40:B1\"]\n1... 1-7 *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("--rules=international")));
  absl::StatusOr<GameRecord> moves =
      ReplayPdnGame(OneGame("1. 33-28 18-22 *"), Edition::kInternational);
  ASSERT_TRUE(moves.ok()) << moves.status();
  EXPECT_EQ(moves->edition(), Edition::kInternational);
  absl::StatusOr<GameRecord> fen = ReplayPdnGame(
      OneGame("[FEN \"B:W40:B1\"]\n1... 1-7 *"), Edition::kInternational);
  ASSERT_TRUE(fen.ok()) << fen.status();
  EXPECT_THAT(Texts(*fen), ElementsAre("1-7"));
}

TEST(PdnReplayTest, UnknownGameTypesAreRefusedNamingThem) {
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"22\"] 1. 22-18 *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("GameType \"22\" is not a game this "
                                  "version plays; this version plays English "
                                  "checkers (GameType 21), Russian draughts "
                                  "(25), pool checkers (23) and international "
                                  "draughts (20)")));
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"pool\"] 11-15 *")),
              FailsWith(absl::StatusCode::kDataLoss,
                        HasSubstr("does not start with a game type number")));
}

TEST(PdnReplayTest, LongFormThatContradictsTheEditionIsRefused) {
  EXPECT_THAT(
      ReplayPdnGame(OneGame("[GameType \"23,W,8,8,A0,0\"] 1. c3-d4 *")),
      FailsWith(absl::StatusCode::kFailedPrecondition,
                HasSubstr("GameType \"23,W,8,8,A0,0\" has White move "
                          "first; this version plays pool checkers with "
                          "Black first only")));
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"25,W,10,10,A0,0\"] *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("names a board other than 8x8")));
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"20,W,8,8,N2,0\"] *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("names a board other than 10x10; this "
                                  "version plays international draughts on "
                                  "10x10 only")));
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"20,B,10,10,N2,0\"] *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("has Black move first; this version plays "
                                  "international draughts with White first "
                                  "only")));
  EXPECT_EQ(EditionOfGameType(" 25 ").value_or(Edition::kEnglish),
            Edition::kRussian);
  EXPECT_EQ(GameTypeOf(Edition::kPool), 23);
  EXPECT_EQ(GameTypeOf(Edition::kInternational), 20);
}

TEST(PdnReplayTest, AlgebraicSquareOffTheBoardIsRefused) {
  EXPECT_THAT(ReplayPdnGame(OneGame("1. c3-d5 *"), Edition::kRussian),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("White's move 1: c3-d5 names a square that "
                                  "is not a dark square of the 8x8 board")));
}

TEST(PdnReplayTest, IllegalMoveNamesGameSideNumberMoveAndLegalMoves) {
  const std::string text =
      "[Event \"Petal 1981, game 18\"]\n[Black \"AA Long\"]\n[White \"M "
      "Tinsley\"]\n"
      "1. 11-15 23-18\n2. 11-16 0-1";
  absl::StatusOr<GameRecord> record = ReplayPdnGame(OneGame(text));
  ASSERT_FALSE(record.ok());
  EXPECT_EQ(record.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(record.status().message(),
            "game 1 (\"Petal 1981, game 18\", AA Long vs M Tinsley), line 5: "
            "Black's move "
            "2: 11-16 is not legal here; legal moves: 7-11 8-11 9-13 9-14 "
            "10-14 12-16 15-19");
}

TEST(PdnReplayTest, AmbiguousShortFormListsTheRoutes) {
  const absl::StatusOr<GameRecord> record =
      ReplayPdnGame(OneGame("[FEN \"B:BK11:W6,7,14,15\"]\n1. 11x11 *"));
  EXPECT_THAT(
      record,
      FailsWith(absl::StatusCode::kFailedPrecondition,
                HasSubstr("line 2: Black's move 1: 11x11 is ambiguous")));
  ASSERT_FALSE(record.ok());
  EXPECT_THAT(record.status().message(), HasSubstr("11x2x9x18x11"));
  EXPECT_THAT(record.status().message(), HasSubstr("11x18x9x2x11"));
}

TEST(PdnReplayTest, SquaresOffTheBoardAreRefused) {
  EXPECT_THAT(ReplayPdnGame(OneGame("[GameType \"21\"] 11-15 45-50 *")),
              FailsWith(absl::StatusCode::kFailedPrecondition,
                        HasSubstr("White's move 1: \"45-50\" is not a move")));
}

TEST(PdnReplayTest, DescribeGameUsesTheTagsPresent) {
  PdnGame game;
  game.index = 7;
  EXPECT_EQ(DescribeGame(game), "game 7");
  game.tags = {{"White", "B"}};
  EXPECT_EQ(DescribeGame(game), "game 7 (? vs B)");
  game.tags = {{"Black", "A"}, {"Event", " Open "}, {"White", "B"}};
  EXPECT_EQ(DescribeGame(game), "game 7 (\"Open\", A vs B)");
}

}  // namespace
}  // namespace checkers::replay
