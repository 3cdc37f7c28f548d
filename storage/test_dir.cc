#include "storage/test_dir.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/env.h"

namespace checkers::storage {

std::string RunningTestDir(absl::string_view suite) {
  const char* base = std::getenv("TEST_TMPDIR");
  const std::string dir = absl::StrCat(
      base != nullptr ? base : "/tmp", "/", suite, "/",
      ::testing::UnitTest::GetInstance()->current_test_info()->name());
  EXPECT_TRUE(Env::Default()->CreateDirs(dir).ok());
  return dir;
}

}  // namespace checkers::storage
