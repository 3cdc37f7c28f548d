#include "web/entry_json.h"

#include <optional>
#include <string>
#include <vector>

namespace checkers::web {
namespace {

using nlohmann::json;

json Node(const session::MoveEntry& entry, std::vector<int>& route) {
  const session::EntryStep step = entry.At(route);
  json node = json::object();
  if (!route.empty()) node["captured"] = step.captured;
  if (step.move.has_value()) node["move"] = step.move->Text();
  json next = json::object();
  for (int square : step.next) {
    route.push_back(square);
    next[std::to_string(square)] = Node(entry, route);
    route.pop_back();
  }
  if (!next.empty()) node["next"] = std::move(next);
  return node;
}

}  // namespace

json EntryJson(const session::MoveEntry& entry) {
  if (entry.moves().empty()) return nullptr;
  std::vector<int> route;
  json root = Node(entry, route);
  root["must_capture"] = entry.At({}).must_capture;
  return root;
}

std::optional<std::vector<int>> RouteIn(const json& body) {
  if (!body.contains("route") || !body["route"].is_array()) return std::nullopt;
  std::vector<int> route;
  for (const json& square : body["route"]) {
    if (!square.is_number_integer()) return std::nullopt;
    const int64_t n = square.get<int64_t>();
    // Off-board squares reach the fold's check, which refuses the move.
    route.push_back(n < 0 || n > 1000 ? 0 : static_cast<int>(n));
  }
  return route;
}

}  // namespace checkers::web
