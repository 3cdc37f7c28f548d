// A file compiled into the binary by tools/cc.bzl's embedded_files, so
// that an installed `checkers` needs no data files.

#ifndef CHECKERS_TOOLS_EMBEDDED_FILE_H_
#define CHECKERS_TOOLS_EMBEDDED_FILE_H_

#include "absl/strings/string_view.h"

namespace checkers {

struct EmbeddedFile {
  // The file's base name less the suffix the build named: "en" for
  // lang/en.txt, "board.js" for web/static/board.js.
  absl::string_view name;
  // Its bytes, verbatim.
  absl::string_view text;
};

}  // namespace checkers

#endif  // CHECKERS_TOOLS_EMBEDDED_FILE_H_
