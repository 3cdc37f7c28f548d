#include "terminal/tui_entry.h"

#include <bit>

#include "absl/strings/str_cat.h"
#include "session/play_text.h"

namespace checkers::terminal {

SquareSet SetOf(absl::Span<const int> numbers) {
  SquareSet set = 0;
  for (int n : numbers) set |= SquareSet{1} << (n - 1);
  return set;
}

std::vector<int> NumbersOf(SquareSet set) {
  std::vector<int> numbers;
  for (; set != 0; set &= set - 1) numbers.push_back(std::countr_zero(set) + 1);
  return numbers;
}

std::vector<int> TuiEntry::Numbers() const {
  std::vector<int> numbers;
  for (Square s : route_) numbers.push_back(s + 1);
  return numbers;
}

void TuiEntry::Refresh() {
  if (!route_.empty() && route_seq_ != session_->state().last_seq) {
    route_.clear();
  }
}

std::string TuiEntry::Choose(Square square) {
  if (!session_->MayMove().ok()) return "";
  const events::GameState& s = session_->state();
  const session::MoveEntry entry = session_->Entry();
  const session::MoveEntry::Choice choice = entry.Choose(Numbers(), square + 1);
  const bool was_empty = route_.empty();
  route_.clear();
  for (int n : choice.step.route) route_.push_back(n - 1);
  const std::string number = absl::StrCat(square + 1);
  switch (choice.refusal) {
    case session::EntryRefusal::kNone:
      break;
    case session::EntryRefusal::kCannotMove:
      return choice.step.must_capture.empty()
                 ? t_.Get("tui.cannot_move", {{"square", number}})
                 : t_.Get("tui.must_capture",
                          {{"squares",
                            session::SquareNumbers(choice.step.must_capture)}});
    case session::EntryRefusal::kNotYourPiece:
      return t_.Get("tui.choose_piece",
                    {{"side", session::SideText(t_, s, s.side_to_move())}});
    case session::EntryRefusal::kSwitchRefused:
      return t_.Get("tui.switch_refused",
                    {{"square", absl::StrCat(route_.front() + 1)}});
    case session::EntryRefusal::kNotALanding:
      return t_.Get("tui.not_destination",
                    {{"squares", session::SquareNumbers(choice.step.next)}});
  }
  if (choice.step.move.has_value()) {
    route_.clear();
    session_->PlayRoute(choice.step.move->route());
    return "";
  }
  if (route_.empty()) return t_.Get("tui.deselected");
  if (route_.size() == 1) {
    if (was_empty) route_seq_ = s.last_seq;
    return t_.Get(
        "tui.selected",
        {{"square", number},
         {"piece", session::PieceText(t_, s, s.position.PieceAt(square + 1))}});
  }
  return t_.Get("tui.jump_continues",
                {{"squares", session::SquareNumbers(choice.step.next)}});
}

TuiEntry::Hints TuiEntry::HintsAt(Square focus) const {
  const session::MoveEntry entry = session_->Entry();
  Hints hints;
  if (route_.empty()) {
    hints.must_capture = SetOf(entry.At({}).must_capture);
    const session::EntryStep piece = entry.At({focus + 1});
    if (piece.route.size() == 1) {
      hints.next = SetOf(piece.next);
      hints.capturable = SetOf(piece.capturable);
    }
    return hints;
  }
  const session::EntryStep step = entry.At(Numbers());
  hints.next = SetOf(step.next);
  hints.captured = SetOf(step.captured);
  hints.capturable = SetOf(step.capturable);
  return hints;
}

Piece TuiEntry::ShownPiece(Square square) const {
  const GamePosition& pos = session_->state().position;
  if (route_.size() >= 2) {
    if (square == route_.back()) return pos.PieceAt(route_.front() + 1);
    if (square == route_.front()) return Piece::kEmpty;
  }
  return pos.PieceAt(square + 1);
}

}  // namespace checkers::terminal
