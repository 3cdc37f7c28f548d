#include "tests/runfiles.h"

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"

namespace checkers::testing {

std::string RunfilePath(absl::string_view path) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  if (srcdir == nullptr || workspace == nullptr) return std::string(path);
  return absl::StrCat(srcdir, "/", workspace, "/", path);
}

}  // namespace checkers::testing
