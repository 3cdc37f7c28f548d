// What checkers serve answers for its pages rather than for a table: the
// files of web/static/ compiled in, and the pages' words in one language
// (web/API.md, "Pages").

#ifndef CHECKERS_WEB_PAGE_FILES_H_
#define CHECKERS_WEB_PAGE_FILES_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "web/answers.h"

namespace checkers::web {

// A file of web/static/: its content type and bytes.
struct PageFile {
  std::string content_type;
  absl::string_view text;
};

// The file of web/static/ named `name` ("table.js"), or nullopt.
std::optional<PageFile> FindPageFile(absl::string_view name);

// The pages' words in language `code`: 200 {language, languages, names (each
// language in its own words), texts (the web.*, colour.*, piece.* and
// edition.* keys and rules.edition of its catalogue)}, or 404 naming the
// languages there are.
Answer LanguageAnswer(const std::string& code);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_PAGE_FILES_H_
