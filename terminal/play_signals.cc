#include "terminal/play_signals.h"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace checkers::terminal {
namespace {

std::atomic<bool> g_flags[4];
std::atomic<int> g_ending_signal{0};
struct termios g_saved_termios;
bool g_have_termios = false;

void OnSignal(int signal) {
  switch (signal) {
    case SIGTSTP:
      g_flags[static_cast<int>(PlaySignal::kSuspend)] = true;
      break;
    case SIGCONT:
      g_flags[static_cast<int>(PlaySignal::kContinue)] = true;
      break;
    case SIGHUP:
      g_ending_signal = signal;
      g_flags[static_cast<int>(PlaySignal::kHangup)] = true;
      break;
    default:
      g_ending_signal = signal;
      g_flags[static_cast<int>(PlaySignal::kTerminate)] = true;
      break;
  }
}

// Only async-signal-safe calls: the terminal's saved settings, then the
// escape sequences that leave the alternate screen, show the cursor and
// stop mouse reporting; then the default action.
void OnCrash(int signal) {
  if (g_have_termios) tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_termios);
  static const char kReset[] = "\033[?1000l\033[?1006l\033[?25h\033[?1049l\r\n";
  ssize_t ignored = write(STDOUT_FILENO, kReset, sizeof(kReset) - 1);
  (void)ignored;
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_handler = SIG_DFL;
  sigaction(signal, &action, nullptr);
  raise(signal);
}

void Handle(int signal, void (*handler)(int)) {
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
}

}  // namespace

void InstallPlaySignalHandlers(bool restore_terminal) {
  for (int s : {SIGTSTP, SIGCONT, SIGHUP, SIGINT, SIGTERM}) Handle(s, OnSignal);
  if (restore_terminal) {
    g_have_termios = tcgetattr(STDIN_FILENO, &g_saved_termios) == 0;
    for (int s : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) Handle(s, OnCrash);
  }
}

bool TakeSignal(PlaySignal signal) {
  return g_flags[static_cast<int>(signal)].exchange(false);
}

int LastEndingSignal() { return g_ending_signal; }

void StopProcess() {
  Handle(SIGTSTP, SIG_DFL);
  raise(SIGTSTP);
  // Here once continued.
  Handle(SIGTSTP, OnSignal);
}

}  // namespace checkers::terminal
