// `checkers play --line`: the same game as the full screen, as a prompt
// that reads one command or move per line and answers in plain text, for
// screen readers and pipes. It reads until end of input.

#ifndef CHECKERS_TERMINAL_LINE_GAME_H_
#define CHECKERS_TERMINAL_LINE_GAME_H_

#include <cstdio>
#include <optional>

#include "events/events.pb.h"
#include "lang/catalogue.h"
#include "session/session.h"

namespace checkers::terminal {

struct LineOptions {
  int input_fd = 0;
  std::FILE* output = stdout;
  // At a terminal: show a "> " prompt and read lines while the computer
  // thinks, so that `pause` acts at once. Otherwise (a pipe) each line
  // waits for the computer's reply to the one before, so that a script
  // gets the same answers on every run.
  bool interactive = false;
  // Set by --mode: a save without turns starts this game at once.
  std::optional<events::Mode> mode;
  events::Difficulty difficulty = events::MEDIUM;
};

// Plays until `quit` or the end of input and returns the exit status.
// `session` has been opened.
int RunLineGame(const lang::Catalogue& text, session::Session* session,
                const LineOptions& options);

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_LINE_GAME_H_
