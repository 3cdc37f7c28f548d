// End-to-end tests of the saved-game tools: `checkers log`, `replay`,
// `audit`, `export` and `import` run as the real binary on logs written by
// storage's FileEventLog, with the CLI contract's outputs and exit codes.

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/notation8.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "replay/audit.h"
#include "replay/log_record.h"
#include "storage/env.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "tests/log_builder.h"
#include "tests/run_command.h"
#include "tests/test_data.h"

namespace checkers {
namespace {

using ::checkers::testing::CraftedEnd;
using ::checkers::testing::CraftedTurn;
using ::checkers::testing::LogBuilder;
using ::checkers::testing::RunCheckers;
using ::testing::ElementsAre;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

using ::checkers::testing::NewTempDir;
using ::checkers::testing::TestDataPath;

using ::checkers::testing::ReadAll;

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string Write(const LogBuilder& log, const std::string& path) {
  const absl::Status st = log.WriteTo(path);
  EXPECT_TRUE(st.ok()) << st;
  return path;
}

// The names in `dir` that end with `suffix`, sorted.
std::vector<std::string> Files(const std::string& dir,
                               absl::string_view suffix) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return names;
  while (dirent* e = readdir(d)) {
    if (absl::EndsWith(e->d_name, suffix)) names.emplace_back(e->d_name);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

int LineCount(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Parses one line as a JSON object.
google::protobuf::Struct ParseJson(const std::string& line) {
  google::protobuf::Struct object;
  const auto status =
      google::protobuf::util::JsonStringToMessage(line, &object);
  EXPECT_TRUE(status.ok()) << line;
  return object;
}

// The routes of the turns a log file holds.
std::vector<std::string> TurnsOf(const std::string& path) {
  std::vector<std::string> turns;
  absl::StatusOr<storage::LogContents> contents =
      storage::ReadLog(storage::Env::Default(), path);
  EXPECT_TRUE(contents.ok()) << contents.status();
  if (!contents.ok()) return turns;
  std::vector<events::Event> log;
  for (const storage::Record& r : contents->records) {
    EXPECT_TRUE(log.emplace_back().ParseFromString(r.payload));
  }
  absl::StatusOr<events::GameState> folded = events::FoldChecked(
      log, [&turns](const events::CheckedEvent& e, const events::GameState&) {
        if (e.event().has_turn_played()) turns.push_back(e.move().Text());
      });
  EXPECT_TRUE(folded.ok()) << folded.status();
  return turns;
}

// Imports the PDN text `pdn` (an export of the log at `log`) into a new
// directory named after `name` and expects the one game it holds to have
// the log's turns and to pass the audit; returns the imported log's path.
std::string ExpectImportsBack(const std::string& pdn, const std::string& log,
                              const std::string& name) {
  const std::string dir = NewTempDir(name);
  WriteAll(dir + "/game.pdn", pdn);
  const auto imported =
      RunCheckers({"import", dir + "/game.pdn", "--out=" + dir + "/out"});
  EXPECT_EQ(imported.exit_code, 0) << imported.err;
  const std::string path = dir + "/out/game-0001.log";
  EXPECT_EQ(TurnsOf(path), TurnsOf(log));
  EXPECT_EQ(RunCheckers({"audit", path}).exit_code, 0);
  return path;
}

// A short game that goes on: four turns from the standard start.
LogBuilder FourTurns() {
  LogBuilder log;
  for (absl::string_view m : {"11-15", "23-19", "8-11", "22-17"}) log.Play(m);
  return log;
}

TEST(CliToolsTest, ImportTinsleyWritesALogPerLegalGameAndRefusesPetal) {
  const std::string out = NewTempDir("tinsley");
  const auto r =
      RunCheckers({"import", TestDataPath("tinsley.pdn"), "--out=" + out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, absl::StrCat("imported 723 games (35986 plies) into ", out,
                                "; refused 1 (game 541)\n"));
  EXPECT_EQ(LineCount(r.err), 2);
  EXPECT_THAT(r.err, StartsWith("checkers: not imported: game 541 (\"Petal "
                                "1981, game 18\", AA Long vs M Tinsley), line "
                                "5588: Black's move 62: 32-28 is not legal "
                                "here; legal moves: "));
  EXPECT_THAT(r.err, EndsWith("\ncheckers: imported 723 of 724 games; "
                              "refused game 541\n"));

  const std::vector<std::string> logs = Files(out, ".log");
  ASSERT_EQ(logs.size(), 723u);
  EXPECT_EQ(logs.front(), "game-0001.log");
  EXPECT_EQ(logs.back(), "game-0724.log");
  EXPECT_FALSE(storage::Env::Default()->FileExists(out + "/game-0541.log"));
  // Every log written passes the audit.
  for (const std::string& name : logs) {
    absl::StatusOr<replay::AuditReport> report =
        replay::AuditLogBytes(ReadAll(out + "/" + name));
    ASSERT_TRUE(report.ok()) << name << ": " << report.status();
    EXPECT_TRUE(report->sound()) << name << ": " << report->findings[0].message;
  }
  for (const std::string& name : {logs.front(), logs.back()}) {
    const auto audit = RunCheckers({"audit", out + "/" + name});
    EXPECT_EQ(audit.exit_code, 0) << audit.err;
    EXPECT_THAT(audit.out, HasSubstr(": sound ("));
  }

  // Exported and imported again, a game comes back move for move.
  const std::string pdn = NewTempDir("tinsley-export") + "/game.pdn";
  const auto exported =
      RunCheckers({"export", out + "/game-0724.log", "--pdn"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(exported.out, HasSubstr("[GameType \"21\"]"));
  WriteAll(pdn, exported.out);
  const std::string again = NewTempDir("tinsley-again");
  const auto reimported = RunCheckers({"import", pdn, "--out=" + again});
  ASSERT_EQ(reimported.exit_code, 0) << reimported.err;
  EXPECT_EQ(TurnsOf(again + "/game-0001.log"), TurnsOf(out + "/game-0724.log"));
}

TEST(CliToolsTest, RussianGamesImportWithTheirRulesAuditAndRoundTrip) {
  const std::string out = NewTempDir("russian");
  const auto r = RunCheckers({"import", TestDataPath("russian_games.pdn"),
                              "--out=" + out, "--rules=russian"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            absl::StrCat("imported 153 games (8730 plies) into ", out, "\n"));
  const auto audit = RunCheckers({"audit", out + "/game-0001.log"});
  EXPECT_EQ(audit.exit_code, 0) << audit.err;
  EXPECT_THAT(audit.out, HasSubstr(": sound (63 events, 61 turns)"));
  EXPECT_THAT(audit.out, HasSubstr("White wins (the recorded result)"));
  const auto show =
      RunCheckers({"show", "--json", "--save=" + out + "/game-0001.log"});
  EXPECT_THAT(show.out, HasSubstr(R"("rules":"russian")"));

  const auto exported =
      RunCheckers({"export", out + "/game-0001.log", "--pdn"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(exported.out, HasSubstr("[White \"Блиндер Б.\"]\n"
                                      "[Result \"1-0\"]\n[GameType \"25\"]\n\n"
                                      "1. c3-d4 d6-e5 2. b2-c3 e7-d6"));
  EXPECT_THAT(exported.out, HasSubstr("30. e3-d4\nc5:e3:g5 31. h4:f6 1-0\n"));
  // The GameType tag names the edition: no --rules needed to read it back.
  ExpectImportsBack(exported.out, out + "/game-0001.log", "russian-again");
}

TEST(CliToolsTest, PoolGameExportsAsGameType23AndImportsBack) {
  events::GameStarted started;
  started.set_edition(events::POOL);
  started.set_mode(events::TWO_PLAYER);
  LogBuilder log(started);
  for (absl::string_view m : {"11-15", "22-18", "15x22", "25x18"}) log.Play(m);
  const std::string dir = NewTempDir("pool");
  const std::string path = Write(log, dir + "/game.log");
  const auto exported = RunCheckers({"export", path, "--pdn"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(
      exported.out,
      HasSubstr("[GameType \"23\"]\n\n1. 11-15 22-18 2. 15x22 25x18 *"));
  const std::string imported =
      ExpectImportsBack(exported.out, path, "pool-again");
  const auto show = RunCheckers({"show", "--json", "--save=" + imported});
  EXPECT_THAT(show.out, HasSubstr(R"("rules":"pool")"));
}

TEST(CliToolsTest, InternationalGamesImportAuditAndExportAsGameType20) {
  // The 52 games without a GameType tag are imported only when the rules
  // are named: read as English they are refused, each saying how to import
  // it (issue 47), and the 118 tagged ones are imported.
  for (const bool flag : {false, true}) {
    const std::string out = NewTempDir("international");
    std::vector<std::string> args = {
        "import", TestDataPath("international_games.pdn"), "--out=" + out};
    if (flag) args.push_back("--rules=international");
    const auto r = RunCheckers(args);
    if (!flag) {
      EXPECT_EQ(r.exit_code, 1) << r.err;
      EXPECT_THAT(r.out, StartsWith(absl::StrCat(
                             "imported 118 games (12327 plies) into ", out,
                             "; refused 52 (game 1, 2, 3, 4, 5, 6, 7, 93,")));
      EXPECT_EQ(LineCount(r.err), 53);
      EXPECT_THAT(r.err, HasSubstr("checkers: not imported: game 1 (\"NK "
                                   "2009, ronde 12, 17 april\", Pim Meurs vs "
                                   "Hein Meijer), line 8: its move 1, 33-28, "
                                   "names square 33, which only the 10x10 "
                                   "board of international draughts has"));
      EXPECT_EQ(Files(out, ".log").size(), 118u);
      continue;
    }
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, absl::StrCat("imported 170 games (17834 plies) into ", out,
                                  "\n"));
    EXPECT_EQ(Files(out, ".log").size(), 170u);

    const auto audit = RunCheckers({"audit", out + "/game-0001.log"});
    EXPECT_EQ(audit.exit_code, 0) << audit.err;
    EXPECT_THAT(audit.out, HasSubstr(": sound (98 events, 96 turns)"));
    EXPECT_THAT(audit.out, HasSubstr("White wins (the recorded result)"));
    const auto show =
        RunCheckers({"show", "--json", "--save=" + out + "/game-0001.log"});
    EXPECT_THAT(show.out, HasSubstr(R"("rules":"international")"));

    // The file's "2-0" stays "2-0", White's win in international
    // notation; its short capture "14x34" is written with its landing
    // square.
    const auto exported =
        RunCheckers({"export", out + "/game-0001.log", "--pdn"});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    EXPECT_THAT(
        exported.out,
        HasSubstr("[White \"Hein Meijer\"]\n[Result \"2-0\"]\n"
                  "[GameType \"20\"]\n\n1. 33-28 18-22 2. 38-33 12-18"));
    EXPECT_THAT(exported.out, EndsWith(" 2-0\n"));
    EXPECT_THAT(exported.out, HasSubstr("4. 28x19 14x23x34"));
    ExpectImportsBack(exported.out, out + "/game-0001.log",
                      "international-again");
  }
}

TEST(CliToolsTest, TrapsImportWholeAndAnImportNeverOverwrites) {
  const std::string out = NewTempDir("traps");
  const auto r =
      RunCheckers({"import", TestDataPath("traps.pdn"), "--out=" + out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            absl::StrCat("imported 15 games (325 plies) into ", out, "\n"));
  EXPECT_EQ(Files(out, ".log").size(), 15u);

  const std::string before = ReadAll(out + "/game-0001.log");
  const auto twice =
      RunCheckers({"import", TestDataPath("traps.pdn"), "--out=" + out});
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_EQ(LineCount(twice.err), 1);
  EXPECT_THAT(twice.err, HasSubstr("already holds game-0001.log and 14 more"));
  EXPECT_EQ(ReadAll(out + "/game-0001.log"), before);
}

// `checkers import` of a PDN file written with `text` into `dir`, into
// `dir`/out.
testing::CommandResult ImportText(const std::string& dir,
                                  const std::string& name,
                                  const std::string& text) {
  WriteAll(dir + "/" + name, text);
  return RunCheckers({"import", dir + "/" + name, "--out=" + dir + "/out"});
}

TEST(CliToolsTest, ImportRefusalsFollowTheContract) {
  const std::string dir = NewTempDir("import-errors");
  EXPECT_EQ(RunCheckers({"import", TestDataPath("traps.pdn")}).exit_code, 64);
  EXPECT_EQ(RunCheckers({"import", "--out=" + dir}).exit_code, 64);
  const auto missing =
      RunCheckers({"import", dir + "/none.pdn", "--out=" + dir});
  EXPECT_EQ(missing.exit_code, 66);
  EXPECT_THAT(missing.err, HasSubstr("none.pdn"));
  const auto bad =
      ImportText(dir, "bad.pdn", "[Event \"never closed\n1. 11-15 *\n");
  EXPECT_EQ(bad.exit_code, 65);
  EXPECT_EQ(LineCount(bad.err), 1);
  EXPECT_THAT(bad.err, HasSubstr("bad.pdn: imported 0 of 1 game; skipped "
                                 "game 1, line 1, column 1: "));
}

// Issue 46: a collection with one game of placeholder moves (as published
// collections print unrecorded games) and a line of other text between two
// games was refused whole. The reader skips each to the next game's tags;
// the other games are imported, and the import exits 1 naming what was
// skipped, where, and why.
TEST(CliToolsTest, AnUnreadableGameIsSkippedAndTheOthersImported) {
  const std::string dir = NewTempDir("import-skip");
  const auto r = ImportText(dir, "russian.pdn",
                            "[Event \"A\"]\n"
                            "[GameType \"25\"]\n"
                            "1. c3-d4 f6-g5 *\n"
                            "\n"
                            "Round two\n"
                            "[Event \"Unrecorded\"]\n"
                            "[GameType \"25\"]\n"
                            "1. - - 2. - - *\n"
                            "\n"
                            "[Event \"B\"]\n"
                            "[GameType \"25\"]\n"
                            "1. c3-b4 f6-e5 *\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, StartsWith("imported 2 games (4 plies) into "));
  EXPECT_EQ(LineCount(r.err), 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("imported 2 of 3 games; skipped game 2 "
                               "(\"Unrecorded\"), line 8, column 4: "));
  EXPECT_THAT(r.err, HasSubstr("skipped text at line 5, column 1: "));
  EXPECT_THAT(Files(dir + "/out", ".log"),
              ElementsAre("game-0001.log", "game-0003.log"));
  EXPECT_EQ(RunCheckers({"audit", dir + "/out/game-0003.log"}).exit_code, 0);
}

TEST(CliToolsTest, ImportRefusalsQuoteTheFileWithoutItsControlBytes) {
  const std::string dir = NewTempDir("import-control");
  const auto r =
      ImportText(dir, "games.pdn",
                 "[Event \"\x1b]0;owned\x07\x1b[2J\"]\n1. 11-14 *\n\n"
                 "[Event \"fine\"]\n1. 11-15 *\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("not imported: game 1"));
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x07'), std::string::npos) << r.err;
}

TEST(CliToolsTest, LatinOnePdnImportsALogEveryToolReads) {
  const std::string dir = NewTempDir("import-latin1");
  const auto r = ImportText(dir, "latin1.pdn",
                            "[Black \"Jos\xe9\"]\n[White \"Ren\xe9"
                            "e\"]\n1. 11-15 23-19 *\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string log = dir + "/out/game-0001.log";
  EXPECT_EQ(RunCheckers({"audit", log}).exit_code, 0);
  const auto exported = RunCheckers({"export", log, "--pdn"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(exported.out, HasSubstr("[Black \"Jos\xc3\xa9\"]"));
}

TEST(CliToolsTest, AuditOfASoundGameExitsZero) {
  const std::string path =
      Write(FourTurns(), NewTempDir("audit-sound") + "/game.log");
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            absl::StrCat(path,
                         ": sound (5 events, 4 turns)\nThe game goes on: "
                         "Red to move after 4 turns\n"));
  EXPECT_EQ(r.err, "");
}

TEST(CliToolsTest, AuditSpeaksTheInterfaceLanguageAndItsJsonStaysEnglish) {
  const std::string path =
      Write(FourTurns(), NewTempDir("audit-sv") + "/game.log");
  const auto r = RunCheckers({"audit", path, "--lang=sv"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            absl::StrCat(path,
                         ": felfri (5 händelser, 4 turer)\nPartiet fortsätter: "
                         "Röd drar efter 4 turer\n"));
  const auto json = RunCheckers({"audit", path, "--json", "--lang=sv"});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out, RunCheckers({"audit", path, "--json"}).out);
  EXPECT_THAT(
      RunCheckers({"audit", NewTempDir("audit-sv") + "/none.log", "--lang=sv"})
          .err,
      HasSubstr("ingen fil"));
}

TEST(CliToolsTest, ReplayAndLogSpeakTheInterfaceLanguage) {
  const std::string path =
      Write(FourTurns(), NewTempDir("replay-sv") + "/game.log");
  const auto replay = RunCheckers({"replay", path, "--ply=1", "--lang=sv"});
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_THAT(replay.out,
              StartsWith("Tur 1 av 4 (post 2): Röd spelade 11-15\n"));
  EXPECT_THAT(replay.out, HasSubstr("Vit drar\n"));
  EXPECT_THAT(replay.out, HasSubstr("Upprepning: ställningen har förekommit"));
  const auto log = RunCheckers({"log", path, "--lang=it"});
  ASSERT_EQ(log.exit_code, 0) << log.err;
  EXPECT_THAT(log.out, HasSubstr("partita iniziata: "));
  EXPECT_THAT(log.out, HasSubstr("turno 1"));
  const auto json = RunCheckers({"log", path, "--json", "--lang=it"});
  EXPECT_EQ(json.out, RunCheckers({"log", path, "--json"}).out);
  EXPECT_EQ(RunCheckers({"replay", path, "--lang=xx"}).exit_code, 64);
}

TEST(CliToolsTest, AuditOfTheSaveWhenNoFileIsNamed) {
  const std::string path =
      Write(FourTurns(), NewTempDir("audit-save") + "/match.log");
  EXPECT_EQ(RunCheckers({"audit", "--save=" + path}).exit_code, 0);
}

TEST(CliToolsTest, AuditFindsARepetitionDrawThatDidNotHappen) {
  LogBuilder log("B:WK32:BK1");
  for (absl::string_view m : {"1-6", "32-27", "6-1", "27-32"}) log.Play(m);
  events::Event claim = CraftedEnd(events::DRAW, events::THREEFOLD_REPETITION);
  for (int seq : {1, 3, 5})
    claim.mutable_game_ended()->add_repetition_seqs(seq);
  log.Craft(claim);
  const std::string path =
      Write(log, NewTempDir("audit-repetition") + "/game.log");
  const std::string before = ReadAll(path);
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(
      Lines(r.out),
      ElementsAre(absl::StrCat(path, ": 1 finding (6 events, 4 turns audited)"),
                  StartsWith("seq 6 [unjustified_end]: the log claims DRAW "
                             "by THREEFOLD_REPETITION at seqs 1,3,5, but "
                             "the game had not ended: the position after "
                             "seq 5 has stood 2 times since the last "
                             "capture or man's move (after seqs 1, 5)")));
  EXPECT_EQ(LineCount(r.err), 1);
  EXPECT_THAT(r.err, HasSubstr("1 finding; the first at seq 6: "));
  EXPECT_EQ(ReadAll(path), before);
}

TEST(CliToolsTest, AuditFindsAWinWhileMovesRemain) {
  LogBuilder log;
  log.Play("11-15");
  log.Craft(CraftedEnd(events::FIRST_WINS, events::NO_LEGAL_MOVE));
  const std::string path = Write(log, NewTempDir("audit-win") + "/game.log");
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out,
              HasSubstr("seq 3 [unjustified_end]: the log claims "
                        "FIRST_WINS by NO_LEGAL_MOVE, but the game had not "
                        "ended: White, to move, has 7 legal moves"));
}

TEST(CliToolsTest, AuditReasoningSpeaksTheInterfaceLanguage) {
  LogBuilder log;
  log.Play("11-15");
  log.Craft(CraftedEnd(events::FIRST_WINS, events::NO_LEGAL_MOVE));
  const std::string path = Write(log, NewTempDir("audit-why") + "/game.log");
  const auto r = RunCheckers({"audit", path, "--lang=sv"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("Vit, vid draget, har 7 lagliga drag ("));
  EXPECT_THAT(r.err, HasSubstr("Vit, vid draget, har 7 lagliga drag ("));
  const auto json = RunCheckers({"audit", path, "--json", "--lang=sv"});
  EXPECT_EQ(json.out, RunCheckers({"audit", path, "--json"}).out);
  EXPECT_THAT(json.out, HasSubstr("White, to move, has 7 legal moves"));
}

TEST(CliToolsTest, AuditFindsATurnAppendedAfterTheEnd) {
  LogBuilder log("W:W22:B18");
  log.Play("22x15");
  log.Craft(CraftedTurn(events::FIRST, {1, 5}));
  const std::string path =
      Write(log, NewTempDir("audit-after-end") + "/game.log");
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(
      r.out,
      HasSubstr(
          "seq 4 [after_end]: seq 4 follows the end of the game at seq 3"));
}

TEST(CliToolsTest, AuditFindsAnIllegalTurnAndSaysWhatWasNotAudited) {
  LogBuilder log = FourTurns();
  log.Craft(CraftedTurn(events::FIRST, {15, 11}));
  log.Craft(CraftedTurn(events::SECOND, {24, 20}));
  const std::string path =
      Write(log, NewTempDir("audit-illegal") + "/game.log");
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out,
              HasSubstr("seq 6 [illegal_turn]: the move 15-11 is not legal "
                        "for Red here; legal moves: "));
  EXPECT_THAT(r.out, HasSubstr("notice: seq 7: seq 7 is not audited"));
}

TEST(CliToolsTest, AuditOfATruncatedLogAuditsWhatItHoldsWithANotice) {
  const std::string path =
      Write(FourTurns(), NewTempDir("audit-torn") + "/game.log");
  const std::string bytes = ReadAll(path);
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(bytes.size() - 5)), 0);
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(": sound (4 events, 3 turns)"));
  EXPECT_THAT(r.out, HasSubstr("notice: the last "));
  EXPECT_THAT(r.out, HasSubstr("unfinished write that a crash cut short"));
  EXPECT_EQ(ReadAll(path), bytes.substr(0, bytes.size() - 5));
}

TEST(CliToolsTest, AuditOfACorruptedByteExits65NamingTheOffset) {
  const std::string path =
      Write(FourTurns(), NewTempDir("audit-corrupt") + "/game.log");
  absl::StatusOr<storage::LogContents> contents =
      storage::ReadLog(storage::Env::Default(), path);
  ASSERT_TRUE(contents.ok());
  const uint64_t offset = contents->records[2].offset;
  std::string bytes = ReadAll(path);
  bytes[offset + storage::kFrameHeaderSize + 1] ^= 0x20;
  WriteAll(path, bytes);
  const auto r = RunCheckers({"audit", path});
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_EQ(LineCount(r.err), 1);
  EXPECT_THAT(r.err, HasSubstr(absl::StrCat("corrupt record at byte ", offset,
                                            " (seq 3)")));
  EXPECT_EQ(ReadAll(path), bytes);

  const auto json = RunCheckers({"audit", path, "--json"});
  EXPECT_EQ(json.exit_code, 65);
  const google::protobuf::Struct summary = ParseJson(Lines(json.out).back());
  EXPECT_EQ(summary.fields().at("type").string_value(), "summary");
  EXPECT_FALSE(summary.fields().at("sound").bool_value());
  EXPECT_EQ(summary.fields().at("exit").number_value(), 65);
}

TEST(CliToolsTest, EveryToolNamesACorruptLogOnce) {
  const std::string path =
      Write(FourTurns(), NewTempDir("tools-corrupt") + "/game.log");
  std::string bytes = ReadAll(path);
  bytes[storage::kFileHeaderSize + storage::kFrameHeaderSize + 1] ^= 0x20;
  WriteAll(path, bytes);
  for (const std::vector<std::string>& command :
       std::vector<std::vector<std::string>>{{"log", path},
                                             {"replay", path, "--ply=0"},
                                             {"export", path, "--pdn"},
                                             {"audit", path},
                                             {"show", "--save=" + path}}) {
    const auto r = RunCheckers(command);
    EXPECT_EQ(r.exit_code, 65) << command[0];
    EXPECT_THAT(r.err, HasSubstr(absl::StrCat(path, ": corrupt record")))
        << command[0];
    EXPECT_THAT(r.err, Not(HasSubstr(absl::StrCat(path, ": ", path))))
        << command[0];
  }
}

TEST(CliToolsTest, AuditOfAMissingFileExits66) {
  const auto r =
      RunCheckers({"audit", NewTempDir("audit-missing") + "/none.log"});
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_EQ(LineCount(r.err), 1);
}

TEST(CliToolsTest, AuditReadsStandardInputAndWritesJsonLines) {
  LogBuilder log = FourTurns();
  log.Craft(CraftedEnd(events::DRAW, events::AGREEMENT));
  const auto r = RunCheckers({"audit", "-", "--json"}, log.Bytes());
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  const google::protobuf::Struct finding = ParseJson(lines[0]);
  EXPECT_EQ(finding.fields().at("type").string_value(), "finding");
  EXPECT_EQ(finding.fields().at("seq").number_value(), 6);
  EXPECT_EQ(finding.fields().at("code").string_value(), "unjustified_end");
  EXPECT_THAT(finding.fields().at("message").string_value(),
              HasSubstr("no draw offer was accepted"));
  const google::protobuf::Struct summary = ParseJson(lines[1]);
  EXPECT_EQ(summary.fields().at("type").string_value(), "summary");
  EXPECT_EQ(summary.fields().at("log").string_value(), "-");
  EXPECT_FALSE(summary.fields().at("sound").bool_value());
  EXPECT_EQ(summary.fields().at("findings").number_value(), 1);
  EXPECT_EQ(summary.fields().at("turns").number_value(), 4);

  const auto sound = RunCheckers({"audit", "-"}, FourTurns().Bytes());
  EXPECT_EQ(sound.exit_code, 0) << sound.err;
  EXPECT_THAT(sound.out,
              StartsWith("standard input: sound (5 events, 4 turns)"));
}

TEST(CliToolsTest, ReplayPlyPrintsThePositionAfterThatTurn) {
  LogBuilder log("B:WK32:BK1,12");
  for (absl::string_view m : {"1-6", "32-27", "6-1", "27-32", "12-16"})
    log.Play(m);
  const std::string path = Write(log, NewTempDir("replay-ply") + "/game.log");
  const auto r = RunCheckers({"replay", path, "--ply=4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out,
      "Turn 4 of 5 (seq 5): White played 27-32\n"
      "     W    31    30    29\n"
      " 28    27    26    25\n"
      "    24    23    22    21\n"
      " 20    19    18    17\n"
      "    16    15    14    13\n"
      "  r    11    10     9\n"
      "     8     7     6     5\n"
      "  4     3     2     R\n"
      "FEN: B:WK32:BK1,12\n"
      "Red to move\n"
      "No-progress: 4 turns without a capture or a man's move (a draw at 80)\n"
      "Repetition: this position has stood 2 times\n");
  const auto last = RunCheckers({"replay", path, "--ply=5"});
  EXPECT_THAT(last.out, HasSubstr("No-progress: 0 turns"));
  EXPECT_THAT(last.out, HasSubstr("has stood 1 time\n"));
}

TEST(CliToolsTest, ReplayPlyOutOfRangeIsAUsageErrorNamingTheRange) {
  const std::string path =
      Write(FourTurns(), NewTempDir("replay-range") + "/game.log");
  for (const char* ply : {"--ply=5", "--ply=-1", "--ply=two"}) {
    const auto r = RunCheckers({"replay", path, ply});
    EXPECT_EQ(r.exit_code, 64) << ply;
    EXPECT_THAT(r.err, HasSubstr("this game has turns 0 to 4"));
  }
  EXPECT_EQ(RunCheckers({"replay", NewTempDir("replay-range") + "/none.log"})
                .exit_code,
            66);
}

TEST(CliToolsTest, ReplaySteppedThroughAPipe) {
  const std::string path =
      Write(FourTurns(), NewTempDir("replay-pipe") + "/game.log");
  const auto r =
      RunCheckers({"replay", path}, "n\nn\np\nl\nn\n9\n2\nf\nq\nn\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> headers;
  for (const std::string& line : Lines(r.out)) {
    if (absl::StartsWith(line, "Turn ") || absl::StartsWith(line, "This ") ||
        absl::StartsWith(line, "There ")) {
      headers.push_back(line);
    }
  }
  EXPECT_THAT(headers,
              ElementsAre("Turn 0 of 4: the start (seq 1)",
                          "Turn 1 of 4 (seq 2): Red played 11-15",
                          "Turn 2 of 4 (seq 3): White played 23-19",
                          "Turn 1 of 4 (seq 2): Red played 11-15",
                          "Turn 4 of 4 (seq 5): White played 22-17",
                          "Turn 4 of 4 (seq 5): White played 22-17",
                          "This is the last turn.",
                          "Turn 4 of 4 (seq 5): White played 22-17",
                          "There is no turn 9: this game has turns 0 to 4.",
                          "Turn 2 of 4 (seq 3): White played 23-19",
                          "Turn 0 of 4: the start (seq 1)"));
}

TEST(CliToolsTest, LogJsonLinesAreObjectsWithSeqTurnAndSide) {
  LogBuilder log = FourTurns();
  log.Commit(*events::OfferDrawEvent(log.state()));
  log.Commit(*events::DeclineDrawEvent(log.state()));
  const std::string path = Write(log, NewTempDir("log-json") + "/game.log");
  const auto r = RunCheckers({"log", path, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 7u);
  for (size_t i = 0; i < lines.size(); ++i) {
    const google::protobuf::Struct o = ParseJson(lines[i]);
    EXPECT_EQ(o.fields().at("seq").number_value(), i + 1);
    EXPECT_TRUE(o.fields().contains("turn"));
    EXPECT_TRUE(o.fields().contains("side"));
  }
  const google::protobuf::Struct turn = ParseJson(lines[2]);
  EXPECT_EQ(turn.fields().at("turn").number_value(), 2);
  EXPECT_EQ(turn.fields().at("side").string_value(), "White");
  EXPECT_EQ(turn.fields().at("move").string_value(), "23-19");
  EXPECT_EQ(ParseJson(lines[5]).fields().at("side").string_value(), "Red");

  const auto text = RunCheckers({"log", path});
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_THAT(Lines(text.out)[1],
              StartsWith("seq 2    turn 1    Red    11-15"));
}

TEST(CliToolsTest, ExportWritesStandardPdnOfAPlayedGame) {
  LogBuilder log("W:W22:B18,10");
  log.Play("22x6");
  const std::string path = Write(log, NewTempDir("export") + "/game.log");
  const auto r = RunCheckers({"export", path, "--pdn"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "[Event \"checkers game\"]\n"
            "[Site \"?\"]\n"
            "[Date \"?\?\?\?-?\?-?\?\"]\n"
            "[Round \"?\"]\n"
            "[Black \"Red\"]\n"
            "[White \"White\"]\n"
            "[Result \"0-1\"]\n"
            "[GameType \"21\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"W:W22:B10,18\"]\n"
            "\n"
            "1... 22x15x6 0-1\n");
  const auto usage = RunCheckers({"export", path});
  EXPECT_EQ(usage.exit_code, 64);
  EXPECT_THAT(usage.err, HasSubstr("--pdn"));
}

}  // namespace
}  // namespace checkers
