// `checkers bench NAME`: runs a benchmark of bench/ and prints its figures
// as "name: value" lines.

#include <cstdio>
#include <vector>

#include "absl/status/statusor.h"
#include "bench/figure.h"
#include "bench/import_bench.h"
#include "bench/perft_bench.h"
#include "bench/search_bench.h"
#include "bench/storage_bench.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"

namespace checkers::cli {
namespace {

// The fastest of this many rounds is reported.
constexpr int kImportRounds = 5;

int Print(const absl::StatusOr<bench::Figures>& figures) {
  if (!figures.ok()) return Fail(figures.status());
  for (const bench::Figure& f : *figures) {
    std::printf("%s: %s\n", f.name.c_str(), f.value.c_str());
  }
  return kExitOk;
}

int RunPerft() { return Print(bench::PerftBench(bench::kPerftBenchDepth)); }
int RunSearch() { return Print(bench::SearchBench()); }
int RunStorage() { return Print(bench::StorageBench()); }
int RunImport() {
  return Print(bench::ImportBench(bench::ImportBenchPath(), kImportRounds));
}

}  // namespace

std::vector<Bench> Benches() {
  return {{"perft", RunPerft},
          {"search", RunSearch},
          {"log", RunStorage},
          {"import", RunImport}};
}

}  // namespace checkers::cli
