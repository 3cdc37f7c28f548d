#include "session/move_entry.h"

#include <algorithm>
#include <set>

#include "absl/algorithm/container.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"

namespace checkers::session {
namespace {

std::vector<int> Sorted(std::set<int> squares) {
  return std::vector<int>(squares.begin(), squares.end());
}

bool BelongsToMover(const GamePosition& p, int square) {
  const Piece piece = p.PieceAt(square);
  if (piece == Piece::kEmpty) return false;
  const bool black = piece == Piece::kBlackMan || piece == Piece::kBlackKing;
  return black == (p.side_to_move() == Color::kBlack);
}

}  // namespace

MoveEntry::MoveEntry(const events::GameState& state, bool awaited)
    : position_(state.position), rule_(state.rules.capture) {
  if (!awaited || state.started == nullptr || !events::GoesOn(state)) return;
  moves_ = position_.LegalMoves(rule_);
  must_capture_ = position_.MustCapturePieces(rule_);
}

std::vector<const GameMove*> MoveEntry::Candidates(
    absl::Span<const int> route) const {
  std::vector<const GameMove*> out;
  for (const GameMove& m : moves_) {
    const SquareList& full = m.route();
    if (full.size() >= route.size() &&
        std::equal(route.begin(), route.end(), full.begin())) {
      out.push_back(&m);
    }
  }
  return out;
}

EntryStep MoveEntry::At(absl::Span<const int> route) const {
  size_t accepted = 0;
  while (accepted < route.size() &&
         !Candidates(route.subspan(0, accepted + 1)).empty()) {
    ++accepted;
  }
  route = route.subspan(0, accepted);

  EntryStep step;
  step.route.assign(route.begin(), route.end());
  step.must_capture = must_capture_;
  std::set<int> starts, next, capturable;
  for (const GameMove& m : moves_) starts.insert(m.from());
  step.starts = Sorted(starts);
  if (route.size() >= 2) step.captured = position_.CapturedAlong(route);
  for (const GameMove* m : Candidates(route)) {
    if (m->route().size() > route.size()) next.insert(m->route()[route.size()]);
    if (m->route().size() == route.size() && !route.empty()) step.move = *m;
    for (int taken : m->captured()) {
      if (!absl::c_linear_search(step.captured, taken)) {
        capturable.insert(taken);
      }
    }
  }
  step.next = Sorted(next);
  if (!route.empty()) step.capturable = Sorted(capturable);
  return step;
}

MoveEntry::Choice MoveEntry::Choose(absl::Span<const int> route,
                                    int square) const {
  const EntryStep here = At(route);
  if (here.route.size() == 1 && square == here.route.front()) {
    return {At({}), EntryRefusal::kNone};
  }
  std::vector<int> extended = here.route;
  extended.push_back(square);
  if (absl::c_linear_search(here.next, square)) return {At(extended)};
  // Before any landing, another piece that may move replaces the first.
  if (here.route.size() <= 1 && absl::c_linear_search(here.starts, square)) {
    return {At({square})};
  }
  EntryRefusal refusal = EntryRefusal::kNotALanding;
  if (here.route.empty()) {
    refusal = BelongsToMover(position_, square) ? EntryRefusal::kCannotMove
                                                : EntryRefusal::kNotYourPiece;
  } else if (here.route.size() > 1 && BelongsToMover(position_, square)) {
    refusal = EntryRefusal::kSwitchRefused;
  }
  return {here, refusal};
}

absl::StatusOr<GameMove> MoveEntry::Resolve(
    absl::string_view text, std::vector<std::string>* ambiguous) const {
  absl::StatusOr<GameMove> move = position_.ParseMove(text, rule_);
  if (move.status().code() != absl::StatusCode::kFailedPrecondition) {
    return move;
  }
  // The short form of a capture may name several routes between its ends.
  std::vector<int> squares;
  for (absl::string_view part : absl::StrSplit(text, absl::ByAnyChar("-x"))) {
    int square = 0;
    if (!absl::SimpleAtoi(part, &square)) return move;
    squares.push_back(square);
  }
  std::vector<std::string> routes;
  for (const GameMove& m : moves_) {
    if (m.is_capture() && m.from() == squares.front() &&
        m.to() == squares.back()) {
      routes.push_back(m.Text());
    }
  }
  if (routes.size() < 2) return move;
  std::sort(routes.begin(), routes.end());
  if (ambiguous != nullptr) *ambiguous = std::move(routes);
  return move;
}

}  // namespace checkers::session
