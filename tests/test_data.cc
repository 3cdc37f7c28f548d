#include "tests/test_data.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::testing {

absl::StatusOr<std::string> ReadTestData(absl::string_view name) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  const std::string path =
      srcdir != nullptr && workspace != nullptr
          ? absl::StrCat(srcdir, "/", workspace, "/tests/data/", name)
          : absl::StrCat("tests/data/", name);
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open())
    return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

}  // namespace checkers::testing
