#include "terminal/tui_controller.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "absl/algorithm/container.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "session/play_text.h"
#include "terminal/tui_screen.h"

namespace checkers::terminal {
namespace {

// How many of the latest messages the screen shows.
constexpr size_t kMessagesShown = 3;

}  // namespace

TuiController::TuiController(const lang::Catalogue& text,
                             session::Session* session, Options options)
    : t_(text),
      session_(session),
      dialogs_(text, session, options),
      entry_(text, session) {}

void TuiController::Say(std::string message) {
  if (message.empty()) return;
  messages_.push_back(std::move(message));
  if (messages_.size() > kMessagesShown) messages_.erase(messages_.begin());
}

void TuiController::Start() {
  for (const session::Report& r : session_->TakeReports()) {
    Say(session::ReportText(t_, session_->state(), r));
  }
  Follow(dialogs_.Start());
}

void TuiController::Follow(const TuiDialogs::After& after) {
  if (after.quit) done_ = true;
  if (after.to_play) {
    entry_.Cancel();
    FocusFirstMovable();
  }
  Say(after.say);
}

void TuiController::OnClickOption(int index) {
  Follow(dialogs_.OnClick(index));
  Tick();
}

ScreenModel TuiController::Model() const {
  return TuiScreen(t_, *session_, entry_, dialogs_,
                   {.focus = focus_,
                    .hints = hints_,
                    .numbers = numbers_,
                    .messages = &messages_,
                    .prompt = &prompt_})
      .Model();
}

void TuiController::OnKey(int key) {
  if (dialogs_.is_open()) {
    Follow(dialogs_.OnKey(key));
  } else if (prompt_.has_value()) {
    OnPromptKey(key);
  } else {
    OnGameKey(key);
  }
  Tick();
}

void TuiController::OnPromptKey(int key) {
  std::string& text = *prompt_;
  if (key == kKeyEscape) {
    prompt_.reset();
  } else if (key == kKeyBackspace) {
    if (!text.empty()) text.pop_back();
  } else if (key == kKeyEnter) {
    const std::string typed(absl::StripAsciiWhitespace(text));
    prompt_.reset();
    if (typed.empty()) return;
    int number = 0;
    if (absl::c_all_of(typed, absl::ascii_isdigit) && typed.size() <= 2) {
      number = std::atoi(typed.c_str());
      if (number >= 1 && number <= session_->state().position.square_count()) {
        focus_ = number - 1;
        preferred_col_ = DisplayOf(session_->state(), focus_).second;
        return;
      }
    }
    entry_.Cancel();
    session_->PlayText(typed);
  } else if (key > ' ' && key < 0x7F && text.size() < 40) {
    text.push_back(static_cast<char>(key));
  }
}

void TuiController::OnGameKey(int key) {
  switch (key) {
    case kKeyUp:
    case kKeyDown:
    case kKeyLeft:
    case kKeyRight:
      MoveFocus(key);
      return;
    case kKeyEnter:
    case ' ':
      Say(entry_.Choose(focus_));
      return;
    case kKeyEscape:
      if (!entry_.route().empty()) {
        const Square from = entry_.route().front();
        entry_.Cancel();
        focus_ = from;
        Say(t_.Get("tui.route_cancelled"));
      }
      return;
    case ':':
      prompt_ = "";
      return;
    case 'u':
      entry_.Cancel();
      session_->Undo();
      return;
    case 'p':
      if (session_->paused()) {
        session_->Resume();
        Say(t_.Get("tui.resumed"));
      } else {
        session_->Pause();
        Say(t_.Get("tui.paused"));
      }
      return;
    case 'n':
      if (session_->paused()) {
        Say(t_.Get("refuse.paused"));
        return;
      }
      dialogs_.BeginNewGameFromPlay();
      return;
    case 'r':
      if (session_->has_game() && !session_->state().over() &&
          !session_->paused()) {
        dialogs_.Open(TuiDialogs::Dialog::kConfirmResign);
      } else {
        session_->Resign();
      }
      return;
    case 'd':
      entry_.Cancel();
      session_->OfferDraw();
      return;
    case 't':
      if (!session_->computer_error().empty()) session_->ContinueAsTwoPlayer();
      return;
    case 'h':
      hints_ = !hints_;
      Say(t_.Get(hints_ ? "tui.hints_on" : "tui.hints_off"));
      return;
    case '#':
      numbers_ = !numbers_;
      Say(t_.Get(numbers_ ? "tui.numbers_on" : "tui.numbers_off"));
      return;
    case '?':
      dialogs_.Open(TuiDialogs::Dialog::kHelp);
      return;
    case 'q':
      if (session_->persistence() == session::Persistence::kSaved ||
          !session_->has_turns()) {
        done_ = true;
      } else {
        dialogs_.Open(TuiDialogs::Dialog::kConfirmQuit);
      }
      return;
    default:
      Say(t_.Get("tui.unknown_key"));
      return;
  }
}

void TuiController::OnClickSquare(Square square) {
  if (square < 0 || square >= kNumSquares || dialogs_.is_open() ||
      !session_->has_game()) {
    return;
  }
  prompt_.reset();
  focus_ = square;
  preferred_col_ = DisplayOf(session_->state(), square).second;
  Say(entry_.Choose(square));
  Tick();
}

void TuiController::OnSuspend() {
  session_->Pause();
  prompt_.reset();
  Say(t_.Get("tui.suspended"));
}

void TuiController::Tick() {
  // Until the person has chosen to resume or start a game, the computer
  // does not move on its own.
  if (!dialogs_.choosing()) session_->Tick();
  for (const session::Report& r : session_->TakeReports()) {
    Say(session::ReportText(t_, session_->state(), r));
  }
  entry_.Refresh();
  if (!dialogs_.is_open() && session_->has_game()) {
    if (!session_->computer_error().empty()) {
      dialogs_.Open(TuiDialogs::Dialog::kComputerError);
    } else if (session_->DrawAnswerDue().has_value() && !session_->paused()) {
      dialogs_.Open(TuiDialogs::Dialog::kDrawAnswer);
    }
  }
}

void TuiController::MoveFocus(int key) {
  const events::GameState& s = session_->state();
  auto [row, col] = DisplayOf(s, focus_);
  Square next = -1;
  if (key == kKeyLeft || key == kKeyRight) {
    next = SquareOfDisplay(s, row, col + (key == kKeyLeft ? -2 : 2));
    if (next >= 0) preferred_col_ = col + (key == kKeyLeft ? -2 : 2);
  } else {
    const int to_row = row + (key == kKeyUp ? -1 : 1);
    // Of the two dark squares diagonally above or below, take the one
    // nearer the column the person was in, so up-up returns to it.
    const Square left = SquareOfDisplay(s, to_row, col - 1);
    const Square right = SquareOfDisplay(s, to_row, col + 1);
    if (left >= 0 && right >= 0) {
      next = std::abs(col - 1 - preferred_col_) <=
                     std::abs(col + 1 - preferred_col_)
                 ? left
                 : right;
    } else {
      next = left >= 0 ? left : right;
    }
  }
  if (next >= 0) focus_ = next;
}

void TuiController::FocusFirstMovable() {
  const events::GameState& s = session_->state();
  SquareSet movable = SetOf(session_->Entry().At({}).starts);
  if (movable == 0) {
    // None may move now: the person's own pieces, nearest first.
    const Color own = s.ColorOf(session::BottomSide(s));
    for (int n = 1; n <= s.position.square_count(); ++n) {
      const Piece piece = s.position.PieceAt(n);
      if (piece == Piece::kEmpty) continue;
      const bool black =
          piece == Piece::kBlackMan || piece == Piece::kBlackKing;
      if (black == (own == Color::kBlack)) movable |= SetOf({n});
    }
  }
  // The movable piece nearest the bottom-left corner of the screen.
  const int size = s.position.board_size();
  int best_score = 1 << 20;
  for (const int n : NumbersOf(movable)) {
    auto [row, col] = DisplayOf(s, n - 1);
    const int score = (size - 1 - row) * size + col;
    if (score < best_score) {
      best_score = score;
      focus_ = n - 1;
    }
  }
  preferred_col_ = DisplayOf(s, focus_).second;
}

}  // namespace checkers::terminal
