#include "terminal/text_wrap.h"

#include "absl/strings/str_split.h"

namespace checkers::terminal {
namespace {

bool IsContinuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The byte length of the first `columns` code points of `text`.
size_t PrefixBytes(absl::string_view text, int columns) {
  size_t i = 0;
  for (int seen = 0; i < text.size(); ++i) {
    if (IsContinuation(text[i])) continue;
    if (seen == columns) break;
    ++seen;
  }
  return i;
}

}  // namespace

int TextWidth(absl::string_view text) {
  int width = 0;
  for (char c : text) width += IsContinuation(c) ? 0 : 1;
  return width;
}

std::string FitText(absl::string_view text, int width) {
  return std::string(text.substr(0, PrefixBytes(text, width < 0 ? 0 : width)));
}

std::string PadText(absl::string_view text, int width) {
  std::string out = FitText(text, width);
  out.append(width - TextWidth(out) > 0 ? width - TextWidth(out) : 0, ' ');
  return out;
}

std::vector<std::string> WrapText(absl::string_view text, int width) {
  std::vector<std::string> lines;
  if (width < 1) return lines;
  for (absl::string_view paragraph : absl::StrSplit(text, '\n')) {
    std::string line;
    for (absl::string_view word :
         absl::StrSplit(paragraph, ' ', absl::SkipEmpty())) {
      if (!line.empty() && TextWidth(line) + 1 + TextWidth(word) > width) {
        lines.push_back(line);
        line.clear();
      }
      if (!line.empty()) line += ' ';
      line.append(word.data(), word.size());
      while (TextWidth(line) > width) {
        const size_t cut = PrefixBytes(line, width);
        lines.push_back(line.substr(0, cut));
        line.erase(0, cut);
      }
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace checkers::terminal
