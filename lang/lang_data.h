// The message catalogues (lang/*.txt) as compiled into the binary by
// the `lang_data_cc` genrule, so that an installed `checkers` needs no data
// files.

#ifndef CHECKERS_LANG_LANG_DATA_H_
#define CHECKERS_LANG_LANG_DATA_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::lang {

struct LanguageFile {
  // The file's base name: a language code such as "en" or "sv".
  absl::string_view code;
  // The file's text, verbatim.
  absl::string_view text;
};

// Every embedded catalogue, in the order the build listed them.
const std::vector<LanguageFile>& LanguageFiles();

}  // namespace checkers::lang

#endif  // CHECKERS_LANG_LANG_DATA_H_
