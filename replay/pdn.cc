#include "replay/pdn.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace checkers::replay {
namespace {

// Longest piece of offending text quoted in a message.
constexpr size_t kQuoted = 40;

std::string Shorten(absl::string_view text) {
  if (text.size() <= kQuoted) return std::string(text);
  return absl::StrCat(text.substr(0, kQuoted), "...");
}

std::string Quote(absl::string_view text) {
  return absl::StrCat("\"", Shorten(text), "\"");
}

bool IsSpace(char c) {
  // 0x1A is the DOS end-of-file mark some old collections end with.
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v' || c == '\x1a';
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Characters that end a word of move text even without a space.
bool IsDelimiter(char c) {
  return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';' || c == '$';
}

bool IsResultToken(absl::string_view word) {
  return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*" ||
         word == "2-0" || word == "0-2" || word == "1-1";
}

bool IsAnnotation(absl::string_view word) {
  return word == "!" || word == "?" || word == "!!" || word == "??" ||
         word == "!?" || word == "?!";
}

bool IsMoveSeparator(char c) {
  return c == '-' || c == 'x' || c == 'X' || c == ':';
}

// The files of a board of up to ten columns, as algebraic notation names
// them.
bool IsFileLetter(char c) { return c >= 'a' && c <= 'j'; }

// The length of the numeric square `text` starts with ("11", "9", "09"),
// or 0. Squares count from 1, which keeps "1-0" and "0-1-0" out.
size_t NumericSquareLength(absl::string_view text) {
  size_t d = 0;
  while (d < text.size() && IsDigit(text[d])) ++d;
  if (d == 0 || d > 2 || (text[d - 1] == '0' && (d == 1 || text[0] == '0'))) {
    return 0;
  }
  return d;
}

// The length of the algebraic square `text` starts with ("c3", "j10"), or
// 0: a file letter and a rank from 1 to 10.
size_t AlgebraicSquareLength(absl::string_view text) {
  if (text.size() < 2 || !IsFileLetter(text[0]) || !IsDigit(text[1]) ||
      text[1] == '0') {
    return 0;
  }
  if (text.size() > 2 && IsDigit(text[2])) {
    return text[1] == '1' && text[2] == '0' ? 3 : 0;
  }
  return 2;
}

// What one word of move text holds. A word may combine a move number with
// a move ("12.11-15"), or a move with its annotation and a glued remark
// ("8-11!Red..."); every part is optional.
struct Word {
  std::optional<int> number;
  // Offset of the move within the word, and its text.
  size_t move_offset = 0;
  absl::string_view move;
  absl::string_view remark;
  absl::string_view result;
  // A NAG, a lone annotation or an ellipsis: nothing the main line keeps.
  bool annotation = false;
};

// Consumes a move annotation at the front of `rest`: one of the six
// strengths, or the PDN star.
void SkipMoveAnnotation(absl::string_view* rest) {
  for (absl::string_view a : {"!!", "??", "!?", "?!", "!", "?", "*"}) {
    if (absl::ConsumePrefix(rest, a)) return;
  }
}

// Splits `word` into its parts; nullopt when it is none of the forms PDN
// move text allows.
std::optional<Word> ParseWord(absl::string_view word) {
  Word w;
  if (IsResultToken(word)) {
    w.result = word;
    return w;
  }
  if (word[0] == '$') {
    if (word.size() < 2) return std::nullopt;
    for (char c : word.substr(1)) {
      if (!IsDigit(c)) return std::nullopt;
    }
    w.annotation = true;
    return w;
  }
  if (IsAnnotation(word)) {
    w.annotation = true;
    return w;
  }

  absl::string_view rest = word;
  size_t digits = 0;
  while (digits < rest.size() && IsDigit(rest[digits])) ++digits;
  if (digits < rest.size() && rest[digits] == '.') {
    // A move number: at most four digits, then any number of dots.
    if (digits == 0) {
      for (char c : rest) {
        if (c != '.') return std::nullopt;
      }
      w.annotation = true;
      return w;
    }
    if (digits > 4) return std::nullopt;
    int n = 0;
    for (size_t i = 0; i < digits; ++i) n = n * 10 + (rest[i] - '0');
    w.number = n;
    rest.remove_prefix(digits);
    while (!rest.empty() && rest[0] == '.') rest.remove_prefix(1);
    if (rest.empty()) return w;
  }

  // A move: two or more squares, all numeric ("11-15", "24x15x6") or all
  // algebraic ("c3-d4", "d4:b6"), joined by '-', 'x' or ':'. A separator
  // counts only before a square, so "8-11x" leaves "x..." to the remark
  // test below.
  const size_t start = word.size() - rest.size();
  const bool algebraic = !rest.empty() && IsFileLetter(rest[0]);
  size_t i = 0;
  int squares = 0;
  while (true) {
    const size_t length = algebraic ? AlgebraicSquareLength(rest.substr(i))
                                    : NumericSquareLength(rest.substr(i));
    if (length == 0) return std::nullopt;
    ++squares;
    i += length;
    if (i + 1 < rest.size() && IsMoveSeparator(rest[i]) &&
        (algebraic ? IsFileLetter(rest[i + 1]) : IsDigit(rest[i + 1]))) {
      ++i;
      continue;
    }
    break;
  }
  if (squares < 2) return std::nullopt;
  w.move_offset = start;
  w.move = rest.substr(0, i);
  rest.remove_prefix(i);
  SkipMoveAnnotation(&rest);
  if (rest.empty()) return w;
  if (!IsLetter(rest[0])) return std::nullopt;
  w.remark = rest;
  return w;
}

class Reader {
 public:
  Reader(absl::string_view text, Color first_mover)
      : text_(text), default_first_(first_mover) {}

  PdnFile Run();

 private:
  int Column(size_t pos) const {
    return static_cast<int>(pos - line_start_) + 1;
  }

  // Moves the cursor to `to`, counting the line ends passed.
  void AdvanceTo(size_t to);
  void SkipSpace();
  // The first '[' at or after `from` that only blanks precede on its line,
  // where the next game's tags would start; the end of the text if none.
  size_t NextTagLine(size_t from) const;

  // Each skips what it cannot read with Skip.
  void ReadTag();
  void SkipComment();
  void SkipLineComment();
  void ReadWord();

  // Records the problem at `line`, `column` and skips from there: drops
  // the open game, or, outside every game, the stray text pending, and
  // goes on at NextTagLine(`resume_from`) with nothing left open.
  void Skip(int line, int column, std::string problem, size_t resume_from);
  // Notes text outside every game that is not PDN; reported by the next
  // game's EnterGame, or at the end of the file.
  void NoteStray(int line, int column, absl::string_view word);

  // Called before anything that belongs to a game: skips the stray text
  // before it, and opens a game unless one is open. A tag after move text
  // starts the next game.
  void EnterGame(bool is_tag, int line);
  // Starts the move text of the open game: numbering from 1, the side to
  // move from its FEN tag.
  void BeginMoves();
  void AddMove(absl::string_view text, int line, int column);
  void EndGame(absl::string_view result, int line);

  absl::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;

  PdnFile file_;
  // Games begun, read or skipped: the index of the last.
  int begun_ = 0;
  // Whether file_.games.back() is still being read, and whether its move
  // text has begun.
  bool open_ = false;
  bool in_moves_ = false;
  int number_ = 1;
  Color side_ = Color::kBlack;
  // The first mover of a game without a GameType tag, and of the open game.
  Color default_first_;
  Color first_ = Color::kBlack;

  // Nesting depth of the variation being skipped, and where the outermost
  // one opened.
  int variation_depth_ = 0;
  int variation_line_ = 0;
  int variation_column_ = 0;

  // Text that is not PDN, read outside every game: where it starts and its
  // first word. A note on the last game when it ends the file, else
  // skipped. `stray_line_` is 0 when there is none.
  int stray_line_ = 0;
  int stray_column_ = 0;
  std::string stray_text_;
};

std::string StrayProblem(absl::string_view text) {
  return absl::StrCat(Quote(text),
                      " is not a tag, move, move number or result");
}

void Reader::AdvanceTo(size_t to) {
  for (size_t i = pos_; i < to; ++i) {
    const char c = text_[i];
    // A CR ends a line unless a LF follows, which then ends it.
    if (c == '\n' ||
        (c == '\r' && (i + 1 >= text_.size() || text_[i + 1] != '\n'))) {
      ++line_;
      line_start_ = i + 1;
    }
  }
  pos_ = to;
}

void Reader::SkipSpace() {
  size_t end = pos_;
  while (end < text_.size() && IsSpace(text_[end])) ++end;
  AdvanceTo(end);
}

size_t Reader::NextTagLine(size_t from) const {
  bool line_start = true;
  for (size_t q = from; q > 0; --q) {
    const char c = text_[q - 1];
    if (c == '\n' || c == '\r') break;
    if (c != ' ' && c != '\t') {
      line_start = false;
      break;
    }
  }
  for (size_t p = from; p < text_.size(); ++p) {
    const char c = text_[p];
    if (c == '\n' || c == '\r') {
      line_start = true;
    } else if (c == '[' && line_start) {
      return p;
    } else if (c != ' ' && c != '\t') {
      line_start = false;
    }
  }
  return text_.size();
}

void Reader::Skip(int line, int column, std::string problem,
                  size_t resume_from) {
  PdnSkip skip;
  if (open_) {
    skip.game = std::move(file_.games.back());
    file_.games.pop_back();
  }
  if (stray_line_ != 0) {
    // Outside a game the skipped text starts with the stray text.
    line = stray_line_;
    column = stray_column_;
    problem = StrayProblem(stray_text_);
  }
  skip.line = line;
  skip.column = column;
  skip.problem = std::move(problem);
  AdvanceTo(NextTagLine(std::max(resume_from, pos_)));
  skip.resumed_line = pos_ < text_.size() ? line_ : 0;
  file_.skipped.push_back(std::move(skip));
  open_ = false;
  in_moves_ = false;
  variation_depth_ = 0;
  stray_line_ = 0;
}

void Reader::NoteStray(int line, int column, absl::string_view word) {
  if (stray_line_ != 0) return;
  stray_line_ = line;
  stray_column_ = column;
  stray_text_ = std::string(word.substr(0, kQuoted + 1));
}

PdnFile Reader::Run() {
  if (absl::StartsWith(text_, "\xEF\xBB\xBF")) {
    pos_ = line_start_ = 3;
  }
  while (true) {
    SkipSpace();
    if (pos_ >= text_.size()) break;
    const int line = line_;
    const int column = Column(pos_);
    switch (text_[pos_]) {
      case '[':
        ReadTag();
        break;
      case '{':
        SkipComment();
        break;
      case ';':
        SkipLineComment();
        break;
      case '(':
        if (stray_line_ == 0) {
          if (variation_depth_++ == 0) {
            variation_line_ = line;
            variation_column_ = column;
          }
        }
        AdvanceTo(pos_ + 1);
        break;
      case ')':
        if (stray_line_ == 0 && variation_depth_ > 0) {
          --variation_depth_;
        } else if (open_) {
          Skip(line, column, "')' without a '(' before it", pos_ + 1);
          break;
        } else {
          NoteStray(line, column, ")");
        }
        AdvanceTo(pos_ + 1);
        break;
      case '}':
      case ']':
        if (open_ || variation_depth_ > 0) {
          Skip(line, column,
               text_[pos_] == '}' ? "'}' without a '{' before it"
                                  : "']' without a '[' before it",
               pos_ + 1);
          break;
        }
        NoteStray(line, column, text_.substr(pos_, 1));
        AdvanceTo(pos_ + 1);
        break;
      default:
        ReadWord();
        break;
    }
  }
  if (variation_depth_ > 0) {
    Skip(variation_line_, variation_column_,
         "the variation '(' opened here is not closed by the end of the file",
         text_.size());
  }
  if (stray_line_ != 0) {
    if (file_.games.empty()) {
      file_.skipped.push_back({PdnGame(), stray_line_, stray_column_,
                               StrayProblem(stray_text_), 0});
    } else {
      file_.games.back().notes.push_back(
          {stray_line_, absl::StrCat("text after the last game ignored: ",
                                     Quote(stray_text_))});
    }
  }
  return std::move(file_);
}

void Reader::EnterGame(bool is_tag, int line) {
  if (stray_line_ != 0) {
    file_.skipped.push_back({PdnGame(), stray_line_, stray_column_,
                             StrayProblem(stray_text_), line});
    stray_line_ = 0;
  }
  if (open_ && !(is_tag && in_moves_)) return;
  file_.games.emplace_back();
  file_.games.back().index = ++begun_;
  file_.games.back().line = line;
  open_ = true;
  in_moves_ = false;
}

void Reader::ReadTag() {
  const int line = line_;
  const int column = Column(pos_);
  if (variation_depth_ > 0) {
    // The tag starts the next game, which is read from here.
    Skip(variation_line_, variation_column_,
         absl::StrCat(
             "the variation '(' opened here is not closed before the tag on "
             "line ",
             line),
         pos_);
    return;
  }
  EnterGame(/*is_tag=*/true, line);

  // A tag never spans lines, so a missing quote or bracket is reported
  // where the tag starts rather than swallowing the lines after it.
  size_t end = pos_ + 1;
  while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
  const absl::string_view tag = text_.substr(pos_ + 1, end - pos_ - 1);
  auto not_closed = [&](absl::string_view what) {
    Skip(line, column,
         absl::StrCat("the tag ", Shorten(absl::StrCat("[", tag)), " ", what,
                      "; write it as [Name \"value\"] on one line"),
         pos_ + 1);
  };

  size_t i = 0;
  while (i < tag.size() && (tag[i] == ' ' || tag[i] == '\t')) ++i;
  const size_t name_start = i;
  while (i < tag.size() &&
         (IsLetter(tag[i]) || IsDigit(tag[i]) || tag[i] == '_'))
    ++i;
  if (i == name_start) {
    not_closed("has no name");
    return;
  }
  PdnTag parsed;
  parsed.name = std::string(tag.substr(name_start, i - name_start));
  while (i < tag.size() && (tag[i] == ' ' || tag[i] == '\t')) ++i;
  if (i < tag.size() && tag[i] == '"') {
    ++i;
    bool closed = false;
    while (i < tag.size()) {
      const char c = tag[i++];
      if (c == '"') {
        closed = true;
        break;
      }
      // Only \" and \\ are escapes; any other backslash is kept, as in a
      // path.
      if (c == '\\' && i < tag.size() && (tag[i] == '"' || tag[i] == '\\')) {
        parsed.value.push_back(tag[i++]);
      } else if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') {
        // As the PDN writer writes them, so that an export of what is
        // read here reads back the same.
        parsed.value.push_back(' ');
      } else {
        parsed.value.push_back(c);
      }
    }
    if (!closed) {
      not_closed("has no closing quote");
      return;
    }
    while (i < tag.size() && (tag[i] == ' ' || tag[i] == '\t')) ++i;
    if (i >= tag.size() || tag[i] != ']') {
      not_closed("is not closed with ']'");
      return;
    }
  } else {
    // Tolerated: a value without quotes runs to the ']'.
    const size_t close = tag.find(']', i);
    if (close == absl::string_view::npos) {
      not_closed("is not closed with ']'");
      return;
    }
    parsed.value =
        std::string(absl::StripAsciiWhitespace(tag.substr(i, close - i)));
    i = close;
  }
  parsed.line = line;
  file_.games.back().tags.push_back(std::move(parsed));
  AdvanceTo(pos_ + 1 + i + 1);
}

void Reader::SkipComment() {
  const size_t close = text_.find('}', pos_ + 1);
  if (close == absl::string_view::npos) {
    Skip(line_, Column(pos_),
         "the comment '{' opened here is not closed by the end of the file",
         pos_ + 1);
    return;
  }
  AdvanceTo(close + 1);
}

void Reader::SkipLineComment() {
  size_t end = pos_;
  while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
  AdvanceTo(end);
}

void Reader::ReadWord() {
  const int line = line_;
  const int column = Column(pos_);
  size_t end = pos_ + 1;
  while (end < text_.size() && !IsSpace(text_[end]) && !IsDelimiter(text_[end]))
    ++end;
  // Some collections pad a one-digit square to two columns ("1- 6"): a
  // word that ends in a separator after a digit takes the number that
  // follows it on the same line.
  std::string joined(text_.substr(pos_, end - pos_));
  while (joined.size() >= 2 && IsMoveSeparator(joined.back()) &&
         IsDigit(joined[joined.size() - 2])) {
    size_t next = end;
    while (next < text_.size() && (text_[next] == ' ' || text_[next] == '\t'))
      ++next;
    if (next == end || next >= text_.size() || !IsDigit(text_[next])) break;
    end = next;
    while (end < text_.size() && !IsSpace(text_[end]) &&
           !IsDelimiter(text_[end]))
      ++end;
    absl::StrAppend(&joined, text_.substr(next, end - next));
  }
  const absl::string_view word = joined;
  AdvanceTo(end);

  const std::optional<Word> w = ParseWord(word);
  const bool opens_game = w.has_value() && !w->annotation;
  if (variation_depth_ > 0) {
    if (!w.has_value()) {
      Skip(line, column,
           absl::StrCat(Quote(word),
                        " is not a move, move number or annotation"),
           pos_);
    }
    return;
  }
  if (!open_ && !opens_game) {
    NoteStray(line, column, word);
    return;
  }
  if (!w.has_value()) {
    Skip(line, column,
         absl::StrCat(Quote(word),
                      " is not a move, move number, result or annotation"),
         pos_);
    return;
  }
  if (w->annotation) return;
  EnterGame(/*is_tag=*/false, line);
  BeginMoves();
  if (w->number.has_value()) number_ = *w->number;
  if (!w->move.empty()) {
    AddMove(w->move, line, column + static_cast<int>(w->move_offset));
    if (!w->remark.empty()) {
      file_.games.back().notes.push_back(
          {line, absl::StrCat("took ", Quote(w->move), " as the move and ",
                              Quote(w->remark), " as a remark glued to it")});
    }
  }
  if (!w->result.empty()) EndGame(w->result, line);
}

void Reader::BeginMoves() {
  if (in_moves_) return;
  in_moves_ = true;
  number_ = 1;
  first_ = default_first_;
  if (const std::optional<absl::string_view> type =
          FindTag(file_.games.back().tags, "GameType");
      type.has_value()) {
    first_ = GameTypeFirstMover(*type).value_or(default_first_);
  }
  side_ = first_;
  const std::optional<absl::string_view> fen =
      FindTag(file_.games.back().tags, "FEN");
  if (fen.has_value()) {
    const absl::string_view f = absl::StripLeadingAsciiWhitespace(*fen);
    if (!f.empty() && (f[0] == 'W' || f[0] == 'w')) side_ = Color::kWhite;
    if (!f.empty() && (f[0] == 'B' || f[0] == 'b')) side_ = Color::kBlack;
  }
}

void Reader::AddMove(absl::string_view text, int line, int column) {
  file_.games.back().moves.push_back(
      {std::string(text), number_, side_, line, column});
  if (side_ != first_) ++number_;
  side_ = Opponent(side_);
}

void Reader::EndGame(absl::string_view result, int line) {
  PdnGame& game = file_.games.back();
  game.result = std::string(result);
  game.result_line = line;
  const std::optional<absl::string_view> tag = FindTag(game.tags, "Result");
  if (tag.has_value() && ParseResultToken(*tag) != ParseResultToken(result)) {
    game.notes.push_back(
        {line, absl::StrCat("the Result tag says ", Quote(*tag),
                            " but the game ends with ", result)});
  }
  open_ = false;
  in_moves_ = false;
}

}  // namespace

GameResult ParseResultToken(absl::string_view token) {
  token = absl::StripAsciiWhitespace(token);
  if (token == "1-0" || token == "2-0") return GameResult::kFirstWins;
  if (token == "0-1" || token == "0-2") return GameResult::kSecondWins;
  if (token == "1/2-1/2" || token == "1-1") return GameResult::kDraw;
  return GameResult::kUnknown;
}

absl::string_view ResultToken(GameResult result) {
  switch (result) {
    case GameResult::kFirstWins:
      return "1-0";
    case GameResult::kSecondWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
    case GameResult::kUnknown:
      break;
  }
  return "*";
}

GameResult ClaimedResult(const PdnGame& game) {
  if (!game.result.empty()) return ParseResultToken(game.result);
  const std::optional<absl::string_view> tag = FindTag(game.tags, "Result");
  return tag.has_value() ? ParseResultToken(*tag) : GameResult::kUnknown;
}

int ResultLine(const PdnGame& game) {
  if (game.result_line > 0) return game.result_line;
  for (const PdnTag& tag : game.tags) {
    if (absl::EqualsIgnoreCase(tag.name, "Result")) return tag.line;
  }
  return game.line;
}

bool IsValidUtf8(absl::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = text[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t n;
    uint32_t code;
    uint32_t min;
    if ((c & 0xE0) == 0xC0) {
      n = 2, code = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      n = 3, code = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      n = 4, code = c & 0x07, min = 0x10000;
    } else {
      return false;
    }
    if (i + n > text.size()) return false;
    for (size_t k = 1; k < n; ++k) {
      const unsigned char d = text[i + k];
      if ((d & 0xC0) != 0x80) return false;
      code = (code << 6) | (d & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += n;
  }
  return true;
}

std::string DecodePdnText(absl::string_view bytes) {
  if (IsValidUtf8(bytes)) return std::string(bytes);
  std::string text;
  text.reserve(bytes.size() + bytes.size() / 8);
  for (const char ch : bytes) {
    const unsigned char c = ch;
    if (c < 0x80) {
      text.push_back(ch);
    } else {
      text.push_back(static_cast<char>(0xC0 | (c >> 6)));
      text.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return text;
}

std::optional<absl::string_view> FindTag(const std::vector<PdnTag>& tags,
                                         absl::string_view name) {
  for (const PdnTag& tag : tags) {
    if (absl::EqualsIgnoreCase(tag.name, name)) return tag.value;
  }
  return std::nullopt;
}

absl::StatusOr<int> ParseGameType(absl::string_view value) {
  const absl::string_view stripped = absl::StripAsciiWhitespace(value);
  const absl::string_view first = stripped.substr(0, stripped.find(','));
  int type = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(first), &type) || type < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("GameType ", Quote(value),
                     " does not start with a game type number such as 21"));
  }
  return type;
}

std::optional<Color> GameTypeFirstMover(absl::string_view value) {
  const absl::StatusOr<int> type = ParseGameType(value);
  if (!type.ok()) return std::nullopt;
  const std::vector<absl::string_view> fields =
      absl::StrSplit(absl::StripAsciiWhitespace(value), ',');
  if (fields.size() > 1) {
    const absl::string_view colour = absl::StripAsciiWhitespace(fields[1]);
    if (colour == "W" || colour == "w") return Color::kWhite;
    if (colour == "B" || colour == "b") return Color::kBlack;
  }
  return *type == 21 || *type == 23 || *type == 31 ? Color::kBlack
                                                   : Color::kWhite;
}

std::optional<std::string> NumericMoveText(absl::string_view written,
                                           int columns) {
  std::string text;
  size_t i = 0;
  while (i < written.size()) {
    const char c = written[i];
    if (c == ':') {
      text.push_back('x');
      ++i;
    } else if (IsFileLetter(c)) {
      const size_t length = AlgebraicSquareLength(written.substr(i));
      if (length == 0) return std::nullopt;
      const int file = c - 'a';
      int rank = 0;
      if (!absl::SimpleAtoi(written.substr(i + 1, length - 1), &rank)) {
        return std::nullopt;
      }
      // a1 is a dark square: the dark squares are those where the file
      // (from 0) and the rank (from 1) differ in parity.
      if (file >= columns || rank > columns || (file + rank) % 2 == 0) {
        return std::nullopt;
      }
      const int per_row = columns / 2;
      absl::StrAppend(&text, (columns - rank) * per_row + file / 2 + 1);
      i += length;
    } else {
      text.push_back(c);
      ++i;
    }
  }
  return text;
}

std::string DescribeGame(const PdnGame& game) {
  auto tag = [&game](absl::string_view name) {
    const std::optional<absl::string_view> value = FindTag(game.tags, name);
    return value.has_value() ? absl::StripAsciiWhitespace(*value)
                             : absl::string_view();
  };
  std::vector<std::string> parts;
  const absl::string_view event = tag("Event");
  const absl::string_view black = tag("Black");
  const absl::string_view white = tag("White");
  if (!event.empty()) parts.push_back(absl::StrCat("\"", event, "\""));
  if (!black.empty() || !white.empty()) {
    parts.push_back(absl::StrCat(black.empty() ? "?" : black, " vs ",
                                 white.empty() ? "?" : white));
  }
  std::string text = absl::StrCat("game ", game.index);
  if (!parts.empty())
    absl::StrAppend(&text, " (", absl::StrJoin(parts, ", "), ")");
  return text;
}

std::string DescribeSkip(const PdnSkip& skip) {
  return absl::StrCat(
      skip.game.index > 0 ? absl::StrCat(DescribeGame(skip.game), ",")
                          : "text at",
      " line ", skip.line, ", column ", skip.column, ": ", skip.problem,
      skip.resumed_line > 0
          ? absl::StrCat(" (read on at line ", skip.resumed_line, ")")
          : " (skipped to the end of the file)");
}

PdnFile ReadPdn(absl::string_view text, Color first_mover) {
  return Reader(text, first_mover).Run();
}

absl::StatusOr<std::vector<PdnGame>> ParsePdn(absl::string_view text,
                                              Color first_mover) {
  PdnFile file = ReadPdn(text, first_mover);
  if (!file.skipped.empty()) {
    const PdnSkip& first = file.skipped.front();
    return absl::DataLossError(absl::StrCat("PDN line ", first.line,
                                            ", column ", first.column, ": ",
                                            first.problem));
  }
  return std::move(file.games);
}

}  // namespace checkers::replay
