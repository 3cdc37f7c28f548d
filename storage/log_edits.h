// What every EventLog checks before it changes a log, and the in-memory
// bookkeeping of its records, so that the file, memory and PostgreSQL logs
// refuse the same commits with the same words and number and place their
// records alike.

#ifndef CHECKERS_STORAGE_LOG_EDITS_H_
#define CHECKERS_STORAGE_LOG_EDITS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "storage/log_format.h"

namespace checkers::storage {

// InvalidArgument naming the record when a payload is over
// kMaxPayloadSize.
absl::Status CheckPayloadSizes(const std::vector<std::string>& payloads);

// CheckPayloadSizes, and InvalidArgument for an empty commit.
absl::Status CheckCommit(const std::vector<std::string>& payloads);

// InvalidArgument when keeping `num_records` of `records` would keep more
// than there are or cut a commit in two.
absl::Status CheckTruncation(const std::vector<Record>& records,
                             size_t num_records);

// ResourceExhausted when the file form of a log, `size` bytes, would be
// more than a reader accepts (kMaxLogSize): a writer never makes a log
// unreadable. `name` names the log in the message.
absl::Status CheckLogSize(absl::string_view name, uint64_t size);

// "1 byte", "37 bytes".
std::string ByteCount(uint64_t n);

// The size of the file form of a log holding `records`: where the next
// record's frame starts.
uint64_t LogEnd(const std::vector<Record>& records);

// Appends `payloads` as one commit to `records`, numbered on from the last
// and at the offsets the file form gives them.
void AddCommit(std::vector<std::string> payloads,
               std::vector<Record>* records);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_LOG_EDITS_H_
