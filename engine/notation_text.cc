#include "engine/notation_text.h"

#include "absl/strings/ascii.h"

namespace checkers::notation {

std::vector<int> ParseSquareSequence(absl::string_view text, int num_squares) {
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
    if (digits == 0 || n < 1 || n > num_squares) return {};
    squares.push_back(n - 1);
    if (i == text.size()) break;
    const char sep = text[i];
    if (sep != '-' && sep != 'x' && sep != 'X') return {};
    ++i;
  }
  if (squares.size() < 2) return {};
  return squares;
}

}  // namespace checkers::notation
