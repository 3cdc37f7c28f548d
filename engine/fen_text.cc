#include "engine/fen_text.h"

#include <bit>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace checkers {
namespace {

absl::Status FenError(absl::string_view text, const FenBoard& board,
                      absl::string_view problem) {
  constexpr size_t kShown = 100;
  const std::string shown = text.size() > kShown
                                ? absl::StrCat(text.substr(0, kShown), "...")
                                : std::string(text);
  return absl::InvalidArgumentError(
      absl::StrCat("bad FEN \"", shown, "\": ", problem, " (expected e.g. ",
                   board.example, ")"));
}

uint64_t Bit(int number) { return uint64_t{1} << (number - 1); }

absl::StatusOr<int> ParseSquareNumber(absl::string_view fen,
                                      const FenBoard& board,
                                      absl::string_view digits) {
  int n = 0;
  if (digits.empty() || digits.size() > 2 ||
      !absl::ascii_isdigit(static_cast<unsigned char>(digits[0])) ||
      !absl::SimpleAtoi(digits, &n)) {
    return FenError(fen, board,
                    absl::StrCat("\"", digits, "\" is not a square number"));
  }
  if (n < 1 || n > board.squares) {
    return FenError(
        fen, board,
        absl::StrCat("square ", n, " is not between 1 and ", board.squares));
  }
  return n;
}

// Reads the squares of one side, e.g. "21,22,K30" or "1-12", into `c`.
absl::Status ParseSquares(absl::string_view fen, const FenBoard& board,
                          absl::string_view list, int c, FenSquares* out) {
  if (list.empty()) return absl::OkStatus();
  for (absl::string_view item : absl::StrSplit(list, ',')) {
    const bool king = !item.empty() && item[0] == 'K';
    if (king) item.remove_prefix(1);
    int first = 0, last = 0;
    const size_t dash = item.find('-');
    if (dash == absl::string_view::npos) {
      absl::StatusOr<int> s = ParseSquareNumber(fen, board, item);
      if (!s.ok()) return s.status();
      first = last = *s;
    } else {
      absl::StatusOr<int> a =
          ParseSquareNumber(fen, board, item.substr(0, dash));
      if (!a.ok()) return a.status();
      absl::StatusOr<int> b =
          ParseSquareNumber(fen, board, item.substr(dash + 1));
      if (!b.ok()) return b.status();
      if (*b < *a) {
        return FenError(fen, board,
                        absl::StrCat("range ", item, " runs backwards"));
      }
      first = *a;
      last = *b;
    }
    for (int n = first; n <= last; ++n) {
      if ((out->pieces[0] | out->pieces[1]) & Bit(n)) {
        return FenError(fen, board,
                        absl::StrCat("square ", n, " is given twice"));
      }
      out->pieces[c] |= Bit(n);
      if (king) out->kings |= Bit(n);
    }
  }
  return absl::OkStatus();
}

std::string SquareList(uint64_t pieces, uint64_t kings) {
  std::vector<std::string> items;
  for (uint64_t b = pieces; b; b &= b - 1) {
    const int n = std::countr_zero(b) + 1;
    items.push_back(absl::StrCat((kings & Bit(n)) ? "K" : "", n));
  }
  return absl::StrJoin(items, ",");
}

}  // namespace

absl::StatusOr<FenSquares> ParseFenSquares(absl::string_view text,
                                           const FenBoard& board) {
  std::string clean;
  for (char c : text) {
    if (!absl::ascii_isspace(static_cast<unsigned char>(c))) {
      clean.push_back(absl::ascii_toupper(static_cast<unsigned char>(c)));
    }
  }
  if (!clean.empty() && clean.back() == '.') clean.pop_back();
  if (clean.empty()) return FenError(text, board, "it is empty");

  std::vector<absl::string_view> fields = absl::StrSplit(clean, ':');
  if (fields[0] != "B" && fields[0] != "W") {
    return FenError(text, board, "the side to move must be B or W");
  }
  FenSquares out;
  out.to_move = fields[0] == "B" ? Color::kBlack : Color::kWhite;
  if (fields.size() != 3) {
    return FenError(
        text, board,
        "it needs the side to move and two piece lists, separated by ':'");
  }

  bool given[2] = {false, false};
  for (size_t i = 1; i < fields.size(); ++i) {
    absl::string_view field = fields[i];
    if (field.empty() || (field[0] != 'B' && field[0] != 'W')) {
      return FenError(text, board, "each piece list must start with W or B");
    }
    const int c = field[0] == 'B' ? 0 : 1;
    if (given[c]) {
      return FenError(text, board, "a side's pieces are listed twice");
    }
    given[c] = true;
    field.remove_prefix(1);
    if (absl::Status s = ParseSquares(text, board, field, c, &out); !s.ok())
      return s;
  }

  const uint64_t first_row = (uint64_t{1} << board.per_row) - 1;
  const uint64_t last_row = first_row << (board.squares - board.per_row);
  for (int c = 0; c < 2; ++c) {
    const char* name = c == 0 ? "black" : "white";
    if (std::popcount(out.pieces[c]) > board.max_pieces) {
      return FenError(
          text, board,
          absl::StrCat("more than ", board.max_pieces, " ", name, " pieces"));
    }
    const uint64_t uncrowned =
        out.pieces[c] & ~out.kings & (c == 0 ? last_row : first_row);
    if (uncrowned) {
      const int n = std::countr_zero(uncrowned) + 1;
      return FenError(
          text, board,
          absl::StrCat("the ", name, " man on square ", n,
                       " would have been crowned; write it as K", n));
    }
  }
  return out;
}

std::string FenOfSquares(const FenSquares& squares) {
  return absl::StrCat(squares.to_move == Color::kBlack ? "B" : "W", ":W",
                      SquareList(squares.pieces[1], squares.kings), ":B",
                      SquareList(squares.pieces[0], squares.kings));
}

}  // namespace checkers
