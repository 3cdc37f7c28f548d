#include "web/server.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "events/validate.h"
#include "lang/catalogue.h"
#include "web/answers.h"
#include "web/event_streams.h"
#include "web/new_table.h"
#include "web/page_files.h"
#include "web/ratings.h"
#include "web/responses.h"
#include "web/rules_page.h"
#include "web/seat_cookie.h"

namespace checkers::web {

using nlohmann::json;

namespace {

// The largest file the replay page may open: a PDN collection of
// thousands of games, or a log (storage's bound is larger, but no game
// played here comes near it).
constexpr size_t kMaxUpload = size_t{8} << 20;
// Tables one stream of several tables may follow.
constexpr size_t kMaxFollowed = 64;
// Every page and script comes from this server, and no other site may
// frame one (a framed table could be clicked for a player).
constexpr char kPolicy[] = "default-src 'self'; frame-ancestors 'none'";

// The headers every answer carries (web/API.md, "Every answer").
void AddCommonHeaders(http::Response& r) {
  r.Add("Content-Security-Policy", kPolicy);
  r.Add("X-Frame-Options", "DENY");
  r.Add("X-Content-Type-Options", "nosniff");
  r.Add("Referrer-Policy", "no-referrer");
}

std::string NewTableId() {
  absl::BitGen gen;
  return absl::StrFormat("%012x", absl::Uniform<uint64_t>(gen) >> 16);
}

// The JSON body of a POST: an object (empty when there is no body), or
// the 400 that refuses it.
absl::StatusOr<json> BodyOf(const http::Request& request) {
  if (request.body.empty()) return json::object();
  json body = json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded() || !body.is_object()) {
    return absl::InvalidArgumentError(
        "the request body must be one JSON object");
  }
  return body;
}

std::string CookieHeader(const http::Request& request) {
  return std::string(request.Header("cookie").value_or(""));
}

// The seq an event stream's client holds: its EventSource's Last-Event-ID
// on a reconnect, else ?after=N from a page opening it anew.
std::string LastSeen(const http::Request& request) {
  if (std::optional<absl::string_view> id = request.Header("last-event-id")) {
    return std::string(*id);
  }
  return request.Param("after").value_or("");
}

http::Response StreamAnswer(std::shared_ptr<http::Stream> stream) {
  http::Response r(200, "text/event-stream", "");
  r.Add("Cache-Control", "no-store");
  r.stream = std::move(stream);
  return r;
}

http::Response TooManyStreams(int max) {
  http::Response r =
      JsonError(503, absl::StrCat("this server already follows ", max,
                                  " event streams; close a tab and try again"));
  r.Add("Retry-After", "10");
  return r;
}

http::Server::Options HttpOptions(const Server::Options& o, Server* server) {
  http::Server::Options h;
  h.host = o.host;
  h.port = o.port;
  h.max_connections_per_address = o.max_connections_per_address;
  h.workers = o.workers;
  // A file a person opens on the replay page (web/API.md, "Open any game").
  h.limits.upload_path = "/api/games";
  h.limits.max_upload = kMaxUpload;
  h.handler = [server](const http::Request& r) { return server->Handle(r); };
  h.refusal = [](int status, absl::string_view reason) {
    http::Response r = JsonError(status, reason);
    AddCommonHeaders(r);
    return r;
  };
  return h;
}

}  // namespace

Server::Server(Options options)
    : options_(std::move(options)),
      allowed_hosts_(options_.host, options_.allowed_hosts),
      analyses_(std::make_unique<Analyses>(options_.analysis)),
      opened_games_(std::make_unique<OpenedGames>()),
      http_(HttpOptions(options_, this)) {}

Server::~Server() { Stop(); }

absl::StatusOr<std::unique_ptr<Server>> Server::Create(Options options) {
  std::unique_ptr<Server> server(new Server(std::move(options)));
  const Options& o = server->options_;
  const std::string tables_dir = o.data_dir + "/tables";
  if (absl::Status made = o.table.env->CreateDirs(tables_dir); !made.ok()) {
    return made;
  }
  absl::StatusOr<std::unique_ptr<Table>> local =
      Table::Open("local", o.data_dir + "/match.log", true, true, o.table);
  absl::MutexLock lock(&server->mu_);
  if (local.ok()) {
    server->tables_["local"] = *std::move(local);
  } else {
    std::fprintf(stderr, "checkers serve: the table local is left out: %s\n",
                 std::string(local.status().message()).c_str());
  }
  std::error_code error;
  for (const auto& entry :
       std::filesystem::directory_iterator(tables_dir, error)) {
    const std::filesystem::path& p = entry.path();
    if (p.extension() == ".lock" && p.stem().extension() == ".log" &&
        !std::filesystem::exists(p.parent_path() / p.stem())) {
      // The lock of a table that does not exist: left by a server of an
      // earlier version whose creations failed (issue 47).
      (void)o.table.env->RemoveFile(p.string());
      continue;
    }
    if (p.extension() != ".log") continue;
    const std::string id = p.stem().string();
    if (!IsTableId(id) || id == "local") {
      std::fprintf(stderr,
                   "checkers serve: %s is left out: a table's log is named "
                   "by 12 hex digits\n",
                   p.string().c_str());
      continue;
    }
    absl::StatusOr<std::unique_ptr<Table>> table =
        Table::Open(id, p.string(), false, false, o.table);
    if (!table.ok()) {
      std::fprintf(stderr,
                   "checkers serve: the table %s is left out: %s (see "
                   "checkers audit %s)\n",
                   id.c_str(), std::string(table.status().message()).c_str(),
                   p.string().c_str());
      continue;
    }
    server->tables_[id] = *std::move(table);
  }
  server->Route();
  return server;
}

Table* Server::Find(const std::string& id) {
  absl::MutexLock lock(&mu_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second.get();
}

std::vector<Table*> Server::Tables() {
  absl::MutexLock lock(&mu_);
  std::vector<Table*> tables;
  for (auto& [id, t] : tables_) tables.push_back(t.get());
  return tables;
}

absl::StatusOr<Table*> Server::CreateTable(events::GameStarted started,
                                           const lang::Catalogue& text) {
  // A game the rules refuse (a bad FEN) leaves no file behind: it is
  // refused before the log is made.
  if (absl::StatusOr<events::Event> start = events::StartEvent(started);
      !start.ok()) {
    return absl::InvalidArgumentError(start.status().message());
  }
  std::string id = NewTableId();
  const std::string path =
      absl::StrCat(options_.data_dir, "/tables/", id, ".log");
  // A creation that fails (a full disk) takes away what it made, so that
  // refusals leave no empty log to be listed after a restart and no lock
  // file of a table that does not exist.
  auto remove_files = [&] {
    (void)options_.table.env->RemoveFile(path);
    (void)options_.table.env->RemoveFile(path + ".lock");
  };
  absl::StatusOr<std::unique_ptr<Table>> table =
      Table::Open(id, path, true, false, options_.table);
  if (!table.ok()) {
    remove_files();
    return absl::UnavailableError(table.status().message());
  }
  const Answer started_answer = (*table)->Start(std::move(started), text);
  if (started_answer.status != 201) {
    table->reset();
    remove_files();
    const json& why = started_answer.body["error"];
    const std::string message =
        why.is_string() ? why.get<std::string>() : "the game could not start";
    return started_answer.status == 503 ? absl::UnavailableError(message)
                                        : absl::InvalidArgumentError(message);
  }
  Table* t = table->get();
  absl::MutexLock lock(&mu_);
  if (stopping_) return absl::UnavailableError("the server is stopping");
  tables_[id] = *std::move(table);
  return t;
}

http::Response Server::Handle(const http::Request& request) {
  http::Response r;
  const std::string host(request.Header("host").value_or(""));
  const std::optional<absl::string_view> origin = request.Header("origin");
  if (!allowed_hosts_.Allows(host)) {
    r = JsonError(
        421, absl::StrCat("this server does not answer as \"", host,
                          "\"; it answers as ", allowed_hosts_.Describe(),
                          " (checkers serve --allowed-host=NAME adds a name)"));
  } else if (request.method == "POST" && origin.has_value() &&
             *origin != absl::StrCat("http://", host)) {
    r = JsonError(403, absl::StrCat("requests from ", *origin,
                                    " are refused; use this server's own "
                                    "pages"));
  } else if (const http::Router::Match match =
                 router_.Find(request.method, request.path);
             match.handler != nullptr) {
    r = (*match.handler)(request, match.captures);
  } else if (match.allow.empty()) {
    r = JsonError(404, "no such page; the lobby is at /");
  } else {
    r = JsonError(405, absl::StrCat(request.method, " is not served here; ",
                                    match.allow, " is"));
    r.Add("Allow", match.allow);
  }
  AddCommonHeaders(r);
  return r;
}

void Server::Route() {
  using Captures = http::Router::Captures;
  auto page = [](absl::string_view name) {
    return
        [name](const http::Request&, const Captures&) { return StaticFile(name); };
  };
  router_.Add("GET", "/", page("index.html"));
  router_.Add("GET", "/rules", [this](const http::Request& r, const Captures&) {
    const lang::Catalogue& text = TextFor(r);
    // A table's rules are its game's, house options included.
    if (std::optional<std::string> id = r.Param("table")) {
      Table* t = IsTableId(*id) ? Find(*id) : nullptr;
      std::optional<events::GameStarted> started =
          t != nullptr ? t->Started() : std::nullopt;
      if (!started.has_value()) {
        return JsonError(404, absl::StrCat("no game at table ", *id,
                                           "; the lobby lists the tables"));
      }
      return http::Response(200, "text/html; charset=utf-8",
                            RulesPage(text, *started));
    }
    absl::StatusOr<std::string> rules =
        EditionRulesPage(text, r.Param("edition").value_or("english"));
    if (!rules.ok()) return JsonError(404, rules.status().message());
    return http::Response(200, "text/html; charset=utf-8", *std::move(rules));
  });
  // Where players look for the rules and for what the game is: the rules
  // page, and the lobby.
  auto moved = [](absl::string_view to) {
    return [to](const http::Request& r, const Captures&) {
      http::Response answer(302, "text/plain; charset=utf-8", "");
      const std::optional<std::string> lang = r.Param("lang");
      answer.Add("Location", lang.has_value() && lang::IsLanguage(*lang)
                                 ? absl::StrCat(to, "?lang=", *lang)
                                 : std::string(to));
      return answer;
    };
  };
  router_.Add("GET", "/help", moved("/rules"));
  router_.Add("GET", "/about", moved("/"));
  RouteReplay();
  router_.Add("GET", "/t/{}", [this](const http::Request&, const Captures& c) {
    if (!IsTableId(c[0]) || Find(c[0]) == nullptr) {
      return JsonError(
          404, absl::StrCat("no table ", c[0], "; the lobby lists them"));
    }
    return StaticFile("table.html");
  });
  router_.Add("GET", "/static/{}", [](const http::Request&, const Captures& c) {
    return StaticFile(c[0]);
  });
  router_.Add("GET", "/api/lang/{}",
              [](const http::Request&, const Captures& c) {
                return JsonAnswer(LanguageAnswer(c[0]));
              });
  router_.Add("GET", "/api/tables",
              [this](const http::Request&, const Captures&) {
                json list = json::array();
                for (Table* t : Tables()) list.push_back(t->Summary());
                return JsonAnswer({200, list});
              });
  router_.Add("POST", "/api/tables",
              [this](const http::Request& r, const Captures&) {
                return CreateTableAnswer(r);
              });
  if (options_.test_clock != nullptr) {
    router_.Add("POST", "/api/test/clock",
                [this](const http::Request& r, const Captures&) {
                  return AdvanceTestClock(r);
                });
  }
  router_.Add(
      "GET", "/api/ratings",
      [this](const http::Request&, const Captures&) { return Ratings(); });
  router_.Add("GET", "/api/events",
              [this](const http::Request& r, const Captures&) {
                return TablesEvents(r);
              });

  // The routes of one table: the table is found first, or 404.
  using TableHandler = std::function<http::Response(const http::Request&,
                                                    Table&, const Captures&)>;
  auto table_route = [this](absl::string_view method, absl::string_view suffix,
                            TableHandler handler) {
    router_.Add(
        method, absl::StrCat("/api/tables/{}", suffix),
        [this, handler](const http::Request& r, const Captures& c) {
          Table* t = IsTableId(c[0]) ? Find(c[0]) : nullptr;
          if (t == nullptr) {
            return JsonError(
                404, absl::StrCat("no table ", c[0], "; the lobby lists them"));
          }
          return handler(r, *t, c);
        });
  };
  table_route("GET", "", [](const http::Request& r, Table& t, const Captures&) {
    return JsonAnswer({200, t.Get(ViewerKey(CookieHeader(r), t.id()))});
  });
  table_route("POST", "/seats/{}",
              [this](const http::Request& r, Table& t, const Captures& c) {
                return TakeSeatAnswer(r, t, c[1]);
              });
  for (const NamedAction& named : kActions) {
    table_route(
        "POST", absl::StrCat("/", named.name),
        [action = named.action](const http::Request& r, Table& t,
                                const Captures&) {
          absl::StatusOr<json> body = BodyOf(r);
          if (!body.ok()) return JsonError(400, body.status().message());
          return JsonAnswer(t.Act(action, *body, ViewerKey(CookieHeader(r), t.id()),
                            TextFor(r)));
        });
  }
  // A download of the table's game; 404 with the reason when there is
  // none.
  auto download = [&](absl::string_view suffix,
                      absl::StatusOr<std::string> (Table::*file)(),
                      const char* type) {
    table_route("GET", suffix,
                [file, type](const http::Request&, Table& t, const Captures&) {
                  absl::StatusOr<std::string> bytes = (t.*file)();
                  if (!bytes.ok())
                    return JsonError(404, bytes.status().message());
                  return http::Response(200, type, *std::move(bytes));
                });
  };
  download("/log", &Table::LogBytes, "application/octet-stream");
  download("/pdn", &Table::Pdn, "application/x-chess-pdn; charset=utf-8");
  table_route("GET", "/events",
              [this](const http::Request& r, Table& t, const Captures&) {
                return TableEvents(r, t);
              });
}

http::Response Server::CreateTableAnswer(const http::Request& request) {
  absl::StatusOr<json> body = BodyOf(request);
  if (!body.ok()) return JsonError(400, body.status().message());
  absl::StatusOr<events::GameStarted> started = GameStartedOf(*body);
  if (!started.ok()) return JsonError(422, started.status().message());
  absl::StatusOr<Table*> table =
      CreateTable(*std::move(started), TextFor(request));
  if (!table.ok()) {
    return JsonError(absl::IsInvalidArgument(table.status()) ? 422 : 503,
                     table.status().message());
  }
  http::Response r = JsonAnswer({201, {{"id", (*table)->id()}}});
  r.Add("Location", absl::StrCat("/t/", (*table)->id()));
  return r;
}

http::Response Server::TakeSeatAnswer(const http::Request& request, Table& t,
                                      const std::string& side) {
  if (side != "first" && side != "second") {
    return JsonError(404, "a table's seats are first and second");
  }
  absl::StatusOr<json> body = BodyOf(request);
  if (!body.ok()) return JsonError(400, body.status().message());
  std::string secret = SecretIn(CookieHeader(request), t.id());
  if (secret.empty()) secret = NewSeatSecret();
  if (secret.empty()) {
    return JsonError(503, "no secret could be made for the seat; try again");
  }
  const Answer answer =
      t.TakeSeat(side == "first" ? events::FIRST : events::SECOND, *body,
                 KeyOf(secret), TextFor(request));
  http::Response r = JsonAnswer(answer);
  if (answer.status == 200) r.Add("Set-Cookie", SeatCookie(t.id(), secret));
  return r;
}

http::Response Server::Ratings() {
  std::vector<RatedGame> games;
  for (Table* t : Tables()) {
    if (std::optional<RatedGame> g = t->Rated()) games.push_back(*std::move(g));
  }
  json list = json::array();
  for (const Rating& r : FoldRatings(std::move(games))) {
    list.push_back({{"name", r.name},
                    {"rating", r.rating},
                    {"games", r.games},
                    {"wins", r.wins},
                    {"losses", r.losses},
                    {"draws", r.draws}});
  }
  return JsonAnswer({200, list});
}

// Test-only (serve --clock=test): moves the tables' clock on, so a test
// sees a turn run out or a player stay away without waiting.
http::Response Server::AdvanceTestClock(const http::Request& request) {
  absl::StatusOr<json> body = BodyOf(request);
  if (!body.ok()) return JsonError(400, body.status().message());
  auto ms = body->find("advance_ms");
  if (ms == body->end() || !ms->is_number_integer() || ms->get<int64_t>() < 0) {
    return JsonError(400, "the request needs {\"advance_ms\": N}");
  }
  options_.test_clock->Advance(absl::Milliseconds(ms->get<int64_t>()));
  for (Table* t : Tables()) t->Poke();
  return JsonAnswer(
      {200, {{"now_ms", absl::ToUnixMillis(options_.test_clock->Now())}}});
}

std::shared_ptr<http::Stream> Server::OpenStream(absl::Duration keepalive) {
  if (open_streams_.fetch_add(1) >= options_.max_streams) {
    --open_streams_;
    return nullptr;
  }
  http::Stream::Options o;
  o.idle_after = keepalive;
  o.idle_text = ": keep-alive\n\n";
  o.on_close = [this] { --open_streams_; };
  auto stream = std::make_shared<http::Stream>(std::move(o));
  // An EventSource waits this long before it reconnects, as after a
  // restart of the server.
  stream->Send("retry: 1000\n\n");
  return stream;
}

http::Response Server::TableEvents(const http::Request& request, Table& t) {
  uint64_t last = 0;
  if (!absl::SimpleAtoi(LastSeen(request), &last)) last = 0;
  const std::string key = ViewerKey(CookieHeader(request), t.id());
  // A seat holder's stream says it is alive every second, so that the
  // write after its page has gone fails and the table sees the player
  // leave (--cpu-after) within seconds.
  std::shared_ptr<http::Stream> stream =
      OpenStream(key.empty() ? options_.keepalive
                             : std::min(options_.keepalive, absl::Seconds(1)));
  if (stream == nullptr) return TooManyStreams(options_.max_streams);
  t.Follow(std::make_shared<TableStream>(stream), last, key);
  return StreamAnswer(std::move(stream));
}

http::Response Server::TablesEvents(const http::Request& request) {
  std::vector<std::pair<std::string, uint64_t>> positions;
  std::vector<Table*> tables;
  for (absl::string_view id :
       absl::StrSplit(request.Param("tables").value_or(""), ',')) {
    if (std::any_of(positions.begin(), positions.end(),
                    [&](const auto& p) { return p.first == id; })) {
      continue;
    }
    Table* t = IsTableId(id) ? Find(std::string(id)) : nullptr;
    if (t == nullptr) {
      return JsonError(404, absl::StrCat("no table \"", id,
                                         "\"; ?tables= lists tables by id"));
    }
    positions.emplace_back(std::string(id), 0);
    tables.push_back(t);
  }
  if (tables.size() > kMaxFollowed) {
    return JsonError(400, absl::StrCat("one stream follows at most ",
                                       kMaxFollowed, " tables"));
  }
  const std::optional<std::vector<std::pair<std::string, uint64_t>>> seen =
      ParsePositions(LastSeen(request));
  if (!seen.has_value()) {
    return JsonError(400,
                     "after must be ID:SEQ,ID:SEQ, the last seq of each "
                     "table the page holds");
  }
  for (const auto& [id, seq] : *seen) {
    for (auto& p : positions) {
      if (p.first == id) p.second = seq;
    }
  }
  std::shared_ptr<http::Stream> stream = OpenStream(options_.keepalive);
  if (stream == nullptr) return TooManyStreams(options_.max_streams);
  auto sink = std::make_shared<TablesStream>(stream, positions);
  const std::string cookies = CookieHeader(request);
  for (size_t i = 0; i < tables.size(); ++i) {
    tables[i]->Follow(sink, positions[i].second,
                      ViewerKey(cookies, positions[i].first));
  }
  return StreamAnswer(std::move(stream));
}

absl::StatusOr<int> Server::Bind() {
  absl::StatusOr<int> port = http_.Bind();
  if (!port.ok()) {
    return absl::UnavailableError(absl::StrCat(
        port.status().message(),
        "; is another server there? choose another with --listen=HOST:PORT"));
  }
  return port;
}

void Server::Serve() { http_.Serve(); }

void Server::Stop() {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  http_.Stop();
  analyses_->Stop();
  for (Table* t : Tables()) t->Stop();
}

}  // namespace checkers::web
