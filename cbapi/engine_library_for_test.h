// The two CheckerBoard entry points of //cbapi:checkers_engine.so, loaded
// with dlopen as CheckerBoard loads an engine, for the tests that drive
// the library from outside.

#ifndef CHECKERS_CBAPI_ENGINE_LIBRARY_FOR_TEST_H_
#define CHECKERS_CBAPI_ENGINE_LIBRARY_FOR_TEST_H_

#include "absl/status/statusor.h"
#include "cbapi/checkerboard.h"

namespace checkers::cb {

using GetMoveFn = int (*)(int[8][8], int, double, char[1024], int*, int, int,
                          CbMove*);
using EngineCommandFn = int (*)(char[256], char[1024]);

struct EngineLibrary {
  GetMoveFn getmove = nullptr;
  EngineCommandFn enginecommand = nullptr;
};

// Loads the library from the test's runfiles (a test that lists it in its
// data). FailedPrecondition outside a Bazel test, NotFound with dlerror's
// words when it cannot be loaded or lacks an entry point. The library
// stays loaded for the life of the process.
absl::StatusOr<EngineLibrary> LoadEngineLibrary();

}  // namespace checkers::cb

#endif  // CHECKERS_CBAPI_ENGINE_LIBRARY_FOR_TEST_H_
