#include "replay/table_copy.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/audit.h"
#include "storage/log_reader.h"

namespace checkers::replay {
namespace {

// FailedPrecondition naming the first finding of `report`, or OK when it
// is sound. `side` says which log was audited.
absl::Status Sound(const AuditReport& report, absl::string_view side) {
  if (report.sound()) return absl::OkStatus();
  const Finding& first = report.findings.front();
  return absl::FailedPreconditionError(absl::StrCat(
      "the audit of the ", side, " finds ", report.findings.size(),
      report.findings.size() == 1 ? " problem" : " problems",
      ", the first at seq ", first.seq, ": ", first.message));
}

// Copies table `id` and checks the copy; fills `copy` in.
void CopyOne(storage::TableStore& from, storage::TableStore& to,
             TableCopy& copy) {
  absl::StatusOr<std::string> bytes = from.ReadBytes(copy.id);
  if (!bytes.ok()) {
    copy.status = bytes.status();
    return;
  }
  absl::StatusOr<AuditReport> audit = AuditLogBytes(*bytes);
  if (!audit.ok()) {
    copy.status = audit.status();
    return;
  }
  if (copy.status = Sound(*audit, "source"); !copy.status.ok()) return;
  // The audit has parsed these bytes once; parsing them again cannot fail.
  absl::StatusOr<storage::LogContents> log = storage::ParseLog(*bytes);
  if (!log.ok()) {
    copy.status = log.status();
    return;
  }
  copy.records = log->records.size();
  copy.torn_bytes = log->torn_bytes;
  if (copy.status = to.Create(copy.id, *log); !copy.status.ok()) return;

  absl::StatusOr<std::string> copied = to.ReadBytes(copy.id);
  if (!copied.ok()) {
    copy.status = copied.status();
    return;
  }
  if (*copied != absl::string_view(*bytes).substr(0, log->valid_length)) {
    copy.status = absl::DataLossError(absl::StrCat(
        "the copy in ", to.name(), " reads back as ", copied->size(),
        " bytes that differ from the source's ", log->valid_length));
    return;
  }
  absl::StatusOr<AuditReport> copied_audit = AuditLogBytes(*copied);
  copy.status = copied_audit.ok() ? Sound(*copied_audit, "copy")
                                  : copied_audit.status();
}

}  // namespace

absl::StatusOr<TableCopyReport> CopyTables(
    storage::TableStore& from, storage::TableStore& to,
    const std::function<void(const TableCopy&)>& progress) {
  absl::StatusOr<std::vector<std::string>> ids = from.List();
  if (!ids.ok()) return ids.status();
  TableCopyReport report;
  for (const std::string& id : *ids) {
    TableCopy copy;
    copy.id = id;
    CopyOne(from, to, copy);
    if (copy.status.ok()) ++report.copied;
    if (progress) progress(copy);
    report.tables.push_back(std::move(copy));
  }
  return report;
}

}  // namespace checkers::replay
