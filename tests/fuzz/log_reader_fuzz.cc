// Fuzzes the save reader (storage/FORMAT.md) with arbitrary bytes.
// Properties: any input is a log or DataLoss; what it reads is the valid
// prefix, which encodes back byte for byte and reads alone with nothing
// torn; and a log that opens also audits, soundly when its events fold.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "replay/audit.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

void Check(absl::string_view bytes) {
  absl::StatusOr<storage::LogContents> log = storage::ParseLog(bytes);
  if (!log.ok()) {
    FUZZ_CHECK(log.status().code() == absl::StatusCode::kDataLoss,
               "a log that does not read is DataLoss");
    FUZZ_CHECK(!replay::AuditLogBytes(bytes).ok(),
               "the audit refuses what the reader refuses");
    return;
  }
  FUZZ_CHECK(log->valid_length + log->torn_bytes == bytes.size(),
             "valid and torn bytes make up the file");
  if (log->valid_length == 0) {
    FUZZ_CHECK(log->records.empty(), "no header, no records");
    return;
  }
  std::string again(bytes.substr(0, storage::kFileHeaderSize));
  for (const storage::Record& r : log->records) {
    FUZZ_CHECK(r.offset == again.size(), "record offsets are exact");
    storage::AppendFrame(r.seq, r.last_in_commit, r.payload, &again);
  }
  FUZZ_CHECK(again == bytes.substr(0, log->valid_length),
             "the records encode back to the valid prefix");
  FUZZ_CHECK(log->records.empty() || log->records.back().last_in_commit,
             "only complete commits are read");
  absl::StatusOr<storage::LogContents> prefix =
      storage::ParseLog(bytes.substr(0, log->valid_length));
  FUZZ_CHECK(
      prefix.ok() && prefix->torn_bytes == 0 && prefix->records == log->records,
      "the valid prefix reads alone as the same records");

  absl::StatusOr<replay::AuditReport> audit = replay::AuditLogBytes(bytes);
  FUZZ_CHECK(audit.ok(), "a log that opens audits");
  FUZZ_CHECK(audit->records == log->records.size(),
             "the audit sees every record");
  std::vector<events::Event> events;
  for (const storage::Record& r : log->records) {
    absl::StatusOr<events::Event> e = events::ParseEvent(r.payload, r.seq);
    if (!e.ok()) return;
    events.push_back(*std::move(e));
  }
  if (!events::FoldEvents(events).ok()) return;
  FUZZ_CHECK(audit->sound(), "a log the fold accepts audits sound");
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
