// The questions of the full-screen game: what to do with a damaged save,
// Resume or New game, the new game's mode, edition, preset and difficulty,
// confirmations (replace, resign, quit unsaved), a draw offer to answer,
// the computer's error, help and the rules. Each is a menu of numbered
// options; choosing one acts on the session and tells the controller what
// follows.

#ifndef CHECKERS_TERMINAL_TUI_DIALOGS_H_
#define CHECKERS_TERMINAL_TUI_DIALOGS_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"
#include "session/session.h"
#include "terminal/tui_model.h"

namespace checkers::terminal {

class TuiDialogs {
 public:
  enum class Dialog {
    kNone,
    kDamaged,
    kStart,
    kConfirmNew,
    kMode,
    kDifficulty,
    kConfirmResign,
    kConfirmQuit,
    kDrawAnswer,
    kComputerError,
    kHelp,
    kRules,
  };

  struct Options {
    // Set by --mode: a save without turns starts this game at once.
    std::optional<events::Mode> mode;
    events::Difficulty difficulty = events::MEDIUM;
  };

  // What the controller does once a choice has been made.
  struct After {
    // The person quits the game.
    bool quit = false;
    // A game starts or resumes: the focus goes to a piece that may move,
    // and any turn under way is dropped.
    bool to_play = false;
    // Something to tell the person; empty for nothing.
    std::string say = {};
  };

  // `session` has been opened and outlives the dialogs.
  TuiDialogs(const lang::Catalogue& text, session::Session* session,
             Options options)
      : t_(text), session_(session), options_(options) {}

  // The first question: what to do with a damaged save, Resume or New
  // game, or the new game's mode; or the --mode game started at once.
  After Start();
  // The new-game questions, asked from play (`n`): Escape returns to the
  // game.
  void BeginNewGameFromPlay();

  Dialog open() const { return dialog_; }
  bool is_open() const { return dialog_ != Dialog::kNone; }
  void Open(Dialog dialog);
  void Close() { dialog_ = Dialog::kNone; }
  // Whether the person is still choosing to resume or start a game: until
  // then the computer does not move on its own.
  bool choosing() const;

  After OnKey(int key);
  After OnClick(int option);

  // The open question as shown.
  MenuView View() const;

 private:
  enum class Action {
    kResume,
    kNewGame,
    kQuit,
    kReplace,
    kBack,
    kVsComputer,
    kTwoPlayer,
    kEasy,
    kMedium,
    kHard,
    kKeepAside,
    kWithoutSaving,
    kResign,
    kAccept,
    kDecline,
    kRetry,
    kContinueTwoPlayer,
    kRules,
    kNextEdition,
    kNextPreset,
  };
  struct Menu {
    MenuView view;
    std::vector<Action> actions;
    // What Escape does, if anything.
    std::optional<Action> cancel;
  };

  Menu BuildMenu() const;
  After Choose(Action action);
  After AfterOpen();
  void BeginNewGame();
  After StartGame(events::Difficulty difficulty);
  // Opens the mode question again with the same option selected.
  void Reopen(Dialog dialog);

  const lang::Catalogue& t_;
  session::Session* session_;
  const Options options_;
  Dialog dialog_ = Dialog::kNone;
  int selected_ = 0;
  // Escape from the new-game questions returns to the game.
  bool from_play_ = false;
  events::Mode new_mode_ = events::VS_COMPUTER;
  // The edition the new game will play: the current game's until the
  // person changes it.
  Edition new_edition_ = Edition::kEnglish;
  // The preset of English house options the new game plays with
  // (events::PresetOptions), or empty to keep the last game's options.
  std::string new_preset_;
};

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TUI_DIALOGS_H_
