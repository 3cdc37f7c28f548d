// Flags shared by several subcommands.

#ifndef CHECKERS_UI_CLI_COMMON_FLAGS_H_
#define CHECKERS_UI_CLI_COMMON_FLAGS_H_

#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules.h"

ABSL_DECLARE_FLAG(std::string, fen);
// export: the bare switch --pdn ("true"); match: --pdn=OUT, a file.
ABSL_DECLARE_FLAG(std::string, pdn);
ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(std::string, mode);
ABSL_DECLARE_FLAG(std::string, difficulty);
ABSL_DECLARE_FLAG(std::string, rules);
ABSL_DECLARE_FLAG(int, threads);

namespace checkers::cli {

// The edition --rules names (english when not given); InvalidArgument
// naming the editions for an unknown name.
absl::StatusOr<Edition> EditionFlag();

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_COMMON_FLAGS_H_
