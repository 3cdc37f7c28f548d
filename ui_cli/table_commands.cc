// tables copy: every table of a server's store copied into another
// (replay/table_copy.h): a `serve --data` directory into a PostgreSQL
// database that several servers are to share, or back. Each copy is
// audited on both sides; no table is ever overwritten.

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "replay/table_copy.h"
#include "storage/env.h"
#include "storage/open_table_store.h"
#include "storage/table_store.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"

ABSL_DECLARE_FLAG(std::string, from);
ABSL_FLAG(std::string, to, "",
          "DIR|URI: tables copy: the store the tables go to, a data "
          "directory (as serve --data=DIR) or a postgresql:// URI");

namespace checkers::cli {
namespace {

int RunTables(const std::vector<std::string>& positional) {
  if (positional.size() != 1 || positional[0] != "copy") {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "tables needs one of: copy; e.g. checkers tables copy "
                    "--from=DIR --to=postgresql://host/db"));
  }
  const std::string from = absl::GetFlag(FLAGS_from);
  const std::string to = absl::GetFlag(FLAGS_to);
  if (from.empty() || to.empty()) {
    return Fail(kExitUsage, absl::InvalidArgumentError(
                                "tables copy needs --from=DIR|URI and "
                                "--to=DIR|URI: where the tables are, and "
                                "where they go"));
  }
  if (from == to) {
    return Fail(kExitUsage, absl::InvalidArgumentError(
                                "--from and --to name the same store"));
  }
  storage::Env* env = storage::Env::Default();
  absl::StatusOr<std::unique_ptr<storage::TableStore>> source =
      storage::OpenTableStore(env, from, /*must_exist=*/true);
  if (!source.ok()) return Fail(source.status());
  absl::StatusOr<std::unique_ptr<storage::TableStore>> destination =
      storage::OpenTableStore(env, to, /*must_exist=*/false);
  if (!destination.ok()) return Fail(destination.status());

  absl::StatusOr<replay::TableCopyReport> report = replay::CopyTables(
      **source, **destination, [](const replay::TableCopy& t) {
        if (!t.status.ok()) {
          std::printf("not copied %s: %s\n", t.id.c_str(),
                      PrintableLine(t.status.message()).c_str());
          return;
        }
        std::printf(
            "copied %s (%s)%s\n", t.id.c_str(),
            absl::StrCat(t.records, t.records == 1 ? " record" : " records")
                .c_str(),
            t.torn_bytes == 0
                ? ""
                : absl::StrCat(", leaving behind ", t.torn_bytes,
                               " bytes of an unfinished turn")
                      .c_str());
      });
  if (!report.ok()) return Fail(report.status());
  std::printf("copied %d of %zu tables from %s to %s, each audited on both "
              "sides\n",
              report->copied, report->tables.size(),
              (*source)->name().c_str(), (*destination)->name().c_str());
  return report->copied == static_cast<int>(report->tables.size())
             ? kExitOk
             : kExitRefused;
}

}  // namespace

std::vector<Command> TableCommands() {
  return {
      {"tables",
       "tables copy --from=DIR|URI --to=DIR|URI  copy every table with its "
       "log",
       {"from", "to"},
       RunTables},
  };
}

}  // namespace checkers::cli
