// The tools for saved games: log, replay, audit, export and import. They read a
// save (or the FILE named) without its lock and never modify it; import only
// creates new files.

#include <signal.h>
#include <termios.h>
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
#include "absl/strings/numbers.h"
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
#include "replay/timeline.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/game_view.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/play_text.h"
#include "ui_cli/save_flag.h"
#include "ui_cli/step_keys.h"

ABSL_FLAG(std::string, ply, "", "N: print the position after N turns and exit");
ABSL_FLAG(std::string, out, "",
          "DIR: the directory to write one log per game into");

namespace checkers::cli {
namespace {

using events::Event;
using events::GameState;

// A PDN collection is text; a file this large is not one.
constexpr uint64_t kMaxPdnSize = uint64_t{64} << 20;

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// The log a tool reads: FILE when given, else the save.
absl::StatusOr<std::string> LogPath(
    const std::vector<std::string>& positional) {
  if (!positional.empty()) return positional[0];
  return SavePath();
}

absl::Status NoFile(const lang::Catalogue& t, const std::string& path) {
  return absl::NotFoundError(t.Get("tools.no_file", {{"path", path}}));
}

// The game in the log at `path`, read without its lock.
// The events of the log at `path`, unfolded: replay and export fold them
// with their checks as they build their own views.
absl::StatusOr<storage::LoadedEvents> LoadLog(const lang::Catalogue& t,
                                              const std::string& path) {
  absl::StatusOr<storage::LoadedEvents> game =
      storage::LoadEvents(storage::Env::Default(), path);
  if (game.status().code() == absl::StatusCode::kNotFound) {
    return NoFile(t, path);
  }
  return game;
}

void NoticeTornTail(const lang::Catalogue& t, uint64_t torn_bytes) {
  if (torn_bytes == 0) return;
  std::fprintf(
      stderr, "checkers: %s\n",
      t.Get("tools.torn", {{"bytes", absl::StrCat(torn_bytes)}}).c_str());
}

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

// replay

// The game after one turn: what `replay --ply` prints and the stepper
// shows.
std::string PlyText(const lang::Catalogue& t, const replay::Ply& ply,
                    int last_turn) {
  const GameState& s = ply.state;
  const std::string of = absl::StrCat(last_turn);
  const std::string seq = absl::StrCat(ply.seq);
  std::string text =
      ply.turn == 0 ? t.Get("replay.start", {{"last", of}, {"seq", seq}})
                    : t.Get("replay.turn", {{"n", absl::StrCat(ply.turn)},
                                            {"last", of},
                                            {"seq", seq},
                                            {"side", SideText(t, s, ply.mover)},
                                            {"move", ply.move}});
  absl::StrAppend(&text, "\n", BoardText(t, s), "FEN: ", s.position.ToFen(),
                  "\n");
  absl::StrAppend(
      &text,
      s.over()
          ? t.Get("report.game_over",
                  {{"end", EndText(t, s, EndEvidence::kCite)}})
          : t.Get("to_move.side", {{"side", SideText(t, s, s.side_to_move())}}),
      "\n");
  const bool draws = s.rules.no_progress_limit > 0 &&
                     !s.started->options().automatic_draws_off();
  absl::StrAppend(
      &text,
      t.Plural("replay.no_progress", s.no_progress_turns,
               {{"limit",
                 draws ? t.Get("replay.draw_at",
                               {{"n", absl::StrCat(s.rules.no_progress_limit)}})
                       : t.Get("replay.no_draw")}}),
      "\n", t.Plural("show.repetition", s.RepetitionCount()), "\n");
  if (std::string offer = DrawOfferText(t, s); !offer.empty()) {
    absl::StrAppend(&text, offer, "\n");
  }
  return text;
}

// The terminal's settings while the stepper reads single keys; restored on
// exit, on the signals that end the process, and while it is suspended.
struct termios saved_terminal;
struct termios single_keys_terminal;
volatile sig_atomic_t terminal_changed = 0;

void RestoreTerminal() {
  if (terminal_changed) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_terminal);
  terminal_changed = 0;
}

void RestoreTerminalAndDie(int signal) {
  RestoreTerminal();
  ::signal(signal, SIG_DFL);
  raise(signal);
}

// Ctrl-Z: the shell gets its terminal back as it was, and single keys
// again when the stepper is resumed (raise returns only then).
void SuspendWithTerminalRestored(int) {
  RestoreTerminal();
  ::signal(SIGTSTP, SIG_DFL);
  // The signal is blocked while its handler runs; let the raised one stop
  // the process now.
  sigset_t tstp;
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &tstp, nullptr);
  raise(SIGTSTP);
  if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &single_keys_terminal) == 0) {
    terminal_changed = 1;
  }
  ::signal(SIGTSTP, SuspendWithTerminalRestored);
}

// Puts a terminal on stdin into single-key mode for the object's life.
class SingleKeys {
 public:
  SingleKeys() {
    if (!isatty(STDIN_FILENO) ||
        tcgetattr(STDIN_FILENO, &saved_terminal) != 0) {
      return;
    }
    single_keys_terminal = saved_terminal;
    // Keys arrive one at a time, unechoed; Ctrl-C still interrupts.
    single_keys_terminal.c_lflag &= ~(ICANON | ECHO);
    single_keys_terminal.c_cc[VMIN] = 1;
    single_keys_terminal.c_cc[VTIME] = 0;
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
      signal(s, RestoreTerminalAndDie);
    signal(SIGTSTP, SuspendWithTerminalRestored);
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &single_keys_terminal) == 0) {
      terminal_changed = 1;
    }
  }
  ~SingleKeys() {
    signal(SIGTSTP, SIG_DFL);
    RestoreTerminal();
  }
  SingleKeys(const SingleKeys&) = delete;
  SingleKeys& operator=(const SingleKeys&) = delete;
};

int Step(const lang::Catalogue& t, const std::vector<replay::Ply>& plies) {
  const int last = static_cast<int>(plies.size()) - 1;
  const bool screen = isatty(STDOUT_FILENO);
  SingleKeys keys_mode;
  int current = 0;
  std::string message;
  auto show = [&] {
    std::string text = PlyText(t, plies[current], last);
    if (!message.empty()) absl::StrAppend(&text, message, "\n");
    if (screen) {
      // Redraw in place: home the cursor and clear the screen.
      text = absl::StrCat("\x1b[H\x1b[2J", text, t.Get("replay.keys"), "\n");
    } else {
      text.push_back('\n');
    }
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    message.clear();
  };
  show();
  StepKeys keys;
  char c;
  while (true) {
    const ssize_t got = read(STDIN_FILENO, &c, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    const std::string typed = keys.pending_number();
    const std::optional<StepCommand> command = keys.Feed(c);
    if (!command.has_value()) {
      if (screen && keys.pending_number() != typed) {
        // Single-key mode does not echo: show the turn being typed.
        std::printf(
            "\r\x1b[K%s",
            t.Get("replay.typing", {{"n", keys.pending_number()}}).c_str());
        std::fflush(stdout);
      }
      continue;
    }
    switch (command->action) {
      case StepAction::kNext:
        if (current < last) {
          ++current;
        } else {
          message = t.Get("replay.at_last");
        }
        break;
      case StepAction::kBack:
        if (current > 0) {
          --current;
        } else {
          message = t.Get("replay.at_start");
        }
        break;
      case StepAction::kFirst:
        current = 0;
        break;
      case StepAction::kLast:
        current = last;
        break;
      case StepAction::kJump:
        if (command->turn > last) {
          message = t.Get("replay.no_turn", {{"n", absl::StrCat(command->turn)},
                                             {"last", absl::StrCat(last)}});
        } else {
          current = command->turn;
        }
        break;
      case StepAction::kHelp:
        message = t.Get("replay.keys");
        break;
      case StepAction::kQuit:
        return kExitOk;
    }
    show();
  }
  return kExitOk;
}

int RunReplay(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = InterfaceLanguage();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() > 1) {
    return Fail(
        Usage("replay takes at most one FILE; e.g. checkers replay "
              "game.log --ply=10"));
  }
  absl::StatusOr<std::string> path = LogPath(positional);
  if (!path.ok()) return Fail(path.status());
  absl::StatusOr<storage::LoadedEvents> game = LoadLog(**t, *path);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<std::vector<replay::Ply>> plies =
      replay::BuildTimeline(game->events);
  if (!plies.ok()) {
    return Fail(
        absl::Status(plies.status().code(),
                     absl::StrCat(*path, ": ", plies.status().message())));
  }
  NoticeTornTail(**t, game->torn_bytes);
  const int last = static_cast<int>(plies->size()) - 1;
  const std::string ply_text = absl::GetFlag(FLAGS_ply);
  if (ply_text.empty()) return Step(**t, *plies);
  int ply = -1;
  if (!absl::SimpleAtoi(ply_text, &ply) || ply < 0 || ply > last) {
    return Fail(
        Usage((*t)->Get("replay.ply_range",
                        {{"ply", ply_text}, {"last", absl::StrCat(last)}})));
  }
  std::fputs(PlyText(**t, (*plies)[ply], last).c_str(), stdout);
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
  absl::StatusOr<replay::PdnImport> imported =
      replay::ImportPdn(*text, *edition);
  if (!imported.ok()) {
    return Fail(absl::DataLossError(
        absl::StrCat(pdn_path, ": ", imported.status().message())));
  }
  if (imported->games.empty() && imported->refused.empty()) {
    return Fail(absl::DataLossError(
        absl::StrCat(pdn_path, " holds no game; is it a PDN file?")));
  }

  if (absl::Status st = env->CreateDirs(out); !st.ok()) return Fail(st);
  // Nothing is written unless every log can be: an import never
  // overwrites, so it refuses before it starts.
  std::vector<std::string> taken;
  for (const replay::ImportedGame& g : imported->games) {
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

  for (const replay::RefusedGame& r : imported->refused) {
    // The reason quotes the file, which may hold control bytes.
    std::fprintf(stderr, "checkers: not imported: %s\n",
                 PrintableLine(r.reason).c_str());
  }
  size_t plies = 0;
  for (const replay::ImportedGame& g : imported->games) {
    const std::string path =
        absl::StrCat(out, "/", replay::LogFileName(g.index));
    if (absl::Status st = replay::WriteNewLog(env, path, g.events); !st.ok()) {
      return Fail(st);
    }
    plies += g.plies;
  }
  std::printf("imported %zu %s (%zu plies) into %s", imported->games.size(),
              imported->games.size() == 1 ? "game" : "games", plies,
              out.c_str());
  if (!imported->refused.empty()) {
    std::printf("; refused %zu (game", imported->refused.size());
    for (size_t i = 0; i < imported->refused.size(); ++i) {
      std::printf("%s %d", i == 0 ? "" : ",", imported->refused[i].index);
    }
    std::printf(")");
  }
  std::printf("\n");
  return imported->refused.empty() ? kExitOk : kExitRefused;
}

}  // namespace

std::vector<Command> ToolCommands() {
  return {
      {"log",
       "log [FILE] [--json]            one line per event",
       {"save", "json", "lang"},
       RunLog},
      {"replay",
       "replay [FILE] [--ply=N]        step through a game, or print turn N",
       {"save", "ply", "lang"},
       RunReplay},
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
