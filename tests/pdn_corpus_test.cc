// The PDN reader, replay and writer on real game collections and on a
// hand-written file with every construct the reader tolerates.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_replace.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/game_record.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "replay/pdn_writer.h"
#include "tests/test_data.h"

namespace checkers::replay {
namespace {

using ::checkers::testing::ReadTestData;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// The games of russian_games.pdn after whose last move the side to move has
// no legal move: none, every game ends by resignation or agreement.
constexpr int kRussianGamesEndingWithoutALegalMove = 0;

// The games of a collection whose games without a GameType tag are opened
// by `first_mover`.
std::vector<PdnGame> ReadGames(absl::string_view name,
                               Color first_mover = Color::kBlack) {
  absl::StatusOr<std::string> text = ReadTestData(name);
  EXPECT_TRUE(text.ok()) << text.status();
  if (!text.ok()) return {};
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(*text, first_mover);
  EXPECT_TRUE(games.ok()) << games.status();
  return games.ok() ? *games : std::vector<PdnGame>{};
}

std::vector<std::string> MoveTexts(const PdnGame& game) {
  std::vector<std::string> texts;
  for (const PdnMove& m : game.moves) texts.push_back(m.text);
  return texts;
}

std::vector<std::string> RouteTexts(const GameRecord& record) {
  std::vector<std::string> texts;
  for (const GameMove& m : record.moves) texts.push_back(m.Text());
  return texts;
}

// Writes every game that replays (under `edition` when it has no GameType
// tag), reads the output back and checks it is the same game move for
// move, with its edition, tags and result: the GameType tag written
// carries the edition.
void ExpectRoundTrip(const std::vector<PdnGame>& games,
                     Edition edition = Edition::kEnglish) {
  std::vector<GameRecord> records;
  for (const PdnGame& game : games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game, edition);
    if (record.ok()) records.push_back(*std::move(record));
  }
  const std::string text = WritePdn(records);
  absl::StatusOr<std::vector<PdnGame>> back = ParsePdn(text);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& original = records[i];
    absl::StatusOr<GameRecord> copy = ReplayPdnGame((*back)[i]);
    ASSERT_TRUE(copy.ok()) << copy.status();
    EXPECT_EQ(copy->edition(), original.edition()) << DescribeGame((*back)[i]);
    EXPECT_EQ(copy->start, original.start) << DescribeGame((*back)[i]);
    EXPECT_EQ(copy->moves, original.moves) << DescribeGame((*back)[i]);
    EXPECT_EQ(copy->result, original.result) << DescribeGame((*back)[i]);
    for (const PdnTag& tag : original.tags) {
      // The writer makes a roster tag left empty "?".
      if (tag.name == "Result" || tag.name == "SetUp" || tag.name == "FEN" ||
          tag.name == "GameType" ||
          absl::StripAsciiWhitespace(tag.value).empty())
        continue;
      EXPECT_EQ(FindTag(copy->tags, tag.name), tag.value)
          << DescribeGame((*back)[i]);
    }
  }
  // Writing what was read back gives the same text.
  std::vector<GameRecord> again;
  for (const PdnGame& game : *back) again.push_back(*ReplayPdnGame(game));
  EXPECT_EQ(WritePdn(again), text);
}

TEST(PdnCorpusTest, TinsleyGamesReplayExceptTheOneWithATranscriptionError) {
  const std::vector<PdnGame> games = ReadGames("tinsley.pdn");
  ASSERT_EQ(games.size(), 724u);
  int replayed = 0;
  size_t plies = 0;
  std::vector<std::string> refusals;
  for (const PdnGame& game : games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game);
    if (record.ok()) {
      ++replayed;
      plies += record->moves.size();
    } else {
      EXPECT_EQ(record.status().code(), absl::StatusCode::kFailedPrecondition);
      refusals.emplace_back(record.status().message());
    }
  }
  EXPECT_EQ(replayed, 723);
  ASSERT_EQ(refusals.size(), 1u);
  EXPECT_THAT(
      refusals[0],
      StartsWith(
          "game 541 (\"Petal 1981, game 18\", AA Long vs M Tinsley), line "
          "5588: Black's move 62: 32-28 is not legal here; legal moves: "));

  // The refused game is legal up to that move: 122 plies, which with the
  // 723 games make the 36,108 legal plies of the file.
  const PdnGame& petal = games[540];
  ASSERT_EQ(FindTag(petal.tags, "Event"), "Petal 1981, game 18");
  PdnGame prefix = petal;
  prefix.moves.resize(122);
  EXPECT_EQ(petal.moves[122].text, "32-28");
  EXPECT_EQ(petal.moves[122].number, 62);
  EXPECT_EQ(petal.moves[122].side, Color::kBlack);
  EXPECT_TRUE(ReplayPdnGame(prefix).ok());
  EXPECT_EQ(plies, 35986u);
  EXPECT_EQ(plies + prefix.moves.size(), 36108u);
}

TEST(PdnCorpusTest, TinsleyRemarksGluedToMovesAreNotes) {
  const std::vector<PdnGame> games = ReadGames("tinsley.pdn");
  std::vector<int> noted;
  for (const PdnGame& game : games) {
    for (const PdnNote& note : game.notes) {
      noted.push_back(game.index);
      EXPECT_THAT(note.message, HasSubstr("oversteppedthetimecontrol"));
    }
  }
  EXPECT_THAT(noted, ElementsAre(623, 693));
  EXPECT_EQ(games[622].moves.back().text, "8-11");
  EXPECT_EQ(games[692].moves.back().text, "26-22");
}

TEST(PdnCorpusTest, TrapsReplayWhole) {
  const std::vector<PdnGame> games = ReadGames("traps.pdn");
  ASSERT_EQ(games.size(), 15u);
  for (const PdnGame& game : games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game);
    EXPECT_TRUE(record.ok()) << record.status();
  }
}

TEST(PdnCorpusTest, EveryTinsleyGameRoundTrips) {
  ExpectRoundTrip(ReadGames("tinsley.pdn"));
}

TEST(PdnCorpusTest, EveryTrapsGameRoundTrips) {
  ExpectRoundTrip(ReadGames("traps.pdn"));
}

TEST(PdnCorpusTest, ToleranceFileReadsAsWritten) {
  const std::vector<PdnGame> games = ReadGames("tolerance.pdn");
  ASSERT_EQ(games.size(), 5u);

  const PdnGame& annotated = games[0];
  EXPECT_EQ(annotated.line, 4);
  EXPECT_THAT(
      annotated.tags,
      ElementsAre(PdnTag{"Event", "Tolerance: annotations"},
                  PdnTag{"Black", "MF Tinsley"}, PdnTag{"White", "M Rex"},
                  PdnTag{"Date", "1946.??.??"}));
  EXPECT_THAT(
      MoveTexts(annotated),
      ElementsAre("11-15", "23-18", "8-11", "27-23", "4-8", "23-19", "10x14",
                  "19x10", "14x23", "26x19", "7x14", "24-20", "6-10", "30-26"));
  EXPECT_EQ(annotated.moves[10].number, 6);
  EXPECT_EQ(annotated.moves[10].line, 13);
  EXPECT_EQ(annotated.moves[12].number, 7);
  EXPECT_EQ(annotated.moves[12].side, Color::kBlack);
  EXPECT_EQ(annotated.result, "1/2-1/2");

  absl::StatusOr<GameRecord> jumps = ReplayPdnGame(games[1]);
  ASSERT_TRUE(jumps.ok()) << jumps.status();
  EXPECT_EQ(games[1].line, 14);
  EXPECT_EQ(RouteTexts(*jumps)[15], "13x6");
  EXPECT_EQ(RouteTexts(*jumps).back(), "25x18x11x2");
  EXPECT_EQ(jumps->result, GameResult::kSecondWins);

  absl::StatusOr<GameRecord> setup = ReplayPdnGame(games[2]);
  ASSERT_TRUE(setup.ok()) << setup.status();
  EXPECT_EQ(setup->start,
            *GamePosition::ParseFen("W:W22,30:B18,10,2", Edition::kEnglish));
  EXPECT_THAT(RouteTexts(*setup), ElementsAre("22x15x6", "2x9", "30-26"));
  EXPECT_EQ(games[2].moves[0].side, Color::kWhite);
  EXPECT_EQ(setup->result, GameResult::kFirstWins);

  EXPECT_TRUE(games[3].tags.empty());
  EXPECT_THAT(MoveTexts(games[3]), ElementsAre("9-14", "22-17", "11-15"));
  EXPECT_EQ(games[3].result, "0-1");
  EXPECT_TRUE(games[4].tags.empty());
  EXPECT_THAT(MoveTexts(games[4]),
              ElementsAre("11-15", "22-18", "15x22", "25x18"));
  EXPECT_EQ(games[4].result, "*");
  ASSERT_EQ(games[4].notes.size(), 1u);
  EXPECT_EQ(games[4].notes[0].line, 24);

  for (const PdnGame& game : games) {
    EXPECT_TRUE(ReplayPdnGame(game).ok()) << DescribeGame(game);
  }
  ExpectRoundTrip(games);
}

TEST(PdnCorpusTest, ToleranceFileReadsTheSameWithCrlfAndByteOrderMark) {
  absl::StatusOr<std::string> text = ReadTestData("tolerance.pdn");
  ASSERT_TRUE(text.ok()) << text.status();
  const std::vector<PdnGame> lf = *ParsePdn(*text);
  absl::StatusOr<std::vector<PdnGame>> crlf =
      ParsePdn("\xEF\xBB\xBF" + absl::StrReplaceAll(*text, {{"\n", "\r\n"}}));
  ASSERT_TRUE(crlf.ok()) << crlf.status();
  ASSERT_EQ(crlf->size(), lf.size());
  for (size_t i = 0; i < lf.size(); ++i) {
    EXPECT_EQ((*crlf)[i].line, lf[i].line);
    EXPECT_EQ((*crlf)[i].tags, lf[i].tags);
    ASSERT_EQ((*crlf)[i].moves.size(), lf[i].moves.size());
    for (size_t j = 0; j < lf[i].moves.size(); ++j) {
      const PdnMove& a = (*crlf)[i].moves[j];
      const PdnMove& b = lf[i].moves[j];
      EXPECT_EQ(a.text, b.text);
      EXPECT_EQ(a.number, b.number);
      EXPECT_EQ(a.side, b.side);
      EXPECT_EQ(a.line, b.line);
      EXPECT_EQ(a.column, b.column);
    }
    EXPECT_EQ((*crlf)[i].result, lf[i].result);
  }
}

// Counts what a collection holds as read: games, games with moves, moves.
struct Counts {
  int games = 0;
  int with_moves = 0;
  int moves = 0;
};

Counts CountOf(const std::vector<PdnGame>& games) {
  Counts c;
  c.games = static_cast<int>(games.size());
  for (const PdnGame& g : games) {
    if (!g.moves.empty()) ++c.with_moves;
    c.moves += static_cast<int>(g.moves.size());
  }
  return c;
}

TEST(PdnCorpusTest, EveryRussianGameIsReadWithItsAlgebraicMoves) {
  const std::vector<PdnGame> games = ReadGames("russian_games.pdn");
  const Counts c = CountOf(games);
  EXPECT_EQ(c.games, 153);
  EXPECT_EQ(c.with_moves, 153);
  EXPECT_EQ(c.moves, 8730);
  ASSERT_FALSE(games.empty());
  EXPECT_THAT(MoveTexts(games[0]),
              ::testing::IsSupersetOf({"c3-d4", "d4:b6", "c5:g5"}));
  for (const PdnGame& g : games) {
    for (const PdnMove& m : g.moves) {
      EXPECT_TRUE(NumericMoveText(m.text, 8).has_value())
          << DescribeGame(g) << " " << m.text;
    }
  }
}

// The 10th USSR championship, algebraic and without GameType tags: read
// as Russian (`checkers import --rules=russian`), every game replays
// legally with White, on squares 21-32, moving first.
TEST(PdnCorpusTest, EveryRussianGameReplaysUnderRussianRules) {
  const std::vector<PdnGame> games =
      ReadGames("russian_games.pdn", Color::kWhite);
  ASSERT_EQ(games.size(), 153u);
  int replayed = 0;
  int plies = 0;
  int no_legal_move = 0;
  for (const PdnGame& game : games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game, Edition::kRussian);
    ASSERT_TRUE(record.ok()) << record.status();
    ++replayed;
    plies += static_cast<int>(record->moves.size());
    EXPECT_EQ(record->edition(), Edition::kRussian);
    // The FEN tag each game carries is the Russian start.
    EXPECT_EQ(record->start, GamePosition::Initial(Edition::kRussian));
    ASSERT_FALSE(record->moves.empty());
    EXPECT_EQ(game.moves[0].side, Color::kWhite);
    // White opens from its front row, c3, e3, g3 or a3: squares 21-24.
    EXPECT_GE(record->moves[0].from(), 21) << DescribeGame(game);
    EXPECT_LE(record->moves[0].from(), 24) << DescribeGame(game);

    // A game that ends with the side to move left without a legal move
    // claims the win of the other side ("1-0": White, the first mover).
    GamePosition end = record->start;
    for (const GameMove& m : record->moves) end.Play(m);
    if (!end.HasLegalMove()) {
      ++no_legal_move;
      EXPECT_EQ(record->result, end.side_to_move() == Color::kBlack
                                    ? GameResult::kFirstWins
                                    : GameResult::kSecondWins)
          << DescribeGame(game);
    }
  }
  EXPECT_EQ(replayed, 153);
  EXPECT_EQ(plies, 8730);
  EXPECT_EQ(no_legal_move, kRussianGamesEndingWithoutALegalMove);

  // The first game as written: 1. c3-d4 d6-e5 is 22-18 10-15.
  absl::StatusOr<GameRecord> first = ReplayPdnGame(games[0], Edition::kRussian);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->moves[0].Text(), "22-18");
  EXPECT_EQ(first->moves[1].Text(), "10-15");
  EXPECT_EQ(first->result, GameResult::kFirstWins);
}

TEST(PdnCorpusTest, EveryRussianGameRoundTripsWithGameType25) {
  ExpectRoundTrip(ReadGames("russian_games.pdn", Color::kWhite),
                  Edition::kRussian);
}

TEST(PdnCorpusTest, EveryInternationalGameIsReadWithItsGameType) {
  const std::vector<PdnGame> games = ReadGames("international_games.pdn");
  const Counts c = CountOf(games);
  EXPECT_EQ(c.games, 170);
  EXPECT_EQ(c.with_moves, 169);
  EXPECT_EQ(c.moves, 17834);
  int typed = 0;
  int two_point = 0;
  for (const PdnGame& g : games) {
    if (const std::optional<absl::string_view> type =
            FindTag(g.tags, "GameType");
        type.has_value()) {
      ++typed;
      EXPECT_EQ(ParseGameType(*type).value_or(-1), 20) << DescribeGame(g);
    }
    if (g.result == "2-0" || g.result == "1-1" || g.result == "0-2") {
      ++two_point;
    }
  }
  EXPECT_EQ(typed, 118);
  EXPECT_EQ(two_point, 7);
}

// What replaying international_games.pdn gives, game by game.
struct InternationalReplay {
  int replayed = 0;
  int plies = 0;
  // Games read as international by their GameType tag, and games without
  // one that the squares of their moves show to be 10x10.
  int by_type = 0;
  int by_squares = 0;
  // Captures written by their first and last squares only where the piece
  // landed in between ("28x10" for "28x19x10").
  int shortened_captures = 0;
  std::vector<std::string> refusals;
};

InternationalReplay ReplayInternational(const std::vector<PdnGame>& games,
                                        Edition edition) {
  InternationalReplay r;
  for (const PdnGame& game : games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game, edition);
    if (!record.ok()) {
      r.refusals.emplace_back(record.status().message());
      continue;
    }
    if (record->edition() != Edition::kInternational) continue;
    ++r.replayed;
    r.plies += static_cast<int>(record->moves.size());
    if (FindTag(game.tags, "GameType").has_value()) {
      ++r.by_type;
    } else {
      ++r.by_squares;
    }
    for (size_t i = 0; i < record->moves.size(); ++i) {
      const std::string& text = game.moves[i].text;
      const size_t written =
          1 + std::count_if(text.begin(), text.end(), [](char c) {
            return c == '-' || c == 'x' || c == ':';
          });
      if (written < record->moves[i].route().size()) ++r.shortened_captures;
    }
  }
  return r;
}

// The 170 games of international_games.pdn (118 with GameType 20, the
// others without the tag; one, with the tag, has no moves): every game
// replays legally on 10x10 with White first; none is illegal or
// unreadable, so no game is refused. Read as `checkers import
// --rules=international` reads them.
TEST(PdnCorpusTest, EveryInternationalGameReplaysOn10x10) {
  const std::vector<PdnGame> games =
      ReadGames("international_games.pdn", Color::kWhite);
  const InternationalReplay r =
      ReplayInternational(games, Edition::kInternational);
  EXPECT_THAT(r.refusals, ::testing::IsEmpty());
  EXPECT_EQ(r.replayed, 170);
  EXPECT_EQ(r.plies, 17834);
  EXPECT_EQ(r.by_type, 118);
  EXPECT_EQ(r.by_squares, 52);
  // Short captures are resolved by the legal moves to one route.
  EXPECT_EQ(r.shortened_captures, 431);

  // The first game as written: 1. 33-28 18-22 2. 38-33 12-18, White
  // first, and its "2-0" is White's win.
  absl::StatusOr<GameRecord> first =
      ReplayPdnGame(games[0], Edition::kInternational);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->start, GamePosition::Initial(Edition::kInternational));
  ASSERT_GE(first->moves.size(), 4u);
  EXPECT_EQ(first->moves[0].Text(), "33-28");
  EXPECT_EQ(first->moves[3].Text(), "12-18");
  EXPECT_EQ(first->result, GameResult::kFirstWins);
  // The second's "1-1" is a draw.
  EXPECT_EQ(ReplayPdnGame(games[1], Edition::kInternational)->result,
            GameResult::kDraw);
}

// Read as English (`checkers import` without --rules), a game without a
// GameType tag is not guessed to be international from its squares (issue
// 47): each of the 52 untagged games here is refused with a line naming
// the square and the way to import it, and the 118 tagged ones still
// replay as international. Under --rules=international all 170 do.
TEST(PdnCorpusTest, UntaggedTenByTenGamesNeedTheRulesNamed) {
  const std::vector<PdnGame> games = ReadGames("international_games.pdn");
  const InternationalReplay english =
      ReplayInternational(games, Edition::kEnglish);
  EXPECT_EQ(english.replayed, 118);
  EXPECT_EQ(english.by_type, 118);
  ASSERT_EQ(english.refusals.size(), 52u);
  for (const std::string& refusal : english.refusals) {
    EXPECT_THAT(refusal, HasSubstr("only the 10x10 board"));
    EXPECT_THAT(refusal, HasSubstr("--rules=international"));
  }
  const InternationalReplay international =
      ReplayInternational(games, Edition::kInternational);
  EXPECT_THAT(international.refusals, ::testing::IsEmpty());
  EXPECT_EQ(international.replayed, 170);
  EXPECT_EQ(international.plies, 17834);
  EXPECT_EQ(international.by_squares, 52);
}

TEST(PdnCorpusTest, EveryInternationalGameRoundTripsWithGameType20) {
  ExpectRoundTrip(ReadGames("international_games.pdn", Color::kWhite),
                  Edition::kInternational);
}

}  // namespace
}  // namespace checkers::replay
