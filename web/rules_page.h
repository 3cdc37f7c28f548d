// The rules page of the web board (GET /rules, web/API.md): an edition's
// rules in the viewer's language, from the catalogue the terminal's help
// speaks.

#ifndef CHECKERS_WEB_RULES_PAGE_H_
#define CHECKERS_WEB_RULES_PAGE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"

namespace checkers::web {

// The HTML page of the rules of the game `started` as its options have
// them, worded by `text`, every catalogue text escaped.
std::string RulesPage(const lang::Catalogue& text,
                      const events::GameStarted& started);

// The rules page of `edition` ("english", "russian", "pool" or
// "international") with the edition's own options. InvalidArgument naming
// the editions for any other word.
absl::StatusOr<std::string> EditionRulesPage(const lang::Catalogue& text,
                                             absl::string_view edition);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_RULES_PAGE_H_
