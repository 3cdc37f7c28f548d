#include "ui_cli/exit_codes.h"

#include "gtest/gtest.h"

namespace checkers::cli {
namespace {

TEST(ExitCodesTest, StatusCodesMapToTheContract) {
  EXPECT_EQ(ExitCodeFor(absl::OkStatus()), 0);
  EXPECT_EQ(ExitCodeFor(absl::FailedPreconditionError("")), 1);
  EXPECT_EQ(ExitCodeFor(absl::InvalidArgumentError("")), 64);
  EXPECT_EQ(ExitCodeFor(absl::DataLossError("")), 65);
  EXPECT_EQ(ExitCodeFor(absl::NotFoundError("")), 66);
  EXPECT_EQ(ExitCodeFor(absl::PermissionDeniedError("")), 73);
  EXPECT_EQ(ExitCodeFor(absl::ResourceExhaustedError("")), 73);
  EXPECT_EQ(ExitCodeFor(absl::UnavailableError("")), 75);
}

TEST(ExitCodesTest, MessagesBecomeOnePrintableLine) {
  EXPECT_EQ(PrintableLine("two\nlines\r\tend"), "two lines  end");
  EXPECT_EQ(PrintableLine("bell\x07 and \x7f"), "bell? and ?");
  EXPECT_EQ(PrintableLine("stray \xff\xfe bytes"), "stray ?? bytes");
  EXPECT_EQ(PrintableLine("cut \xc3"), "cut ?");
  EXPECT_EQ(PrintableLine("Утро, välkommen ♛"), "Утро, välkommen ♛");
}

}  // namespace
}  // namespace checkers::cli
