// The tools for saved games: log, audit, export and import (replay is in
// replay_commands.cc). They read a save (or the FILE named) without its lock
// and never modify it; import only creates new files.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/fen8.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "nlohmann/json.hpp"
#include "replay/audit.h"
#include "replay/game_record.h"
#include "replay/import.h"
#include "replay/log_record.h"
#include "replay/pdn_writer.h"
#include "replay/phrase.h"
#include "session/play_text.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/game_view.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/save_flag.h"
#include "ui_cli/saved_log.h"

ABSL_FLAG(std::string, out, "",
          "DIR: the directory to write one log per game into");

namespace checkers::cli {

using session::EndEvidence;
using session::EndText;
using session::SideText;
namespace {

using events::Event;
using events::GameState;

// A PDN collection is text; a file this large is not one.
constexpr uint64_t kMaxPdnSize = uint64_t{64} << 20;

// log

int RunLog(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = InterfaceLanguage();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() > 1) return Fail(Usage("log takes at most one FILE"));
  absl::StatusOr<std::string> path = LogPath(positional);
  if (!path.ok()) return Fail(path.status());
  absl::StatusOr<storage::LogContents> contents =
      storage::ReadLog(storage::Env::Default(), *path);
  if (!contents.ok()) {
    if (contents.status().code() == absl::StatusCode::kNotFound) {
      return Fail(NoFile(**t, *path));
    }
    // ReadLog's messages name the path already.
    return Fail(contents.status());
  }
  const bool json = absl::GetFlag(FLAGS_json);
  // Lines are printed up to the first record that is not an event or may
  // not follow the ones before it; the audit tells why a log is unsound in
  // full.
  std::vector<Event> parsed;
  absl::Status unparsed = absl::OkStatus();
  for (const storage::Record& r : contents->records) {
    absl::StatusOr<Event> event = events::ParseEvent(r.payload, r.seq);
    if (!event.ok()) {
      unparsed = event.status();
      break;
    }
    parsed.push_back(*std::move(event));
  }
  GameState before;
  absl::StatusOr<GameState> folded = events::FoldChecked(
      parsed, [&](const events::CheckedEvent& event, const GameState& after) {
        std::printf("%s\n", json ? EventJson(before, event).c_str()
                                 : EventLine(**t, before, event).c_str());
        before = after;
      });
  if (!folded.ok()) {
    return Fail(absl::DataLossError(absl::StrCat(
        folded.status().message(), "; `checkers audit` tells more")));
  }
  if (!unparsed.ok()) return Fail(unparsed);
  NoticeTornTail(**t, contents->torn_bytes);
  return kExitOk;
}

// audit

// Standard input, up to the size of the largest log a reader reads.
absl::StatusOr<std::string> ReadStandardInput() {
  std::string bytes;
  char buffer[1 << 16];
  while (true) {
    const ssize_t got = read(STDIN_FILENO, buffer, sizeof(buffer));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return storage::ReadError("standard input", errno);
    if (got == 0) return bytes;
    if (bytes.size() + static_cast<size_t>(got) > storage::kMaxLogSize) {
      return absl::DataLossError(absl::StrCat(
          "standard input holds more than ", storage::kMaxLogSize >> 20,
          " MiB, more than any save; nothing was audited"));
    }
    bytes.append(buffer, static_cast<size_t>(got));
  }
}

// "6 events, 4 turns": what an audit read.
std::string CountsText(const lang::Catalogue& t, const replay::AuditReport& r) {
  return t.Get("audit.counts",
               {{"events", t.Plural("audit.events", r.records)},
                {"turns", t.Plural("audit.turns", r.state.turns)}});
}

std::string NoticeText(const lang::Catalogue& t, const replay::AuditReport& r,
                       const replay::Notice& n) {
  switch (n.kind) {
    case replay::NoticeKind::kNotAudited:
      return t.Plural("audit.not_audited", r.records - r.audited,
                      {{"first", absl::StrCat(r.audited + 1)},
                       {"last", absl::StrCat(r.records)},
                       {"stop", absl::StrCat(r.audited)}});
    case replay::NoticeKind::kEmpty:
      return t.Get("audit.empty");
    case replay::NoticeKind::kTornTail:
      return t.Get("audit.torn", {{"bytes", absl::StrCat(r.torn_bytes)},
                                  {"offset", absl::StrCat(r.valid_length)},
                                  {"records", absl::StrCat(r.records)}});
  }
  return n.message;
}

void PrintAuditText(const lang::Catalogue& t, const std::string& name,
                    const replay::AuditReport& r) {
  const GameState& s = r.state;
  const std::string counts = CountsText(t, r);
  std::printf(
      "%s\n",
      r.sound()
          ? t.Get("audit.sound", {{"name", name}, {"counts", counts}}).c_str()
          : t.Plural("audit.findings", static_cast<int>(r.findings.size()),
                     {{"name", name}, {"counts", counts}})
                .c_str());
  for (const replay::Finding& f : r.findings) {
    std::printf("%s\n",
                t.Get("audit.finding",
                      {{"seq", absl::StrCat(f.seq)},
                       {"code", std::string(replay::FindingCode(f.kind))},
                       {"message", replay::Word(t, s.started.get(), f.why)}})
                    .c_str());
  }
  if (r.end.has_value()) {
    const std::string seq = absl::StrCat(r.end->seq);
    const std::string end = EndText(t, s, EndEvidence::kCite);
    std::printf(
        "%s\n",
        r.end->justification.empty()
            ? t.Get("audit.ended", {{"seq", seq}, {"end", end}}).c_str()
            : t.Get("audit.ended_justified",
                    {{"seq", seq},
                     {"end", end},
                     {"why", replay::Word(t, s.started.get(), r.end->why)}})
                  .c_str());
  } else if (r.sound() && s.started != nullptr) {
    std::printf("%s\n", t.Plural("audit.goes_on", s.turns,
                                 {{"side", SideText(t, s, s.side_to_move())}})
                            .c_str());
  }
  for (const replay::Notice& n : r.notices) {
    const std::string text = NoticeText(t, r, n);
    std::printf("%s\n",
                n.seq > 0
                    ? t.Get("audit.notice_seq",
                            {{"seq", absl::StrCat(n.seq)}, {"text", text}})
                          .c_str()
                    : t.Get("audit.notice", {{"text", text}}).c_str());
  }
}

void PrintAuditJson(const std::string& name, const replay::AuditReport& r) {
  for (const replay::Finding& f : r.findings) {
    nlohmann::ordered_json o;
    o["type"] = "finding";
    o["seq"] = f.seq;
    o["code"] = std::string(replay::FindingCode(f.kind));
    o["message"] = f.message;
    std::printf("%s\n", json::Dump(o).c_str());
  }
  for (const replay::Notice& n : r.notices) {
    nlohmann::ordered_json o;
    o["type"] = "notice";
    o["seq"] = n.seq > 0 ? nlohmann::ordered_json(n.seq)
                         : nlohmann::ordered_json(nullptr);
    o["message"] = n.message;
    std::printf("%s\n", json::Dump(o).c_str());
  }
  nlohmann::ordered_json summary;
  summary["type"] = "summary";
  summary["log"] = name;
  summary["sound"] = r.sound();
  summary["findings"] = r.findings.size();
  summary["records"] = r.records;
  summary["audited"] = r.audited;
  summary["turns"] = r.state.turns;
  summary["torn_bytes"] = r.torn_bytes;
  if (r.end.has_value()) {
    nlohmann::ordered_json end;
    end["seq"] = r.end->seq;
    end["result"] = json::ResultWord(r.end->end.result());
    end["reason"] = json::ReasonWord(r.end->end.reason());
    end["justification"] = r.end->justification;
    summary["end"] = std::move(end);
  } else {
    summary["end"] = nullptr;
  }
  std::printf("%s\n", json::Dump(summary).c_str());
}

// Fails with `status`; with --json, a summary line first, so a batch
// system reading stdout learns of the error too.
int FailAudit(const std::string& name, const absl::Status& status) {
  if (absl::GetFlag(FLAGS_json)) {
    nlohmann::ordered_json summary;
    summary["type"] = "summary";
    summary["log"] = name;
    summary["sound"] = false;
    summary["error"] = std::string(status.message());
    summary["exit"] = ExitCodeFor(status);
    std::printf("%s\n", json::Dump(summary).c_str());
  }
  return Fail(status);
}

int RunAudit(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = InterfaceLanguage();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() > 1) {
    return Fail(Usage("audit takes at most one FILE, or - for standard input"));
  }
  absl::StatusOr<std::string> path = LogPath(positional);
  if (!path.ok()) return Fail(path.status());
  const bool from_stdin = *path == "-";
  const std::string name = from_stdin ? (*t)->Get("audit.stdin") : *path;
  absl::StatusOr<std::string> bytes =
      from_stdin
          ? ReadStandardInput()
          : storage::Env::Default()->ReadFile(*path, storage::kMaxLogSize);
  if (!bytes.ok()) {
    if (bytes.status().code() == absl::StatusCode::kNotFound) {
      return FailAudit(*path, NoFile(**t, *path));
    }
    return FailAudit(*path, bytes.status());
  }
  absl::StatusOr<replay::AuditReport> report = replay::AuditLogBytes(*bytes);
  if (!report.ok()) {
    return FailAudit(
        *path,
        absl::Status(report.status().code(),
                     absl::StrCat(name, ": ", report.status().message())));
  }
  if (absl::GetFlag(FLAGS_json)) {
    PrintAuditJson(*path, *report);
  } else {
    PrintAuditText(**t, name, *report);
  }
  if (report->sound()) return kExitOk;
  const replay::Finding& first = report->findings.front();
  return Fail(kExitRefused,
              absl::FailedPreconditionError((*t)->Plural(
                  "audit.refused", static_cast<int>(report->findings.size()),
                  {{"name", name},
                   {"seq", absl::StrCat(first.seq)},
                   {"message", replay::Word(**t, report->state.started.get(),
                                            first.why)}})));
}

// export

int RunExport(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = InterfaceLanguage();
  if (!t.ok()) return Fail(t.status());
  if (absl::GetFlag(FLAGS_pdn) != "true") {
    return Fail(
        Usage("export needs --pdn, the format it writes: checkers export "
              "[FILE] --pdn"));
  }
  if (positional.size() > 1)
    return Fail(Usage("export takes at most one FILE"));
  absl::StatusOr<std::string> path = LogPath(positional);
  if (!path.ok()) return Fail(path.status());
  absl::StatusOr<storage::LoadedEvents> game = LoadLog(**t, *path);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<replay::GameRecord> record = replay::RecordOfLog(game->events);
  if (!record.ok()) {
    return Fail(
        absl::Status(record.status().code(),
                     absl::StrCat(*path, ": ", record.status().message())));
  }
  NoticeTornTail(**t, game->torn_bytes);
  // The record exists, so the log starts with its game.
  if (game->events.front().game_started().options().capture_optional()) {
    std::fprintf(stderr,
                 "checkers: this game was played with optional captures; "
                 "programs that follow the standard rules may refuse its "
                 "moves\n");
  }
  std::fputs(replay::WritePdnGame(*record).c_str(), stdout);
  return kExitOk;
}

// import

int RunImport(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(
        Usage("import needs one PDNFILE: checkers import PDNFILE --out=DIR"));
  }
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) {
    return Fail(
        Usage("import needs --out=DIR, the directory to write one log "
              "per game into"));
  }
  // The edition of the games without a GameType tag.
  const absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(Usage(edition.status().message()));
  const std::string& pdn_path = positional[0];
  storage::Env* env = storage::Env::Default();
  absl::StatusOr<std::string> text = env->ReadFile(pdn_path, kMaxPdnSize);
  if (!text.ok()) {
    if (text.status().code() == absl::StatusCode::kNotFound) {
      return Fail(absl::NotFoundError(absl::StrCat("no file ", pdn_path)));
    }
    return Fail(text.status());
  }
  const replay::PdnImport imported = replay::ImportPdn(*text, *edition);
  // What was not imported, for the last line of stderr: each game or text
  // skipped as unreadable with its place and problem, each game the rules
  // refused by its number (its own line says why).
  std::string summary =
      absl::StrCat("imported ", imported.games.size(), " of ", imported.total(),
                   imported.total() == 1 ? " game" : " games");
  bool any_read = !imported.games.empty();
  for (const replay::RefusedGame& r : imported.refused) {
    any_read = any_read || !r.unreadable;
    absl::StrAppend(&summary, r.unreadable ? "; skipped " : "; refused game ",
                    r.unreadable ? r.reason : absl::StrCat(r.index));
  }
  for (const std::string& text_skip : imported.skipped_text) {
    absl::StrAppend(&summary, "; skipped ", text_skip);
  }
  if (imported.total() == 0) {
    return Fail(absl::DataLossError(absl::StrCat(
        pdn_path, " holds no game; is it a PDN file?",
        imported.skipped_text.empty()
            ? ""
            : absl::StrCat(" It starts with ", imported.skipped_text[0]))));
  }
  if (!any_read) {
    return Fail(kExitBadData,
                absl::DataLossError(absl::StrCat(pdn_path, ": ", summary)));
  }

  if (absl::Status st = env->CreateDirs(out); !st.ok()) return Fail(st);
  // Nothing is written unless every log can be: an import never
  // overwrites, so it refuses before it starts.
  std::vector<std::string> taken;
  for (const replay::ImportedGame& g : imported.games) {
    const std::string name = replay::LogFileName(g.index);
    if (env->FileExists(absl::StrCat(out, "/", name))) taken.push_back(name);
  }
  if (!taken.empty()) {
    return Fail(absl::FailedPreconditionError(absl::StrCat(
        out, " already holds ", taken[0],
        taken.size() > 1 ? absl::StrCat(" and ", taken.size() - 1, " more")
                         : "",
        "; import into a new or empty directory (an import never overwrites "
        "a log)")));
  }

  for (const replay::RefusedGame& r : imported.refused) {
    // The reason quotes the file, which may hold control bytes.
    if (!r.unreadable) {
      std::fprintf(stderr, "checkers: not imported: %s\n",
                   PrintableLine(r.reason).c_str());
    }
  }
  size_t plies = 0;
  for (const replay::ImportedGame& g : imported.games) {
    const std::string path =
        absl::StrCat(out, "/", replay::LogFileName(g.index));
    if (absl::Status st = replay::WriteNewLog(env, path, g.events); !st.ok()) {
      return Fail(st);
    }
    plies += g.plies;
  }
  std::printf("imported %zu %s (%zu plies) into %s", imported.games.size(),
              imported.games.size() == 1 ? "game" : "games", plies,
              out.c_str());
  if (!imported.refused.empty()) {
    std::printf("; refused %zu (game", imported.refused.size());
    for (size_t i = 0; i < imported.refused.size(); ++i) {
      std::printf("%s %d", i == 0 ? "" : ",", imported.refused[i].index);
    }
    std::printf(")");
  }
  std::printf("\n");
  if (imported.whole()) return kExitOk;
  std::fflush(stdout);
  return Fail(kExitRefused, absl::FailedPreconditionError(summary));
}

}  // namespace

std::vector<Command> ToolCommands() {
  return {
      {"log",
       "log [FILE] [--json]            one line per event",
       {"save", "json", "lang"},
       RunLog},
      {"audit",
       "audit [FILE|-] [--json]        check every turn and every result",
       {"save", "json", "lang"},
       RunAudit},
      {"export",
       "export [FILE] --pdn            the game as PDN on stdout",
       {"save", "pdn", "lang"},
       RunExport,
       {"pdn"}},
      {"import",
       "import PDNFILE --out=DIR [--rules=R]  one log per game of a PDN "
       "file; R: the edition of games without a GameType tag",
       {"out", "rules"},
       RunImport},
  };
}

}  // namespace checkers::cli
