#include "storage/weights_file.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::storage {

// Weights files are under half a megabyte (learned::Serialize); the limit
// only keeps a wrong path from reading a huge file whole.
constexpr size_t kMaxWeightsFileBytes = 16 << 20;

absl::StatusOr<learned::Weights> ReadWeightsFile(Env* env,
                                                 const std::string& path,
                                                 Edition edition) {
  absl::StatusOr<std::string> bytes = env->ReadFile(path, kMaxWeightsFileBytes);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<learned::Weights> parsed = learned::Parse(*bytes, edition);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": ", parsed.status().message()));
  }
  return *std::move(parsed);
}

}  // namespace checkers::storage
