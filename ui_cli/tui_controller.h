// The full-screen game's controller and screen model: everything `checkers
// play` shows and every key it answers, without a terminal. The ncurses
// view (tui_view.h) draws the ScreenModel this returns and feeds it keys
// and clicks; tests drive it directly.
//
// It holds no rules. The squares a piece may go to, and the pieces that
// must capture, come from the engine's legal moves; the route of a turn
// under way is only a prefix of one of those moves, and the turn reaches
// the session (and the save) only once it is a whole legal move.

#ifndef CHECKERS_UI_CLI_TUI_CONTROLLER_H_
#define CHECKERS_UI_CLI_TUI_CONTROLLER_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_position.h"
#include "engine/position8.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"
#include "session/session.h"

namespace checkers::cli {

// A set of squares of either board: bit s is 0-based square s (0..49).
using SquareSet = uint64_t;

// Keys, independent of the terminal library: a printable ASCII character
// is itself; the others are these.
enum Key : int {
  kKeyUp = 0x110000,
  kKeyDown,
  kKeyLeft,
  kKeyRight,
  kKeyEnter,
  kKeyEscape,
  kKeyBackspace,
};

// One square of the board as shown.
struct CellView {
  // The playable square (0..31, or 0..49 on 10x10), or -1 for a light
  // square.
  Square square = -1;
  // The piece shown there: during a multi-jump the moving piece is shown
  // at its last landing.
  Piece piece = Piece::kEmpty;
  // The piece as drawn: the colour's letter, with a crown before a king's.
  std::string glyph;
  // The colour the piece is named after ("red", "white", "black"); empty
  // for an empty square.
  std::string colour;
  bool focus = false;
  // The start of the route under way.
  bool selected = false;
  // Hints: a legal next square for the selected (or focused) piece, and a
  // piece that must capture.
  bool destination = false;
  bool must_capture = false;
  // Jumped by the route under way.
  bool captured = false;
  // 1, 2, ... for the route's landings; 0 elsewhere.
  int route_step = 0;
  // An opponent's piece that the selected (or focused) piece can take.
  bool capturable = false;
  // Where the computer's last turn started and ended, and what it took;
  // shown until the next turn.
  bool last_move = false;
  bool last_captured = false;
};

// A question with numbered options.
struct MenuView {
  std::string title;
  std::vector<std::string> lines;
  std::vector<std::string> options;
  int selected = 0;
};

struct ScreenModel {
  std::string title;
  bool board_visible = false;
  // The board as shown, row 0 at the top: the bottom side's home rows are
  // rows 5-7.
  // Cells per side of the board: 8, or 10 for international; cells beyond
  // it are unused.
  int board_size = 8;
  std::array<std::array<CellView, 10>, 10> cells;
  bool numbers = true;
  // Paragraphs for the side panel.
  std::vector<std::string> panel;
  // The focused square in words, and whose turn it is.
  std::string status;
  // The latest messages, oldest first.
  std::vector<std::string> messages;
  // The keys, in one line.
  std::string keys;
  // The move prompt, with what has been typed, while it is open.
  std::optional<std::string> prompt;
  std::optional<MenuView> menu;
  // Shown instead of everything when the terminal is smaller than 80x24.
  std::string too_small;
};

class TuiController {
 public:
  struct Options {
    // Set by --mode: a save without turns starts this game at once.
    std::optional<events::Mode> mode;
    events::Difficulty difficulty = events::MEDIUM;
  };

  // `session` has been opened and outlives the controller.
  TuiController(const lang::Catalogue& text, session::Session* session,
                Options options);

  // Asks the first question: what to do with a damaged save, Resume or New
  // game, or the new game's mode; or starts the --mode game.
  void Start();

  void OnKey(int key);
  // A click on a playable square: focus it and select it.
  void OnClickSquare(Square square);
  // A click on a menu option.
  void OnClickOption(int index);
  // The terminal was suspended (Ctrl-Z) or lost: pause.
  void OnSuspend();
  // Lets the computer move and collects what the session said.
  void Tick();

  ScreenModel Model() const;
  bool done() const { return done_; }
  Square focus() const { return focus_; }
  const std::vector<Square>& route() const { return route_; }

 private:
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
  void Open(Dialog dialog);
  void Choose(Action action);
  void OnDialogKey(int key);
  void OnPromptKey(int key);
  void OnGameKey(int key);
  void AfterOpen();
  void BeginNewGame();
  void StartGame(events::Difficulty difficulty);
  void Say(std::string message);

  bool Flipped() const;
  // The display row and column of `square`, and back.
  std::pair<int, int> DisplayOf(Square square) const;
  Square SquareOfDisplay(int row, int col) const;
  void MoveFocus(int key);
  void FocusFirstMovable();

  // Cells per side of the game's board: 8, or 10 for international.
  int BoardSize() const;
  // Moves legal now for the person (none when no move is awaited).
  std::vector<GameMove> LegalMoves() const;
  // The legal moves whose route begins with `route`.
  std::vector<GameMove> Candidates(const std::vector<Square>& route) const;
  // The squares that may come next after `route`.
  SquareSet NextSquares(const std::vector<Square>& route) const;
  SquareSet MustCapture() const;
  // The squares of `colour`'s pieces.
  SquareSet PiecesOf(Color colour) const;
  SquareSet CapturedAlong(const std::vector<Square>& route) const;
  void Select(Square square);
  void CancelRoute();

  // The computer's turn, if the last turn was its: the squares it went
  // from and to, and those it took.
  struct LastMove {
    SquareSet ends = 0;
    SquareSet captured = 0;
  };
  LastMove ComputersLastMove() const;
  // The opponent's pieces the selected piece (or, with none selected, the
  // focused one) can take on its way.
  SquareSet Capturable() const;

  // The piece drawn on `square`: during a multi-jump, where the moving
  // piece has got to.
  Piece ShownPiece(Square square) const;
  std::string SquareWords(Square square) const;
  std::string StatusLine() const;
  std::vector<std::string> Panel() const;

  const lang::Catalogue& t_;
  session::Session* session_;
  Options options_;
  Dialog dialog_ = Dialog::kNone;
  int menu_selected_ = 0;
  // Escape from the new-game questions returns to the game.
  bool new_game_from_play_ = false;
  events::Mode new_mode_ = events::VS_COMPUTER;
  // The edition the new-game dialog will start: the current game's until
  // the person changes it there.
  Edition new_edition_ = Edition::kEnglish;
  // The preset of English house options the new game plays with
  // (events::PresetOptions), or empty to keep the last game's options.
  std::string new_preset_;
  std::optional<std::string> prompt_;
  Square focus_ = 0;
  int preferred_col_ = 0;
  std::vector<Square> route_;
  // The state's last_seq when the route began: a route for another state
  // is dropped.
  uint64_t route_seq_ = 0;
  bool hints_ = true;
  bool numbers_ = true;
  std::vector<std::string> messages_;
  bool done_ = false;
};

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_TUI_CONTROLLER_H_
