#include "terminal/tui_game.h"

#include <signal.h>

#include <memory>

#include "absl/status/statusor.h"
#include "terminal/play_signals.h"
#include "terminal/tui_view.h"

namespace checkers::terminal {
namespace {

// How long one wait for a key lasts: the thinking indicator and the
// computer's move show up at least this often.
constexpr int kPollMillis = 100;

}  // namespace

absl::StatusOr<int> RunFullScreen(const lang::Catalogue& text,
                                  session::Session* session,
                                  TuiController::Options options, bool color) {
  InstallPlaySignalHandlers(/*restore_terminal=*/true);
  absl::StatusOr<std::unique_ptr<TuiView>> view =
      TuiView::Create({.color = color});
  if (!view.ok()) {
    return absl::FailedPreconditionError(text.Get(
        "tui.no_terminal", {{"detail", std::string(view.status().message())}}));
  }
  TuiController controller(text, session, options);
  controller.Start();
  int status = 0;
  // Answers the signals that arrived so far; false when the game must end,
  // with `status` set.
  auto take_signals = [&]() {
    if (TakeSignal(PlaySignal::kHangup) || TakeSignal(PlaySignal::kTerminate)) {
      // Completed turns are saved already; a turn under way is dropped.
      session->Pause();
      status = 128 + LastEndingSignal();
      return false;
    }
    if (TakeSignal(PlaySignal::kSuspend)) {
      controller.OnSuspend();
      (*view)->Draw(controller.Model());
      (*view)->Suspend();
      StopProcess();
      (*view)->Resume();
      TakeSignal(PlaySignal::kContinue);
    }
    if (TakeSignal(PlaySignal::kContinue)) {
      // Stopped by some other means (SIGSTOP): the game pauses too.
      controller.OnSuspend();
      (*view)->Resume();
    }
    return true;
  };
  while (!controller.done()) {
    if (!take_signals()) break;
    controller.Tick();
    (*view)->Draw(controller.Model());
    const ViewInput in = (*view)->Poll(kPollMillis);
    if (in.kind == ViewInput::kHangup) {
      session->Pause();
      status = 128 + SIGHUP;
      break;
    }
    // A signal that came before the key is answered before it: a "resume"
    // typed after a suspension must not be undone by the suspension.
    if (!take_signals()) break;
    switch (in.kind) {
      case ViewInput::kKey:
        controller.OnKey(in.value);
        break;
      case ViewInput::kSquare:
        controller.OnClickSquare(in.value);
        break;
      case ViewInput::kOption:
        controller.OnClickOption(in.value);
        break;
      case ViewInput::kNone:
      case ViewInput::kRedraw:
      case ViewInput::kHangup:
        break;
    }
  }
  view->reset();
  return status;
}

}  // namespace checkers::terminal
