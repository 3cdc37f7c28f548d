#include "ui_cli/play_text.h"

#include <cstdlib>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ui_cli/game_view.h"
#include "ui_cli/text_wrap.h"

namespace checkers::cli {
namespace {

using events::GameState;
using events::Side;

Side OwnerOf(Piece piece) {
  return piece == Piece::kWhiteMan || piece == Piece::kWhiteKing
             ? events::SECOND
             : events::FIRST;
}

bool IsKing(Piece piece) {
  return piece == Piece::kBlackKing || piece == Piece::kWhiteKing;
}

std::string DifficultyText(const Catalogue& t, events::Difficulty d) {
  switch (d) {
    case events::EASY:
      return t.Get("difficulty.easy");
    case events::HARD:
      return t.Get("difficulty.hard");
    default:
      return t.Get("difficulty.medium");
  }
}

// SquareNumbers, or "none" if `board` is empty.
std::string SquareList(const Catalogue& t, Bitboard board) {
  return board == 0 ? t.Get("pieces.none") : SquareNumbers(board);
}

}  // namespace

std::string SquareNumbers(Bitboard board) {
  std::vector<int> squares;
  for (Bitboard b = board; b; b = PopLowest(b))
    squares.push_back(LowestSquare(b) + 1);
  return absl::StrJoin(squares, ", ");
}

std::string ColourKey(const GameState& state, Side side) {
  return absl::AsciiStrToLower(events::SideName(state.started.get(), side));
}

std::string SideText(const Catalogue& t, const GameState& state, Side side) {
  return t.Get(absl::StrCat("colour.", ColourKey(state, side)));
}

std::string PieceText(const Catalogue& t, const GameState& state, Piece piece) {
  if (piece == Piece::kEmpty) return "";
  return t.Get(absl::StrCat("piece.", ColourKey(state, OwnerOf(piece)),
                            IsKing(piece) ? ".king" : ".man"));
}

std::string PieceLetter(const Catalogue& t, const GameState& state,
                        Piece piece) {
  if (piece == Piece::kEmpty) return "";
  return t.Get(absl::StrCat("letter.", ColourKey(state, OwnerOf(piece)),
                            IsKing(piece) ? ".king" : ".man"));
}

std::string ModeText(const Catalogue& t, const GameState& state) {
  if (state.started == nullptr) return "";
  if (!state.vs_computer()) return t.Get("mode.two_player");
  return t.Get("mode.computer",
               {{"level", DifficultyText(t, state.difficulty)},
                {"side", SideText(t, state, state.human_side)}});
}

std::string ToMoveText(const Catalogue& t, const GameState& state) {
  if (state.started == nullptr) return "";
  if (state.over()) return EndText(t, state);
  const Side side = state.side_to_move();
  const std::string name = SideText(t, state, side);
  if (!state.vs_computer()) return t.Get("to_move.side", {{"side", name}});
  if (side == state.human_side) return t.Get("to_move.you", {{"side", name}});
  return t.Get("to_move.computer", {{"side", name}});
}

std::string EndText(const Catalogue& t, const GameState& state) {
  if (!state.over()) return "";
  const events::GameEnded& end = *state.ended;
  const Side winner =
      end.result() == events::SECOND_WINS ? events::SECOND : events::FIRST;
  const std::string win = SideText(t, state, winner);
  const std::string lose = SideText(t, state, events::OtherSide(winner));
  switch (end.reason()) {
    case events::NO_LEGAL_MOVE:
      return t.Get("end.no_legal_move", {{"winner", win}, {"loser", lose}});
    case events::RESIGNATION:
      return t.Get("end.resignation", {{"winner", win}, {"loser", lose}});
    case events::THREEFOLD_REPETITION:
      return t.Get("end.repetition");
    case events::NO_PROGRESS: {
      const bool total =
          state.started->options().no_progress_count() == events::TOTAL;
      const int limit = state.rules.no_progress_limit;
      return total ? t.Plural("end.no_progress_total", limit)
                   : t.Plural("end.no_progress_each", limit / 2);
    }
    case events::TURN_LIMIT:
      return t.Plural("end.turn_limit", state.rules.turn_limit);
    case events::AGREEMENT:
      return t.Get("end.agreement");
    default:
      return end.result() == events::DRAW
                 ? t.Get("end.recorded_draw")
                 : t.Get("end.recorded_win", {{"winner", win}});
  }
}

std::string DrawOfferText(const Catalogue& t, const GameState& state) {
  if (!state.draw_offer.has_value() || state.over()) return "";
  return t.Get("panel.draw_offer",
               {{"side", SideText(t, state, *state.draw_offer)}});
}

std::string CountdownText(const Catalogue& t, const GameState& state) {
  if (state.started == nullptr || state.over()) return "";
  const int left = state.TurnsUntilAutomaticDraw();
  if (left < 0) return "";
  return t.Plural("countdown", left);
}

std::string RepetitionText(const Catalogue& t, const GameState& state) {
  if (state.started == nullptr || state.over() || state.RepetitionCount() < 2)
    return "";
  return t.Get("repetition.twice");
}

std::string LegendText(const Catalogue& t, const GameState& state) {
  std::vector<std::string> entries;
  for (Piece p : {Piece::kBlackMan, Piece::kBlackKing, Piece::kWhiteMan,
                  Piece::kWhiteKing}) {
    entries.push_back(
        t.Get("legend.entry", {{"letter", PieceLetter(t, state, p)},
                               {"piece", PieceText(t, state, p)}}));
  }
  return t.Get("legend.line", {{"entries", absl::StrJoin(entries, ", ")}});
}

std::string TurnReport(const Catalogue& t, const GameState& before,
                       const events::TurnPlayed& turn) {
  const std::string side = SideText(t, before, turn.side());
  const std::string move = TurnText(before, turn);
  return turn.has_computer()
             ? t.Get("report.computer_turn", {{"side", side}, {"move", move}})
             : t.Get("report.turn", {{"side", side}, {"move", move}});
}

std::string LineBoardText(const Catalogue& t, const GameState& state) {
  const Position& pos = state.position;
  // Unflipped, row 0 (squares 1-4) is at the top: the first side's home
  // rows. The bottom side's home rows go last.
  const bool flipped = BottomSide(state) == events::FIRST;
  std::string text;
  for (int r = 0; r < 8; ++r) {
    std::string line;
    for (int c = 0; c < 8; ++c) {
      const Square s = SquareAt(flipped ? 7 - r : r, flipped ? 7 - c : c);
      std::string cell;
      if (s >= 0) {
        const Piece piece = pos.PieceAt(s);
        cell = piece == Piece::kEmpty ? absl::StrCat(s + 1)
                                      : PieceLetter(t, state, piece);
      }
      absl::StrAppend(&line, std::string(3 - TextWidth(cell), ' '), cell);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    absl::StrAppend(&text, line, "\n");
  }
  for (Side side : {BottomSide(state), events::OtherSide(BottomSide(state))}) {
    const Color c = events::ColorOf(side);
    absl::StrAppend(
        &text,
        t.Get("pieces.line", {{"side", SideText(t, state, side)},
                              {"men", SquareList(t, pos.men(c))},
                              {"kings", SquareList(t, pos.kings(c))}}),
        "\n");
  }
  return text;
}

}  // namespace checkers::cli
