#include "replay/pdn_writer.h"

#include <optional>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "replay/pdn_replay.h"

namespace checkers::replay {
namespace {

// PDN asks for lines of at most 80 characters; staying under 80 keeps
// them readable where a terminal wraps at the 80th.
constexpr size_t kMaxLine = 79;

void AppendTag(absl::string_view name, absl::string_view value,
               std::string* out) {
  absl::StrAppend(out, "[", name, " \"");
  for (char c : value) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') {
      out->push_back(' ');
    } else {
      out->push_back(c);
    }
  }
  out->append("\"]\n");
}

bool IsGenerated(absl::string_view name) {
  for (absl::string_view g : {"Event", "Site", "Date", "Round", "Black",
                              "White", "Result", "GameType", "SetUp", "FEN"}) {
    if (absl::EqualsIgnoreCase(name, g)) return true;
  }
  return false;
}

// Collects move text into lines under kMaxLine columns, never splitting a
// move from its number.
class LineFiller {
 public:
  explicit LineFiller(std::string* out) : out_(out) {}

  void Add(absl::string_view unit) {
    if (line_ > 0 && line_ + 1 + unit.size() > kMaxLine) {
      out_->push_back('\n');
      line_ = 0;
    }
    if (line_ > 0) {
      out_->push_back(' ');
      ++line_;
    }
    out_->append(unit.data(), unit.size());
    line_ += unit.size();
  }

 private:
  std::string* out_;
  size_t line_ = 0;
};

// Square number `s` (1-32) as Russian PDN writes it: a1 at the lower left
// of the side on squares 21-32, so 29 is a1, 32 g1 and 1 b8.
std::string AlgebraicSquare(int s) {
  const int rank = 8 - (s - 1) / 4;
  const int file = 2 * ((s - 1) % 4) + (rank % 2 == 0 ? 1 : 0);
  return absl::StrCat(std::string(1, static_cast<char>('a' + file)), rank);
}

// `m` in the notation PDN files of `edition` use: algebraic squares with
// ':' between a capture's landings for Russian ("c3-d4", "d4:b6:d8"),
// square numbers otherwise ("32-28", "28x19x10").
std::string MoveText(const GameMove& m, Edition edition) {
  if (edition != Edition::kRussian) return m.Text();
  const absl::string_view joint = m.is_capture() ? ":" : "-";
  std::string text;
  for (const int square : m.route()) {
    if (!text.empty()) text.append(joint.data(), joint.size());
    text += AlgebraicSquare(square);
  }
  return text;
}

}  // namespace

std::string WritePdnGame(const GameRecord& record) {
  std::string out;
  for (absl::string_view name :
       {"Event", "Site", "Date", "Round", "Black", "White"}) {
    const std::optional<absl::string_view> found = FindTag(record.tags, name);
    absl::string_view value = found.has_value()
                                  ? absl::StripAsciiWhitespace(*found)
                                  : absl::string_view();
    if (value.empty()) value = name == "Date" ? "?\?\?\?-?\?-?\?" : "?";
    AppendTag(name, value, &out);
  }
  const absl::string_view result =
      ResultTokenOf(record.result, record.edition());
  AppendTag("Result", result, &out);
  AppendTag("GameType", absl::StrCat(GameTypeOf(record.edition())), &out);
  if (!(record.start == GamePosition::Initial(record.edition()))) {
    AppendTag("SetUp", "1", &out);
    AppendTag("FEN", record.start.ToFen(), &out);
  }
  for (const PdnTag& tag : record.tags) {
    if (!IsGenerated(tag.name)) AppendTag(tag.name, tag.value, &out);
  }
  out.push_back('\n');

  LineFiller filler(&out);
  std::string unit;
  int number = 1;
  // A move number names a pair of moves, the first mover's then the other's.
  const Color first = TraitsOf(record.edition()).light_moves_first
                          ? Color::kWhite
                          : Color::kBlack;
  Color side = record.start.side_to_move();
  for (size_t i = 0; i < record.moves.size(); ++i) {
    unit.clear();
    if (side == first) {
      absl::StrAppend(&unit, number, ". ");
    } else if (i == 0) {
      absl::StrAppend(&unit, number, "... ");
    }
    absl::StrAppend(&unit, MoveText(record.moves[i], record.edition()));
    filler.Add(unit);
    if (side != first) ++number;
    side = Opponent(side);
  }
  filler.Add(result);
  out.push_back('\n');
  return out;
}

absl::string_view ResultTokenOf(GameResult result, Edition edition) {
  if (edition != Edition::kInternational) return ResultToken(result);
  switch (result) {
    case GameResult::kFirstWins:
      return "2-0";
    case GameResult::kSecondWins:
      return "0-2";
    case GameResult::kDraw:
      return "1-1";
    case GameResult::kUnknown:
      break;
  }
  return "*";
}

std::string WritePdn(absl::Span<const GameRecord> records) {
  std::string out;
  for (const GameRecord& record : records) {
    if (!out.empty()) out.push_back('\n');
    out += WritePdnGame(record);
  }
  return out;
}

}  // namespace checkers::replay
