#include "cbapi/engine_library_for_test.h"

#include <dlfcn.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tests/runfiles.h"

namespace checkers::cb {

absl::StatusOr<EngineLibrary> LoadEngineLibrary() {
  const std::string path =
      ::checkers::testing::RunfilePath("cbapi/checkers_engine.so");
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
