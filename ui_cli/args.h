// Command-line parsing for the subcommands of `checkers`, and the flags'
// help.
//
// Abseil's own parser exits with status 1 on a bad flag; the CLI contract
// wants 64 and a message naming the way out, and each subcommand accepts
// only its own flags. So the words after the subcommand are parsed here and
// applied to the Abseil flag registry one by one.
//
// A flag's help text (its ABSL_FLAG description) reads "VALUES: what it
// does" for a flag that takes a value ("forced|optional: whether ...",
// "N: ..."), and "what it does" for a boolean; `--help` and the errors
// below show the VALUES.

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
// twice. A flag in `switches` given bare has the value "true". A value the
// flag cannot take is refused in one line that names the values it takes.
absl::StatusOr<std::vector<std::string>> ParseArgs(
    absl::string_view command, absl::Span<const std::string> words,
    absl::Span<const absl::string_view> allowed,
    absl::Span<const absl::string_view> switches = {});

// The help line of flag `name` (as defined, with underscores): "--capture=
// forced|optional  whether a capture may be declined ...", or "--swap  ..."
// for a boolean or a bare `switch`. Empty for an unknown flag.
std::string FlagUsage(absl::string_view name, bool bare_switch = false);

// Whether the last ParseArgs set flag `name` (even to an empty value, as
// `--fen=` does, which a flag's value alone cannot tell from no flag).
bool FlagGiven(absl::string_view name);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_ARGS_H_
