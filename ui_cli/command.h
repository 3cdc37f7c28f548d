// A subcommand of `checkers`: its name, usage line, the flags it accepts and
// the function that runs it. Each group of commands lives in its own file
// and hands main() its table.

#ifndef CHECKERS_UI_CLI_COMMAND_H_
#define CHECKERS_UI_CLI_COMMAND_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::cli {

// Runs a command with its positional words (flags are already applied to
// the Abseil flag registry) and returns the process exit code.
using RunFn = int (*)(const std::vector<std::string>& positional);

struct Command {
  absl::string_view name;
  absl::string_view usage;
  std::vector<absl::string_view> flags;
  RunFn run;
  // Flags of `flags` that are not booleans but may be given bare, meaning
  // "true" (export's --pdn, which match takes as --pdn=OUT).
  std::vector<absl::string_view> switches = {};
};

// A figure-printing benchmark for `checkers bench NAME`; prints
// "name: value" lines and returns the exit code.
struct Bench {
  absl::string_view name;
  int (*run)();
};

// perft.
std::vector<Command> EngineCommands();
// new, move, undo, show, moves, resign, draw.
std::vector<Command> GameCommands();
// play: the full-screen game and its line mode.
std::vector<Command> PlayCommands();
// match.
std::vector<Command> MatchCommands();
// log, audit, export, import: the read-only tools for saved games.
std::vector<Command> ToolCommands();
// replay: a saved game stepped turn by turn.
std::vector<Command> ReplayCommands();
// analyse: the engine's judgement of every turn of a game.
std::vector<Command> AnalyseCommands();
// serve: the web board (web/).
std::vector<Command> ServeCommands();
// tables copy: a server's tables moved between stores.
std::vector<Command> TableCommands();
// egdb: the endgame database built, checked and described.
std::vector<Command> EgdbCommands();
// train, book: what self-play makes, the learned evaluation and the
// opening book.
std::vector<Command> TrainCommands();
// bench perft, search, log, import: the figures of bench/, printed.
std::vector<Bench> Benches();

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_COMMAND_H_
