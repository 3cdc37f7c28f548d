// The routes of the replay page (web/API.md, "Replay and analysis", "Open
// any game"): a game turn by turn as the fold computed it, and the
// engine's judgement of it, made in the background (web/analyses.h); the
// game a table's or one a person opened by sending a file
// (web/opened_games.h).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rules.h"
#include "json/timeline_json.h"
#include "replay/audit.h"
#include "replay/import.h"
#include "replay/phrase.h"
#include "replay/timeline.h"
#include "web/responses.h"
#include "web/server.h"

namespace checkers::web {

using nlohmann::json;

namespace {

// What `checkers audit` finds in the game `log`, worded in `text`'s
// language: {sound, findings: [{seq, code, message}], end: {seq, why} |
// null} (`why` empty when the end needs no evidence).
json AuditJson(const std::vector<events::Event>& log,
               const lang::Catalogue& text) {
  absl::StatusOr<replay::AuditReport> report =
      replay::AuditLogBytes(replay::EncodeLog(log));
  if (!report.ok()) {
    return {{"sound", false},
            {"findings",
             {{{"seq", 0},
               {"code", "damaged"},
               {"message", report.status().message()}}}},
            {"end", nullptr}};
  }
  const events::GameStarted* started = report->state.started.get();
  json findings = json::array();
  for (const replay::Finding& f : report->findings) {
    findings.push_back({{"seq", f.seq},
                        {"code", std::string(replay::FindingCode(f.kind))},
                        {"message", replay::Word(text, started, f.why)}});
  }
  json end = nullptr;
  if (report->end.has_value()) {
    end = {{"seq", report->end->seq},
           {"why", report->end->justification.empty()
                       ? ""
                       : replay::Word(text, started, report->end->why)}};
  }
  return {{"sound", report->sound()},
          {"findings", std::move(findings)},
          {"end", std::move(end)}};
}

}  // namespace

void Server::RouteReplay() {
  using Captures = http::Router::Captures;
  // A game's events by the id in its path, or nullopt.
  using Source = std::function<std::optional<std::vector<events::Event>>(
      const std::string&)>;
  const Source table =
      [this](
          const std::string& id) -> std::optional<std::vector<events::Event>> {
    Table* t = IsTableId(id) ? Find(id) : nullptr;
    if (t == nullptr) return std::nullopt;
    return t->Events();
  };
  const Source opened = [this](const std::string& key) {
    return opened_games_->Find(key);
  };
  // The routes of one kind of game: `page` its replay page's path, `api`
  // the prefix of its API; its 404 is the refusal `missing`.
  auto route = [this](const std::string& page, const std::string& api,
                      const Source& source, const std::string& missing) {
    auto not_found = [missing](const http::Request& r, const std::string& id) {
      return Refusal(r, 404, missing, {{"id", id}});
    };
    router_.Add("GET", page,
                [source, not_found](const http::Request& r, const Captures& c) {
                  if (!source(c[0]).has_value()) return not_found(r, c[0]);
                  return StaticFile(r, "replay.html");
                });
    router_.Add(
        "GET", absl::StrCat(api, "/turns"),
        [source, not_found](const http::Request& r, const Captures& c) {
          const std::optional<std::vector<events::Event>> log = source(c[0]);
          if (!log.has_value()) return not_found(r, c[0]);
          absl::StatusOr<std::vector<replay::Ply>> plies =
              replay::BuildTimeline(*log);
          if (!plies.ok()) {
            return Refusal(r, 404, "no_timeline",
                           {{"id", c[0]},
                            {"detail", std::string(plies.status().message())}});
          }
          return JsonAnswer({200,
                             {{"id", c[0]},
                              {"head", log->size()},
                              {"key", GameKey(*log)},
                              {"turns", checkers::json::TimelineJson(*plies)},
                              {"audit", AuditJson(*log, TextFor(r))}}});
        });
    // GET reads the analysis, POST starts it (or reads the one under way
    // or kept), POST .../cancel cancels it; each answers what is known.
    for (const auto& [method, suffix] :
         {std::pair<const char*, const char*>{"GET", ""},
          {"POST", ""},
          {"POST", "/cancel"}}) {
      const bool start = std::string(method) == "POST" && *suffix == '\0';
      const bool cancel = *suffix != '\0';
      router_.Add(method, absl::StrCat(api, "/analysis", suffix),
                  [this, source, not_found, start, cancel](
                      const http::Request& r, const Captures& c) {
                    std::optional<std::vector<events::Event>> log =
                        source(c[0]);
                    if (!log.has_value() || log->empty())
                      return not_found(r, c[0]);
                    const std::string key = GameKey(*log);
                    if (start) analyses_->Start(*std::move(log));
                    if (cancel) analyses_->Cancel(key);
                    json body = analyses_->Get(key);
                    body["key"] = key;
                    return JsonAnswer({200, std::move(body)});
                  });
    }
  };
  route("/t/{}/replay", "/api/tables/{}", table, "no_table");
  route("/g/{}/replay", "/api/games/{}", opened, "no_opened_game");
  router_.Add("GET", "/open", [](const http::Request& r, const Captures&) {
    return StaticFile(r, "open.html");
  });
  // The file comes as the body, as it is on disk (web/http: a larger
  // bound than other requests' for this path alone).
  router_.Add(
      "POST", "/api/games", [this](const http::Request& r, const Captures&) {
        const std::optional<Edition> edition =
            EditionNamed(r.Param("rules").value_or("english"));
        if (!edition.has_value()) return Refusal(r, 422, "bad_rules");
        return JsonAnswer(opened_games_->Open(r.body, *edition, TextFor(r)));
      });
}

}  // namespace checkers::web
