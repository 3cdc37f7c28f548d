#include "storage/log_edits.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace checkers::storage {

std::string ByteCount(uint64_t n) {
  return absl::StrCat(n, n == 1 ? " byte" : " bytes");
}

absl::Status CheckPayloadSizes(const std::vector<std::string>& payloads) {
  for (size_t i = 0; i < payloads.size(); ++i) {
    if (payloads[i].size() > kMaxPayloadSize) {
      return absl::InvalidArgumentError(absl::StrCat(
          "record ", i + 1, " of the commit is ", payloads[i].size(),
          " bytes, over the ", kMaxPayloadSize, "-byte limit"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckCommit(const std::vector<std::string>& payloads) {
  if (payloads.empty()) {
    return absl::InvalidArgumentError("a commit needs at least one record");
  }
  return CheckPayloadSizes(payloads);
}

absl::Status CheckTruncation(const std::vector<Record>& records,
                             size_t num_records) {
  if (num_records > records.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "cannot keep ", num_records, " records of a log of ", records.size()));
  }
  if (num_records > 0 && !records[num_records - 1].last_in_commit) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot keep ", num_records, " records: record ",
                     num_records, " is in the middle of a commit"));
  }
  return absl::OkStatus();
}

absl::Status CheckLogSize(absl::string_view name, uint64_t size) {
  if (size <= kMaxLogSize) return absl::OkStatus();
  return absl::ResourceExhaustedError(
      absl::StrCat(name, " would grow to ", ByteCount(size), ", past the ",
                   kMaxLogSize, "-byte limit of a save; it is kept as it was"));
}

uint64_t LogEnd(const std::vector<Record>& records) {
  return records.empty()
             ? kFileHeaderSize
             : records.back().offset + FrameSize(records.back().payload.size());
}

void AddCommit(std::vector<std::string> payloads,
               std::vector<Record>* records) {
  uint64_t end = LogEnd(*records);
  for (size_t i = 0; i < payloads.size(); ++i) {
    const uint64_t size = FrameSize(payloads[i].size());
    records->push_back(Record{records->size() + 1, end,
                              i + 1 == payloads.size(),
                              std::move(payloads[i])});
    end += size;
  }
}

}  // namespace checkers::storage
