#include "bench/analyse_bench.h"

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "replay/analysis.h"
#include "replay/import.h"
#include "storage/env.h"

namespace checkers::bench {
namespace {

// A PDN collection is text; a file this large is not one.
constexpr uint64_t kMaxPdnSize = uint64_t{64} << 20;

}  // namespace

absl::StatusOr<Figures> AnalyseBench(const std::string& path, int games,
                                     int deeper) {
  absl::StatusOr<std::string> text =
      storage::Env::Default()->ReadFile(path, kMaxPdnSize);
  if (!text.ok()) {
    return absl::Status(text.status().code(),
                        absl::StrCat("bench analyse reads ", path, ": ",
                                     text.status().message(),
                                     "; run it from the project root or set "
                                     "CHECKERS_BENCH_PDN to a PDN file"));
  }
  absl::StatusOr<replay::PdnImport> imported = replay::ImportPdn(*text);
  if (!imported.ok()) return imported.status();
  const replay::AnalysisOptions base;
  // The reference searches every position as deep as the analysis
  // searches its close calls, and judges each once.
  replay::AnalysisOptions deep = base;
  deep.nodes = base.nodes * deeper;
  deep.time = base.time * deeper;
  deep.verify = 1;
  int analysed = 0, positions = 0, mistakes = 0, blunders = 0;
  int turns = 0, marked = 0, marks_agree = 0, turns_agree = 0;
  uint64_t nodes = 0;
  absl::Duration elapsed;
  for (const replay::ImportedGame& g : imported->games) {
    if (analysed == games) break;
    absl::StatusOr<replay::GameAnalysis> a =
        replay::AnalyseGame(g.events, base);
    if (!a.ok()) return a.status();
    absl::StatusOr<replay::GameAnalysis> d =
        replay::AnalyseGame(g.events, deep);
    if (!d.ok()) return d.status();
    ++analysed;
    positions += a->searched;
    nodes += a->nodes;
    elapsed += a->elapsed;
    for (size_t i = 0; i < a->turns.size(); ++i) {
      const replay::Mark quick = a->turns[i].mark;
      const replay::Mark slow = d->turns[i].mark;
      mistakes += quick == replay::Mark::kMistake;
      blunders += quick == replay::Mark::kBlunder;
      ++turns;
      turns_agree += quick == slow;
      if (quick != replay::Mark::kNone || slow != replay::Mark::kNone) {
        ++marked;
        marks_agree += quick == slow;
      }
    }
  }
  const double ms = absl::ToDoubleMilliseconds(elapsed);
  auto share = [](int part, int whole) {
    return whole == 0 ? std::string("-")
                      : absl::StrFormat("%.1f%%", 100.0 * part / whole);
  };
  return Figures{
      {"analyse_file", path},
      {"analyse_games", absl::StrCat(analysed)},
      {"positions", absl::StrCat(positions)},
      {"nodes_per_position", absl::StrCat(base.nodes)},
      {"ms_per_position",
       absl::StrFormat("%.1f", positions ? ms / positions : 0.0)},
      {"nodes_per_second",
       absl::StrFormat("%.0f", ms > 0 ? nodes / (ms / 1000) : 0.0)},
      {"mistakes", absl::StrCat(mistakes)},
      {"blunders", absl::StrCat(blunders)},
      {"deeper_nodes", absl::StrCat(deep.nodes)},
      {"marked_turns", absl::StrCat(marked)},
      {"marks_agree", share(marks_agree, marked)},
      {"turns_agree", share(turns_agree, turns)},
  };
}

}  // namespace checkers::bench
