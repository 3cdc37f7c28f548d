// Measuring and wrapping UTF-8 text for a terminal of fixed width. The
// interface languages (Latin with diacritics, Cyrillic) and the crown
// symbol take one column per code point, so a column is a code point here.

#ifndef CHECKERS_TERMINAL_TEXT_WRAP_H_
#define CHECKERS_TERMINAL_TEXT_WRAP_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::terminal {

// The number of columns `text` takes: its UTF-8 code points.
int TextWidth(absl::string_view text);

// The longest prefix of `text` that fits in `width` columns, never cutting
// a code point in two.
std::string FitText(absl::string_view text, int width);

// `text` padded with spaces on the right to `width` columns (or cut to it).
std::string PadText(absl::string_view text, int width);

// `text` broken into lines of at most `width` columns, at spaces where it
// can be; a word longer than a line is cut. Line breaks in `text` are kept.
std::vector<std::string> WrapText(absl::string_view text, int width);

}  // namespace checkers::terminal

#endif  // CHECKERS_TERMINAL_TEXT_WRAP_H_
