#include "ui_cli/args.h"

#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

ABSL_FLAG(int, test_turns, 40, "N: turns before the test draws, 1 or more");
ABSL_FLAG(bool, test_swap, false, "swap the test's sides");

namespace checkers::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(ArgsTest, AValueTheFlagCannotTakeIsRefusedInTheGamesWords) {
  const std::vector<std::string> words = {"--test-turns=abc"};
  const absl::StatusOr<std::vector<std::string>> parsed =
      ParseArgs("new", words, {"test_turns"});
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(parsed.status().message());
  EXPECT_THAT(message, HasSubstr("--test-turns cannot be \"abc\""));
  EXPECT_THAT(message, HasSubstr("--test-turns=N  turns before the test"));
  EXPECT_THAT(message, Not(HasSubstr("Illegal value")));
  EXPECT_THAT(message, Not(HasSubstr("\n")));
}

TEST(ArgsTest, FlagUsageShowsTheValuesOrNoneForABoolean) {
  EXPECT_EQ(FlagUsage("test_turns"),
            "--test-turns=N  turns before the test draws, 1 or more");
  EXPECT_EQ(FlagUsage("test_swap"), "--test-swap  swap the test's sides");
  EXPECT_EQ(FlagUsage("test_turns", /*bare_switch=*/true),
            "--test-turns  turns before the test draws, 1 or more");
  EXPECT_EQ(FlagUsage("no_such_flag"), "");
}

TEST(ArgsTest, AMissingValueNamesTheValues) {
  const std::vector<std::string> words = {"--test-turns"};
  const absl::StatusOr<std::vector<std::string>> parsed =
      ParseArgs("new", words, {"test_turns"});
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(parsed.status().message(),
              HasSubstr("--test-turns needs a value: --test-turns=N"));
}

}  // namespace
}  // namespace checkers::cli
