#include "replay/import.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/fen8.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "storage/env.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"

namespace checkers::replay {
namespace {

using events::Event;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr absl::string_view kShortGame = R"([Event "Test"]
[Black "A"]
[White "B"]
1. 11-15 23-19 2. 8-11 22-17 1-0
)";

std::vector<Event> ImportOne(absl::string_view pdn) {
  absl::StatusOr<PdnImport> imported = ImportPdn(pdn);
  EXPECT_TRUE(imported.ok()) << imported.status();
  if (!imported.ok() || imported->games.size() != 1) {
    ADD_FAILURE() << "expected one imported game";
    return {};
  }
  return imported->games[0].events;
}

TEST(ImportTest, GameBecomesAStartATurnPerMoveAndTheRecordedResult) {
  const std::vector<Event> events = ImportOne(kShortGame);
  ASSERT_EQ(events.size(), 6u);
  const events::GameStarted& g = events[0].game_started();
  EXPECT_EQ(g.edition(), events::ENGLISH);
  EXPECT_EQ(g.mode(), events::TWO_PLAYER);
  EXPECT_TRUE(g.options().automatic_draws_off());
  EXPECT_EQ(g.options().colour_names(), events::BLACK_WHITE);
  EXPECT_EQ(g.start_fen(), "");
  ASSERT_EQ(g.tags_size(), 3);
  EXPECT_EQ(g.tags(0).name(), "Event");
  EXPECT_EQ(g.tags(0).value(), "Test");
  EXPECT_EQ(events[1].turn_played().side(), events::FIRST);
  EXPECT_THAT(events[1].turn_played().squares(),
              ::testing::ElementsAre(11, 15));
  EXPECT_EQ(events[2].turn_played().side(), events::SECOND);
  EXPECT_EQ(events[5].game_ended().reason(), events::RECORDED);
  EXPECT_EQ(events[5].game_ended().result(), events::FIRST_WINS);
  for (const Event& e : events) EXPECT_EQ(e.unix_millis(), 0);
  EXPECT_TRUE(events::FoldEvents(events).ok());
}

TEST(ImportTest, UnknownResultRecordsNoEnd) {
  const std::vector<Event> events = ImportOne("1. 11-15 23-19 *");
  ASSERT_EQ(events.size(), 3u);
  EXPECT_TRUE(events.back().has_turn_played());
}

TEST(ImportTest, SetUpPositionIsTheStartFen) {
  const std::vector<Event> events =
      ImportOne("[SetUp \"1\"]\n[FEN \"W:W22,30:B18,10,2\"]\n1... 22x6 *");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(*ParseFen(events[0].game_started().start_fen()),
            *ParseFen("W:W22,30:B18,10,2"));
  EXPECT_EQ(events[1].turn_played().side(), events::SECOND);
  EXPECT_THAT(events[1].turn_played().squares(),
              ::testing::ElementsAre(22, 15, 6));
}

TEST(ImportTest, EndTheMovesReachIsRecordedByTheRules) {
  const std::vector<Event> events = ImportOne("[FEN \"W:W22:B18\"]\n22x15 0-1");
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[2].game_ended().reason(), events::NO_LEGAL_MOVE);
  EXPECT_EQ(events[2].game_ended().result(), events::SECOND_WINS);
}

TEST(ImportTest, ResultThatContradictsTheMovesIsRefused) {
  absl::StatusOr<PdnImport> imported =
      ImportPdn("[Event \"Odd\"]\n[FEN \"W:W22:B18\"]\n\n22x15 1/2-1/2");
  ASSERT_TRUE(imported.ok()) << imported.status();
  EXPECT_TRUE(imported->games.empty());
  ASSERT_EQ(imported->refused.size(), 1u);
  EXPECT_EQ(imported->refused[0].reason,
            "game 1 (\"Odd\"), line 4: the result 1/2-1/2 contradicts the "
            "moves: after the last one Black has no legal move, so White wins");
}

TEST(ImportTest, RussianGameRecordsItsEditionAndWhiteIsTheFirstSide) {
  absl::StatusOr<PdnImport> imported = ImportPdn(
      "[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-e5 1-0\n\n"
      "[GameType \"23\"]\n1. 11-15 23-19 *\n");
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_EQ(imported->games.size(), 2u);
  const std::vector<Event>& russian = imported->games[0].events;
  ASSERT_EQ(russian.size(), 5u);
  EXPECT_EQ(russian[0].game_started().edition(), events::RUSSIAN);
  EXPECT_EQ(russian[0].game_started().start_fen(), "");
  EXPECT_EQ(russian[1].turn_played().side(), events::FIRST);
  EXPECT_THAT(russian[1].turn_played().squares(),
              ::testing::ElementsAre(22, 18));
  // "1-0": White, the first mover, won.
  EXPECT_EQ(russian[4].game_ended().result(), events::FIRST_WINS);
  EXPECT_TRUE(events::FoldEvents(russian).ok());
  EXPECT_EQ(imported->games[1].events[0].game_started().edition(),
            events::POOL);
}

TEST(ImportTest,
     InternationalGameKeepsItsEditionFiftySquareFenAndShortCapture) {
  // White's man on 28 takes 23 and 14, written by its ends; "2-0" is
  // White's win, which the moves reach: Black is left with no legal move.
  absl::StatusOr<PdnImport> imported = ImportPdn(
      "[GameType \"20\"]\n[FEN \"W:W28,45:B23,14\"]\n1. 28x10 2-0\n\n"
      "1. 33-28 18-22 2. 38-33 12-18 1-1\n",
      Edition::kInternational);
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_TRUE(imported->refused.empty()) << imported->refused[0].reason;
  ASSERT_EQ(imported->games.size(), 2u);
  const std::vector<Event>& set_up = imported->games[0].events;
  ASSERT_EQ(set_up.size(), 3u);
  EXPECT_EQ(set_up[0].game_started().edition(), events::INTERNATIONAL);
  EXPECT_EQ(set_up[0].game_started().start_fen(), "W:W28,45:B14,23");
  EXPECT_EQ(set_up[1].turn_played().side(), events::FIRST);
  EXPECT_THAT(set_up[1].turn_played().squares(),
              ::testing::ElementsAre(28, 19, 10));
  EXPECT_EQ(set_up[2].game_ended().reason(), events::NO_LEGAL_MOVE);
  EXPECT_EQ(set_up[2].game_ended().result(), events::FIRST_WINS);
  EXPECT_TRUE(events::FoldEvents(set_up).ok());

  // Without the tag, the game is of the edition the caller names; "1-1"
  // is the draw it claims.
  const std::vector<Event>& untagged = imported->games[1].events;
  ASSERT_EQ(untagged.size(), 6u);
  EXPECT_EQ(untagged[0].game_started().edition(), events::INTERNATIONAL);
  EXPECT_EQ(untagged[0].game_started().start_fen(), "");
  EXPECT_EQ(untagged[5].game_ended().reason(), events::RECORDED);
  EXPECT_EQ(untagged[5].game_ended().result(), events::DRAW);
  EXPECT_TRUE(events::FoldEvents(untagged).ok());
}

TEST(ImportTest, GameWithoutGameTypeIsOfTheEditionTheCallerNames) {
  absl::StatusOr<PdnImport> imported =
      ImportPdn("1. c3-d4 f6-g5 *\n", Edition::kRussian);
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_EQ(imported->games.size(), 1u);
  EXPECT_EQ(imported->games[0].events[0].game_started().edition(),
            events::RUSSIAN);
}

TEST(ImportTest, RussianResultThatContradictsTheMovesNamesTheColours) {
  // White's man on c3 takes the last black piece.
  absl::StatusOr<PdnImport> imported =
      ImportPdn("[GameType \"25\"]\n[FEN \"W:W22:B18\"]\n\nc3:e5 0-1");
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_EQ(imported->refused.size(), 1u);
  EXPECT_THAT(imported->refused[0].reason,
              HasSubstr("the result 0-1 contradicts the moves: after the last "
                        "one Black has no legal move, so White wins"));
}

// PDN 2.0 files are ISO-8859-1; protobuf refuses a string field that is
// not UTF-8, so a Latin-1 name stored as read made a log no reader opens.
TEST(ImportTest, LatinOneFileIsStoredAsUtf8AndReadsBack) {
  const std::vector<Event> events =
      ImportOne("[Black \"Jos\xe9\"]\n[White \"M\xfcller\"]\n1. 11-15 *\n");
  ASSERT_FALSE(events.empty());
  const events::GameStarted& started = events[0].game_started();
  ASSERT_EQ(started.tags_size(), 2);
  EXPECT_EQ(started.tags(0).value(), "Jos\xc3\xa9");
  EXPECT_EQ(started.tags(1).value(), "M\xc3\xbcller");
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_TRUE(events::ParseEvent(events[i].SerializeAsString(), i + 1).ok());
  }
  absl::StatusOr<storage::LogContents> log =
      storage::ParseLog(EncodeLog(events));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->records.size(), events.size());
}

TEST(ImportTest, Utf8FileIsKeptAsItIs) {
  const std::vector<Event> events =
      ImportOne("[Black \"Jos\xc3\xa9\"]\n1. 11-15 *\n");
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].game_started().tags(0).value(), "Jos\xc3\xa9");
}

TEST(ImportTest, GameTooLargeToStoreIsRefusedAndTheRestImported) {
  const std::string pdn =
      absl::StrCat("[Event \"Big\"]\n[Annotator \"",
                   std::string(storage::kMaxPayloadSize + 10, 'x'),
                   "\"]\n1. 11-15 *\n\n", kShortGame);
  absl::StatusOr<PdnImport> imported = ImportPdn(pdn);
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_EQ(imported->refused.size(), 1u);
  EXPECT_EQ(imported->refused[0].index, 1);
  EXPECT_THAT(imported->refused[0].reason,
              StartsWith("game 1 (\"Big\"), line 1: the game is too large to "
                         "store: its event 1 is "));
  ASSERT_EQ(imported->games.size(), 1u);
  EXPECT_EQ(imported->games[0].index, 2);
}

TEST(ImportTest, RepetitionsDoNotEndARecordedGame) {
  const std::vector<Event> events = ImportOne(
      "[FEN \"B:WK32:BK1\"]\n1-6 32-27 6-1 27-32 1-6 32-27 6-1 27-32 1-6 "
      "32-27 6-1 27-32 1/2-1/2");
  ASSERT_EQ(events.size(), 14u);
  EXPECT_EQ(events.back().game_ended().reason(), events::RECORDED);
  EXPECT_EQ(events.back().game_ended().result(), events::DRAW);
}

TEST(ImportTest, IllegalMoveRefusesOnlyItsGame) {
  absl::StatusOr<PdnImport> imported = ImportPdn(
      absl::StrCat(kShortGame, "\n[Event \"Bad\"]\n1. 11-15 23-19 2. 15-11 *\n",
                   kShortGame));
  ASSERT_TRUE(imported.ok()) << imported.status();
  ASSERT_EQ(imported->games.size(), 2u);
  EXPECT_EQ(imported->games[0].index, 1);
  EXPECT_EQ(imported->games[0].plies, 4);
  EXPECT_EQ(imported->games[1].index, 3);
  ASSERT_EQ(imported->refused.size(), 1u);
  EXPECT_EQ(imported->refused[0].index, 2);
  EXPECT_THAT(imported->refused[0].reason,
              StartsWith("game 2 (\"Bad\"), line 7: Black's move 2: 15-11 is "
                         "not legal here; legal moves: 7-11 8-11"));
}

TEST(ImportTest, AGameThatCannotBeReadIsListedAsSkipped) {
  const PdnImport imported = ImportPdn("[Event \"open\n");
  EXPECT_TRUE(imported.games.empty());
  ASSERT_EQ(imported.refused.size(), 1u);
  EXPECT_TRUE(imported.refused[0].unreadable);
  EXPECT_THAT(imported.refused[0].reason, HasSubstr("line 1, column 1"));
  EXPECT_FALSE(imported.whole());
}

TEST(ImportTest, LogFilesAreNamedByTheGamesPlaceInTheFile) {
  EXPECT_EQ(LogFileName(1), "game-0001.log");
  EXPECT_EQ(LogFileName(724), "game-0724.log");
  EXPECT_EQ(LogFileName(12345), "game-12345.log");
}

std::string TempPath(absl::string_view name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return absl::StrCat(dir != nullptr ? dir : "/tmp", "/", name);
}

TEST(ImportTest, WriteNewLogWritesACommitPerTurnAndNeverOverwrites) {
  storage::Env* env = storage::Env::Default();
  const std::vector<Event> events = ImportOne(kShortGame);
  const std::string path = TempPath("write-new-log/game-0001.log");
  ASSERT_TRUE(WriteNewLog(env, path, events).ok());

  absl::StatusOr<storage::LogContents> contents = storage::ReadLog(env, path);
  ASSERT_TRUE(contents.ok()) << contents.status();
  ASSERT_EQ(contents->records.size(), events.size());
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(contents->records[i].payload, events[i].SerializeAsString());
    // Each event is its own commit, but a rules-imposed end joins its turn.
    const bool joins_next =
        i + 1 < events.size() && events[i + 1].has_game_ended() &&
        events[i + 1].game_ended().reason() != events::RECORDED;
    EXPECT_EQ(contents->records[i].last_in_commit, !joins_next);
  }
  EXPECT_FALSE(env->FileExists(path + ".lock"));
  EXPECT_FALSE(env->FileExists(path + ".tmp"));

  const std::string before = *env->ReadFile(path, 1 << 20);
  const absl::Status again = WriteNewLog(env, path, ImportOne("11-15 *"));
  EXPECT_EQ(again.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_THAT(std::string(again.message()), HasSubstr("never overwrites"));
  EXPECT_EQ(*env->ReadFile(path, 1 << 20), before);
}

TEST(ImportTest, EncodeLogHoldsTheEventsAsWriteNewLogWould) {
  const std::vector<Event> events = ImportOne(kShortGame);
  absl::StatusOr<storage::LogContents> contents =
      storage::ParseLog(EncodeLog(events));
  ASSERT_TRUE(contents.ok()) << contents.status();
  ASSERT_EQ(contents->records.size(), events.size());
  EXPECT_EQ(contents->torn_bytes, 0u);
  EXPECT_EQ(contents->records.back().payload,
            events.back().SerializeAsString());
}

}  // namespace
}  // namespace checkers::replay
