#include "ui_cli/common_flags.h"

#include <optional>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

ABSL_FLAG(std::string, fen, "",
          "FEN: a position as PDN FEN, e.g. B:W21,22,K30:B1,2,K5");
ABSL_FLAG(bool, json, false, "one JSON object per line");
ABSL_FLAG(std::string, pdn, "",
          "OUT: match: write the games as PDN to OUT; export: --pdn alone "
          "writes the game as PDN");
ABSL_FLAG(std::string, mode, "",
          "computer|two-player: against the computer, or two people at one "
          "device");
ABSL_FLAG(std::string, difficulty, "medium",
          "easy|medium|hard: the computer's level (default medium)");
ABSL_FLAG(std::string, rules, "english",
          "english|russian|pool|international: the edition of the rules "
          "(default english)");
ABSL_FLAG(int, threads, 2,
          "N: train, book, egdb build: worker threads (default 2)");

namespace checkers::cli {

absl::StatusOr<Edition> EditionFlag() {
  const std::string name = absl::GetFlag(FLAGS_rules);
  const std::optional<Edition> edition = EditionNamed(name);
  if (!edition.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--rules must be english, russian, pool or "
                     "international, not \"",
                     name, "\""));
  }
  return *edition;
}

}  // namespace checkers::cli
