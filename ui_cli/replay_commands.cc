// `checkers replay`: a saved game turn by turn, stepped with single keys
// at a terminal, or the position after one turn (--ply). It reads the save
// (or the FILE named) without its lock and never modifies it.

#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "events/game_state.h"
#include "replay/timeline.h"
#include "session/play_text.h"
#include "terminal/board_text.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/saved_log.h"
#include "ui_cli/step_keys.h"

ABSL_FLAG(std::string, ply, "", "N: print the position after N turns and exit");

namespace checkers::cli {
namespace {

using events::GameState;
using session::DrawOfferText;
using session::EndEvidence;
using session::EndText;
using session::SideText;
using terminal::BoardText;

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

}  // namespace

std::vector<Command> ReplayCommands() {
  return {
      {"replay",
       "replay [FILE] [--ply=N]        step through a game, or print turn N",
       {"save", "ply", "lang"},
       RunReplay},
  };
}

}  // namespace checkers::cli
