// The exit codes of the `checkers` command (see the CLI contract), and the
// one place that turns a Status into an exit code and a stderr line.

#ifndef CHECKERS_UI_CLI_EXIT_CODES_H_
#define CHECKERS_UI_CLI_EXIT_CODES_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace checkers::cli {

inline constexpr int kExitOk = 0;
// Refused: an illegal move, a finished game, a needed confirmation, or
// audit findings.
inline constexpr int kExitRefused = 1;
// Unknown command or flag, bad flag value.
inline constexpr int kExitUsage = 64;
// Unreadable or corrupted log, bad PDN, bad FEN.
inline constexpr int kExitBadData = 65;
// The file named does not exist.
inline constexpr int kExitNoInput = 66;
// The save cannot be created or written.
inline constexpr int kExitCantWrite = 73;
// The save is locked by another running game.
inline constexpr int kExitLocked = 75;

// The exit code for a failed status, by the project's convention:
// InvalidArgument is a usage error, DataLoss bad data, NotFound a missing
// file, FailedPrecondition a refusal, Unavailable a locked save, and
// PermissionDenied / ResourceExhausted / Internal an unwritable save.
int ExitCodeFor(const absl::Status& status);

// `message` as one printable line: line breaks become spaces, and control
// characters and bytes that are not UTF-8 (from a damaged file, say)
// become '?', so the terminal shows what was wrong instead of garbling.
std::string PrintableLine(absl::string_view message);

// Prints "checkers: <message>" as one line on stderr and returns `code`.
int Fail(int code, const absl::Status& status);

// Fail(ExitCodeFor(status), status).
int Fail(const absl::Status& status);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_EXIT_CODES_H_
