#include "storage/table_store.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace checkers::storage {

absl::Status CheckTableId(absl::string_view id) {
  const auto fits = [](char c) {
    return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'z') || c == '-';
  };
  bool chars_fit = true;
  for (char c : id) chars_fit = chars_fit && fits(c);
  if (id.empty() || id.size() > 32 || id[0] == '-' || !chars_fit) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", absl::CHexEscape(id),
                     "\" is not a table id: a table id is 1 to 32 of a-z, "
                     "0-9 and '-', not starting with '-'"));
  }
  if (id == kLocalTableId) {
    return absl::InvalidArgumentError(
        "\"local\" is the terminal game's save, not a table of a store");
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<std::vector<std::string>>> CommitsOf(
    const LogContents& log) {
  std::vector<std::vector<std::string>> commits;
  bool open = false;
  for (size_t i = 0; i < log.records.size(); ++i) {
    const Record& r = log.records[i];
    if (r.seq != i + 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "record ", i + 1, " of the log is numbered ", r.seq));
    }
    if (!open) commits.emplace_back();
    commits.back().push_back(r.payload);
    open = !r.last_in_commit;
  }
  if (open) {
    return absl::InvalidArgumentError(
        absl::StrCat("the last record of the log, seq ", log.records.size(),
                     ", does not end a commit"));
  }
  return commits;
}

}  // namespace checkers::storage
