#include "terminal/tui_view.h"

#include <ncursesw/curses.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/memory/memory.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "terminal/text_wrap.h"

namespace checkers::terminal {
namespace {

// The layout of an 80x24 screen: the title on row 0; the board's frame on
// rows 1-18 and columns 0-49, each square 6 columns by 2 rows (the 10x10
// board: rows 1-12 and columns 0-41, each square 4 columns by 1 row); the
// side panel right of it; the status from row 19, the latest messages
// below it, and the keys (or the move prompt) on row 23.
constexpr int kBoardTop = 2, kBoardLeft = 1;
constexpr int kCellWidth = 6, kCellHeight = 2;
constexpr int kCompactCellWidth = 4, kCompactCellHeight = 1;
constexpr int kPanelLeft = 51, kPanelWidth = kScreenWidth - kPanelLeft;
constexpr int kPanelTop = 1, kPanelBottom = 18;
constexpr int kStatusRow = 19, kKeysRow = 23;

enum Pair : short {
  kPairLight = 1,
  kPairDark,
  kPairRed,
  kPairWhite,
  kPairBlack,
  kPairDestination,
  kPairMustCapture,
  kPairRoute,
};

SCREEN* g_screen = nullptr;

}  // namespace

TuiView::TuiView() = default;

absl::StatusOr<std::unique_ptr<TuiView>> TuiView::Create(Options options) {
  g_screen = newterm(nullptr, stdout, stdin);
  if (g_screen == nullptr) {
    const char* term = std::getenv("TERM");
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot use this terminal (TERM=", term == nullptr ? "" : term, ")"));
  }
  set_term(g_screen);
  auto view = absl::WrapUnique(new TuiView());
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, nullptr);
  mouseinterval(0);
  if (options.color && has_colors()) {
    start_color();
    use_default_colors();
    view->color_ = true;
    init_pair(kPairLight, COLOR_BLACK, COLOR_WHITE);
    init_pair(kPairDark, COLOR_WHITE, COLOR_BLACK);
    init_pair(kPairRed, COLOR_RED, COLOR_BLACK);
    init_pair(kPairWhite, COLOR_WHITE, COLOR_BLACK);
    init_pair(kPairBlack, COLOR_BLACK, COLOR_WHITE);
    init_pair(kPairDestination, COLOR_YELLOW, COLOR_BLACK);
    init_pair(kPairMustCapture, COLOR_MAGENTA, COLOR_BLACK);
    init_pair(kPairRoute, COLOR_CYAN, COLOR_BLACK);
  }
  return view;
}

TuiView::~TuiView() {
  endwin();
  delscreen(g_screen);
  g_screen = nullptr;
}

void TuiView::Suspend() { endwin(); }

void TuiView::Resume() {
  clearok(curscr, TRUE);
  refresh();
}

void TuiView::DrawText(int y, int x, int width, const std::string& text,
                       int attributes) {
  if (width <= 0) return;
  attron(attributes);
  mvaddstr(y, x, FitText(text, width).c_str());
  attroff(attributes);
}

void TuiView::Draw(const ScreenModel& model) {
  erase();
  option_rows_.clear();
  board_drawn_ = false;
  if (LINES < kScreenHeight || COLS < kScreenWidth) {
    int y = 0;
    for (const std::string& line :
         WrapText(model.too_small, std::max(COLS, 1))) {
      if (y < LINES) DrawText(y++, 0, COLS, line, A_BOLD);
    }
    refresh();
    return;
  }
  DrawText(0, 0, kScreenWidth, model.title, A_BOLD);
  if (model.board_visible) {
    DrawBoard(model);
    DrawPanel(model);
  }
  // The status takes one or two rows; the latest messages fill the rest
  // down to the keys, newest last.
  std::vector<std::string> status = WrapText(model.status, kScreenWidth);
  if (model.status.empty()) status.clear();
  if (status.size() > 2) status.resize(2);
  for (size_t i = 0; i < status.size(); ++i) {
    DrawText(kStatusRow + static_cast<int>(i), 0, kScreenWidth, status[i],
             A_BOLD);
  }
  std::vector<std::string> lines;
  for (const std::string& m : model.messages) {
    for (std::string& l : WrapText(m, kScreenWidth))
      lines.push_back(std::move(l));
  }
  // The keys use the terminal's whole width and wrap onto the rows above
  // the last (two at most), which the messages then leave to them.
  std::vector<std::string> keys =
      model.prompt.has_value() ? std::vector<std::string>{*model.prompt + "_"}
                               : WrapText(model.keys, std::max(COLS - 1, 1));
  if (keys.size() > 2) keys.resize(2);
  const int keys_top = kKeysRow + 1 - static_cast<int>(keys.size());
  const int first_row = kStatusRow + std::max<int>(1, status.size());
  const int rows = keys_top - first_row;
  const int first = std::max(0, static_cast<int>(lines.size()) - rows);
  for (int i = first; i < static_cast<int>(lines.size()); ++i) {
    DrawText(first_row + i - first, 0, kScreenWidth, lines[i], A_NORMAL);
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    DrawText(keys_top + static_cast<int>(i), 0, COLS - 1, keys[i],
             model.prompt.has_value() ? A_BOLD : A_DIM);
  }
  if (model.menu.has_value()) DrawMenu(*model.menu);
  refresh();
}

void TuiView::DrawBoard(const ScreenModel& model) {
  board_size_ = model.board_size;
  const bool compact = board_size_ == 10;
  cell_width_ = compact ? kCompactCellWidth : kCellWidth;
  cell_height_ = compact ? kCompactCellHeight : kCellHeight;
  const int top = kBoardTop - 1, left = kBoardLeft - 1;
  const int bottom = kBoardTop + board_size_ * cell_height_,
            right = kBoardLeft + board_size_ * cell_width_;
  mvaddch(top, left, ACS_ULCORNER);
  mvhline(top, left + 1, ACS_HLINE, right - left - 1);
  mvaddch(top, right, ACS_URCORNER);
  mvvline(top + 1, left, ACS_VLINE, bottom - top - 1);
  mvvline(top + 1, right, ACS_VLINE, bottom - top - 1);
  mvaddch(bottom, left, ACS_LLCORNER);
  mvhline(bottom, left + 1, ACS_HLINE, right - left - 1);
  mvaddch(bottom, right, ACS_LRCORNER);
  for (int row = 0; row < board_size_; ++row) {
    for (int col = 0; col < board_size_; ++col) {
      const CellView& cell = model.cells[row][col];
      squares_[row][col] = cell.square;
      const int y = kBoardTop + row * cell_height_;
      const int x = kBoardLeft + col * cell_width_;
      if (compact) {
        DrawCompactCell(y, x, cell, model.numbers);
      } else {
        DrawCell(y, x, cell, model.numbers);
      }
    }
  }
  board_drawn_ = true;
}

void TuiView::DrawCell(int y, int x, const CellView& cell, bool numbers) {
  const int focus = cell.focus ? A_REVERSE : 0;
  if (cell.square < 0) {
    const int attributes = color_ ? COLOR_PAIR(kPairLight) : A_NORMAL;
    for (int i = 0; i < kCellHeight; ++i)
      DrawText(y + i, x, kCellWidth, "      ", attributes);
    return;
  }
  const int dark = (color_ ? COLOR_PAIR(kPairDark) : 0) | focus;
  // Without colours the dark squares are dotted, the light ones blank, so
  // the board still reads as a board.
  const char* fill = color_ ? "      " : "......";
  DrawText(y, x, kCellWidth, fill, dark | (color_ ? 0 : A_DIM));
  DrawText(y + 1, x, kCellWidth, fill, dark | (color_ ? 0 : A_DIM));
  if (numbers) {
    DrawText(y, x, 2, absl::StrCat(cell.square + 1), dark | A_DIM);
  } else if (cell.piece == Piece::kEmpty && color_) {
    DrawText(y + 1, x + 3, 1, ".", dark | A_DIM);
  }
  // The marker at the top right: what the square is to the turn under way.
  std::string marker;
  int marker_pair = kPairRoute;
  if (cell.captured) {
    marker = "x";
  } else if (cell.route_step > 0) {
    marker = absl::StrCat(cell.route_step);
  } else if (cell.selected) {
    marker = "@";
  } else if (cell.destination) {
    marker = "*";
    marker_pair = kPairDestination;
  } else if (cell.must_capture) {
    marker = "!";
    marker_pair = kPairMustCapture;
  } else if (cell.capturable) {
    marker = "X";
    marker_pair = kPairMustCapture;
  } else if (cell.last_captured) {
    marker = "x";
  } else if (cell.last_move) {
    marker = "+";
  }
  if (!marker.empty()) {
    DrawText(y, x + 4, 2, marker,
             (color_ ? COLOR_PAIR(marker_pair) : 0) | A_BOLD | focus);
  }
  if (cell.focus) {
    DrawText(y + 1, x + 1, 1, "[", dark | A_BOLD);
    DrawText(y + 1, x + 4, 1, "]", dark | A_BOLD);
  }
  if (cell.piece != Piece::kEmpty) DrawPiece(y + 1, x + 2, cell, focus);
}

void TuiView::DrawPiece(int y, int x, const CellView& cell, int focus) {
  int pair = kPairWhite;
  if (cell.colour == "red") pair = kPairRed;
  if (cell.colour == "black") pair = kPairBlack;
  int attributes = (color_ ? COLOR_PAIR(pair) : 0) | A_BOLD | focus;
  if (cell.captured) attributes |= A_DIM;
  const std::string glyph =
      TextWidth(cell.glyph) < 2 ? " " + cell.glyph : cell.glyph;
  DrawText(y, x, 2, glyph, attributes);
}

void TuiView::DrawCompactCell(int y, int x, const CellView& cell,
                              bool numbers) {
  const int focus = cell.focus ? A_REVERSE : 0;
  if (cell.square < 0) {
    DrawText(y, x, kCompactCellWidth, "    ",
             color_ ? COLOR_PAIR(kPairLight) : A_NORMAL);
    return;
  }
  const int dark = (color_ ? COLOR_PAIR(kPairDark) : 0) | focus;
  DrawText(y, x, kCompactCellWidth, color_ ? "    " : "....",
           dark | (color_ ? 0 : A_DIM));
  if (cell.piece != Piece::kEmpty) {
    DrawPiece(y, x + 1, cell, focus);
  } else if (numbers) {
    DrawText(y, x + 1, 2, absl::StrCat(cell.square + 1), dark | A_DIM);
  }
  // One column for the marker: what the square is to the turn under way.
  std::string marker;
  int marker_pair = kPairRoute;
  if (cell.captured || cell.last_captured) {
    marker = "x";
  } else if (cell.route_step > 0) {
    marker = absl::StrCat(cell.route_step % 10);
  } else if (cell.selected) {
    marker = "@";
  } else if (cell.destination) {
    marker = "*";
    marker_pair = kPairDestination;
  } else if (cell.must_capture || cell.capturable) {
    marker = cell.must_capture ? "!" : "X";
    marker_pair = kPairMustCapture;
  } else if (cell.last_move) {
    marker = "+";
  }
  if (!marker.empty()) {
    DrawText(y, x + 3, 1, marker,
             (color_ ? COLOR_PAIR(marker_pair) : 0) | A_BOLD | focus);
  }
}

void TuiView::DrawPanel(const ScreenModel& model) {
  int y = kPanelTop;
  for (const std::string& paragraph : model.panel) {
    for (const std::string& line : WrapText(paragraph, kPanelWidth)) {
      if (y > kPanelBottom) return;
      DrawText(y++, kPanelLeft, kPanelWidth, line, A_NORMAL);
    }
  }
}

void TuiView::DrawMenu(const MenuView& menu) {
  int width = std::max(TextWidth(menu.title), 30);
  for (const std::string& line : menu.lines)
    width = std::max(width, TextWidth(line));
  for (size_t i = 0; i < menu.options.size(); ++i) {
    width = std::max(width, TextWidth(menu.options[i]) + 5);
  }
  width = std::min(width, kMenuTextWidth);
  std::vector<std::string> body;
  for (const std::string& line : menu.lines) {
    for (std::string& l : WrapText(line, width)) body.push_back(std::move(l));
  }
  const int height = std::min(
      static_cast<int>(body.size() + menu.options.size()) + kMenuExtraRows,
      kScreenHeight);
  const int top = std::max(0, (kScreenHeight - height) / 2);
  body.resize(std::min<size_t>(
      body.size(), std::max(0, height - kMenuExtraRows -
                                   static_cast<int>(menu.options.size()))));
  const int left = (kScreenWidth - width - 4) / 2;
  for (int y = top; y < top + height && y < kScreenHeight; ++y) {
    DrawText(y, left, width + 4, std::string(width + 4, ' '), A_NORMAL);
  }
  mvaddch(top, left, ACS_ULCORNER);
  mvhline(top, left + 1, ACS_HLINE, width + 2);
  mvaddch(top, left + width + 3, ACS_URCORNER);
  mvvline(top + 1, left, ACS_VLINE, height - 2);
  mvvline(top + 1, left + width + 3, ACS_VLINE, height - 2);
  mvaddch(top + height - 1, left, ACS_LLCORNER);
  mvhline(top + height - 1, left + 1, ACS_HLINE, width + 2);
  mvaddch(top + height - 1, left + width + 3, ACS_LRCORNER);
  int y = top + 1;
  DrawText(y++, left + 2, width, menu.title, A_BOLD);
  ++y;
  for (const std::string& line : body)
    DrawText(y++, left + 2, width, line, A_NORMAL);
  if (!body.empty()) ++y;
  option_left_ = left + 1;
  option_right_ = left + width + 2;
  for (size_t i = 0; i < menu.options.size(); ++i) {
    const bool chosen = static_cast<int>(i) == menu.selected;
    const std::string label =
        absl::StrCat(chosen ? "> " : "  ", i + 1, ". ", menu.options[i]);
    option_rows_.push_back(y);
    DrawText(y++, left + 2, width, label,
             chosen ? A_REVERSE | A_BOLD : A_NORMAL);
  }
}

ViewInput TuiView::Poll(int timeout_ms) {
  ViewInput in;
  // A terminal that hung up without a SIGHUP reaching us would make every
  // read fail at once; the game must end rather than spin.
  pollfd terminal = {STDIN_FILENO, POLLIN, 0};
  if (poll(&terminal, 1, 0) > 0 &&
      (terminal.revents & (POLLHUP | POLLERR | POLLNVAL))) {
    in.kind = ViewInput::kHangup;
    return in;
  }
  timeout(timeout_ms);
  const int ch = getch();
  switch (ch) {
    case ERR:
      return in;
    case KEY_RESIZE:
      in.kind = ViewInput::kRedraw;
      return in;
    case 12:  // Ctrl-L
      clearok(curscr, TRUE);
      in.kind = ViewInput::kRedraw;
      return in;
    case KEY_MOUSE: {
      MEVENT event;
      if (getmouse(&event) != OK ||
          !(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
        return in;
      }
      for (size_t i = 0; i < option_rows_.size(); ++i) {
        if (event.y == option_rows_[i] && event.x >= option_left_ &&
            event.x <= option_right_) {
          in.kind = ViewInput::kOption;
          in.value = static_cast<int>(i);
          return in;
        }
      }
      const int row = (event.y - kBoardTop) / cell_height_;
      const int col = (event.x - kBoardLeft) / cell_width_;
      if (board_drawn_ && option_rows_.empty() && event.y >= kBoardTop &&
          event.x >= kBoardLeft && row < board_size_ && col < board_size_ &&
          squares_[row][col] >= 0) {
        in.kind = ViewInput::kSquare;
        in.value = squares_[row][col];
      }
      return in;
    }
    default:
      break;
  }
  in.kind = ViewInput::kKey;
  switch (ch) {
    case KEY_UP:
      in.value = kKeyUp;
      break;
    case KEY_DOWN:
      in.value = kKeyDown;
      break;
    case KEY_LEFT:
      in.value = kKeyLeft;
      break;
    case KEY_RIGHT:
      in.value = kKeyRight;
      break;
    case KEY_ENTER:
    case '\n':
    case '\r':
      in.value = kKeyEnter;
      break;
    case 27:
      in.value = kKeyEscape;
      break;
    case KEY_BACKSPACE:
    case 127:
    case 8:
      in.value = kKeyBackspace;
      break;
    default:
      if (ch < ' ' || ch >= 0x7F) return ViewInput();
      in.value = ch;
      break;
  }
  return in;
}

}  // namespace checkers::terminal
