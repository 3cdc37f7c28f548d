#include "ui_cli/tui_controller.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>

#include "absl/algorithm/container.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/move8.h"
#include "events/validate.h"
#include "ui_cli/board_grid.h"
#include "ui_cli/play_text.h"

namespace checkers::cli {
namespace {

using events::GameState;
using events::Side;

// The crown drawn before a king's letter.
constexpr absl::string_view kCrown = "\u265B";
// How many of the latest messages the screen shows.
constexpr size_t kMessagesShown = 3;

// The squares a move visits (0-based): where it starts, then every square
// it lands on.
std::vector<Square> RouteOf(const GameMove& m) {
  std::vector<Square> route;
  for (int s : m.route()) route.push_back(s - 1);
  return route;
}

SquareSet Bit(Square s) { return SquareSet{1} << s; }

// Square numbers (1-32 or 1-50) as a set of 0-based squares.
SquareSet SetOf(absl::Span<const int> squares) {
  SquareSet set = 0;
  for (int s : squares) set |= Bit(s - 1);
  return set;
}

// The square numbers of `set`, in order.
std::vector<int> NumbersOf(SquareSet set) {
  std::vector<int> numbers;
  for (; set != 0; set &= set - 1) numbers.push_back(std::countr_zero(set) + 1);
  return numbers;
}

bool Contains(SquareSet set, Square s) { return s >= 0 && (set & Bit(s)) != 0; }

}  // namespace

TuiController::TuiController(const lang::Catalogue& text,
                             session::Session* session, Options options)
    : t_(text), session_(session), options_(options) {}

void TuiController::Say(std::string message) {
  messages_.push_back(std::move(message));
  if (messages_.size() > kMessagesShown) messages_.erase(messages_.begin());
}

void TuiController::Start() {
  for (const session::Report& r : session_->TakeReports()) {
    Say(ReportText(t_, session_->state(), r));
  }
  if (session_->damaged()) {
    Open(Dialog::kDamaged);
    return;
  }
  AfterOpen();
}

void TuiController::AfterOpen() {
  if (options_.mode.has_value() && !session_->has_turns()) {
    new_mode_ = *options_.mode;
    new_edition_ = session_->state().rules.edition;
    StartGame(options_.difficulty);
    return;
  }
  if (session_->has_game()) {
    Open(Dialog::kStart);
  } else {
    new_game_from_play_ = false;
    BeginNewGame();
  }
}

void TuiController::BeginNewGame() {
  new_edition_ = session_->state().rules.edition;
  Open(session_->has_turns() ? Dialog::kConfirmNew : Dialog::kMode);
}

void TuiController::StartGame(events::Difficulty difficulty) {
  CancelRoute();
  session_->NewGame(new_mode_, difficulty, new_edition_,
                    new_edition_ == Edition::kEnglish
                        ? events::PresetOptions(new_preset_)
                        : std::nullopt);
  dialog_ = Dialog::kNone;
  FocusFirstMovable();
}

void TuiController::Open(Dialog dialog) {
  dialog_ = dialog;
  // A question that gives something up offers the safe answer first: keep
  // the saved game, do not resign, do not quit unsaved.
  menu_selected_ = dialog == Dialog::kConfirmNew ||
                           dialog == Dialog::kConfirmResign ||
                           dialog == Dialog::kConfirmQuit
                       ? 1
                       : 0;
  prompt_.reset();
}

TuiController::Menu TuiController::BuildMenu() const {
  Menu m;
  using Option = std::pair<absl::string_view, Action>;
  // The option of catalogue key `label`, choosing `action`.
  auto add = [&](absl::string_view label, Action action) {
    m.view.options.push_back(t_.Get(label));
    m.actions.push_back(action);
  };
  // The menu's title (worded) and its options in order.
  auto fill = [&](std::string title, std::initializer_list<Option> options) {
    m.view.title = std::move(title);
    for (const auto& [label, action] : options) add(label, action);
  };
  const GameState& s = session_->state();
  switch (dialog_) {
    case Dialog::kNone:
      break;
    case Dialog::kDamaged:
      fill(t_.Get("menu.damaged.title"),
           {{"menu.damaged.keep_aside", Action::kKeepAside},
            {"menu.damaged.without_saving", Action::kWithoutSaving},
            {"menu.quit", Action::kQuit}});
      m.view.lines = {session_->damage(), t_.Get("menu.damaged.text")};
      break;
    case Dialog::kStart:
      fill(t_.Get("menu.start.title"), {{"menu.start.resume", Action::kResume},
                                        {"menu.start.new", Action::kNewGame},
                                        {"menu.quit", Action::kQuit}});
      m.view.lines = {
          ModeText(t_, s),
          t_.Get("menu.start.turns", {{"n", absl::StrCat(s.turns)}}),
          ToMoveText(t_, s)};
      m.cancel = Action::kQuit;
      break;
    case Dialog::kConfirmNew:
      fill(t_.Get("menu.confirm_new.title"),
           {{"menu.confirm_new.replace", Action::kReplace},
            {"menu.confirm_new.keep", Action::kBack}});
      m.view.lines = {t_.Plural("menu.confirm_new.text", s.turns)};
      m.cancel = Action::kBack;
      break;
    case Dialog::kMode:
      fill(t_.Get("menu.mode.title"),
           {{"menu.mode.computer", Action::kVsComputer},
            {"menu.mode.two_player", Action::kTwoPlayer}});
      if (new_game_from_play_ || session_->has_game()) {
        m.cancel = Action::kBack;
      } else {
        add("menu.quit", Action::kQuit);
        m.cancel = Action::kQuit;
      }
      // Last, so that the long-standing choices keep their numbers.
      m.view.options.push_back(
          t_.Get("panel.rules", {{"edition", EditionText(t_, new_edition_)}}));
      m.actions.push_back(Action::kNextEdition);
      // The presets are of the English rules; the variants play by their
      // own.
      if (new_edition_ == Edition::kEnglish) {
        m.view.options.push_back(t_.Get(
            "menu.preset",
            {{"preset", t_.Get(new_preset_.empty()
                                   ? "preset.keep"
                                   : absl::StrCat("preset.", new_preset_))}}));
        m.actions.push_back(Action::kNextPreset);
      }
      break;
    case Dialog::kDifficulty:
      fill(t_.Get("menu.difficulty.title"),
           {{"difficulty.easy", Action::kEasy},
            {"difficulty.medium", Action::kMedium},
            {"difficulty.hard", Action::kHard}});
      m.view.lines = {t_.Get("menu.difficulty.text")};
      m.cancel = Action::kBack;
      break;
    case Dialog::kConfirmResign:
      fill(t_.Get("menu.resign.title"),
           {{"menu.resign.yes", Action::kResign}, {"menu.no", Action::kBack}});
      m.cancel = Action::kBack;
      break;
    case Dialog::kConfirmQuit:
      fill(t_.Get("menu.quit_unsaved.title"),
           {{"menu.quit", Action::kQuit}, {"menu.back", Action::kBack}});
      m.view.lines = {PersistenceText(t_, session_->persistence(),
                                      session_->persistence_detail())};
      m.cancel = Action::kBack;
      break;
    case Dialog::kDrawAnswer: {
      const std::optional<Side> due = session_->DrawAnswerDue();
      const Side answering = due.value_or(events::SECOND);
      fill(t_.Get("menu.draw.title",
                  {{"side", SideText(t_, s, events::OtherSide(answering))}}),
           {{"menu.draw.accept", Action::kAccept},
            {"menu.draw.decline", Action::kDecline}});
      m.view.lines = {
          t_.Get("menu.draw.text", {{"side", SideText(t_, s, answering)}})};
      break;
    }
    case Dialog::kComputerError:
      fill(t_.Get("menu.error.title"),
           {{"menu.error.retry", Action::kRetry},
            {"menu.error.two_player", Action::kContinueTwoPlayer},
            {"menu.quit", Action::kQuit}});
      m.view.lines = {session_->computer_error(), t_.Get("menu.error.text")};
      break;
    case Dialog::kHelp:
      fill(t_.Get("help.title"),
           {{"menu.rules", Action::kRules}, {"menu.close", Action::kBack}});
      for (absl::string_view key :
           {"help.arrows", "help.select", "help.cancel", "help.prompt",
            "help.mouse", "help.undo", "help.pause", "help.new", "help.resign",
            "help.hints", "help.numbers"}) {
        m.view.lines.push_back(t_.Get(key));
      }
      m.view.lines.push_back(
          session_->persistence() == session::Persistence::kSaved
              ? t_.Get("help.quit", {{"path", session_->save_path()}})
              : t_.Get("help.quit_unsaved"));
      m.view.lines.push_back(t_.Get("help.kings"));
      m.cancel = Action::kBack;
      break;
    case Dialog::kRules:
      fill(RulesTitle(t_, s.started.get()), {{"menu.close", Action::kBack}});
      m.view.lines = RulesText(t_, s.started.get());
      m.cancel = Action::kBack;
      break;
  }
  m.view.selected =
      std::clamp(menu_selected_, 0, std::max(0, int(m.actions.size()) - 1));
  return m;
}

void TuiController::Choose(Action action) {
  switch (action) {
    case Action::kResume:
      dialog_ = Dialog::kNone;
      FocusFirstMovable();
      Say(t_.Get("report.resumed",
                 {{"to_move", ToMoveText(t_, session_->state())}}));
      return;
    case Action::kNewGame:
      new_game_from_play_ = false;
      BeginNewGame();
      return;
    case Action::kQuit:
      done_ = true;
      return;
    case Action::kReplace:
      Open(Dialog::kMode);
      return;
    case Action::kBack:
      if (dialog_ == Dialog::kDifficulty) {
        Open(Dialog::kMode);
      } else if ((dialog_ == Dialog::kConfirmNew || dialog_ == Dialog::kMode) &&
                 !new_game_from_play_) {
        Open(Dialog::kStart);
      } else {
        dialog_ = Dialog::kNone;
      }
      return;
    case Action::kVsComputer:
      new_mode_ = events::VS_COMPUTER;
      Open(Dialog::kDifficulty);
      menu_selected_ = 1;
      return;
    case Action::kTwoPlayer:
      new_mode_ = events::TWO_PLAYER;
      StartGame(options_.difficulty);
      return;
    case Action::kNextEdition: {
      // English, Russian, pool, and round again; the selection stays on
      // the choice.
      new_edition_ = new_edition_ == Edition::kEnglish   ? Edition::kRussian
                     : new_edition_ == Edition::kRussian ? Edition::kPool
                     : new_edition_ == Edition::kPool ? Edition::kInternational
                                                      : Edition::kEnglish;
      const int selected = menu_selected_;
      Open(Dialog::kMode);
      menu_selected_ = selected;
      return;
    }
    case Action::kNextPreset: {
      new_preset_ = new_preset_.empty()     ? "wcdf"
                    : new_preset_ == "wcdf" ? "qdan"
                                            : "";
      const int selected = menu_selected_;
      Open(Dialog::kMode);
      menu_selected_ = selected;
      return;
    }
    case Action::kEasy:
      StartGame(events::EASY);
      return;
    case Action::kMedium:
      StartGame(events::MEDIUM);
      return;
    case Action::kHard:
      StartGame(events::HARD);
      return;
    case Action::kKeepAside:
      dialog_ = Dialog::kNone;
      session_->KeepDamagedAside();
      AfterOpen();
      return;
    case Action::kWithoutSaving:
      dialog_ = Dialog::kNone;
      session_->PlayWithoutSaving();
      AfterOpen();
      return;
    case Action::kResign:
      dialog_ = Dialog::kNone;
      CancelRoute();
      session_->Resign();
      return;
    case Action::kAccept:
    case Action::kDecline:
      dialog_ = Dialog::kNone;
      session_->AnswerDraw(action == Action::kAccept);
      return;
    case Action::kRetry:
      dialog_ = Dialog::kNone;
      session_->Resume();
      return;
    case Action::kRules:
      Open(Dialog::kRules);
      return;
    case Action::kContinueTwoPlayer:
      dialog_ = Dialog::kNone;
      session_->ContinueAsTwoPlayer();
      return;
  }
}

void TuiController::OnKey(int key) {
  if (dialog_ != Dialog::kNone) {
    OnDialogKey(key);
  } else if (prompt_.has_value()) {
    OnPromptKey(key);
  } else {
    OnGameKey(key);
  }
  Tick();
}

void TuiController::OnDialogKey(int key) {
  const Menu menu = BuildMenu();
  const int count = static_cast<int>(menu.actions.size());
  if (dialog_ == Dialog::kComputerError && (key == 'p' || key == 't')) {
    Choose(key == 'p' ? Action::kRetry : Action::kContinueTwoPlayer);
    return;
  }
  if ((dialog_ == Dialog::kHelp || dialog_ == Dialog::kRules) &&
      (key == '?' || key == 'q')) {
    Choose(Action::kBack);
    return;
  }
  if (dialog_ == Dialog::kHelp && key == 'r') {
    Choose(Action::kRules);
    return;
  }
  // q leaves any question that offers to quit, as it leaves the game.
  if (key == 'q' && absl::c_linear_search(menu.actions, Action::kQuit)) {
    Choose(Action::kQuit);
    return;
  }
  switch (key) {
    case kKeyUp:
      menu_selected_ = (menu.view.selected + count - 1) % count;
      return;
    case kKeyDown:
      menu_selected_ = (menu.view.selected + 1) % count;
      return;
    case kKeyEnter:
    case ' ':
      Choose(menu.actions[menu.view.selected]);
      return;
    case kKeyEscape:
      if (menu.cancel.has_value()) Choose(*menu.cancel);
      return;
    default:
      break;
  }
  if (key >= '1' && key <= '9' && key - '1' < count)
    Choose(menu.actions[key - '1']);
}

void TuiController::OnClickOption(int index) {
  if (dialog_ == Dialog::kNone) return;
  const Menu menu = BuildMenu();
  if (index >= 0 && index < static_cast<int>(menu.actions.size()))
    Choose(menu.actions[index]);
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
        preferred_col_ = DisplayOf(focus_).second;
        return;
      }
    }
    CancelRoute();
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
      Select(focus_);
      return;
    case kKeyEscape:
      if (!route_.empty()) {
        const Square from = route_.front();
        CancelRoute();
        focus_ = from;
        Say(t_.Get("tui.route_cancelled"));
      }
      return;
    case ':':
      prompt_ = "";
      return;
    case 'u':
      CancelRoute();
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
      new_game_from_play_ = true;
      BeginNewGame();
      return;
    case 'r':
      if (session_->has_game() && !session_->state().over() &&
          !session_->paused()) {
        Open(Dialog::kConfirmResign);
      } else {
        session_->Resign();
      }
      return;
    case 'd':
      CancelRoute();
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
      Open(Dialog::kHelp);
      return;
    case 'q':
      if (session_->persistence() == session::Persistence::kSaved ||
          !session_->has_turns()) {
        done_ = true;
      } else {
        Open(Dialog::kConfirmQuit);
      }
      return;
    default:
      Say(t_.Get("tui.unknown_key"));
      return;
  }
}

void TuiController::OnClickSquare(Square square) {
  if (square < 0 || square >= kNumSquares || dialog_ != Dialog::kNone ||
      !session_->has_game()) {
    return;
  }
  prompt_.reset();
  focus_ = square;
  preferred_col_ = DisplayOf(square).second;
  Select(square);
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
  const bool choosing =
      dialog_ == Dialog::kDamaged || dialog_ == Dialog::kStart ||
      (!new_game_from_play_ &&
       (dialog_ == Dialog::kConfirmNew || dialog_ == Dialog::kMode ||
        dialog_ == Dialog::kDifficulty));
  if (!choosing) session_->Tick();
  for (const session::Report& r : session_->TakeReports()) {
    Say(ReportText(t_, session_->state(), r));
  }
  if (!route_.empty() && route_seq_ != session_->state().last_seq)
    route_.clear();
  if (dialog_ == Dialog::kNone && session_->has_game()) {
    if (!session_->computer_error().empty()) {
      Open(Dialog::kComputerError);
    } else if (session_->DrawAnswerDue().has_value() && !session_->paused()) {
      Open(Dialog::kDrawAnswer);
    }
  }
}

bool TuiController::Flipped() const { return cli::Flipped(session_->state()); }

int TuiController::BoardSize() const {
  return session_->state().position.board_size();
}

std::pair<int, int> TuiController::DisplayOf(Square square) const {
  return BoardGrid(Flipped(), BoardSize()).CellOf(square);
}

Square TuiController::SquareOfDisplay(int row, int col) const {
  return BoardGrid(Flipped(), BoardSize()).SquareAtCell(row, col);
}

void TuiController::MoveFocus(int key) {
  auto [row, col] = DisplayOf(focus_);
  Square next = -1;
  if (key == kKeyLeft || key == kKeyRight) {
    next = SquareOfDisplay(row, col + (key == kKeyLeft ? -2 : 2));
    if (next >= 0) preferred_col_ = col + (key == kKeyLeft ? -2 : 2);
  } else {
    const int to_row = row + (key == kKeyUp ? -1 : 1);
    // Of the two dark squares diagonally above or below, take the one
    // nearer the column the person was in, so up-up returns to it.
    const Square left = SquareOfDisplay(to_row, col - 1);
    const Square right = SquareOfDisplay(to_row, col + 1);
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
  SquareSet movable = 0;
  for (const GameMove& m : LegalMoves()) movable |= Bit(m.from() - 1);
  if (movable == 0)
    movable =
        PiecesOf(session_->state().ColorOf(BottomSide(session_->state())));
  // The movable piece nearest the bottom-left corner of the screen.
  const int size = BoardSize();
  int best_score = 1 << 20;
  for (SquareSet b = movable; b; b &= b - 1) {
    const Square s = std::countr_zero(b);
    auto [row, col] = DisplayOf(s);
    const int score = (size - 1 - row) * size + col;
    if (score < best_score) {
      best_score = score;
      focus_ = s;
    }
  }
  preferred_col_ = DisplayOf(focus_).second;
}

std::vector<GameMove> TuiController::LegalMoves() const {
  return session_->LegalMoves();
}

SquareSet TuiController::PiecesOf(Color colour) const {
  const GamePosition& pos = session_->state().position;
  SquareSet set = 0;
  for (int s = 1; s <= pos.square_count(); ++s) {
    const Piece piece = pos.PieceAt(s);
    if (piece == Piece::kEmpty) continue;
    const bool black = piece == Piece::kBlackMan || piece == Piece::kBlackKing;
    if (black == (colour == Color::kBlack)) set |= Bit(s - 1);
  }
  return set;
}

SquareSet TuiController::CapturedAlong(const std::vector<Square>& route) const {
  std::vector<int> squares;
  for (Square s : route) squares.push_back(s + 1);
  return SetOf(session_->CapturedAlong(squares));
}

std::vector<GameMove> TuiController::Candidates(
    const std::vector<Square>& route) const {
  std::vector<GameMove> out;
  for (const GameMove& m : LegalMoves()) {
    const std::vector<Square> full = RouteOf(m);
    if (full.size() >= route.size() &&
        std::equal(route.begin(), route.end(), full.begin())) {
      out.push_back(m);
    }
  }
  return out;
}

SquareSet TuiController::NextSquares(const std::vector<Square>& route) const {
  SquareSet next = 0;
  for (const GameMove& m : Candidates(route)) {
    const std::vector<Square> full = RouteOf(m);
    if (full.size() > route.size()) next |= Bit(full[route.size()]);
  }
  return next;
}

SquareSet TuiController::MustCapture() const {
  return SetOf(session_->MustCapture());
}

void TuiController::Select(Square square) {
  if (!session_->MayMove().ok()) return;
  const GameState& s = session_->state();
  const Piece piece = s.position.PieceAt(square + 1);
  const SquareSet own = PiecesOf(s.position.side_to_move());
  if (route_.empty()) {
    if (NextSquares({square}) != 0) {
      route_ = {square};
      route_seq_ = s.last_seq;
      Say(t_.Get("tui.selected", {{"square", absl::StrCat(square + 1)},
                                  {"piece", PieceText(t_, s, piece)}}));
    } else if (Contains(own, square)) {
      const SquareSet must = MustCapture();
      Say(must != 0 ? t_.Get("tui.must_capture",
                             {{"squares", SquareNumbers(NumbersOf(must))}})
                    : t_.Get("tui.cannot_move",
                             {{"square", absl::StrCat(square + 1)}}));
    } else {
      Say(t_.Get("tui.choose_piece",
                 {{"side", SideText(t_, s, s.side_to_move())}}));
    }
    return;
  }
  if (route_.size() == 1 && square == route_.front()) {
    CancelRoute();
    Say(t_.Get("tui.deselected"));
    return;
  }
  const SquareSet next = NextSquares(route_);
  if (!Contains(next, square)) {
    if (route_.size() == 1 && NextSquares({square}) != 0) {
      route_ = {square};
      Say(t_.Get("tui.selected", {{"square", absl::StrCat(square + 1)},
                                  {"piece", PieceText(t_, s, piece)}}));
    } else if (route_.size() > 1 && Contains(own, square)) {
      Say(t_.Get("tui.switch_refused",
                 {{"square", absl::StrCat(route_.front() + 1)}}));
    } else {
      Say(t_.Get("tui.not_destination",
                 {{"squares", SquareNumbers(NumbersOf(next))}}));
    }
    return;
  }
  route_.push_back(square);
  for (const GameMove& m : Candidates(route_)) {
    if (RouteOf(m).size() == route_.size()) {
      route_.clear();
      session_->Play(m);
      return;
    }
  }
  Say(t_.Get("tui.jump_continues",
             {{"squares", SquareNumbers(NumbersOf(NextSquares(route_)))}}));
}

void TuiController::CancelRoute() { route_.clear(); }

TuiController::LastMove TuiController::ComputersLastMove() const {
  const std::optional<session::Session::PlayedTurn> last =
      session_->LastTurnPlayed();
  if (!last.has_value() || !last->turn.has_computer()) return {};
  return {Bit(last->move.from() - 1) | Bit(last->move.to() - 1),
          SetOf(last->move.captured())};
}

SquareSet TuiController::Capturable() const {
  std::vector<Square> route = route_;
  if (route.empty()) route = {focus_};
  SquareSet taken = 0;
  for (const GameMove& m : Candidates(route)) taken |= SetOf(m.captured());
  // Those already jumped on this route are shown as jumped.
  if (route_.size() >= 2) {
    taken &= ~CapturedAlong(route_);
  }
  return taken;
}

Piece TuiController::ShownPiece(Square square) const {
  const GamePosition& pos = session_->state().position;
  // Along a route under way, the piece is drawn where it has got to.
  if (route_.size() >= 2) {
    if (square == route_.back()) return pos.PieceAt(route_.front() + 1);
    if (square == route_.front()) return Piece::kEmpty;
  }
  return pos.PieceAt(square + 1);
}

std::string TuiController::SquareWords(Square square) const {
  const GameState& s = session_->state();
  const Piece piece = ShownPiece(square);
  std::string text =
      t_.Get("square.words",
             {{"n", absl::StrCat(square + 1)},
              {"what", piece == Piece::kEmpty ? t_.Get("square.empty")
                                              : PieceText(t_, s, piece)}});
  if (!route_.empty() && square == route_.front()) {
    absl::StrAppend(&text, ", ", t_.Get("square.selected"));
  }
  for (size_t i = 1; i < route_.size(); ++i) {
    if (route_[i] == square) {
      absl::StrAppend(&text, ", ",
                      t_.Get("square.landing", {{"n", absl::StrCat(i)}}));
    }
  }
  if (route_.size() >= 2) {
    const SquareSet captured = CapturedAlong(route_);
    if (Contains(captured, square))
      absl::StrAppend(&text, ", ", t_.Get("square.captured"));
  }
  if (hints_ && Contains(Capturable(), square))
    absl::StrAppend(&text, ", ", t_.Get("square.capturable"));
  const LastMove last = ComputersLastMove();
  if (Contains(last.ends, square))
    absl::StrAppend(&text, ", ", t_.Get("square.last_move"));
  if (Contains(last.captured, square))
    absl::StrAppend(&text, ", ", t_.Get("square.last_captured"));
  if (hints_) {
    if (!route_.empty()) {
      if (Contains(NextSquares(route_), square))
        absl::StrAppend(&text, ", ", t_.Get("square.destination"));
    } else if (Contains(MustCapture(), square)) {
      absl::StrAppend(&text, ", ", t_.Get("square.must_capture"));
    }
  }
  return text;
}

std::string TuiController::StatusLine() const {
  if (!session_->has_game()) return "";
  const std::string turn = session_->paused()
                               ? t_.Get("status.paused")
                               : ToMoveText(t_, session_->state());
  return t_.Get("status.line",
                {{"square", SquareWords(focus_)}, {"turn", turn}});
}

std::vector<std::string> TuiController::Panel() const {
  std::vector<std::string> panel;
  const GameState& s = session_->state();
  if (!session_->has_game()) return panel;
  panel.push_back(ModeText(t_, s));
  panel.push_back(
      t_.Get("panel.rules", {{"edition", EditionText(t_, s.rules.edition)}}));
  if (!s.over())
    panel.push_back(t_.Get("panel.turn", {{"n", absl::StrCat(s.turns + 1)}}));
  panel.push_back(ToMoveText(t_, s));
  const session::ComputerStatus c = session_->computer();
  // Shown once the search has stopped, so that its figures below are
  // final.
  if (session_->paused() && (!c.thinking || c.paused))
    panel.push_back(t_.Get("panel.paused"));
  if (c.thinking) {
    panel.push_back(ThinkingText(t_, s, c));
  } else if (c.answering) {
    panel.push_back(t_.Get("panel.answering"));
  }
  if (std::string countdown = CountdownText(t_, s); !countdown.empty())
    panel.push_back(countdown);
  if (std::string rep = RepetitionText(t_, s); !rep.empty())
    panel.push_back(rep);
  if (std::string offer = DrawOfferText(t_, s); !offer.empty())
    panel.push_back(offer);
  switch (session_->persistence()) {
    case session::Persistence::kSaved:
      break;
    case session::Persistence::kUnavailable:
      panel.push_back(t_.Get("panel.not_saved.unavailable"));
      break;
    case session::Persistence::kLocked:
      panel.push_back(t_.Get("panel.not_saved.locked"));
      break;
    case session::Persistence::kWriteFailed:
      panel.push_back(t_.Get("panel.not_saved.write_failed"));
      break;
    case session::Persistence::kDamagedLeft:
      panel.push_back(t_.Get("panel.not_saved.damaged"));
      break;
  }
  for (Piece p : {Piece::kBlackMan, Piece::kBlackKing, Piece::kWhiteMan,
                  Piece::kWhiteKing}) {
    const bool king = p == Piece::kBlackKing || p == Piece::kWhiteKing;
    panel.push_back(absl::StrCat(king ? kCrown : " ", PieceLetter(t_, s, p),
                                 " ", PieceText(t_, s, p)));
  }
  panel.push_back(t_.Get(hints_ ? "panel.hints_on" : "panel.hints_off"));
  return panel;
}

ScreenModel TuiController::Model() const {
  ScreenModel model;
  const GameState& s = session_->state();
  model.title = session_->has_game()
                    ? t_.Get("tui.title", {{"mode", ModeText(t_, s)}})
                    : t_.Get("tui.title_plain");
  model.board_visible = session_->has_game();
  model.numbers = numbers_;
  if (model.board_visible) {
    SquareSet captured = 0;
    if (route_.size() >= 2) {
      captured = CapturedAlong(route_);
    }
    SquareSet next = 0;
    if (hints_)
      next = route_.empty() ? NextSquares({focus_}) : NextSquares(route_);
    const SquareSet must = hints_ && route_.empty() ? MustCapture() : 0;
    const SquareSet capturable = hints_ ? Capturable() : 0;
    const LastMove last = ComputersLastMove();
    model.board_size = BoardSize();
    for (int row = 0; row < model.board_size; ++row) {
      for (int col = 0; col < model.board_size; ++col) {
        CellView& cell = model.cells[row][col];
        const Square sq = SquareOfDisplay(row, col);
        cell.square = sq;
        if (sq < 0) continue;
        const Piece piece = ShownPiece(sq);
        cell.piece = piece;
        if (piece != Piece::kEmpty) {
          const bool king =
              piece == Piece::kBlackKing || piece == Piece::kWhiteKing;
          cell.glyph =
              absl::StrCat(king ? kCrown : "", PieceLetter(t_, s, piece));
          cell.colour =
              ColourKey(s, events::SideOf(piece == Piece::kBlackMan ||
                                                  piece == Piece::kBlackKing
                                              ? Color::kBlack
                                              : Color::kWhite,
                                          s.rules.first_mover));
        }
        cell.focus = sq == focus_;
        cell.selected = !route_.empty() && sq == route_.front();
        cell.destination = Contains(next, sq);
        cell.must_capture = Contains(must, sq);
        cell.captured = Contains(captured, sq);
        cell.capturable = Contains(capturable, sq);
        cell.last_move = Contains(last.ends, sq);
        cell.last_captured = Contains(last.captured, sq);
        for (size_t i = 1; i < route_.size(); ++i) {
          if (route_[i] == sq) cell.route_step = static_cast<int>(i);
        }
      }
    }
    model.panel = Panel();
    model.status = StatusLine();
  }
  model.messages = messages_;
  model.too_small = t_.Get("tui.too_small");
  if (dialog_ != Dialog::kNone) {
    model.menu = BuildMenu().view;
    model.keys = t_.Get("keys.menu");
  } else if (prompt_.has_value()) {
    model.prompt = absl::StrCat(t_.Get("tui.prompt"), " ", *prompt_);
    model.keys = t_.Get("keys.prompt");
  } else {
    model.keys = t_.Get("keys.game");
  }
  return model;
}

}  // namespace checkers::cli
