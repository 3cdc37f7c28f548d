// `checkers bench NAME`: runs a benchmark of bench/ and prints its figures
// as "name: value" lines.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "bench/analyse_bench.h"
#include "bench/figure.h"
#include "bench/import_bench.h"
#include "bench/levels10.h"
#include "bench/perft_bench.h"
#include "bench/search_bench.h"
#include "bench/serve_bench.h"
#include "bench/storage_bench.h"
#include "engine/rules.h"
#include "replay/analysis.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"

ABSL_DECLARE_FLAG(std::string, store);

namespace checkers::cli {
namespace {

// The fastest of this many rounds is reported.
constexpr int kImportRounds = 5;
// `bench levels` plays each match from this many openings, both colours.
constexpr int kLevelsOpenings = 10;

int Print(const absl::StatusOr<bench::Figures>& figures) {
  if (!figures.ok()) return Fail(figures.status());
  for (const bench::Figure& f : *figures) {
    std::printf("%s: %s\n", f.name.c_str(), f.value.c_str());
  }
  return kExitOk;
}

int RunPerft() {
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  // International draughts has its own board and generator (engine/*10*).
  if (*edition == Edition::kInternational) {
    return Print(bench::Perft10Bench(bench::kPerft10BenchDepth));
  }
  if (*edition != Edition::kEnglish) {
    return Fail(kExitUsage, absl::InvalidArgumentError(
                                "bench perft --rules takes english or "
                                "international; `checkers perft --rules=R` "
                                "counts the others"));
  }
  return Print(bench::PerftBench(bench::kPerftBenchDepth));
}
int RunSearch() {
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  if (*edition == Edition::kInternational) {
    return Print(bench::Search10Bench());
  }
  return Print(bench::SearchBench(*edition));
}
// International draughts has no game log yet, so its levels are measured
// here rather than by `checkers match` (bench/levels10.h).
int RunLevels() {
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  if (*edition != Edition::kInternational) {
    return Fail(kExitUsage, absl::InvalidArgumentError(
                                "bench levels takes --rules=international; "
                                "`checkers match` plays the 8x8 editions"));
  }
  return Print(bench::Levels10Bench(kLevelsOpenings));
}
int RunStorage() { return Print(bench::StorageBench()); }
// The server's figures next to the durable append rate of the same run,
// the bound every move's fdatasync puts on them.
// With --store=URI, every round again on that PostgreSQL database, with one
// server and with two.
int RunServe() {
  bench::ServeBenchOptions options;
  options.store = absl::GetFlag(FLAGS_store);
  absl::StatusOr<bench::Figures> figures = bench::ServeBench(options);
  if (!figures.ok()) return Fail(figures.status());
  absl::StatusOr<bench::Figures> storage = bench::StorageBench();
  if (!storage.ok()) return Fail(storage.status());
  for (const bench::Figure& f : *storage) {
    if (f.name == "durable_appends_per_second") figures->push_back(f);
  }
  return Print(figures);
}
int RunImport() {
  return Print(bench::ImportBench(bench::ImportBenchPath(), kImportRounds));
}
// Twenty games of the collection, each judged again with every position
// searched as deep as the analysis searches its close calls.
int RunAnalyse() {
  return Print(bench::AnalyseBench(bench::ImportBenchPath(), 20,
                                   replay::AnalysisOptions().verify));
}

}  // namespace

std::vector<Bench> Benches() {
  return {{"perft", RunPerft},    {"search", RunSearch}, {"levels", RunLevels},
          {"log", RunStorage},    {"import", RunImport}, {"serve", RunServe},
          {"analyse", RunAnalyse}};
}

}  // namespace checkers::cli
