#include "web/page_files.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "lang/catalogue.h"
#include "nlohmann/json.hpp"
#include "web/static_files.h"

namespace checkers::web {

using nlohmann::json;

namespace {

std::string ContentType(absl::string_view name) {
  if (absl::EndsWith(name, ".html")) return "text/html; charset=utf-8";
  if (absl::EndsWith(name, ".js")) return "text/javascript; charset=utf-8";
  if (absl::EndsWith(name, ".css")) return "text/css; charset=utf-8";
  if (absl::EndsWith(name, ".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

}  // namespace

std::optional<PageFile> FindPageFile(absl::string_view name) {
  for (const EmbeddedFile& f : StaticFiles()) {
    if (f.name == name) return PageFile{ContentType(name), f.text};
  }
  return std::nullopt;
}

Answer LanguageAnswer(const std::string& code) {
  if (!lang::IsLanguage(code)) {
    return Error(404, absl::StrCat("no language ", code, "; try ",
                                   absl::StrJoin(lang::kLanguages, ", ")));
  }
  const lang::Catalogue& text = lang::Catalogue::Builtin(code);
  json texts = json::object();
  for (const std::string& key : lang::Catalogue::Builtin("en").Keys()) {
    if (absl::StartsWith(key, "web.") || absl::StartsWith(key, "colour.") ||
        absl::StartsWith(key, "piece.") || absl::StartsWith(key, "edition.") ||
        key == "rules.edition") {
      texts[key] = text.Get(key);
    }
  }
  json languages = json::array();
  json names = json::object();
  for (absl::string_view l : lang::kLanguages) {
    languages.push_back(l);
    names[std::string(l)] =
        lang::Catalogue::Builtin(l).Get("web.language_name");
  }
  return {200,
          {{"language", code},
           {"languages", languages},
           {"names", names},
           {"texts", texts}}};
}

}  // namespace checkers::web
