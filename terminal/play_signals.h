// The signals `checkers play` answers: suspending (Ctrl-Z, SIGTSTP) and
// being continued pause the game; losing the terminal (SIGHUP), Ctrl-C
// and SIGTERM end it cleanly; a crash gives the terminal back before the
// process dies. The handlers only set flags, which the game loop takes.

#ifndef CHECKERS_TERMINAL_PLAY_SIGNALS_H_
#define CHECKERS_TERMINAL_PLAY_SIGNALS_H_

namespace checkers::terminal {

enum class PlaySignal {
  // SIGTSTP: the person asked to suspend the program.
  kSuspend,
  // SIGCONT: the program goes on after being stopped, by SIGTSTP or not.
  kContinue,
  // SIGHUP: the terminal is gone.
  kHangup,
  // SIGINT or SIGTERM.
  kTerminate,
};

// Installs the handlers. With `restore_terminal`, a crash (SIGSEGV,
// SIGABRT, SIGBUS, SIGFPE, SIGILL) first puts the terminal's settings back
// as they were at this call and leaves the alternate screen.
void InstallPlaySignalHandlers(bool restore_terminal);

// Whether `signal` arrived since the last call (and forgets it).
bool TakeSignal(PlaySignal signal);

// The signal number of the last kHangup or kTerminate signal taken, for
// the exit status 128 + N.
int LastEndingSignal();

// Stops the process as SIGTSTP's default action would; returns once it is
// continued. The caller has given the terminal back first.
void StopProcess();

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_PLAY_SIGNALS_H_
