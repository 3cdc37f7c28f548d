#include "replay/log_record.h"

#include <string>
#include <vector>

#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/import.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "replay/pdn_writer.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameState;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// 2021-03-04 05:06:07 UTC.
constexpr int64_t kMillis = 1614834367000;

// A game played here: started with `started`, then `moves`.
std::vector<Event> Played(events::GameStarted started,
                          const std::vector<std::string>& moves) {
  std::vector<Event> log;
  GameState state;
  auto commit = [&](Event e) {
    e.set_unix_millis(kMillis);
    absl::Status st = events::CommitAndFold(std::move(e), &state, &log);
    ASSERT_TRUE(st.ok()) << st;
  };
  commit(*events::StartEvent(std::move(started)));
  for (const std::string& m : moves) commit(*events::TurnEvent(state, m));
  return log;
}

std::vector<std::string> Texts(const std::vector<GameMove>& moves) {
  std::vector<std::string> texts;
  for (const GameMove& m : moves) texts.push_back(m.Text());
  return texts;
}

TEST(LogRecordTest, GameAgainstTheComputerNamesThePlayersAndTheDate) {
  events::GameStarted g;
  g.set_mode(events::VS_COMPUTER);
  g.set_difficulty(events::HARD);
  g.set_human_side(events::FIRST);
  absl::StatusOr<GameRecord> record =
      RecordOfLog(Played(g, {"11-15", "23-19"}));
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_THAT(record->tags, ElementsAre(PdnTag{"Event", "checkers game"},
                                        PdnTag{"Date", "2021-03-04"},
                                        PdnTag{"Black", "Player"},
                                        PdnTag{"White", "Computer (hard)"}));
  EXPECT_THAT(Texts(record->moves), ElementsAre("11-15", "23-19"));
  EXPECT_EQ(record->result, GameResult::kUnknown);
  EXPECT_EQ(record->start, GamePosition::Initial(Edition::kEnglish));
}

TEST(LogRecordTest, TwoPlayerGameNamesTheSidesByTheirColours) {
  events::GameStarted g;
  g.set_mode(events::TWO_PLAYER);
  absl::StatusOr<GameRecord> record = RecordOfLog(Played(g, {}));
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(FindTag(record->tags, "Black"), "Red");
  EXPECT_EQ(FindTag(record->tags, "White"), "White");
}

TEST(LogRecordTest, GameBetweenTwoDevicesNamesThePlayersByTheirSeats) {
  events::GameStarted g;
  g.set_mode(events::REMOTE);
  std::vector<Event> log = Played(g, {});
  absl::StatusOr<GameState> state = events::FoldEvents(log);
  ASSERT_TRUE(state.ok());
  log.push_back(
      *events::SeatEvent(*state, events::SECOND, "Bob", std::string(32, 'k')));
  absl::StatusOr<GameRecord> record = RecordOfLog(log);
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(FindTag(record->tags, "Black"), "Red");
  EXPECT_EQ(FindTag(record->tags, "White"), "Bob");
}

TEST(LogRecordTest, FinishedGameFromASetUpPositionKeepsItsStartAndResult) {
  events::GameStarted g;
  g.set_start_fen("W:W22:B18");
  absl::StatusOr<GameRecord> record = RecordOfLog(Played(g, {"22x15"}));
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->start,
            *GamePosition::ParseFen("W:W22:B18", Edition::kEnglish));
  EXPECT_EQ(record->result, GameResult::kSecondWins);
  const std::string pdn = WritePdnGame(*record);
  EXPECT_THAT(pdn, HasSubstr("[SetUp \"1\"]\n[FEN \"W:W22:B18\"]"));
  EXPECT_THAT(pdn, HasSubstr("1... 22x15 0-1"));
}

TEST(LogRecordTest, RussianGameIsExportedAsGameType25WithWhiteFirst) {
  events::GameStarted g;
  g.set_edition(events::RUSSIAN);
  g.set_mode(events::TWO_PLAYER);
  absl::StatusOr<GameRecord> record =
      RecordOfLog(Played(g, {"22-18", "11-15"}));
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->edition(), Edition::kRussian);
  EXPECT_EQ(record->start, GamePosition::Initial(Edition::kRussian));
  // The first side is White: its player is the White tag.
  EXPECT_EQ(FindTag(record->tags, "White"),
            events::SideName(&g, events::FIRST));
  EXPECT_EQ(FindTag(record->tags, "Black"),
            events::SideName(&g, events::SECOND));
  EXPECT_THAT(WritePdnGame(*record),
              HasSubstr("[GameType \"25\"]\n\n1. c3-d4 f6-e5 *\n"));
}

TEST(LogRecordTest, InternationalGameIsExportedAsGameType20WithItsFen) {
  events::GameStarted g;
  g.set_edition(events::INTERNATIONAL);
  g.set_mode(events::TWO_PLAYER);
  g.set_start_fen("W:W28,45:B3,14,23");
  absl::StatusOr<GameRecord> record = RecordOfLog(Played(g, {"28x10", "3-9"}));
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->edition(), Edition::kInternational);
  EXPECT_EQ(record->start, *GamePosition::ParseFen("W:W28,45:B3,14,23",
                                                   Edition::kInternational));
  EXPECT_THAT(Texts(record->moves), ElementsAre("28x19x10", "3-9"));
  const std::string pdn = WritePdnGame(*record);
  EXPECT_THAT(pdn, HasSubstr("[GameType \"20\"]\n[SetUp \"1\"]\n"
                             "[FEN \"W:W28,45:B3,14,23\"]\n"));
  EXPECT_THAT(pdn, HasSubstr("\n1. 28x19x10 3-9 *\n"));

  // Imported again, it is the same game.
  absl::StatusOr<PdnImport> again = ImportPdn(pdn);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->games.size(), 1u);
  absl::StatusOr<GameRecord> back = RecordOfLog(again->games[0].events);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->start, record->start);
  EXPECT_EQ(back->moves, record->moves);
  EXPECT_EQ(back->result, record->result);
}

TEST(LogRecordTest, RussianWinOfTheFirstSideIsOneNil) {
  events::GameStarted g;
  g.set_edition(events::RUSSIAN);
  g.set_start_fen("W:W22:B18");
  absl::StatusOr<GameRecord> record = RecordOfLog(Played(g, {"22x15"}));
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->result, GameResult::kFirstWins);
  const std::string pdn = WritePdnGame(*record);
  EXPECT_THAT(pdn, HasSubstr("[Result \"1-0\"]\n[GameType \"25\"]\n[SetUp "
                             "\"1\"]\n[FEN \"W:W22:B18\"]"));
  EXPECT_THAT(pdn, HasSubstr("\n1. c3:e5 1-0\n"));
}

TEST(LogRecordTest, PoolGameRoundTripsThroughPdnAsGameType23) {
  events::GameStarted g;
  g.set_edition(events::POOL);
  const std::vector<Event> log = Played(g, {"11-15", "22-18", "15x22"});
  absl::StatusOr<GameRecord> record = RecordOfLog(log);
  ASSERT_TRUE(record.ok()) << record.status();
  const std::string pdn = WritePdnGame(*record);
  EXPECT_THAT(pdn, HasSubstr("[GameType \"23\"]\n\n1. 11-15 22-18 2. 15x22 *"));
  absl::StatusOr<PdnImport> again = ImportPdn(pdn);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->games.size(), 1u);
  EXPECT_EQ(again->games[0].events[0].game_started().edition(), events::POOL);
  absl::StatusOr<GameRecord> back = RecordOfLog(again->games[0].events);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->moves, record->moves);
}

TEST(LogRecordTest, ImportedGameKeepsItsTagsAndRoundTripsThroughPdn) {
  constexpr absl::string_view kPdn = R"([Event "Round trip"]
[Site "Here"]
[Black "A"]
[White "B"]
[Opening "Old Fourteenth"]
1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 24-20 5. 11-15 28-24
6. 8-11 26-23 7. 9-14 31-26 8. 6-9 13x6 9. 2x9 26-22 1/2-1/2
)";
  absl::StatusOr<PdnImport> imported = ImportPdn(kPdn);
  ASSERT_TRUE(imported.ok());
  ASSERT_EQ(imported->games.size(), 1u);
  absl::StatusOr<GameRecord> record = RecordOfLog(imported->games[0].events);
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(FindTag(record->tags, "Opening"), "Old Fourteenth");
  EXPECT_EQ(record->result, GameResult::kDraw);

  absl::StatusOr<std::vector<PdnGame>> back = ParsePdn(WritePdnGame(*record));
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), 1u);
  absl::StatusOr<GameRecord> again = ReplayPdnGame((*back)[0]);
  ASSERT_TRUE(again.ok()) << again.status();
  absl::StatusOr<std::vector<PdnGame>> original = ParsePdn(kPdn);
  EXPECT_EQ(again->moves, ReplayPdnGame((*original)[0])->moves);
  EXPECT_EQ(FindTag(again->tags, "Site"), "Here");
  EXPECT_EQ(again->result, GameResult::kDraw);
}

TEST(LogRecordTest, LogWithoutAGameIsRefused) {
  EXPECT_EQ(RecordOfLog({}).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(LogRecordTest, UncheckedEventsAreDataLossNamingTheSeq) {
  std::vector<Event> log = Played(events::GameStarted(), {"11-15"});
  log.push_back(log[1]);
  absl::StatusOr<GameRecord> record = RecordOfLog(log);
  EXPECT_EQ(record.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(record.status().message()), HasSubstr("seq 3:"));
}

}  // namespace
}  // namespace checkers::replay
