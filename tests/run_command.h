// Runs a command line for end-to-end tests of the `checkers` binary and
// collects what it printed and how it exited.

#ifndef CHECKERS_TESTS_RUN_COMMAND_H_
#define CHECKERS_TESTS_RUN_COMMAND_H_

#include <string>
#include <vector>

namespace checkers::testing {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `argv` (argv[0] is a path) with `input` on stdin and `env` entries
// ("NAME=value") added to the environment; waits for it to finish.
CommandResult RunCommand(const std::vector<std::string>& argv,
                         const std::string& input = "",
                         const std::vector<std::string>& env = {});

// A new, empty directory under $TEST_TMPDIR (or /tmp) whose name starts
// with `prefix`, for one test's files. Aborts the test, saying why, when
// it cannot be made.
std::string NewTempDir(const std::string& prefix);

// The whole file at `path`; empty when it cannot be read.
std::string ReadAll(const std::string& path);

// The path of the `checkers` binary in the test's runfiles.
std::string CheckersBinary();

// RunCommand with CheckersBinary() prepended to `args`.
CommandResult RunCheckers(const std::vector<std::string>& args,
                          const std::string& input = "",
                          const std::vector<std::string>& env = {});

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_RUN_COMMAND_H_
