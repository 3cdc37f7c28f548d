// The routes of the replay page (web/API.md, "Replay and analysis"): a
// table's game turn by turn as the fold computed it, and the engine's
// judgement of it, made in the background (web/analyses.h).

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "json/timeline_json.h"
#include "replay/timeline.h"
#include "web/responses.h"
#include "web/server.h"

namespace checkers::web {

using nlohmann::json;

void Server::RouteReplay() {
  using Captures = http::Router::Captures;
  // The table of a route's first capture, or its 404.
  auto table_of = [this](const std::string& id) -> Table* {
    return IsTableId(id) ? Find(id) : nullptr;
  };
  auto no_table = [](const std::string& id) {
    return JsonError(404,
                     absl::StrCat("no table ", id, "; the lobby lists them"));
  };
  router_.Add("GET", "/t/{}/replay",
              [table_of, no_table](const http::Request&, const Captures& c) {
                if (table_of(c[0]) == nullptr) return no_table(c[0]);
                return StaticFile("replay.html");
              });
  router_.Add(
      "GET", "/api/tables/{}/turns",
      [table_of, no_table](const http::Request&, const Captures& c) {
        Table* t = table_of(c[0]);
        if (t == nullptr) return no_table(c[0]);
        const std::vector<events::Event> log = t->Events();
        absl::StatusOr<std::vector<replay::Ply>> plies =
            replay::BuildTimeline(log);
        if (!plies.ok()) {
          return JsonError(404, absl::StrCat("no game at table ", c[0], ": ",
                                             plies.status().message()));
        }
        return JsonAnswer({200,
                           {{"id", c[0]},
                            {"head", log.size()},
                            {"key", GameKey(log)},
                            {"turns", checkers::json::TimelineJson(*plies)}}});
      });
  // GET reads the analysis, POST starts it (or reads the one under way or
  // kept), POST .../cancel cancels it; each answers with what is known.
  auto analysis = [this, table_of, no_table](absl::string_view method,
                                             absl::string_view suffix,
                                             bool start, bool cancel) {
    router_.Add(
        method, absl::StrCat("/api/tables/{}/analysis", suffix),
        [this, table_of, no_table, start, cancel](const http::Request&,
                                                  const Captures& c) {
          Table* t = table_of(c[0]);
          if (t == nullptr) return no_table(c[0]);
          std::vector<events::Event> log = t->Events();
          if (log.empty()) {
            return JsonError(404, absl::StrCat("no game at table ", c[0]));
          }
          const std::string key = GameKey(log);
          if (start) analyses_->Start(std::move(log));
          if (cancel) analyses_->Cancel(key);
          json body = analyses_->Get(key);
          body["key"] = key;
          return JsonAnswer({200, std::move(body)});
        });
  };
  analysis("GET", "", false, false);
  analysis("POST", "", true, false);
  analysis("POST", "/cancel", false, true);
}

}  // namespace checkers::web
