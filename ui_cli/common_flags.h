// Flags shared by several subcommands.

#ifndef CHECKERS_UI_CLI_COMMON_FLAGS_H_
#define CHECKERS_UI_CLI_COMMON_FLAGS_H_

#include <string>

#include "absl/flags/declare.h"

ABSL_DECLARE_FLAG(std::string, fen);
ABSL_DECLARE_FLAG(std::string, mode);
ABSL_DECLARE_FLAG(std::string, difficulty);

#endif  // CHECKERS_UI_CLI_COMMON_FLAGS_H_
