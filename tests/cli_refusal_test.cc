// End-to-end tests of refused command lines: each is refused before it
// touches anything, so an empty directory stays empty, and the help text
// describes every flag by its values.

#include <dirent.h>

#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/run_command.h"

namespace checkers {
namespace {

using ::checkers::testing::CommandResult;
using ::checkers::testing::NewTempDir;
using ::checkers::testing::RunCheckers;

// The names in `dir`, "." and ".." left out.
std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return {"(cannot read " + dir + ")"};
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(d);
  return names;
}

TEST(CliRefusalTest, ARefusedCommandLeavesItsDirectoryEmpty) {
  struct Refusal {
    std::vector<std::string> args;
    int exit_code;
  };
  const std::vector<Refusal> refusals = {
      {{"new"}, 64},
      {{"new", "--mode=sometimes"}, 64},
      {{"new", "--mode=computer", "--difficulty=impossible"}, 64},
      {{"new", "--mode=computer", "--rules=klingon"}, 64},
      {{"new", "--mode=two-player", "--colours=purple-green"}, 64},
      {{"new", "--mode=two-player", "--no-progress=5000"}, 64},
      {{"new", "--mode=two-player", "--turn-limit=-3"}, 64},
      {{"new", "--mode=two-player", "--preset=chaos"}, 64},
      {{"new", "--mode=two-player", "--fen=B:W99:B1"}, 65},
      {{"new", "--mode=two-player", "--fen=nonsense"}, 65},
      {{"new", "--mode=two-player", "--no-such-flag"}, 64},
      {{"new", "--mode=two-player", "extra-word"}, 64},
      {{"no-such-command"}, 64},
      {{"move", "11-15"}, 1},
      {{"undo"}, 1},
      {{"show"}, 66},
      {{"play", "--line", "--mode=sometimes"}, 64},
      {{"play", "--line", "--difficulty=impossible"}, 64},
      {{"moves", "--fen=nonsense"}, 65},
      {{"perft", "--depth=2", "--rules=klingon"}, 64},
  };
  for (const Refusal& refusal : refusals) {
    const std::string dir = NewTempDir("refusal");
    std::vector<std::string> args = refusal.args;
    args.push_back("--save=" + dir + "/s.log");
    const CommandResult r =
        RunCheckers(args, "",
                    {absl::StrCat("XDG_STATE_HOME=", dir, "/state"),
                     absl::StrCat("HOME=", dir, "/home")});
    const std::string line = absl::StrJoin(refusal.args, " ");
    EXPECT_EQ(r.exit_code, refusal.exit_code) << line << "\n" << r.err;
    EXPECT_THAT(Entries(dir), ::testing::IsEmpty()) << line;
  }
}

TEST(CliRefusalTest, AnImportOrAServeRefusedCreatesNoDirectory) {
  const std::string dir = NewTempDir("refusal");
  EXPECT_EQ(
      RunCheckers({"import", dir + "/missing.pdn", "--out=" + dir + "/out"})
          .exit_code,
      66);
  EXPECT_EQ(
      RunCheckers({"serve", "--listen=nowhere", "--data=" + dir + "/data"})
          .exit_code,
      64);
  EXPECT_THAT(Entries(dir), ::testing::IsEmpty());
}

// `--flag=VALUES  what it does`: VALUES says what the flag takes, never
// the name of the command it belongs to.
TEST(CliRefusalTest, HelpGivesEveryFlagsValuesNotItsCommand) {
  const CommandResult r = RunCheckers({"--help"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> commands;
  int flags = 0;
  for (absl::string_view line : absl::StrSplit(r.out, '\n')) {
    absl::string_view rest = absl::StripLeadingAsciiWhitespace(line);
    if (absl::ConsumePrefix(&rest, "--")) {
      const size_t equals = rest.find('=');
      const size_t space = rest.find(' ');
      if (equals == absl::string_view::npos || equals > space) continue;
      ++flags;
      const std::string values(rest.substr(equals + 1, space - equals - 1));
      EXPECT_FALSE(commands.count(values)) << line;
      EXPECT_FALSE(values.empty()) << line;
    } else if (absl::ConsumePrefix(&rest, "checkers ")) {
      commands.insert(std::string(rest.substr(0, rest.find(' '))));
    }
  }
  EXPECT_GT(commands.size(), 10u) << r.out;
  EXPECT_GT(flags, 20) << r.out;
}

}  // namespace
}  // namespace checkers
