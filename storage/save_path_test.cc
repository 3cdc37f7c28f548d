#include "storage/save_path.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace checkers::storage {
namespace {

TEST(SavePathTest, XdgStateHomeWins) {
  EXPECT_EQ(*SavePathFrom("/state", "/home/ann"), "/state/checkers/match.log");
}

TEST(SavePathTest, HomeIsTheFallback) {
  EXPECT_EQ(*SavePathFrom("", "/home/ann"),
            "/home/ann/.local/state/checkers/match.log");
}

TEST(SavePathTest, RelativeXdgStateHomeIsIgnored) {
  EXPECT_EQ(*SavePathFrom("state", "/home/ann"),
            "/home/ann/.local/state/checkers/match.log");
}

TEST(SavePathTest, TrailingSlashesAreNotDoubled) {
  EXPECT_EQ(*SavePathFrom("/state//", ""), "/state/checkers/match.log");
  EXPECT_EQ(*SavePathFrom("", "/home/ann/"),
            "/home/ann/.local/state/checkers/match.log");
  EXPECT_EQ(*SavePathFrom("", "/"), "/.local/state/checkers/match.log");
}

TEST(SavePathTest, NoUsableVariableIsAnErrorPointingToSave) {
  for (const auto& [xdg, home] :
       {std::pair{"", ""}, std::pair{"state", ""}, std::pair{"", "home"}}) {
    absl::StatusOr<std::string> path = SavePathFrom(xdg, home);
    EXPECT_EQ(path.status().code(), absl::StatusCode::kInternal);
    EXPECT_TRUE(absl::StrContains(path.status().message(), "--save=PATH"));
  }
}

TEST(SavePathTest, DefaultSavePathReadsTheEnvironment) {
  ASSERT_EQ(setenv("XDG_STATE_HOME", "/xdg", 1), 0);
  EXPECT_EQ(*DefaultSavePath(), "/xdg/checkers/match.log");
  ASSERT_EQ(unsetenv("XDG_STATE_HOME"), 0);
  ASSERT_EQ(setenv("HOME", "/home/bob", 1), 0);
  EXPECT_EQ(*DefaultSavePath(), "/home/bob/.local/state/checkers/match.log");
}

}  // namespace
}  // namespace checkers::storage
