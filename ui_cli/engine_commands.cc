// perft: the rules engine on its own.

#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"

ABSL_FLAG(int, depth, 0, "N: the deepest depth to count, 1 or more");

namespace checkers::cli {
namespace {

// The --fen position, or the starting position when --fen is not given.
absl::StatusOr<Position> FenOrInitial() {
  const std::string fen = absl::GetFlag(FLAGS_fen);
  if (fen.empty()) return Position::Initial();
  return ParseFen(fen);
}

int RunPerft(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                "perft takes no word \"", positional[0],
                                "\"; use --depth=N [--fen=FEN]")));
  }
  const int depth = absl::GetFlag(FLAGS_depth);
  if (depth < 1 || depth > 30) {
    return Fail(
        kExitUsage,
        absl::InvalidArgumentError(
            "perft needs --depth=N with N from 1 to 30, e.g. --depth=8"));
  }
  absl::StatusOr<Position> pos = FenOrInitial();
  if (!pos.ok()) return Fail(kExitBadData, pos.status());
  for (int d = 1; d <= depth; ++d) {
    const absl::Time start = absl::Now();
    const uint64_t leaves = Perft(*pos, d);
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
       "perft --depth=N [--fen=FEN]   leaf counts for depths 1..N",
       {"depth", "fen"},
       RunPerft},
  };
}

}  // namespace checkers::cli
