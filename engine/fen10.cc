#include "engine/fen10.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace checkers::intl {
namespace {

absl::Status FenError(absl::string_view text, absl::string_view problem) {
  constexpr size_t kShown = 100;
  const std::string shown = text.size() > kShown
                                ? absl::StrCat(text.substr(0, kShown), "...")
                                : std::string(text);
  return absl::InvalidArgumentError(
      absl::StrCat("bad FEN \"", shown, "\": ", problem,
                   " (expected e.g. W:W31-50:B1-20 or B:W28,K46:B12,K3)"));
}

absl::StatusOr<Square> ParseSquareNumber(absl::string_view fen,
                                         absl::string_view digits) {
  int n = 0;
  if (digits.empty() || digits.size() > 2 ||
      !absl::ascii_isdigit(static_cast<unsigned char>(digits[0])) ||
      !absl::SimpleAtoi(digits, &n)) {
    return FenError(fen,
                    absl::StrCat("\"", digits, "\" is not a square number"));
  }
  if (n < 1 || n > kNumSquares) {
    return FenError(fen,
                    absl::StrCat("square ", n, " is not between 1 and 50"));
  }
  return n - 1;
}

struct Side {
  Bitboard pieces = 0;
  Bitboard kings = 0;
};

// Parses the squares of one side, e.g. "31,32,K46" or "31-50".
absl::Status ParseSquares(absl::string_view fen, absl::string_view list,
                          Side* side, Bitboard* seen) {
  if (list.empty()) return absl::OkStatus();
  for (absl::string_view item : absl::StrSplit(list, ',')) {
    const bool king = !item.empty() && item[0] == 'K';
    if (king) item.remove_prefix(1);
    Square first = 0, last = 0;
    const size_t dash = item.find('-');
    if (dash == absl::string_view::npos) {
      absl::StatusOr<Square> s = ParseSquareNumber(fen, item);
      if (!s.ok()) return s.status();
      first = last = *s;
    } else {
      absl::StatusOr<Square> a = ParseSquareNumber(fen, item.substr(0, dash));
      if (!a.ok()) return a.status();
      absl::StatusOr<Square> b = ParseSquareNumber(fen, item.substr(dash + 1));
      if (!b.ok()) return b.status();
      if (*b < *a)
        return FenError(fen, absl::StrCat("range ", item, " runs backwards"));
      first = *a;
      last = *b;
    }
    for (Square s = first; s <= last; ++s) {
      if (*seen & SquareBit(s)) {
        return FenError(fen, absl::StrCat("square ", s + 1, " is given twice"));
      }
      *seen |= SquareBit(s);
      side->pieces |= SquareBit(s);
      if (king) side->kings |= SquareBit(s);
    }
  }
  return absl::OkStatus();
}

std::string SquareList(Bitboard pieces, Bitboard kings) {
  std::vector<std::string> items;
  for (Square s = 0; s < kNumSquares; ++s) {
    if (!(pieces & SquareBit(s))) continue;
    items.push_back(absl::StrCat((kings & SquareBit(s)) ? "K" : "", s + 1));
  }
  return absl::StrJoin(items, ",");
}

}  // namespace

absl::StatusOr<Position> ParseFen(absl::string_view text) {
  std::string clean;
  for (char c : text) {
    if (!absl::ascii_isspace(static_cast<unsigned char>(c))) {
      clean.push_back(absl::ascii_toupper(static_cast<unsigned char>(c)));
    }
  }
  if (!clean.empty() && clean.back() == '.') clean.pop_back();
  if (clean.empty()) return FenError(text, "it is empty");

  std::vector<absl::string_view> fields = absl::StrSplit(clean, ':');
  if (fields[0] != "B" && fields[0] != "W") {
    return FenError(text, "the side to move must be W or B");
  }
  const Color to_move = fields[0] == "B" ? Color::kBlack : Color::kWhite;
  if (fields.size() != 3) {
    return FenError(
        text,
        "it needs the side to move and two piece lists, separated by ':'");
  }

  Side sides[2];
  bool given[2] = {false, false};
  Bitboard seen = 0;
  for (size_t i = 1; i < fields.size(); ++i) {
    absl::string_view field = fields[i];
    if (field.empty() || (field[0] != 'B' && field[0] != 'W')) {
      return FenError(text, "each piece list must start with W or B");
    }
    const int c = field[0] == 'B' ? 0 : 1;
    if (given[c]) return FenError(text, "a side's pieces are listed twice");
    given[c] = true;
    field.remove_prefix(1);
    if (absl::Status s = ParseSquares(text, field, &sides[c], &seen); !s.ok())
      return s;
  }

  for (int c = 0; c < 2; ++c) {
    const Color colour = static_cast<Color>(c);
    const char* name = c == 0 ? "black" : "white";
    if (PopCount(sides[c].pieces) > 20) {
      return FenError(text, absl::StrCat("more than 20 ", name, " pieces"));
    }
    const Bitboard uncrowned =
        sides[c].pieces & ~sides[c].kings & CrowningRow(colour);
    if (uncrowned) {
      const Square s = SquareOfBit(LowestBit(uncrowned));
      return FenError(text, absl::StrCat("the ", name, " man on square ", s + 1,
                                         " would have been crowned; write it "
                                         "as K",
                                         s + 1));
    }
  }
  return Position::FromBitboards(sides[0].pieces, sides[1].pieces,
                                 sides[0].kings | sides[1].kings, to_move);
}

std::string ToFen(const Position& pos) {
  return absl::StrCat(pos.side_to_move() == Color::kBlack ? "B" : "W", ":W",
                      SquareList(pos.pieces(Color::kWhite), pos.all_kings()),
                      ":B",
                      SquareList(pos.pieces(Color::kBlack), pos.all_kings()));
}

}  // namespace checkers::intl
