// perft: the rules engine on its own.

#include <cinttypes>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/fen8.h"
#include "engine/fen10.h"
#include "engine/movegen8.h"
#include "engine/movegen10.h"
#include "engine/position8.h"
#include "engine/position10.h"
#include "engine/rules.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"

ABSL_FLAG(int, depth, 0, "N: the deepest depth to count, 1 or more");
ABSL_FLAG(bool, drop, false,
          "perft: count capture routes that take the same pieces to the same "
          "square once (default: each order counts)");

namespace checkers::cli {
namespace {

// The --fen position, or the starting position of `edition` when --fen is
// not given.
absl::StatusOr<Position> FenOrInitial(Edition edition) {
  const std::string fen = absl::GetFlag(FLAGS_fen);
  if (fen.empty()) return Position::Initial(edition);
  return ParseFen(fen);
}

// As FenOrInitial, on the 10x10 board.
absl::StatusOr<intl::Position> FenOrInitial10() {
  const std::string fen = absl::GetFlag(FLAGS_fen);
  if (fen.empty()) return intl::Position::Initial();
  return intl::ParseFen(fen);
}

int RunPerft(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(absl::StrCat(
                    "perft takes no word \"", positional[0],
                    "\"; use --depth=N [--fen=FEN] [--rules=...]")));
  }
  const int depth = absl::GetFlag(FLAGS_depth);
  if (depth < 1 || depth > 30) {
    return Fail(
        kExitUsage,
        absl::InvalidArgumentError(
            "perft needs --depth=N with N from 1 to 30, e.g. --depth=8"));
  }
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  const bool drop = absl::GetFlag(FLAGS_drop);
  std::function<uint64_t(int)> count;
  // The 10x10 board has its own position and generator (engine/*10*).
  if (TraitsOf(*edition).board_size == 10) {
    absl::StatusOr<intl::Position> pos = FenOrInitial10();
    if (!pos.ok()) return Fail(kExitBadData, pos.status());
    const intl::Routes routes = drop ? intl::Routes::kDrop : intl::Routes::kKeep;
    count = [pos = *pos, routes](int d) { return intl::Perft(pos, d, routes); };
  } else {
    absl::StatusOr<Position> pos = FenOrInitial(*edition);
    if (!pos.ok()) return Fail(kExitBadData, pos.status());
    const Routes routes = drop ? Routes::kDrop : Routes::kKeep;
    count = [pos = *pos, edition = *edition, routes](int d) {
      return Perft(pos, d, CaptureRule::kMandatory, edition, routes);
    };
  }
  for (int d = 1; d <= depth; ++d) {
    const absl::Time start = absl::Now();
    const uint64_t leaves = count(d);
    const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
    std::printf("%d %" PRIu64 " %.3fs %.1fM leaves/s\n", d, leaves, seconds,
                seconds > 0 ? leaves / seconds / 1e6 : 0.0);
    std::fflush(stdout);
  }
  return kExitOk;
}

}  // namespace

std::vector<Command> EngineCommands() {
  return {
      {"perft",
       "perft --depth=N [--fen=FEN] [--rules=R] [--drop]  leaf counts",
       {"depth", "fen", "rules", "drop"},
       RunPerft},
  };
}

}  // namespace checkers::cli
