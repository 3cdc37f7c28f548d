// The tools on the game collections in tests/data: every legal game
// imports, audits sound, and comes back move for move through export and
// import.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/audit.h"
#include "replay/game_record.h"
#include "replay/import.h"
#include "replay/log_record.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "replay/pdn_writer.h"
#include "tests/test_data.h"

namespace checkers::replay {
namespace {

using ::checkers::testing::ReadTestData;
using events::Event;
using ::testing::StartsWith;

PdnImport Import(absl::string_view name, Edition edition = Edition::kEnglish) {
  absl::StatusOr<std::string> text = ReadTestData(name);
  EXPECT_TRUE(text.ok()) << text.status();
  absl::StatusOr<PdnImport> imported = ImportPdn(text.value_or(""), edition);
  EXPECT_TRUE(imported.ok()) << imported.status();
  return imported.ok() ? *std::move(imported) : PdnImport();
}

// The routes of a log's turns, as text.
std::vector<std::string> Turns(const std::vector<Event>& events) {
  std::vector<std::string> turns;
  absl::StatusOr<events::GameState> folded = events::FoldChecked(
      events,
      [&turns](const events::CheckedEvent& e, const events::GameState&) {
        if (e.event().has_turn_played()) turns.push_back(e.move().Text());
      });
  EXPECT_TRUE(folded.ok()) << folded.status();
  return turns;
}

// The end a log records, serialized; empty when none.
std::string End(const std::vector<Event>& events) {
  return !events.empty() && events.back().has_game_ended()
             ? events.back().game_ended().SerializeAsString()
             : "";
}

// `edition` is the one the collection was imported under; the export
// names it in its GameType tag, so the import of the export needs no
// edition.
void ExpectEverySoundAndRoundTripping(absl::string_view name,
                                      const PdnImport& imported,
                                      Edition edition = Edition::kEnglish) {
  absl::StatusOr<std::vector<PdnGame>> source =
      ParsePdn(ReadTestData(name).value_or(""));
  ASSERT_TRUE(source.ok());
  for (const ImportedGame& game : imported.games) {
    SCOPED_TRACE(absl::StrCat(name, " game ", game.index));
    absl::StatusOr<AuditReport> report = AuditLogBytes(EncodeLog(game.events));
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_TRUE(report->sound()) << report->findings.front().message;
    EXPECT_EQ(report->audited, game.events.size());
    EXPECT_EQ(report->state.turns, game.plies);

    // The log holds the source's moves...
    ASSERT_TRUE(game.events.front().has_game_started());
    EXPECT_EQ(game.events.front().game_started().edition(),
              events::RulesEditionOf(edition));
    absl::StatusOr<GameRecord> original =
        ReplayPdnGame((*source)[game.index - 1], edition);
    ASSERT_TRUE(original.ok());
    std::vector<std::string> source_moves;
    for (const GameMove& m : original->moves) source_moves.push_back(m.Text());
    EXPECT_EQ(Turns(game.events), source_moves);

    // ...and exporting it and importing the export gives them back, with
    // the same end.
    absl::StatusOr<GameRecord> record = RecordOfLog(game.events);
    ASSERT_TRUE(record.ok()) << record.status();
    absl::StatusOr<PdnImport> again = ImportPdn(WritePdnGame(*record));
    ASSERT_TRUE(again.ok()) << again.status();
    ASSERT_EQ(again->games.size(), 1u);
    EXPECT_EQ(again->games[0].events.front().game_started().edition(),
              events::RulesEditionOf(edition));
    EXPECT_EQ(Turns(again->games[0].events), source_moves);
    EXPECT_EQ(End(again->games[0].events), End(game.events));
  }
}

TEST(ToolsCorpusTest, TinsleyImportsEveryLegalGameAndRefusesPetal) {
  const PdnImport imported = Import("tinsley.pdn");
  ASSERT_EQ(imported.games.size(), 723u);
  ASSERT_EQ(imported.refused.size(), 1u);
  EXPECT_EQ(imported.refused[0].index, 541);
  EXPECT_THAT(imported.refused[0].reason,
              StartsWith("game 541 (\"Petal 1981, game 18\", AA Long vs M "
                         "Tinsley), line 5588: Black's move 62: 32-28 is not "
                         "legal here; legal moves: "));
  size_t plies = 0;
  for (const ImportedGame& g : imported.games) plies += g.plies;
  EXPECT_EQ(plies, 35986u);
  ExpectEverySoundAndRoundTripping("tinsley.pdn", imported);
}

TEST(ToolsCorpusTest, RussianGamesImportWholeAsRussianAndAuditSound) {
  const PdnImport imported = Import("russian_games.pdn", Edition::kRussian);
  EXPECT_EQ(imported.games.size(), 153u);
  EXPECT_TRUE(imported.refused.empty());
  size_t plies = 0;
  for (const ImportedGame& g : imported.games) plies += g.plies;
  EXPECT_EQ(plies, 8730u);
  ExpectEverySoundAndRoundTripping("russian_games.pdn", imported,
                                   Edition::kRussian);
}

// International draughts, 118 games with GameType 20 and 52 without the
// tag, imported as `checkers import --rules=international` does: none is
// illegal or unreadable, so all 170 import, audit sound and come back move
// for move through export (GameType 20) and import.
TEST(ToolsCorpusTest, InternationalGamesImportWholeAndAuditSound) {
  const PdnImport imported =
      Import("international_games.pdn", Edition::kInternational);
  EXPECT_EQ(imported.games.size(), 170u);
  EXPECT_TRUE(imported.refused.empty());
  size_t plies = 0;
  for (const ImportedGame& g : imported.games) plies += g.plies;
  EXPECT_EQ(plies, 17834u);
  ExpectEverySoundAndRoundTripping("international_games.pdn", imported,
                                   Edition::kInternational);
}

// Without GameType tags nothing in the file names the edition, so the
// caller must (`checkers import --rules=russian`): read as English, the
// games start from their FEN tag with White to move, and all but one meet
// a Russian capture English does not allow. Game 8 happens to be legal in
// both.
TEST(ToolsCorpusTest, RussianGamesReadAsEnglishFailAtARussianCapture) {
  const PdnImport imported = Import("russian_games.pdn");
  ASSERT_EQ(imported.games.size(), 1u);
  EXPECT_EQ(imported.games[0].index, 8);
  ASSERT_EQ(imported.refused.size(), 152u);
  EXPECT_THAT(
      imported.refused[0].reason,
      ::testing::HasSubstr("line 10: Black's move 7: a5:c7 is 13x6: "
                           "13x6 is not legal here; legal moves: 5x14"));
}

TEST(ToolsCorpusTest, TrapsImportWhole) {
  const PdnImport imported = Import("traps.pdn");
  EXPECT_EQ(imported.games.size(), 15u);
  EXPECT_TRUE(imported.refused.empty());
  ExpectEverySoundAndRoundTripping("traps.pdn", imported);
}

TEST(ToolsCorpusTest, ToleranceFileImportsWhole) {
  const PdnImport imported = Import("tolerance.pdn");
  EXPECT_EQ(imported.games.size(), 5u);
  EXPECT_TRUE(imported.refused.empty());
  ExpectEverySoundAndRoundTripping("tolerance.pdn", imported);
}

}  // namespace
}  // namespace checkers::replay
