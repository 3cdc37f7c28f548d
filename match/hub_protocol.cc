#include "match/hub_protocol.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/rules.h"

namespace checkers::match {
namespace {

constexpr int kSquares = 50;

// The next word of `*rest`, a quoted stretch counting as part of it, with
// its quotes removed; `*rest` loses it and the spaces before it.
std::string NextWord(absl::string_view* rest) {
  *rest = absl::StripLeadingAsciiWhitespace(*rest);
  std::string word;
  bool quoted = false;
  size_t i = 0;
  for (; i < rest->size(); ++i) {
    const char c = (*rest)[i];
    if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && absl::ascii_isspace(static_cast<unsigned char>(c))) {
      break;
    } else {
      word.push_back(c);
    }
  }
  rest->remove_prefix(i);
  return word;
}

char Letter(Piece piece) {
  switch (piece) {
    case Piece::kWhiteMan:
      return 'w';
    case Piece::kBlackMan:
      return 'b';
    case Piece::kWhiteKing:
      return 'W';
    case Piece::kBlackKing:
      return 'B';
    case Piece::kEmpty:
      break;
  }
  return 'e';
}

}  // namespace

std::optional<std::string> HubLine::Get(absl::string_view name) const {
  for (const auto& [key, value] : args) {
    if (key == name) return value;
  }
  return std::nullopt;
}

HubLine ParseHubLine(absl::string_view line) {
  HubLine parsed;
  parsed.command = NextWord(&line);
  for (;;) {
    line = absl::StripLeadingAsciiWhitespace(line);
    if (line.empty()) break;
    // The name ends at '='; the value, quoted or not, runs to a space.
    const size_t eq = line.find_first_of("= \t");
    if (eq == absl::string_view::npos || line[eq] != '=') {
      std::string flag = NextWord(&line);
      parsed.args.emplace_back(std::move(flag), "");
      continue;
    }
    std::string name(line.substr(0, eq));
    line.remove_prefix(eq + 1);
    std::string value = line.empty() || absl::ascii_isspace(line[0])
                            ? std::string()
                            : NextWord(&line);
    parsed.args.emplace_back(std::move(name), std::move(value));
  }
  return parsed;
}

std::string HubValue(absl::string_view value) {
  if (value.empty() || value.find_first_of(" \t\"=") != absl::string_view::npos)
    return absl::StrCat("\"", value, "\"");
  return std::string(value);
}

std::string HubPosition(const GamePosition& position) {
  std::string text(1, position.side_to_move() == Color::kWhite ? 'W' : 'B');
  for (int square = 1; square <= kSquares; ++square) {
    text.push_back(Letter(position.PieceAt(square)));
  }
  return text;
}

absl::StatusOr<GamePosition> ParseHubPosition(absl::string_view text) {
  if (text.size() != 1 + kSquares) {
    return absl::InvalidArgumentError(
        absl::StrCat("a Hub position is 51 letters (the side to move, then "
                     "squares 1 to 50), not ",
                     text.size(), ": \"", text, "\""));
  }
  const char side = absl::ascii_toupper(static_cast<unsigned char>(text[0]));
  if (side != 'W' && side != 'B') {
    return absl::InvalidArgumentError(absl::StrCat(
        "a Hub position starts with the side to move, W or B, not '",
        text.substr(0, 1), "'"));
  }
  std::vector<std::string> white;
  std::vector<std::string> black;
  for (int square = 1; square <= kSquares; ++square) {
    const char c = text[square];
    switch (c) {
      case 'w':
      case 'W':
        white.push_back(absl::StrCat(c == 'W' ? "K" : "", square));
        break;
      case 'b':
      case 'B':
        black.push_back(absl::StrCat(c == 'B' ? "K" : "", square));
        break;
      case 'e':
        break;
      default:
        return absl::InvalidArgumentError(absl::StrCat(
            "square ", square, " of a Hub position is '",
            text.substr(square, 1), "'; a square is w, b, W, B or e"));
    }
  }
  return GamePosition::ParseFen(
      absl::StrCat(std::string(1, side), ":W", absl::StrJoin(white, ","), ":B",
                   absl::StrJoin(black, ",")),
      Edition::kInternational);
}

std::string HubMoveText(const GameMove& move) {
  if (!move.is_capture()) return absl::StrCat(move.from(), "-", move.to());
  return absl::StrCat(move.from(), "x", move.to(), "x",
                      absl::StrJoin(move.captured(), "x"));
}

absl::StatusOr<GameMove> ParseHubMove(const GamePosition& position,
                                      absl::string_view text) {
  const bool capture = absl::StrContains(text, 'x');
  std::vector<int> squares;
  for (absl::string_view part : absl::StrSplit(text, capture ? 'x' : '-')) {
    int square = 0;
    if (!absl::SimpleAtoi(part, &square) || square < 1 || square > kSquares) {
      return absl::InvalidArgumentError(absl::StrCat(
          "\"", text,
          "\" is not a Hub move (from-to, or fromxto then xsquare for each "
          "piece taken, squares 1 to 50)"));
    }
    squares.push_back(square);
  }
  if (squares.size() < 2 || (!capture && squares.size() != 2) ||
      (capture && squares.size() < 3)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text,
        "\" is not a Hub move (from-to, or fromxto then xsquare for each "
        "piece taken)"));
  }
  std::vector<int> taken(squares.begin() + 2, squares.end());
  std::sort(taken.begin(), taken.end());
  for (const GameMove& move : position.LegalMoves()) {
    if (move.from() != squares[0] || move.to() != squares[1]) continue;
    std::vector<int> its(move.captured().begin(), move.captured().end());
    std::sort(its.begin(), its.end());
    // Two routes that take the same pieces leave the same position.
    if (its == taken) return move;
  }
  return absl::FailedPreconditionError(
      absl::StrCat("\"", text, "\" is not a legal move from ", position.ToFen(),
                   "; the legal moves are ",
                   absl::StrJoin(position.LegalMoveTexts(), ", ")));
}

}  // namespace checkers::match
