// A directory on the real file system for one storage test.

#ifndef CHECKERS_STORAGE_TEST_DIR_H_
#define CHECKERS_STORAGE_TEST_DIR_H_

#include <string>

#include "absl/strings/string_view.h"

namespace checkers::storage {

// $TEST_TMPDIR (else /tmp) / `suite` / the running test's name, created
// if missing; a failure to create it fails the test.
std::string RunningTestDir(absl::string_view suite);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_TEST_DIR_H_
