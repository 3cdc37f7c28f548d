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
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "events/validate.h"
#include "lang/catalogue.h"
#include "storage/postgres_store.h"
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
// Tables of a shared store read again at once after notifications: enough
// that a table waiting for its lock holds up few others.
constexpr int kCatchUpThreads = 4;
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
// nullopt, which the 400 bad_body refuses.
std::optional<json> BodyOf(const http::Request& request) {
  if (request.body.empty()) return json::object();
  json body = json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded() || !body.is_object()) return std::nullopt;
  return body;
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
  // Refused before a request is read, so in no asker's language.
  h.refusal = [](int status, absl::string_view reason) {
    http::Response r = JsonAnswer(Error(status, reason));
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
  if (!o.store.empty()) {
    absl::StatusOr<std::unique_ptr<storage::PostgresTableStore>> store =
        storage::PostgresTableStore::Open(o.store);
    if (!store.ok()) return store.status();
    server->store_ = *std::move(store);
  } else {
    auto files =
        std::make_unique<storage::FileTableStore>(o.table.env, o.data_dir);
    server->file_store_ = files.get();
    server->store_ = std::move(files);
    const std::string tables_dir = o.data_dir + "/tables";
    if (absl::Status made = o.table.env->CreateDirs(tables_dir); !made.ok()) {
      return made;
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
    }
  }
  if (!o.data_dir.empty()) {
    absl::StatusOr<std::unique_ptr<Table>> local =
        Table::Open("local", o.data_dir + "/match.log", true, true, o.table);
    absl::MutexLock lock(&server->mu_);
    if (local.ok()) {
      server->tables_["local"] = *std::move(local);
    } else {
      std::fprintf(stderr, "checkers serve: the table local is left out: %s\n",
                   std::string(local.status().message()).c_str());
    }
  }
  if (!o.store.empty()) {
    server->catch_ups_ = std::make_unique<http::Workers>(kCatchUpThreads);
    // Listening before the tables are read: a change made in between is
    // notified, and caught up.
    Server* s = server.get();
    absl::StatusOr<std::unique_ptr<storage::TableListener>> listener =
        storage::TableListener::Start(
            o.store,
            {[s](const storage::TableChange& c) { s->OnStoreChange(c); },
             [s] { s->CatchUpAll(); }, [s] { s->CatchUpAll(); }});
    if (!listener.ok()) return listener.status();
    server->listener_ = *std::move(listener);
  }
  absl::StatusOr<std::vector<std::string>> ids = server->store_->List();
  if (!ids.ok()) return ids.status();
  for (const std::string& id : *ids) {
    if (!IsTableId(id)) {
      std::fprintf(stderr,
                   "checkers serve: the table %s in %s is left out: a "
                   "table's id is 12 hex digits\n",
                   id.c_str(), server->store_->name().c_str());
      continue;
    }
    server->Adopt(id);
  }
  server->Route();
  return server;
}

Table* Server::Adopt(const std::string& id) {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_ || creating_.count(id) > 0) return nullptr;
    if (auto it = tables_.find(id); it != tables_.end()) {
      return it->second.get();
    }
  }
  absl::StatusOr<std::unique_ptr<Table>> table =
      Table::Open(id, store_.get(), false, options_.table);
  if (!table.ok()) {
    if (!absl::IsNotFound(table.status())) {
      std::fprintf(stderr,
                   "checkers serve: the table %s is left out: %s (see "
                   "checkers audit)\n",
                   id.c_str(), std::string(table.status().message()).c_str());
    }
    return nullptr;
  }
  absl::MutexLock lock(&mu_);
  if (stopping_) return nullptr;
  // Two requests may open the same table at once: the first one kept
  // serves it, the other is closed.
  auto [it, added] = tables_.emplace(id, *std::move(table));
  return it->second.get();
}

void Server::OnStoreChange(const storage::TableChange& change) {
  if (!IsTableId(change.table_id)) return;
  Table* t;
  {
    absl::MutexLock lock(&mu_);
    if (stopping_ || creating_.count(change.table_id) > 0) return;
    auto it = tables_.find(change.table_id);
    t = it == tables_.end() ? nullptr : it->second.get();
  }
  if (t == nullptr) {
    // A table made elsewhere; one made but not yet started (head 0) is
    // opened when it starts, or when a request names it.
    if (change.head > 0) Adopt(change.table_id);
    return;
  }
  if (change.head != t->head() && t->QueueCatchUp()) {
    catch_ups_->Run([t] { t->CatchUpStore(); });
  }
}

void Server::CatchUpAll() {
  for (Table* t : Tables()) {
    if (t->QueueCatchUp()) catch_ups_->Run([t] { t->CatchUpStore(); });
  }
}

Table* Server::Find(const std::string& id) {
  {
    absl::MutexLock lock(&mu_);
    auto it = tables_.find(id);
    if (it != tables_.end()) return it->second.get();
  }
  if (file_store_ != nullptr || id == storage::kLocalTableId) return nullptr;
  return Adopt(id);
}

std::vector<Table*> Server::Tables() {
  absl::MutexLock lock(&mu_);
  std::vector<Table*> tables;
  for (auto& [id, t] : tables_) tables.push_back(t.get());
  return tables;
}

bool Server::ComputerBusy() {
  for (Table* t : Tables()) {
    if (t->ComputerBusy()) return true;
  }
  return false;
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
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) {
      return absl::UnavailableError(text.Get("web.error.stopping"));
    }
    creating_.insert(id);
  }
  // A creation that fails (a full disk) takes away what it made, so that
  // refusals leave no empty log to be listed after a restart and no lock
  // file of a table that does not exist.
  auto remove_table = [&] {
    (void)store_->Remove(id);
    if (file_store_ != nullptr) {
      (void)options_.table.env->RemoveFile(file_store_->PathOf(id) + ".lock");
    }
    absl::MutexLock lock(&mu_);
    creating_.erase(id);
  };
  absl::StatusOr<std::unique_ptr<Table>> table =
      Table::Open(id, store_.get(), true, options_.table);
  if (!table.ok()) {
    remove_table();
    return absl::UnavailableError(table.status().message());
  }
  const Answer started_answer = (*table)->Start(std::move(started), text);
  if (started_answer.status != 201) {
    table->reset();
    remove_table();
    const json& why = started_answer.body["error"];
    const std::string message = why.is_string() ? why.get<std::string>() : "";
    return started_answer.status == 503 ? absl::UnavailableError(message)
                                        : absl::InvalidArgumentError(message);
  }
  Table* t = table->get();
  absl::MutexLock lock(&mu_);
  creating_.erase(id);
  if (stopping_) {
    return absl::UnavailableError(text.Get("web.error.stopping"));
  }
  tables_[id] = *std::move(table);
  return t;
}

http::Response Server::Handle(const http::Request& request) {
  http::Response r;
  const std::string host(request.Header("host").value_or(""));
  const std::optional<absl::string_view> origin = request.Header("origin");
  if (!allowed_hosts_.Allows(host)) {
    r = Refusal(request, 421, "host",
                {{"host", host}, {"hosts", allowed_hosts_.Describe()}});
  } else if (request.method == "POST" && origin.has_value() &&
             *origin != absl::StrCat("http://", host)) {
    r = Refusal(request, 403, "origin", {{"origin", std::string(*origin)}});
  } else if (const http::Router::Match match =
                 router_.Find(request.method, request.path);
             match.handler != nullptr) {
    r = (*match.handler)(request, match.captures);
  } else if (match.allow.empty()) {
    r = Refusal(request, 404, "no_page");
  } else {
    r = Refusal(request, 405, "method",
                {{"method", request.method}, {"allow", match.allow}});
    r.Add("Allow", match.allow);
  }
  AddCommonHeaders(r);
  return r;
}

void Server::Route() {
  using Captures = http::Router::Captures;
  auto page = [](absl::string_view name) {
    return [name](const http::Request& r, const Captures&) {
      return StaticFile(r, name);
    };
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
        return Refusal(r, 404, "no_table", {{"id", *id}});
      }
      return http::Response(200, "text/html; charset=utf-8",
                            RulesPage(text, *started));
    }
    absl::StatusOr<std::string> rules =
        EditionRulesPage(text, r.Param("edition").value_or("english"));
    if (!rules.ok()) return Refusal(r, 404, "no_edition");
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
  router_.Add("GET", "/t/{}",
              [this](const http::Request& r, const Captures& c) {
                if (!IsTableId(c[0]) || Find(c[0]) == nullptr) {
                  return Refusal(r, 404, "no_table", {{"id", c[0]}});
                }
                return StaticFile(r, "table.html");
              });
  router_.Add("GET", "/static/{}",
              [](const http::Request& r, const Captures& c) {
                return StaticFile(r, c[0]);
              });
  // Browsers ask for /favicon.ico of a page that names no icon (an API
  // answer opened in a tab): the pages' own icon, not a 404.
  router_.Add("GET", "/favicon.ico",
              [](const http::Request& r, const Captures&) {
                return StaticFile(r, "icon.svg");
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
    router_.Add(method, absl::StrCat("/api/tables/{}", suffix),
                [this, handler](const http::Request& r, const Captures& c) {
                  Table* t = IsTableId(c[0]) ? Find(c[0]) : nullptr;
                  if (t == nullptr)
                    return Refusal(r, 404, "no_table", {{"id", c[0]}});
                  return handler(r, *t, c);
                });
  };
  table_route("GET", "", [](const http::Request& r, Table& t, const Captures&) {
    return JsonAnswer({200, t.Get(ViewerKey(CookieOf(r), t.id()))});
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
          std::optional<json> body = BodyOf(r);
          if (!body.has_value()) return Refusal(r, 400, "bad_body");
          return JsonAnswer(
              t.Act(action, *body, ViewerKey(CookieOf(r), t.id()), TextFor(r)));
        });
  }
  // A download of the table's game; 404 with the reason when there is
  // none.
  auto download = [&](absl::string_view suffix,
                      absl::StatusOr<std::string> (Table::*file)(),
                      const char* type) {
    table_route(
        "GET", suffix,
        [file, type](const http::Request& r, Table& t, const Captures&) {
          absl::StatusOr<std::string> bytes = (t.*file)();
          if (!bytes.ok()) {
            return Refusal(r, 404, "no_file_of", bytes.status());
          }
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
  std::optional<json> body = BodyOf(request);
  if (!body.has_value()) return Refusal(request, 400, "bad_body");
  const lang::Catalogue& text = TextFor(request);
  absl::StatusOr<events::GameStarted> started = GameStartedOf(*body, text);
  if (!started.ok()) {
    Answer refused = Error(422, started.status().message());
    refused.body["reason"] = "bad_table";
    return JsonAnswer(refused);
  }
  absl::StatusOr<Table*> table = CreateTable(*std::move(started), text);
  if (!table.ok()) {
    return absl::IsInvalidArgument(table.status())
               ? Refusal(request, 422, "not_started", table.status())
               : Refusal(request, 503, "not_made", table.status());
  }
  http::Response r = JsonAnswer({201, {{"id", (*table)->id()}}});
  r.Add("Location", absl::StrCat("/t/", (*table)->id()));
  return r;
}

http::Response Server::TakeSeatAnswer(const http::Request& request, Table& t,
                                      const std::string& side) {
  if (side != "first" && side != "second") {
    return Refusal(request, 404, "no_seat");
  }
  std::optional<json> body = BodyOf(request);
  if (!body.has_value()) return Refusal(request, 400, "bad_body");
  std::string secret = SecretIn(CookieOf(request), t.id());
  if (secret.empty()) secret = NewSeatSecret();
  if (secret.empty()) {
    return Refusal(request, 503, "no_secret");
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
  std::optional<json> body = BodyOf(request);
  if (!body.has_value()) return Refusal(request, 400, "bad_body");
  auto ms = body->find("advance_ms");
  if (ms == body->end() || !ms->is_number_integer() || ms->get<int64_t>() < 0) {
    return Refusal(request, 400, "need_advance");
  }
  options_.test_clock->Advance(absl::Milliseconds(ms->get<int64_t>()));
  for (Table* t : Tables()) t->Poke();
  return JsonAnswer(
      {200, {{"now_ms", absl::ToUnixMillis(options_.test_clock->Now())}}});
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
  listener_.reset();
  catch_ups_.reset();
  analyses_->Stop();
  for (Table* t : Tables()) t->Stop();
}

}  // namespace checkers::web
