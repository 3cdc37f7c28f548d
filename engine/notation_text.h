// What the move notation of both boards shares (engine/notation8.h for 8x8,
// engine/notation10.h for 10x10): square numbers joined by '-' or 'x', read
// against the legal moves of a position. Templates over the board's Move,
// which has `from`, `to`, `num_jumps` and `landings` as 0-based squares.

#ifndef CHECKERS_ENGINE_NOTATION_TEXT_H_
#define CHECKERS_ENGINE_NOTATION_TEXT_H_

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

namespace checkers::notation {

// Reads "24x15x6" into its squares (0-based) on a board of `num_squares`;
// empty when the text is not at least two squares joined by '-' or 'x'.
std::vector<int> ParseSquareSequence(absl::string_view text, int num_squares);

// The PDN text of `m` with its full route.
template <typename Move>
std::string MoveText(const Move& m) {
  if (!m.IsCapture()) return absl::StrCat(m.from + 1, "-", m.to + 1);
  std::string text = absl::StrCat(m.from + 1);
  for (int i = 0; i < m.num_jumps; ++i)
    absl::StrAppend(&text, "x", m.landings[i] + 1);
  return text;
}

// The texts of `moves`, sorted by their square numbers.
template <typename MoveList>
std::vector<std::string> SortedTexts(const MoveList& moves) {
  std::vector<const typename MoveList::value_type*> sorted;
  for (const auto& m : moves) sorted.push_back(&m);
  std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) {
    if (a->from != b->from) return a->from < b->from;
    if (a->to != b->to) return a->to < b->to;
    return std::lexicographical_compare(
        a->landings.begin(), a->landings.begin() + a->num_jumps,
        b->landings.begin(), b->landings.begin() + b->num_jumps);
  });
  std::vector<std::string> texts;
  for (const auto* m : sorted) texts.push_back(MoveText(*m));
  return texts;
}

// Whether the squares given, after the first, lie on m's route in order,
// ending at its destination.
template <typename Move>
bool Fits(const Move& m, const std::vector<int>& squares) {
  if (squares.front() != m.from || squares.back() != m.to) return false;
  if (!m.IsCapture()) return squares.size() == 2;
  size_t next = 1;
  for (int i = 0; i < m.num_jumps && next < squares.size(); ++i) {
    if (m.landings[i] == squares[next]) ++next;
  }
  return next == squares.size();
}

// The move of `moves` (the legal moves of a position) that `text` names,
// as the boards' ParseMove documents it: one fitting route, else the one
// written in full, else the first in text order when `same` holds for it
// and every other fitting route. `example` shows the notation in the
// error for text that is not a move.
template <typename MoveList, typename Same>
absl::StatusOr<typename MoveList::value_type> ChooseMove(
    absl::string_view text, const MoveList& moves, int num_squares,
    absl::string_view example, Same same) {
  using Move = typename MoveList::value_type;
  const std::vector<int> squares = ParseSquareSequence(text, num_squares);
  if (squares.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text.substr(0, 40), "\" is not a move; write it like ", example));
  }
  std::vector<const Move*> fitting;
  for (const Move& m : moves) {
    if (Fits(m, squares)) fitting.push_back(&m);
  }
  if (fitting.size() == 1) return *fitting[0];
  if (fitting.empty()) {
    if (moves.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          text, " is not legal: the side to move has no legal move"));
    }
    return absl::FailedPreconditionError(
        absl::StrCat(text, " is not legal here; legal moves: ",
                     absl::StrJoin(SortedTexts(moves), " ")));
  }
  for (const Move* m : fitting) {
    const bool full = m->IsCapture()
                          ? static_cast<int>(squares.size()) == m->num_jumps + 1
                          : squares.size() == 2;
    if (full) return *m;
  }
  std::sort(fitting.begin(), fitting.end(), [](const Move* a, const Move* b) {
    return MoveText(*a) < MoveText(*b);
  });
  if (std::all_of(fitting.begin(), fitting.end(),
                  [&](const Move* m) { return same(*fitting.front(), *m); })) {
    return *fitting.front();
  }
  std::vector<std::string> routes;
  for (const Move* m : fitting) routes.push_back(MoveText(*m));
  return absl::FailedPreconditionError(absl::StrCat(
      text,
      " is ambiguous; write the whole route: ", absl::StrJoin(routes, " or ")));
}

}  // namespace checkers::notation

#endif  // CHECKERS_ENGINE_NOTATION_TEXT_H_
