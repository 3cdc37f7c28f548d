// Reads the files under tests/data/ that a test lists as Bazel `data`.

#ifndef CHECKERS_TESTS_TEST_DATA_H_
#define CHECKERS_TESTS_TEST_DATA_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace checkers::testing {

// The path of tests/data/`name` in the test's runfiles (RunfilePath), for
// a test that hands the file to the checkers program.
std::string TestDataPath(absl::string_view name);

// The contents of TestDataPath(`name`); NotFound if it cannot be read.
absl::StatusOr<std::string> ReadTestData(absl::string_view name);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_TEST_DATA_H_
