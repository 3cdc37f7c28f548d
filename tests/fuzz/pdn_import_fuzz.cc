// Fuzzes `checkers import` without the disk: arbitrary bytes as a PDN
// file. Properties: text that does not read is DataLoss; every game
// imported makes log bytes that read back as exactly its events, fold and
// audit sound (what import writes, the reader reads); and the game exported
// as PDN imports again with the same start, moves and result.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "replay/audit.h"
#include "replay/import.h"
#include "replay/log_record.h"
#include "replay/pdn_writer.h"
#include "storage/log_reader.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

void Check(absl::string_view text) {
  absl::StatusOr<replay::PdnImport> imported = replay::ImportPdn(text);
  if (!imported.ok()) {
    FUZZ_CHECK(imported.status().code() == absl::StatusCode::kDataLoss,
               "unreadable PDN is DataLoss");
    return;
  }
  for (const replay::ImportedGame& game : imported->games) {
    const std::string bytes = replay::EncodeLog(game.events);
    absl::StatusOr<storage::LogContents> log = storage::ParseLog(bytes);
    FUZZ_CHECK(log.ok() && log->torn_bytes == 0 &&
                   log->records.size() == game.events.size(),
               "what import writes, the reader reads");
    std::vector<events::Event> read;
    for (const storage::Record& r : log->records) {
      absl::StatusOr<events::Event> e = events::ParseEvent(r.payload, r.seq);
      FUZZ_CHECK(e.ok(), "every record is an event");
      FUZZ_CHECK(
          e->SerializeAsString() == game.events[r.seq - 1].SerializeAsString(),
          "every event reads back as written");
      read.push_back(*std::move(e));
    }
    FUZZ_CHECK(events::FoldEvents(read).ok(), "an imported log folds");
    absl::StatusOr<replay::AuditReport> audit = replay::AuditLogBytes(bytes);
    FUZZ_CHECK(audit.ok() && audit->sound(), "an imported log audits sound");

    absl::StatusOr<replay::GameRecord> record = replay::RecordOfLog(read);
    FUZZ_CHECK(record.ok(), "an imported log exports");
    absl::StatusOr<replay::PdnImport> again =
        replay::ImportPdn(replay::WritePdnGame(*record));
    FUZZ_CHECK(again.ok() && again->refused.empty() && again->games.size() == 1,
               "an export imports again");
    absl::StatusOr<replay::GameRecord> back =
        replay::RecordOfLog(again->games[0].events);
    FUZZ_CHECK(back.ok() && back->start == record->start &&
                   back->moves == record->moves &&
                   back->result == record->result,
               "export then import keeps the start, moves and result");
  }
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
