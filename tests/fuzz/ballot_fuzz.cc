// Fuzzes the ballot file reader (match/ballot_file.h), which reads any file
// `checkers match --openings` is given. The input's first line names the
// set, the rest is the file. Properties: a file that does not read is
// refused as DataLoss (the text) or InvalidArgument (the set), never
// otherwise, and says why; a set that reads once reads the same way
// again. Above all, no input may crash the reader or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "match/ballot_file.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

bool SameOpenings(const std::vector<match::Opening>& a,
                  const std::vector<match::Opening>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].fen != b[i].fen) return false;
  }
  return true;
}

void Check(absl::string_view input) {
  const size_t newline = input.find('\n');
  const absl::string_view set = input.substr(0, newline);
  const absl::string_view file = newline == absl::string_view::npos
                                     ? absl::string_view()
                                     : input.substr(newline + 1);
  absl::StatusOr<std::vector<match::Opening>> openings =
      match::ParseBallots(file, set);
  if (!openings.ok()) {
    FUZZ_CHECK(absl::IsDataLoss(openings.status()) ||
                   absl::IsInvalidArgument(openings.status()),
               "a refusal is of the text or of the set");
    FUZZ_CHECK(!openings.status().message().empty(),
               "a refusal says what is wrong");
    return;
  }
  absl::StatusOr<std::vector<match::Opening>> again =
      match::ParseBallots(file, set);
  FUZZ_CHECK(again.ok() && SameOpenings(*openings, *again),
             "a set reads the same way twice");
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(
      absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
