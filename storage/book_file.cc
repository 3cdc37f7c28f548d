#include "storage/book_file.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::storage {

// The committed books are under 300 KB; the limit only keeps a wrong path
// from reading a huge file whole.
constexpr size_t kMaxBookFileBytes = 64 << 20;

absl::StatusOr<book::OpeningBook> ReadBookFile(Env* env,
                                               const std::string& path,
                                               Edition edition) {
  absl::StatusOr<std::string> text = env->ReadFile(path, kMaxBookFileBytes);
  if (!text.ok()) return text.status();
  absl::StatusOr<book::OpeningBook> parsed = book::Parse(*text, edition);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": ", parsed.status().message()));
  }
  return *std::move(parsed);
}

}  // namespace checkers::storage
