#include "tests/test_data.h"

#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tests/runfiles.h"

namespace checkers::testing {

std::string TestDataPath(absl::string_view name) {
  return RunfilePath(absl::StrCat("tests/data/", name));
}

absl::StatusOr<std::string> ReadTestData(absl::string_view name) {
  const std::string path = TestDataPath(name);
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open())
    return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

}  // namespace checkers::testing
