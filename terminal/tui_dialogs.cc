#include "terminal/tui_dialogs.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "events/validate.h"
#include "session/play_text.h"

namespace checkers::terminal {
namespace {

using events::GameState;
using events::Side;
using session::EditionText;
using session::ModeText;
using session::PersistenceText;
using session::RulesText;
using session::RulesTitle;
using session::SideText;
using session::ToMoveText;

}  // namespace

TuiDialogs::Menu TuiDialogs::BuildMenu() const {
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
      if (from_play_ || session_->has_game()) {
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
      std::clamp(selected_, 0, std::max(0, int(m.actions.size()) - 1));
  return m;
}

TuiDialogs::After TuiDialogs::Start() {
  if (session_->damaged()) {
    Open(Dialog::kDamaged);
    return {};
  }
  return AfterOpen();
}

TuiDialogs::After TuiDialogs::AfterOpen() {
  if (options_.mode.has_value() && !session_->has_turns()) {
    new_mode_ = *options_.mode;
    new_edition_ = session_->state().rules.edition;
    return StartGame(options_.difficulty);
  }
  if (session_->has_game()) {
    Open(Dialog::kStart);
  } else {
    from_play_ = false;
    BeginNewGame();
  }
  return {};
}

void TuiDialogs::BeginNewGameFromPlay() {
  from_play_ = true;
  BeginNewGame();
}

void TuiDialogs::BeginNewGame() {
  new_edition_ = session_->state().rules.edition;
  Open(session_->has_turns() ? Dialog::kConfirmNew : Dialog::kMode);
}

TuiDialogs::After TuiDialogs::StartGame(events::Difficulty difficulty) {
  session_->NewGame(new_mode_, difficulty, new_edition_,
                    new_edition_ == Edition::kEnglish
                        ? events::PresetOptions(new_preset_)
                        : std::nullopt);
  dialog_ = Dialog::kNone;
  return {.to_play = true};
}

void TuiDialogs::Open(Dialog dialog) {
  dialog_ = dialog;
  // A question that gives something up offers the safe answer first: keep
  // the saved game, do not resign, do not quit unsaved.
  selected_ = dialog == Dialog::kConfirmNew ||
                      dialog == Dialog::kConfirmResign ||
                      dialog == Dialog::kConfirmQuit
                  ? 1
                  : 0;
}

void TuiDialogs::Reopen(Dialog dialog) {
  const int selected = selected_;
  Open(dialog);
  selected_ = selected;
}

bool TuiDialogs::choosing() const {
  return dialog_ == Dialog::kDamaged || dialog_ == Dialog::kStart ||
         (!from_play_ &&
          (dialog_ == Dialog::kConfirmNew || dialog_ == Dialog::kMode ||
           dialog_ == Dialog::kDifficulty));
}

MenuView TuiDialogs::View() const { return BuildMenu().view; }

TuiDialogs::After TuiDialogs::Choose(Action action) {
  switch (action) {
    case Action::kResume:
      dialog_ = Dialog::kNone;
      return {.to_play = true,
              .say = t_.Get("report.resumed",
                            {{"to_move", ToMoveText(t_, session_->state())}})};
    case Action::kNewGame:
      from_play_ = false;
      BeginNewGame();
      return {};
    case Action::kQuit:
      return {.quit = true};
    case Action::kReplace:
      Open(Dialog::kMode);
      return {};
    case Action::kBack:
      if (dialog_ == Dialog::kDifficulty) {
        Open(Dialog::kMode);
      } else if ((dialog_ == Dialog::kConfirmNew || dialog_ == Dialog::kMode) &&
                 !from_play_) {
        Open(Dialog::kStart);
      } else {
        dialog_ = Dialog::kNone;
      }
      return {};
    case Action::kVsComputer:
      new_mode_ = events::VS_COMPUTER;
      Open(Dialog::kDifficulty);
      selected_ = 1;
      return {};
    case Action::kTwoPlayer:
      new_mode_ = events::TWO_PLAYER;
      return StartGame(options_.difficulty);
    case Action::kNextEdition:
      // English, Russian, pool, international, and round again; the
      // selection stays on the choice.
      new_edition_ = new_edition_ == Edition::kEnglish   ? Edition::kRussian
                     : new_edition_ == Edition::kRussian ? Edition::kPool
                     : new_edition_ == Edition::kPool ? Edition::kInternational
                                                      : Edition::kEnglish;
      Reopen(Dialog::kMode);
      return {};
    case Action::kNextPreset:
      new_preset_ = new_preset_.empty()     ? "wcdf"
                    : new_preset_ == "wcdf" ? "qdan"
                                            : "";
      Reopen(Dialog::kMode);
      return {};
    case Action::kEasy:
      return StartGame(events::EASY);
    case Action::kMedium:
      return StartGame(events::MEDIUM);
    case Action::kHard:
      return StartGame(events::HARD);
    case Action::kKeepAside:
      dialog_ = Dialog::kNone;
      session_->KeepDamagedAside();
      return AfterOpen();
    case Action::kWithoutSaving:
      dialog_ = Dialog::kNone;
      session_->PlayWithoutSaving();
      return AfterOpen();
    case Action::kResign:
      dialog_ = Dialog::kNone;
      session_->Resign();
      return {};
    case Action::kAccept:
    case Action::kDecline:
      dialog_ = Dialog::kNone;
      session_->AnswerDraw(action == Action::kAccept);
      return {};
    case Action::kRetry:
      dialog_ = Dialog::kNone;
      session_->Resume();
      return {};
    case Action::kRules:
      Open(Dialog::kRules);
      return {};
    case Action::kContinueTwoPlayer:
      dialog_ = Dialog::kNone;
      session_->ContinueAsTwoPlayer();
      return {};
  }
  return {};
}

TuiDialogs::After TuiDialogs::OnKey(int key) {
  const Menu menu = BuildMenu();
  const int count = static_cast<int>(menu.actions.size());
  if (dialog_ == Dialog::kComputerError && (key == 'p' || key == 't')) {
    return Choose(key == 'p' ? Action::kRetry : Action::kContinueTwoPlayer);
  }
  if ((dialog_ == Dialog::kHelp || dialog_ == Dialog::kRules) &&
      (key == '?' || key == 'q')) {
    return Choose(Action::kBack);
  }
  if (dialog_ == Dialog::kHelp && key == 'r') return Choose(Action::kRules);
  // q leaves any question that offers to quit, as it leaves the game.
  if (key == 'q' && absl::c_linear_search(menu.actions, Action::kQuit)) {
    return Choose(Action::kQuit);
  }
  switch (key) {
    case kKeyUp:
      selected_ = (menu.view.selected + count - 1) % count;
      return {};
    case kKeyDown:
      selected_ = (menu.view.selected + 1) % count;
      return {};
    case kKeyEnter:
    case ' ':
      return Choose(menu.actions[menu.view.selected]);
    case kKeyEscape:
      return menu.cancel.has_value() ? Choose(*menu.cancel) : After{};
    default:
      break;
  }
  if (key >= '1' && key <= '9' && key - '1' < count) {
    return Choose(menu.actions[key - '1']);
  }
  return {};
}

TuiDialogs::After TuiDialogs::OnClick(int option) {
  if (dialog_ == Dialog::kNone) return {};
  const Menu menu = BuildMenu();
  if (option < 0 || option >= static_cast<int>(menu.actions.size())) return {};
  return Choose(menu.actions[option]);
}

}  // namespace checkers::terminal
