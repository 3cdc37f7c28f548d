// `checkers analyse`: the engine's judgement of a saved game or of one game
// of a PDN file, turn by turn (replay/analysis.h), as text in the interface
// language or as the JSON the web's replay page draws.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/endgame_db.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "json/analysis_json.h"
#include "json/encode.h"
#include "replay/analysis.h"
#include "replay/import.h"
#include "session/play_text.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/saved_log.h"

ABSL_DECLARE_FLAG(int64_t, nodes);
ABSL_FLAG(int, game, 1, "N: analyse: the game of a PDN file, from 1");

namespace checkers::cli {
namespace {

// A PDN collection is text; a file this large is not one.
constexpr uint64_t kMaxPdnSize = uint64_t{64} << 20;

// The events of the game to analyse: the log at `path`, or game `number`
// of the PDN file at `path` (a name ending in .pdn).
absl::StatusOr<std::vector<events::Event>> GameAt(const lang::Catalogue& t,
                                                  const std::string& path,
                                                  int number) {
  if (!absl::EndsWithIgnoreCase(path, ".pdn")) {
    absl::StatusOr<storage::LoadedEvents> log = LoadLog(t, path);
    if (!log.ok()) return log.status();
    NoticeTornTail(t, log->torn_bytes);
    return log->events;
  }
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Usage(edition.status().message());
  absl::StatusOr<std::string> text =
      storage::Env::Default()->ReadFile(path, kMaxPdnSize);
  if (absl::IsNotFound(text.status())) return NoFile(t, path);
  if (!text.ok()) return text.status();
  absl::StatusOr<replay::PdnImport> pdn = replay::ImportPdn(*text, *edition);
  if (!pdn.ok()) {
    return absl::DataLossError(
        absl::StrCat(path, ": ", pdn.status().message()));
  }
  for (const replay::ImportedGame& g : pdn->games) {
    if (g.index == number) return g.events;
  }
  for (const replay::RefusedGame& g : pdn->refused) {
    if (g.index == number) {
      return absl::DataLossError(absl::StrCat(path, ": ", g.reason));
    }
  }
  return Usage(t.Get(
      "analyse.no_game",
      {{"n", absl::StrCat(number)},
       {"path", path},
       {"count", absl::StrCat(pdn->games.size() + pdn->refused.size())}}));
}

// "+1.35": centi-men as men, signed; "1.35" unsigned.
std::string Men(int centi, bool sign = true) {
  return absl::StrFormat(sign ? "%+.2f" : "%.2f", centi / 100.0);
}

void PrintText(const lang::Catalogue& t, const events::GameState& start,
               const replay::GameAnalysis& a) {
  std::printf("%s\n",
              t.Get("analyse.header",
                    {{"side", session::SideText(t, start, events::FIRST)},
                     {"turns", absl::StrCat(a.turns.size())}})
                  .c_str());
  for (const replay::TurnJudgement& turn : a.turns) {
    const replay::PositionJudgement& after = a.positions[turn.turn];
    std::vector<lang::Arg> args = {
        {"n", absl::StrCat(turn.turn)},
        {"side", session::SideText(t, start, turn.side)},
        {"move", turn.played},
        {"score", after.decided && after.score != 0
                      ? t.Get("analyse.won",
                              {{"side", session::SideText(
                                            t, start,
                                            after.score > 0 ? events::FIRST
                                                            : events::SECOND)}})
                      : Men(after.score)},
        {"best", turn.best},
        {"loss", Men(turn.loss, /*sign=*/false)},
    };
    const char* key = turn.mark == replay::Mark::kBlunder   ? "analyse.blunder"
                      : turn.mark == replay::Mark::kMistake ? "analyse.mistake"
                      : turn.played == turn.best            ? "analyse.turn"
                                                 : "analyse.turn_other";
    std::printf("%s\n", t.Get(key, args).c_str());
  }
  int mistakes = 0, blunders = 0;
  for (const replay::TurnJudgement& turn : a.turns) {
    mistakes += turn.mark == replay::Mark::kMistake;
    blunders += turn.mark == replay::Mark::kBlunder;
  }
  const double ms = absl::ToDoubleMilliseconds(a.elapsed);
  std::printf(
      "%s\n",
      t.Get("analyse.summary",
            {{"positions", absl::StrCat(a.searched)},
             {"ms", absl::StrFormat("%.0f", a.searched ? ms / a.searched : 0)},
             {"mistakes", absl::StrCat(mistakes)},
             {"blunders", absl::StrCat(blunders)}})
          .c_str());
}

int RunAnalyse(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = InterfaceLanguage();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() != 1) {
    return Fail(
        Usage("analyse needs one FILE: a saved game's log, or a PDN "
              "file with --game=N"));
  }
  replay::AnalysisOptions options;
  if (const int64_t nodes = absl::GetFlag(FLAGS_nodes); nodes > 0) {
    options.nodes = static_cast<uint64_t>(nodes);
  } else if (nodes < 0) {
    return Fail(Usage("--nodes must be a number of nodes, 1 or more"));
  }
  const int number = absl::GetFlag(FLAGS_game);
  if (number < 1) return Fail(Usage("--game must be 1 or more"));
  absl::StatusOr<std::vector<events::Event>> events =
      GameAt(**t, positional[0], number);
  if (!events.ok()) return Fail(events.status());
  const std::unique_ptr<egdb::Database> endgame_db =
      storage::LoadDefaultEndgameDatabaseIfPresent(
          storage::EndgameCheck::kOnFirstRead);
  options.endgame_db = endgame_db.get();
  absl::StatusOr<replay::GameAnalysis> analysis =
      replay::AnalyseGame(*events, options);
  if (!analysis.ok()) {
    return Fail(absl::Status(
        analysis.status().code(),
        absl::StrCat(positional[0], ": ", analysis.status().message())));
  }
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", json::Dump(json::AnalysisJson(*analysis)).c_str());
    return kExitOk;
  }
  absl::StatusOr<events::GameState> start =
      events::FoldEvents(absl::MakeConstSpan(*events).first(1));
  if (!start.ok()) return Fail(start.status());
  PrintText(**t, *start, *analysis);
  return kExitOk;
}

}  // namespace

std::vector<Command> AnalyseCommands() {
  return {
      {"analyse",
       "analyse FILE [--game=N] [--nodes=N] [--json]  the engine's judgement "
       "of every turn: evaluation, best move, mistakes",
       {"save", "game", "nodes", "rules", "json", "lang"},
       RunAnalyse},
  };
}

}  // namespace checkers::cli
