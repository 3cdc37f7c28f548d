#include "bench/search_bench.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/fen8.h"
#include "engine/fen10.h"
#include "engine/search.h"

namespace checkers::bench {
namespace {

// Openings, middle games, shots, king endings and a position full of kings
// with many capture routes (the slowest kind per node).
constexpr const char* kBenchPositions[] = {
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13",
    "B:W15,19,21,22,23,25,27,29,30,32:B1,3,4,7,8,9,12,13,14,16",
    "B:W13,19,21,22,23,24,25,27,28,30,32:B2,4,5,6,7,8,10,12,15,16,18",
    "W:W5,17,24,26,27,28,29,30,31,32:B1,2,3,4,7,9,10,12,15,21",
    "W:WK3,15,19,21,22,25,29:B6,8,9,12,13,20,K28",
    "B:W6,K7,K8,29:B18,20,K27,K30",
    "B:WK11,K15,29:BK18,K22,K24",
    "W:WK19,K26:BK1",
    "W:WK6,K7,K14,K15,K22,K23:BK1,K2,K10,K11,K18,K19,K26,K27",
};

constexpr int kFingerprintDepth = 15;

// International draughts: the opening, two middle games, an ending with
// kings against men and a king ending, where flying kings make many
// routes.
constexpr const char* kBench10Positions[] = {
    "W:W31-50:B1-20",
    "B:W28,31-34,36-50:B1-19,23",
    "W:W25,27,28,30,32-35,37-40,42-44,48:B3,7-9,11-19,21,23,26",
    "B:W24,27,29,33,35,38,39,42,44,47:B6,9,12,13,14,17,18,22,26",
    "W:WK46,31,36,37,42:BK4,13,14,18",
    "B:WK28,K33,K39,45:BK7,K12,K18",
};

constexpr int kFingerprint10Depth = 13;

// The figures of one board: `Request` is its SearchRequest, `parse` its
// FEN reader and `search` its Search.
template <typename Request, typename Parse, typename SearchFn, size_t N>
absl::StatusOr<Figures> RunSearchBench(const char* const (&positions)[N],
                                       int depth, uint64_t hard_budget,
                                       Parse parse, SearchFn search) {
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  double hard_worst = 0;
  double hard_total = 0;
  for (const char* fen : positions) {
    const auto pos = parse(fen);
    if (!pos.ok()) {
      return absl::DataLossError(
          absl::StrCat("bench position ", fen, ": ", pos.status().message()));
    }
    Request request;
    request.position = *pos;
    request.level = Level::kHard;
    request.limits.max_depth = depth;
    request.limits.max_nodes = uint64_t{1} << 50;
    absl::Time start = absl::Now();
    const auto fixed = search(request);
    total_seconds += absl::ToDoubleSeconds(absl::Now() - start);
    if (!fixed.ok()) return fixed.status();
    total_nodes += fixed->nodes;

    request.limits = SearchLimits();
    start = absl::Now();
    const auto hard = search(request);
    const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
    if (!hard.ok()) return hard.status();
    hard_worst = std::max(hard_worst, seconds);
    hard_total += seconds;
  }
  const int count = static_cast<int>(N);
  return Figures{
      {"search_positions", absl::StrCat(count)},
      {"search_depth", absl::StrCat(depth)},
      {"search_nodes", absl::StrCat(total_nodes)},
      {"search_seconds", absl::StrFormat("%.3f", total_seconds)},
      {"search_nodes_per_second",
       absl::StrFormat("%.0f", total_nodes / total_seconds)},
      {"hard_node_budget", absl::StrCat(hard_budget)},
      {"hard_mean_move_seconds", absl::StrFormat("%.3f", hard_total / count)},
      {"hard_worst_move_seconds", absl::StrFormat("%.3f", hard_worst)},
  };
}

}  // namespace

absl::StatusOr<Figures> SearchBench(Edition edition) {
  absl::StatusOr<Figures> figures = RunSearchBench<SearchRequest>(
      kBenchPositions, kFingerprintDepth, NodeBudget(Level::kHard),
      [](absl::string_view fen) { return ParseFen(fen); },
      [edition](SearchRequest request) {
        request.rules.edition = edition;
        return Search(request);
      });
  if (figures.ok() && edition != Edition::kEnglish) {
    figures->insert(figures->begin(),
                    {"search_rules", std::string(EditionName(edition))});
  }
  return figures;
}

absl::StatusOr<Figures> Search10Bench() {
  absl::StatusOr<Figures> figures = RunSearchBench<intl::SearchRequest>(
      kBench10Positions, kFingerprint10Depth, intl::NodeBudget(Level::kHard),
      [](absl::string_view fen) { return intl::ParseFen(fen); },
      [](const intl::SearchRequest& request) { return intl::Search(request); });
  if (figures.ok())
    figures->insert(figures->begin(), {"search_rules", "international"});
  return figures;
}

}  // namespace checkers::bench
