// The session's move entry (session/move_entry.h) as the web API sends it
// with a table's state, so that the page enters a turn landing by landing
// without holding a rule or parsing a move (web/API.md, "entry"): a tree
// whose root lists the pieces that may start and whose every node is the
// route so far, with the squares that may come next, the pieces jumped so
// far, and the move's text once the route is complete.

#ifndef CHECKERS_WEB_ENTRY_JSON_H_
#define CHECKERS_WEB_ENTRY_JSON_H_

#include <optional>
#include <vector>

#include "nlohmann/json.hpp"
#include "session/move_entry.h"

namespace checkers::web {

// {"must_capture": [...], "next": {"SQUARE": node}} where a node is
// {"captured": [...], "next": {...}} and, once complete, also
// {"move": "24x15x6"}. Null when the entry offers no move.
nlohmann::json EntryJson(const session::MoveEntry& entry);

// The route a move's body gives (POST /api/tables/ID/moves): its `route`
// of square numbers, or nullopt when it has none or it is not a list of
// whole numbers. Squares off the board are kept for the fold's check to
// refuse.
std::optional<std::vector<int>> RouteIn(const nlohmann::json& body);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_ENTRY_JSON_H_
