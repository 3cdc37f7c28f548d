// `checkers play`: the full-screen game, or with --line the same game as a
// prompt. Both open the save through a session::Session, so they share the one
// saved match whatever the interface language.

#include <langinfo.h>
#include <unistd.h>

#include <clocale>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/endgame_db.h"
#include "events/computer.h"
#include "lang/catalogue.h"
#include "session/session.h"
#include "storage/endgame_files.h"
#include "terminal/line_game.h"
#include "terminal/tui_game.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/save_flag.h"

ABSL_FLAG(bool, line, false,
          "a line-by-line prompt instead of the full screen");
ABSL_FLAG(bool, no_color, false, "draw the full screen without colours");

namespace checkers::cli {
namespace {

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// The locale for the full screen: the environment's, but with UTF-8
// characters, which the catalogues and the crown need; C.UTF-8 is always
// there on Debian when the environment names a locale that is not.
void UseUtf8Locale() {
  if (std::setlocale(LC_ALL, "") == nullptr ||
      std::string(nl_langinfo(CODESET)) != "UTF-8") {
    std::setlocale(LC_CTYPE, "C.UTF-8");
  }
}

int RunPlay(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(Usage(absl::StrCat("play takes no word \"", positional[0],
                                   "\"; see checkers play --help")));
  }
  absl::StatusOr<const lang::Catalogue*> language = InterfaceLanguage();
  if (!language.ok()) return Fail(language.status());
  const lang::Catalogue& text = **language;

  std::optional<events::Mode> mode;
  if (const std::string word = absl::GetFlag(FLAGS_mode); !word.empty()) {
    absl::StatusOr<events::Mode> parsed = events::ParseMode(word);
    if (!parsed.ok()) {
      return Fail(Usage("--mode must be computer or two-player"));
    }
    mode = *parsed;
  }
  absl::StatusOr<events::Difficulty> difficulty =
      events::ParseDifficulty(absl::GetFlag(FLAGS_difficulty));
  if (!difficulty.ok()) return Fail(kExitUsage, difficulty.status());
  absl::StatusOr<session::ComputerOptions> computer =
      session::ComputerOptionsFromEnvironment();
  if (!computer.ok()) return Fail(kExitUsage, computer.status());

  const bool line = absl::GetFlag(FLAGS_line);
  if (!line && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
    return Fail(kExitUsage, Usage("the full-screen game needs a terminal; use "
                                  "`checkers play --line` for "
                                  "a prompt that reads moves from a pipe"));
  }

  // The computer plays endings perfectly when `checkers egdb build` has
  // made a database; without one it searches them like any position. Its
  // moves are bounded by nodes, not time, so a slice is read when a search
  // first reaches it rather than all before the game starts.
  const std::unique_ptr<egdb::Database> endgame_db =
      storage::LoadDefaultEndgameDatabaseIfPresent(
          storage::EndgameCheck::kOnFirstRead);
  session::Session session(
      {.computer = *computer, .endgame_db = endgame_db.get()});
  session.Open(SavePath());
  if (line) {
    terminal::LineOptions options;
    options.interactive = isatty(STDIN_FILENO);
    options.mode = mode;
    options.difficulty = *difficulty;
    return terminal::RunLineGame(text, &session, options);
  }
  UseUtf8Locale();
  const absl::StatusOr<int> status = terminal::RunFullScreen(
      text, &session, {.mode = mode, .difficulty = *difficulty},
      !absl::GetFlag(FLAGS_no_color));
  return status.ok() ? *status : Fail(kExitUsage, status.status());
}

}  // namespace

std::vector<Command> PlayCommands() {
  return {
      {"play",
       "play [--line] [--mode=computer|two-player] "
       "[--difficulty=easy|medium|hard] "
       "[--lang=en|sv|it|ms|sr|tl] [--no-color]",
       {"save", "line", "mode", "difficulty", "lang", "no_color"},
       RunPlay},
  };
}

}  // namespace checkers::cli
