#include "engine/notation.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace checkers {
namespace {

// Parses "24x15x6" into its squares (0-based); empty when the text is not
// at least two squares joined by '-' or 'x'.
std::vector<int> ParseSquareSequence(absl::string_view text) {
  std::vector<int> squares;
  text = absl::StripAsciiWhitespace(text);
  size_t i = 0;
  while (true) {
    int n = 0, digits = 0;
    while (i < text.size() &&
           absl::ascii_isdigit(static_cast<unsigned char>(text[i]))) {
      n = n * 10 + (text[i] - '0');
      ++i;
      if (++digits > 2) return {};
    }
    if (digits == 0 || n < 1 || n > kNumSquares) return {};
    squares.push_back(n - 1);
    if (i == text.size()) break;
    const char sep = text[i];
    if (sep != '-' && sep != 'x' && sep != 'X') return {};
    ++i;
  }
  if (squares.size() < 2) return {};
  return squares;
}

// Whether the squares given, after the first, lie on m's route in order,
// ending at its destination.
bool Fits(const Move& m, const std::vector<int>& squares) {
  if (squares.front() != m.from || squares.back() != m.to) return false;
  if (!m.IsCapture()) return squares.size() == 2;
  size_t next = 1;
  for (int i = 0; i < m.num_jumps && next < squares.size(); ++i) {
    if (m.landings[i] == squares[next]) ++next;
  }
  return next == squares.size();
}

bool IsFullRoute(const Move& m, const std::vector<int>& squares) {
  if (!m.IsCapture()) return squares.size() == 2;
  return static_cast<int>(squares.size()) == m.num_jumps + 1;
}

}  // namespace

std::string MoveToText(const Move& m) {
  if (!m.IsCapture()) return absl::StrCat(m.from + 1, "-", m.to + 1);
  std::string text = absl::StrCat(m.from + 1);
  for (int i = 0; i < m.num_jumps; ++i)
    absl::StrAppend(&text, "x", m.landings[i] + 1);
  return text;
}

std::vector<std::string> LegalMoveTexts(const Position& pos, CaptureRule rule,
                                        Edition edition) {
  MoveList moves;
  GenerateMoves(pos, &moves, rule, edition);
  std::vector<const Move*> sorted;
  for (const Move& m : moves) sorted.push_back(&m);
  std::sort(sorted.begin(), sorted.end(), [](const Move* a, const Move* b) {
    if (a->from != b->from) return a->from < b->from;
    if (a->to != b->to) return a->to < b->to;
    return std::lexicographical_compare(
        a->landings.begin(), a->landings.begin() + a->num_jumps,
        b->landings.begin(), b->landings.begin() + b->num_jumps);
  });
  std::vector<std::string> texts;
  for (const Move* m : sorted) texts.push_back(MoveToText(*m));
  return texts;
}

absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view text,
                               CaptureRule rule, Edition edition) {
  const std::vector<int> squares = ParseSquareSequence(text);
  if (squares.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text.substr(0, 40),
        "\" is not a move; write it like 11-15, 22x15 or 24x15x6"));
  }
  MoveList moves;
  GenerateMoves(pos, &moves, rule, edition);
  std::vector<const Move*> fitting;
  for (const Move& m : moves) {
    if (Fits(m, squares)) fitting.push_back(&m);
  }
  if (fitting.size() == 1) return *fitting[0];
  if (fitting.empty()) {
    const std::vector<std::string> legal = LegalMoveTexts(pos, rule, edition);
    if (legal.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          text, " is not legal: the side to move has no legal move"));
    }
    return absl::FailedPreconditionError(absl::StrCat(
        text, " is not legal here; legal moves: ", absl::StrJoin(legal, " ")));
  }
  // Several routes fit; a fully written route still names exactly one.
  for (const Move* m : fitting) {
    if (IsFullRoute(*m, squares)) return *m;
  }
  std::sort(fitting.begin(), fitting.end(), [](const Move* a, const Move* b) {
    return MoveToText(*a) < MoveToText(*b);
  });
  // Records of the flying-king editions write a capture by its first and
  // last squares; where the king paused between two captures on one
  // diagonal does not change the move, so the first route stands for all.
  if (std::all_of(fitting.begin(), fitting.end(), [&](const Move* m) {
        return SameCapture(*fitting.front(), *m);
      })) {
    return *fitting.front();
  }
  std::vector<std::string> routes;
  for (const Move* m : fitting) routes.push_back(MoveToText(*m));
  return absl::FailedPreconditionError(absl::StrCat(
      text,
      " is ambiguous; write the whole route: ", absl::StrJoin(routes, " or ")));
}

}  // namespace checkers
