#include "web/rules_page.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rules.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "session/play_text.h"

namespace checkers::web {
namespace {

// `text` as HTML text: catalogue words are never markup.
std::string Escaped(absl::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string RulesPage(const lang::Catalogue& text,
                      const events::GameStarted& started) {
  const std::string title = Escaped(session::RulesTitle(text, &started));
  std::string page = absl::StrCat(
      "<!doctype html>\n<html lang=\"", Escaped(text.language()),
      "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\">\n<title>",
      title,
      "</title>\n<link rel=\"stylesheet\" href=\"/static/style.css\">\n"
      "<link rel=\"icon\" href=\"/static/icon.svg\" type=\"image/svg+xml\">\n"
      "</head>\n<body>\n<main class=\"rules-page\">\n<header><a href=\"/\">",
      Escaped(text.Get("web.lobby.tables")), "</a></header>\n<h1>", title,
      "</h1>\n");
  for (const std::string& paragraph : session::RulesText(text, &started)) {
    absl::StrAppend(&page, "<p>", Escaped(paragraph), "</p>\n");
  }
  absl::StrAppend(&page, "</main>\n</body>\n</html>\n");
  return page;
}

absl::StatusOr<std::string> EditionRulesPage(const lang::Catalogue& text,
                                             absl::string_view edition) {
  const std::optional<Edition> named = EditionNamed(edition);
  if (!named.has_value()) {
    return absl::InvalidArgumentError(text.Get("web.error.no_edition"));
  }
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(*named));
  *started.mutable_options() = events::DefaultRuleOptions(*named);
  return RulesPage(text, started);
}

}  // namespace checkers::web
