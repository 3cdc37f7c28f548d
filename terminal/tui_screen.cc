#include "terminal/tui_screen.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "session/play_text.h"
#include "terminal/board_grid.h"
#include "terminal/board_text.h"

namespace checkers::terminal {
namespace {

using events::GameState;
using session::ColourKey;
using session::CountdownText;
using session::DrawOfferText;
using session::EditionText;
using session::ModeText;
using session::PieceLetter;
using session::PieceText;
using session::RepetitionText;
using session::ThinkingText;
using session::ToMoveText;

// The crown drawn before a king's letter.
constexpr absl::string_view kCrown = "\u265B";

}  // namespace

std::pair<int, int> DisplayOf(const GameState& state, Square square) {
  return BoardGrid(Flipped(state), state.position.board_size()).CellOf(square);
}

Square SquareOfDisplay(const GameState& state, int row, int col) {
  return BoardGrid(Flipped(state), state.position.board_size())
      .SquareAtCell(row, col);
}

TuiScreen::LastMove TuiScreen::ComputersLastMove() const {
  const std::optional<session::Session::PlayedTurn> last =
      session_.LastTurnPlayed();
  if (!last.has_value() || !last->turn.has_computer()) return {};
  return {SetOf({last->move.from(), last->move.to()}),
          SetOf(last->move.captured())};
}

std::string TuiScreen::SquareWords(Square square) const {
  const GameState& s = session_.state();
  const std::vector<Square>& route = entry_.route();
  const TuiEntry::Hints hints = entry_.HintsAt(settings_.focus);
  const Piece piece = entry_.ShownPiece(square);
  std::string text =
      t_.Get("square.words",
             {{"n", absl::StrCat(square + 1)},
              {"what", piece == Piece::kEmpty ? t_.Get("square.empty")
                                              : PieceText(t_, s, piece)}});
  if (!route.empty() && square == route.front()) {
    absl::StrAppend(&text, ", ", t_.Get("square.selected"));
  }
  for (size_t i = 1; i < route.size(); ++i) {
    if (route[i] == square) {
      absl::StrAppend(&text, ", ",
                      t_.Get("square.landing", {{"n", absl::StrCat(i)}}));
    }
  }
  if (Contains(hints.captured, square))
    absl::StrAppend(&text, ", ", t_.Get("square.captured"));
  if (settings_.hints && Contains(hints.capturable, square))
    absl::StrAppend(&text, ", ", t_.Get("square.capturable"));
  const LastMove last = ComputersLastMove();
  if (Contains(last.ends, square))
    absl::StrAppend(&text, ", ", t_.Get("square.last_move"));
  if (Contains(last.captured, square))
    absl::StrAppend(&text, ", ", t_.Get("square.last_captured"));
  if (settings_.hints) {
    if (!route.empty()) {
      if (Contains(hints.next, square))
        absl::StrAppend(&text, ", ", t_.Get("square.destination"));
    } else if (Contains(hints.must_capture, square)) {
      absl::StrAppend(&text, ", ", t_.Get("square.must_capture"));
    }
  }
  return text;
}

std::string TuiScreen::StatusLine() const {
  if (!session_.has_game()) return "";
  const std::string turn = session_.paused() ? t_.Get("status.paused")
                                             : ToMoveText(t_, session_.state());
  return t_.Get("status.line",
                {{"square", SquareWords(settings_.focus)}, {"turn", turn}});
}

std::vector<std::string> TuiScreen::Panel() const {
  std::vector<std::string> panel;
  const GameState& s = session_.state();
  if (!session_.has_game()) return panel;
  panel.push_back(ModeText(t_, s));
  panel.push_back(
      t_.Get("panel.rules", {{"edition", EditionText(t_, s.rules.edition)}}));
  if (!s.over())
    panel.push_back(t_.Get("panel.turn", {{"n", absl::StrCat(s.turns + 1)}}));
  panel.push_back(ToMoveText(t_, s));
  const session::ComputerStatus c = session_.computer();
  // Shown once the search has stopped, so that its figures below are
  // final.
  if (session_.paused() && (!c.thinking || c.paused))
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
  switch (session_.persistence()) {
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
  panel.push_back(
      t_.Get(settings_.hints ? "panel.hints_on" : "panel.hints_off"));
  return panel;
}

ScreenModel TuiScreen::Model() const {
  ScreenModel model;
  const GameState& s = session_.state();
  model.title = session_.has_game()
                    ? t_.Get("tui.title", {{"mode", ModeText(t_, s)}})
                    : t_.Get("tui.title_plain");
  model.board_visible = session_.has_game();
  model.numbers = settings_.numbers;
  if (model.board_visible) {
    const std::vector<Square>& route = entry_.route();
    const TuiEntry::Hints hints = entry_.HintsAt(settings_.focus);
    const SquareSet next = settings_.hints ? hints.next : 0;
    const SquareSet must = settings_.hints ? hints.must_capture : 0;
    const SquareSet capturable = settings_.hints ? hints.capturable : 0;
    const LastMove last = ComputersLastMove();
    model.board_size = s.position.board_size();
    for (int row = 0; row < model.board_size; ++row) {
      for (int col = 0; col < model.board_size; ++col) {
        CellView& cell = model.cells[row][col];
        const Square sq = SquareOfDisplay(s, row, col);
        cell.square = sq;
        if (sq < 0) continue;
        const Piece piece = entry_.ShownPiece(sq);
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
        cell.focus = sq == settings_.focus;
        cell.selected = !route.empty() && sq == route.front();
        cell.destination = Contains(next, sq);
        cell.must_capture = Contains(must, sq);
        cell.captured = Contains(hints.captured, sq);
        cell.capturable = Contains(capturable, sq);
        cell.last_move = Contains(last.ends, sq);
        cell.last_captured = Contains(last.captured, sq);
        for (size_t i = 1; i < route.size(); ++i) {
          if (route[i] == sq) cell.route_step = static_cast<int>(i);
        }
      }
    }
    model.panel = Panel();
    model.status = StatusLine();
  }
  model.messages = *settings_.messages;
  model.too_small = t_.Get("tui.too_small");
  if (dialogs_.is_open()) {
    model.menu = dialogs_.View();
    model.keys = t_.Get("keys.menu");
  } else if (settings_.prompt->has_value()) {
    model.prompt = absl::StrCat(t_.Get("tui.prompt"), " ", **settings_.prompt);
    model.keys = t_.Get("keys.prompt");
  } else {
    model.keys = t_.Get("keys.game");
  }
  return model;
}

}  // namespace checkers::terminal
