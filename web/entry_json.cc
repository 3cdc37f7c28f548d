#include "web/entry_json.h"

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

}  // namespace checkers::web
