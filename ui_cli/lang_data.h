// The message catalogues (ui_cli/lang/*.txt) as compiled into the binary by
// the `lang_data` genrule, so that an installed `checkers` needs no data
// files.

#ifndef CHECKERS_UI_CLI_LANG_DATA_H_
#define CHECKERS_UI_CLI_LANG_DATA_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::cli {

struct LanguageFile {
  // The file's base name: a language code such as "en" or "sv".
  absl::string_view code;
  // The file's text, verbatim.
  absl::string_view text;
};

// Every embedded catalogue, in the order the build listed them.
const std::vector<LanguageFile>& LanguageFiles();

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_LANG_DATA_H_
