#include "bench/import_bench.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "replay/audit.h"
#include "replay/import.h"
#include "storage/env.h"

namespace checkers::bench {
namespace {

constexpr char kDefaultPdn[] = "tests/data/tinsley.pdn";

// A PDN collection is text; a file this large is not one.
constexpr uint64_t kMaxPdnSize = uint64_t{64} << 20;

}  // namespace

std::string ImportBenchPath() {
  const char* from_env = std::getenv("CHECKERS_BENCH_PDN");
  return from_env != nullptr && from_env[0] != '\0' ? from_env : kDefaultPdn;
}

absl::StatusOr<Figures> ImportBench(const std::string& path, int rounds) {
  absl::StatusOr<std::string> text =
      storage::Env::Default()->ReadFile(path, kMaxPdnSize);
  if (!text.ok()) {
    return absl::Status(
        text.status().code(),
        absl::StrCat("bench import reads ", path, ": ", text.status().message(),
                     "; run it from the project root or set "
                     "CHECKERS_BENCH_PDN to a PDN file"));
  }
  size_t games = 0, plies = 0;
  // Each stage's fastest round, and the fastest round in all.
  absl::Duration best = absl::InfiniteDuration();
  absl::Duration best_import = absl::InfiniteDuration();
  absl::Duration best_audit = absl::InfiniteDuration();
  for (int round = 0; round < rounds; ++round) {
    const absl::Time start = absl::Now();
    const replay::PdnImport imported = replay::ImportPdn(*text);
    const absl::Time imported_at = absl::Now();
    games = plies = 0;
    for (const replay::ImportedGame& g : imported.games) {
      absl::StatusOr<replay::AuditReport> report =
          replay::AuditLogBytes(replay::EncodeLog(g.events));
      if (!report.ok()) return report.status();
      if (!report->sound()) {
        const replay::Finding& f = report->findings.front();
        return absl::InternalError(absl::StrCat(
            "imported game ", g.index, " fails its audit: seq ", f.seq, " [",
            replay::FindingCode(f.kind), "]: ", f.message));
      }
      ++games;
      plies += g.plies;
    }
    const absl::Time end = absl::Now();
    best = std::min(best, end - start);
    best_import = std::min(best_import, imported_at - start);
    best_audit = std::min(best_audit, end - imported_at);
  }
  const double seconds = absl::ToDoubleSeconds(best);
  return Figures{
      {"import_file", path},
      {"games", absl::StrCat(games)},
      {"plies", absl::StrCat(plies)},
      {"seconds", absl::StrFormat("%.4f", seconds)},
      {"games_per_second", absl::StrFormat("%.0f", games / seconds)},
      {"plies_per_second", absl::StrFormat("%.0f", plies / seconds)},
      {"import_seconds",
       absl::StrFormat("%.4f", absl::ToDoubleSeconds(best_import))},
      {"encode_and_audit_seconds",
       absl::StrFormat("%.4f", absl::ToDoubleSeconds(best_audit))},
  };
}

}  // namespace checkers::bench
