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
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "events/validate.h"
#include "json/encode.h"
#include "lang/catalogue.h"
#include "storage/postgres_store.h"
#include "web/answers.h"
#include "web/event_streams.h"
#include "web/new_table.h"
#include "web/page_files.h"
#include "web/ratings.h"
#include "web/rules_page.h"
#include "web/seat_cookie.h"

namespace checkers::web {

using ::checkers::json::Dump;
using nlohmann::json;

namespace {

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

http::Response Json(const Answer& answer) {
  return http::Response(answer.status, "application/json", Dump(answer.body));
}

// The language a request's answers are worded in: its ?lang=, else its
// Accept-Language header.
const lang::Catalogue& TextFor(const http::Request& request) {
  const std::string asked = request.Param("lang").value_or("");
  return lang::Catalogue::Builtin(
      lang::IsLanguage(asked)
          ? asked
          : lang::LanguageFromAcceptLanguage(
                request.Header("accept-language").value_or("")));
}

// The refusal of `request` worded by web.error.`reason` in its language.
http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason,
                       absl::Span<const lang::Arg> args = {}) {
  return Json(Refused(status, TextFor(request), reason, args));
}

// A refusal with a lower layer's `detail` in web.error.`reason`'s frame.
http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason, const absl::Status& detail) {
  return Refusal(request, status, reason,
                 {{"detail", std::string(detail.message())}});
}

// A file of web/static/, or a 404.
http::Response Static(const http::Request& request, absl::string_view name) {
  const std::optional<PageFile> f = FindPageFile(name);
  if (!f.has_value()) return Refusal(request, 404, "no_file");
  http::Response r(200, f->content_type, std::string(f->text));
  r.Add("Cache-Control", "no-cache");
  return r;
}

// A table's id: 12 lower-case hex digits, or `local` (the terminal game's
// save).
bool IsTableId(absl::string_view id) {
  return id == "local" ||
         (id.size() == 12 && std::all_of(id.begin(), id.end(), [](char c) {
            return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
          }));
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

http::Response TooManyStreams(const http::Request& request, int max) {
  http::Response r =
      Refusal(request, 503, "streams", {{"max", absl::StrCat(max)}});
  r.Add("Retry-After", "10");
  return r;
}

http::Server::Options HttpOptions(const Server::Options& o, Server* server) {
  http::Server::Options h;
  h.host = o.host;
  h.port = o.port;
  h.max_connections_per_address = o.max_connections_per_address;
  h.workers = o.workers;
  h.handler = [server](const http::Request& r) { return server->Handle(r); };
  // Refused before a request is read, so in no asker's language.
  h.refusal = [](int status, absl::string_view reason) {
    http::Response r = Json(Error(status, reason));
    AddCommonHeaders(r);
    return r;
  };
  return h;
}

}  // namespace

Server::Server(Options options)
    : options_(std::move(options)),
      allowed_hosts_(options_.host, options_.allowed_hosts),
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
    // Listening before the tables are read: a change made in between is
    // notified, and caught up.
    Server* s = server.get();
    absl::StatusOr<std::unique_ptr<storage::TableListener>> listener =
        storage::TableListener::Start(
            o.store,
            {[s](const storage::TableChange& c) { s->OnStoreChange(c); },
             [s] {
               for (Table* t : s->Tables()) t->CatchUpStore();
             }});
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
  if (change.head != t->head()) t->CatchUpStore();
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
      return Static(r, name);
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
  router_.Add("GET", "/t/{}",
              [this](const http::Request& r, const Captures& c) {
                if (!IsTableId(c[0]) || Find(c[0]) == nullptr) {
                  return Refusal(r, 404, "no_table", {{"id", c[0]}});
                }
                return Static(r, "table.html");
              });
  router_.Add("GET", "/static/{}",
              [](const http::Request& r, const Captures& c) {
                return Static(r, c[0]);
              });
  router_.Add("GET", "/api/lang/{}",
              [](const http::Request&, const Captures& c) {
                return Json(LanguageAnswer(c[0]));
              });
  router_.Add("GET", "/api/tables",
              [this](const http::Request&, const Captures&) {
                json list = json::array();
                for (Table* t : Tables()) list.push_back(t->Summary());
                return Json({200, list});
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
    return Json({200, t.Get(ViewerKey(CookieHeader(r), t.id()))});
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
          return Json(t.Act(action, *body, ViewerKey(CookieHeader(r), t.id()),
                            TextFor(r)));
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
    return Json(refused);
  }
  absl::StatusOr<Table*> table = CreateTable(*std::move(started), text);
  if (!table.ok()) {
    return absl::IsInvalidArgument(table.status())
               ? Refusal(request, 422, "not_started", table.status())
               : Refusal(request, 503, "not_made", table.status());
  }
  http::Response r = Json({201, {{"id", (*table)->id()}}});
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
  std::string secret = SecretIn(CookieHeader(request), t.id());
  if (secret.empty()) secret = NewSeatSecret();
  if (secret.empty()) {
    return Refusal(request, 503, "no_secret");
  }
  const Answer answer =
      t.TakeSeat(side == "first" ? events::FIRST : events::SECOND, *body,
                 KeyOf(secret), TextFor(request));
  http::Response r = Json(answer);
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
  return Json({200, list});
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
  return Json(
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
  if (stream == nullptr) return TooManyStreams(request, options_.max_streams);
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
      return Refusal(request, 404, "no_table", {{"id", std::string(id)}});
    }
    positions.emplace_back(std::string(id), 0);
    tables.push_back(t);
  }
  if (tables.size() > kMaxFollowed) {
    return Refusal(request, 400, "follow_limit",
                   {{"max", absl::StrCat(kMaxFollowed)}});
  }
  const std::optional<std::vector<std::pair<std::string, uint64_t>>> seen =
      ParsePositions(LastSeen(request));
  if (!seen.has_value()) {
    return Refusal(request, 400, "bad_after");
  }
  for (const auto& [id, seq] : *seen) {
    for (auto& p : positions) {
      if (p.first == id) p.second = seq;
    }
  }
  std::shared_ptr<http::Stream> stream = OpenStream(options_.keepalive);
  if (stream == nullptr) return TooManyStreams(request, options_.max_streams);
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
  listener_.reset();
  for (Table* t : Tables()) t->Stop();
}

}  // namespace checkers::web
