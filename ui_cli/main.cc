// The `checkers` command: a dispatcher over the subcommand tables of the
// files in this directory. Exit codes follow the CLI contract.

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"

namespace checkers::cli {
namespace {

std::vector<Command> AllCommands() {
  std::vector<Command> all;
  for (auto group :
       {PlayCommands, GameCommands, EngineCommands, MatchCommands, ToolCommands,
        ReplayCommands, AnalyseCommands, ServeCommands, TableCommands,
        EgdbCommands, TrainCommands}) {
    for (Command& c : group()) all.push_back(std::move(c));
  }
  return all;
}

void PrintFlags(std::FILE* out, const std::vector<absl::string_view>& flags,
                const std::vector<absl::string_view>& switches) {
  if (flags.empty()) return;
  std::fprintf(out, "\nflags:\n");
  for (absl::string_view f : flags) {
    const bool bare = absl::c_linear_search(switches, f);
    std::fprintf(out, "  %s\n", FlagUsage(f, bare).c_str());
  }
}

void PrintUsage(std::FILE* out, const std::vector<Command>& commands) {
  std::fprintf(out, "usage: checkers COMMAND [FLAGS]\n\ncommands:\n");
  for (const Command& c : commands) {
    if (c.name == "bench") continue;
    std::fprintf(out, "  checkers %s\n", std::string(c.usage).c_str());
  }
  std::fprintf(
      out, "  checkers bench NAME                     performance figures (");
  std::vector<std::string> names;
  for (const Bench& b : Benches()) names.emplace_back(b.name);
  std::fprintf(out, "%s)\n", absl::StrJoin(names, ", ").c_str());
  std::set<absl::string_view> all;
  for (const Command& c : commands) all.insert(c.flags.begin(), c.flags.end());
  PrintFlags(out, std::vector<absl::string_view>(all.begin(), all.end()), {});
  std::fprintf(out,
               "\n`checkers COMMAND --help` lists the flags of one command; "
               "`checkers rules` tells the rules.\n");
}

int RunBench(const std::vector<std::string>& positional) {
  std::vector<std::string> names;
  for (const Bench& b : Benches()) {
    names.emplace_back(b.name);
    if (positional.size() != 1 || positional[0] != b.name) continue;
    if (FlagGiven("rules") && b.name != "perft" && b.name != "search" &&
        b.name != "levels") {
      return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                  "bench ", b.name, " takes no --rules")));
    }
    if (FlagGiven("store") && b.name != "serve") {
      return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                  "bench ", b.name, " takes no --store")));
    }
    return b.run();
  }
  return Fail(kExitUsage,
              absl::InvalidArgumentError(absl::StrCat(
                  "bench needs one of: ", absl::StrJoin(names, ", "),
                  "; e.g. checkers bench perft")));
}

int Main(int argc, char** argv) {
  std::vector<Command> commands = AllCommands();
  // --rules picks the edition of `bench perft`, `bench search` and `bench
  // levels`; the other benches have one.
  // --store=URI runs `bench serve` on a PostgreSQL database too.
  commands.push_back({"bench", "bench NAME", {"rules", "store"}, RunBench});
  if (argc < 2) {
    PrintUsage(stderr, commands);
    return kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    PrintUsage(stdout, commands);
    return kExitOk;
  }
  for (const Command& c : commands) {
    if (c.name != name) continue;
    std::vector<std::string> words(argv + 2, argv + argc);
    for (const std::string& w : words) {
      if (w == "--help" || w == "-h") {
        std::printf("usage: checkers %s\n", std::string(c.usage).c_str());
        PrintFlags(stdout, c.flags, c.switches);
        return kExitOk;
      }
    }
    absl::StatusOr<std::vector<std::string>> positional =
        ParseArgs(name, words, c.flags, c.switches);
    if (!positional.ok()) return Fail(kExitUsage, positional.status());
    return c.run(*positional);
  }
  return Fail(kExitUsage,
              absl::InvalidArgumentError(absl::StrCat(
                  "unknown command \"", name, "\"; see checkers help")));
}

}  // namespace
}  // namespace checkers::cli

int main(int argc, char** argv) { return checkers::cli::Main(argc, argv); }
