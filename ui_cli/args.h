// Command-line parsing for the subcommands of `checkers`.
//
// Abseil's own parser exits with status 1 on a bad flag; the CLI contract
// wants 64 and a message naming the way out, and each subcommand accepts
// only its own flags. So the words after the subcommand are parsed here and
// applied to the Abseil flag registry one by one.

#ifndef CHECKERS_UI_CLI_ARGS_H_
#define CHECKERS_UI_CLI_ARGS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace checkers::cli {

// Parses `words` (everything after the subcommand name). "--name=value",
// "--name value", "--bool", "--nobool" set registered Abseil flags; a flag
// of type std::vector<std::string> may be repeated and collects every
// value; "--" ends the flags. Returns the positional words.
//
// InvalidArgument, naming the flag and the command's flags, for a flag not
// in `allowed`, a missing or unparsable value, or a non-list flag given
// twice. A flag in `switches` given bare has the value "true".
absl::StatusOr<std::vector<std::string>> ParseArgs(
    absl::string_view command, absl::Span<const std::string> words,
    absl::Span<const absl::string_view> allowed,
    absl::Span<const absl::string_view> switches = {});

// Whether the last ParseArgs set flag `name` (even to an empty value, as
// `--fen=` does, which a flag's value alone cannot tell from no flag).
bool FlagGiven(absl::string_view name);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_ARGS_H_
