// The pages' files (web/static/*) as compiled into the binary by the
// `static_files_cc` genrule: the server needs no data files and the pages
// load nothing from anywhere else.

#ifndef CHECKERS_WEB_STATIC_FILES_H_
#define CHECKERS_WEB_STATIC_FILES_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::web {

struct StaticFile {
  // The file's base name, e.g. "board.js".
  absl::string_view name;
  // Its bytes, verbatim.
  absl::string_view text;
};

// Every embedded file, in the order the build listed them.
const std::vector<StaticFile>& StaticFiles();

}  // namespace checkers::web

#endif  // CHECKERS_WEB_STATIC_FILES_H_
