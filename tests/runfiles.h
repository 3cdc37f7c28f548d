// Where a test finds the files its BUILD rule lists as `data`.

#ifndef CHECKERS_TESTS_RUNFILES_H_
#define CHECKERS_TESTS_RUNFILES_H_

#include <string>

#include "absl/strings/string_view.h"

namespace checkers::testing {

// The path of `path`, relative to the workspace's root, in the test's
// runfiles ($TEST_SRCDIR/$TEST_WORKSPACE/path); `path` itself when the test
// is not run by Bazel, so that a test binary started from the workspace's
// root finds the same files.
std::string RunfilePath(absl::string_view path);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_RUNFILES_H_
