#include "cbapi/engine_library_for_test.h"

#include <dlfcn.h>

#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::cb {

absl::StatusOr<EngineLibrary> LoadEngineLibrary() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  if (srcdir == nullptr || workspace == nullptr) {
    return absl::FailedPreconditionError(
        "TEST_SRCDIR and TEST_WORKSPACE are unset: run under bazel test");
  }
  const std::string path =
      absl::StrCat(srcdir, "/", workspace, "/cbapi/checkers_engine.so");
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) return absl::NotFoundError(dlerror());
  EngineLibrary library;
  library.getmove = reinterpret_cast<GetMoveFn>(dlsym(handle, "getmove"));
  library.enginecommand =
      reinterpret_cast<EngineCommandFn>(dlsym(handle, "enginecommand"));
  if (library.getmove == nullptr || library.enginecommand == nullptr) {
    return absl::NotFoundError(
        absl::StrCat(path, " lacks getmove or enginecommand"));
  }
  return library;
}

}  // namespace checkers::cb
