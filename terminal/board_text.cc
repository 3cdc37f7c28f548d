#include "terminal/board_text.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "session/play_text.h"
#include "terminal/board_grid.h"

namespace checkers::terminal {
namespace {

using events::GameState;
using events::Side;
using session::BottomSide;
using session::CountdownText;
using session::EditionText;
using session::EndText;
using session::ModeText;
using session::OptionsText;
using session::PieceLetter;
using session::PieceText;
using session::SideText;
using session::SquareNumbers;

bool IsKing(Piece piece) {
  return piece == Piece::kBlackKing || piece == Piece::kWhiteKing;
}

// "men on 1, 2" (the text of `key`), or the text of `none_key` ("no
// men") when there are none.
std::string PieceList(const lang::Catalogue& t, absl::string_view key,
                      absl::string_view none_key,
                      const std::vector<int>& squares) {
  return squares.empty() ? t.Get(none_key)
                         : t.Get(key, {{"squares", SquareNumbers(squares)}});
}

// The squares of `colour`'s kings (or men, when `kings` is false).
std::vector<int> SquaresOf(const GamePosition& pos, Color colour, bool kings) {
  std::vector<int> squares;
  for (int s = 1; s <= pos.square_count(); ++s) {
    const Piece piece = pos.PieceAt(s);
    if (piece == Piece::kEmpty || IsKing(piece) != kings) continue;
    const bool black = piece == Piece::kBlackMan || piece == Piece::kBlackKing;
    if (black == (colour == Color::kBlack)) squares.push_back(s);
  }
  return squares;
}

}  // namespace

std::string BoardText(const lang::Catalogue& t, const GameState& state) {
  // Unflipped, row 0 (squares 1-4) is at the top: the home rows of the
  // engine's Black. The bottom side's home rows go last.
  return BoardGrid(Flipped(state), state.position.board_size())
      .Text([&](Square s) {
        const Piece piece = state.position.PieceAt(s + 1);
        return piece == Piece::kEmpty ? absl::StrCat(s + 1)
                                      : PieceLetter(t, state, piece);
      });
}

std::string LegendText(const lang::Catalogue& t, const GameState& state) {
  std::vector<std::string> entries;
  for (Piece p : {Piece::kBlackMan, Piece::kBlackKing, Piece::kWhiteMan,
                  Piece::kWhiteKing}) {
    entries.push_back(
        t.Get("legend.entry", {{"letter", PieceLetter(t, state, p)},
                               {"piece", PieceText(t, state, p)}}));
  }
  return t.Get("legend.line", {{"entries", absl::StrJoin(entries, ", ")}});
}

std::string LineBoardText(const lang::Catalogue& t, const GameState& state) {
  const GamePosition& pos = state.position;
  std::string text = BoardText(t, state);
  for (Side side : {BottomSide(state), events::OtherSide(BottomSide(state))}) {
    const Color c = state.ColorOf(side);
    absl::StrAppend(
        &text,
        t.Get("pieces.line",
              {{"side", SideText(t, state, side)},
               {"men", PieceList(t, "pieces.men", "pieces.no_men",
                                 SquaresOf(pos, c, false))},
               {"kings", PieceList(t, "pieces.kings", "pieces.no_kings",
                                   SquaresOf(pos, c, true))}}),
        "\n");
  }
  return text;
}

std::string ShowText(const lang::Catalogue& t, const GameState& s) {
  if (s.started == nullptr) return absl::StrCat(t.Get("show.no_game"), "\n");
  std::string text;
  if (s.over()) {
    absl::StrAppend(
        &text, t.Plural("show.over", s.turns, {{"end", EndText(t, s)}}), "\n");
  } else {
    absl::StrAppend(
        &text,
        t.Get("show.to_move", {{"side", SideText(t, s, s.side_to_move())},
                               {"n", absl::StrCat(s.turns + 1)}}),
        "\n");
  }
  absl::StrAppend(
      &text, t.Get("show.mode", {{"mode", ModeText(t, s)}}), "\n",
      t.Get("show.rules", {{"edition", EditionText(t, s.rules.edition)},
                           {"options", OptionsText(t, s.started.get())}}),
      "\n");
  absl::StrAppend(&text, BoardText(t, s));
  absl::StrAppend(&text, "FEN: ", s.position.ToFen(), "\n");
  if (s.over()) return text;
  if (std::string countdown = CountdownText(t, s); !countdown.empty())
    absl::StrAppend(&text, countdown, "\n");
  absl::StrAppend(&text, t.Plural("show.repetition", s.RepetitionCount()),
                  "\n");
  if (s.draw_offer.has_value()) {
    absl::StrAppend(
        &text,
        t.Get("show.draw_offer", {{"side", SideText(t, s, *s.draw_offer)}}),
        "\n");
  }
  return text;
}

bool Flipped(const GameState& state) {
  return state.ColorOf(BottomSide(state)) == Color::kBlack;
}
}  // namespace checkers::terminal
