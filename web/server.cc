#include "web/server.h"

#include <sys/socket.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/rules.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "google/protobuf/util/json_util.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "lang/catalogue.h"
#include "openssl/evp.h"
#include "openssl/rand.h"
#include "web/ratings.h"
#include "web/static_files.h"

namespace checkers::web {

using ::checkers::json::Dump;
using nlohmann::json;

namespace {

constexpr size_t kMaxBody = 4096;
constexpr size_t kKeepAliveRequests = 1000;
// Every page and script comes from this server (WEB.md, Security).
constexpr char kPolicy[] = "default-src 'self'";
constexpr char kTableId[] = "([a-z0-9][a-z0-9-]{0,31})";

void Send(httplib::Response& res, const Answer& answer) {
  res.status = answer.status;
  res.set_content(Dump(answer.body), "application/json");
}

std::string ContentType(absl::string_view name) {
  if (absl::EndsWith(name, ".html")) return "text/html; charset=utf-8";
  if (absl::EndsWith(name, ".js")) return "text/javascript; charset=utf-8";
  if (absl::EndsWith(name, ".css")) return "text/css; charset=utf-8";
  if (absl::EndsWith(name, ".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

const EmbeddedFile* FindStatic(absl::string_view name) {
  for (const EmbeddedFile& f : StaticFiles()) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

// The JSON body of a POST: an object, or a 400 answer.
absl::StatusOr<json> BodyOf(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  json body = json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded() || !body.is_object()) {
    return absl::InvalidArgumentError(
        "the request body must be one JSON object");
  }
  return body;
}

// A seat's secret: 128 bits from OpenSSL's generator, as 32 hex digits.
// Empty when the generator fails (then no seat is given).
std::string NewSeatSecret() {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof(bytes)) != 1) return "";
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(bytes), sizeof(bytes)));
}

// The SHA-256 of `secret`: what the log keeps of it (events.proto,
// SeatTaken).
std::string KeyOf(absl::string_view secret) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(secret.data(), secret.size(), digest, &size, EVP_sha256(),
                 nullptr) != 1) {
    return "";
  }
  return std::string(reinterpret_cast<const char*>(digest), size);
}

// The seat cookie of table `id`: its name, and the secret the request
// shows in it (empty: none, or not a secret this server gives).
std::string CookieName(absl::string_view id) {
  return absl::StrCat("seat-", id);
}
std::string SecretOf(const httplib::Request& req, absl::string_view id) {
  const std::string name = CookieName(id);
  for (absl::string_view cookie :
       absl::StrSplit(req.get_header_value("Cookie"), ';')) {
    cookie = absl::StripAsciiWhitespace(cookie);
    if (!absl::ConsumePrefix(&cookie, name) ||
        !absl::ConsumePrefix(&cookie, "=")) {
      continue;
    }
    if (cookie.size() == 32 && cookie.find_first_not_of("0123456789abcdef") ==
                                   absl::string_view::npos) {
      return std::string(cookie);
    }
  }
  return "";
}
// The key of the viewer of table `id`: the SHA-256 of its seat secret, or
// empty.
std::string ViewerKey(const httplib::Request& req, absl::string_view id) {
  const std::string secret = SecretOf(req, id);
  return secret.empty() ? "" : KeyOf(secret);
}

// The language a request's answers are worded in: its ?lang=, else its
// Accept-Language header.
const lang::Catalogue& TextFor(const httplib::Request& req) {
  const std::string asked = req.get_param_value("lang");
  return lang::Catalogue::Builtin(
      lang::IsLanguage(asked) ? asked
                              : lang::LanguageFromAcceptLanguage(
                                    req.get_header_value("Accept-Language")));
}

std::string NewTableId() {
  absl::BitGen gen;
  return absl::StrFormat("%012x", absl::Uniform<uint64_t>(gen) >> 16);
}

// The game a POST /api/tables asks for, or the 422 that refuses it.
absl::StatusOr<events::GameStarted> StartedOf(const json& body) {
  events::GameStarted started;
  const std::optional<Edition> edition =
      EditionNamed(body.value("rules", "english"));
  if (!edition.has_value()) {
    return absl::InvalidArgumentError(
        "rules must be \"english\", \"russian\", \"pool\" or "
        "\"international\"");
  }
  started.set_edition(events::RulesEditionOf(*edition));
  const std::string mode = body.value("mode", "computer");
  if (mode != "computer" && mode != "two-player" && mode != "remote") {
    return absl::InvalidArgumentError(
        "mode must be \"computer\", \"two-player\" or \"remote\"");
  }
  const json rated = body.value("rated", json(false));
  if (!rated.is_boolean() || (rated.get<bool>() && mode != "remote")) {
    return absl::InvalidArgumentError(
        "rated must be true or false, and true only at a remote table");
  }
  started.set_rated(rated.get<bool>());
  const json seconds = body.value("turn_seconds", json(0));
  if (!seconds.is_number_integer() ||
      (seconds != 0 &&
       (mode != "remote" || (seconds != 30 && seconds != 60)))) {
    return absl::InvalidArgumentError(
        "turn_seconds must be 0, or 30 or 60 at a remote table");
  }
  started.set_turn_seconds(seconds.get<uint32_t>());
  started.set_mode(mode == "computer"     ? events::VS_COMPUTER
                   : mode == "two-player" ? events::TWO_PLAYER
                                          : events::REMOTE);
  const std::string level = body.value("difficulty", "medium");
  if (level == "easy") {
    started.set_difficulty(events::EASY);
  } else if (level == "medium") {
    started.set_difficulty(events::MEDIUM);
  } else if (level == "hard") {
    started.set_difficulty(events::HARD);
  } else {
    return absl::InvalidArgumentError(
        "difficulty must be \"easy\", \"medium\" or \"hard\"");
  }
  const std::string side = body.value("human_side", "first");
  if (side != "first" && side != "second") {
    return absl::InvalidArgumentError(
        "human_side must be \"first\" or \"second\"");
  }
  started.set_human_side(side == "first" ? events::FIRST : events::SECOND);
  if (body.contains("options")) {
    if (!google::protobuf::util::JsonStringToMessage(Dump(body["options"]),
                                                     started.mutable_options())
             .ok()) {
      return absl::InvalidArgumentError(
          "options must be the rule options' JSON (events.proto "
          "RuleOptions)");
    }
  } else {
    *started.mutable_options() = events::DefaultRuleOptions(*edition);
  }
  if (body.contains("fen")) {
    if (!body["fen"].is_string()) {
      return absl::InvalidArgumentError("fen must be a PDN FEN string");
    }
    started.set_start_fen(body["fen"].get<std::string>());
  }
  started.set_engine_seed(absl::Uniform<uint64_t>(absl::BitGen()));
  return started;
}

}  // namespace

Server::Server(Options options) : options_(std::move(options)) {}

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
    if (p.extension() != ".log") continue;
    const std::string id = p.stem().string();
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

absl::StatusOr<Table*> Server::CreateTable(events::GameStarted started,
                                           const lang::Catalogue& text) {
  std::string id = NewTableId();
  absl::StatusOr<std::unique_ptr<Table>> table =
      Table::Open(id, absl::StrCat(options_.data_dir, "/tables/", id, ".log"),
                  true, false, options_.table);
  if (!table.ok()) return table.status();
  Table* t = table->get();
  const Answer started_answer = t->Start(std::move(started), text);
  if (started_answer.status != 201) {
    const std::string path = t->path();
    table->reset();
    (void)options_.table.env->RemoveFile(path);
    return absl::InvalidArgumentError(
        started_answer.body.value("error", "the rules refuse that game"));
  }
  absl::MutexLock lock(&mu_);
  if (stopping_) return absl::UnavailableError("the server is stopping");
  tables_[id] = *std::move(table);
  return t;
}

void Server::Route() {
  http_.set_payload_max_length(kMaxBody);
  // An answer goes out as headers, then body: with Nagle's algorithm the
  // body waits for the ACK of the headers, which the client delays by
  // ~40 ms. Every answer and event is small and wanted at once.
  http_.set_tcp_nodelay(true);
  // A page and a player send many requests on one connection; the
  // library's default closes it after five.
  http_.set_keep_alive_max_count(kKeepAliveRequests);
  // The library listens with a backlog of five: a hundred pages opening at
  // once lose SYNs and wait seconds for their retries. Bind() listens
  // again on this socket with the system's bound.
  http_.set_socket_options([this](socket_t sock) {
    httplib::default_socket_options(sock);
    listen_socket_ = sock;
  });
  http_.set_default_headers({{"Content-Security-Policy", kPolicy},
                             {"X-Content-Type-Options", "nosniff"},
                             {"Referrer-Policy", "no-referrer"}});
  // Each open event stream holds a thread; the rest answer requests.
  const size_t threads = static_cast<size_t>(options_.max_streams) + 16;
  http_.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };

  http_.set_pre_routing_handler([](const httplib::Request& req,
                                   httplib::Response& res) {
    if (req.method != "POST" || !req.has_header("Origin")) {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    const std::string origin = req.get_header_value("Origin");
    if (origin != absl::StrCat("http://", req.get_header_value("Host"))) {
      Send(res, Error(403, absl::StrCat("requests from ", origin,
                                        " are refused; use this server's own "
                                        "pages")));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  http_.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    switch (res.status) {
      case 413:
        Send(res, Error(413, "request bodies are limited to 4 KiB"));
        break;
      case 404:
        Send(res, Error(404, "no such page; the lobby is at /"));
        break;
      default:
        Send(res, Error(res.status, "the request could not be served"));
    }
  });

  auto page = [](absl::string_view name) {
    return [name](const httplib::Request&, httplib::Response& res) {
      const EmbeddedFile* f = FindStatic(name);
      res.set_content(std::string(f->text), ContentType(name));
      res.set_header("Cache-Control", "no-cache");
    };
  };
  http_.Get("/", page("index.html"));
  http_.Get(absl::StrCat("/t/", kTableId), page("table.html"));
  http_.Get(R"(/static/([a-z0-9_.-]+))",
            [](const httplib::Request& req, httplib::Response& res) {
              const EmbeddedFile* f = FindStatic(req.matches[1].str());
              if (f == nullptr) {
                Send(res, Error(404, "no such file"));
                return;
              }
              res.set_content(std::string(f->text), ContentType(f->name));
              res.set_header("Cache-Control", "no-cache");
            });

  // The pages' words in one language, from the catalogues the terminal
  // speaks (lang/XX.txt): the web.*, colour.* and piece.* keys.
  http_.Get(R"(/api/lang/([a-z]+))", [](const httplib::Request& req,
                                        httplib::Response& res) {
    const std::string code = req.matches[1].str();
    if (!lang::IsLanguage(code)) {
      return Send(
          res, Error(404, absl::StrCat("no language ", code, "; try ",
                                       absl::StrJoin(lang::kLanguages, ", "))));
    }
    const lang::Catalogue& text = lang::Catalogue::Builtin(code);
    json texts = json::object();
    for (const std::string& key : lang::Catalogue::Builtin("en").Keys()) {
      if (absl::StartsWith(key, "web.") || absl::StartsWith(key, "colour.") ||
          absl::StartsWith(key, "piece.") ||
          absl::StartsWith(key, "edition.") || key == "rules.edition") {
        texts[key] = text.Get(key);
      }
    }
    json languages = json::array();
    for (absl::string_view l : lang::kLanguages) languages.push_back(l);
    Send(res,
         {200,
          {{"language", code}, {"languages", languages}, {"texts", texts}}});
  });
  http_.Get("/api/tables",
            [this](const httplib::Request&, httplib::Response& res) {
              std::vector<Table*> tables;
              {
                absl::MutexLock lock(&mu_);
                for (auto& [id, t] : tables_) tables.push_back(t.get());
              }
              json list = json::array();
              for (Table* t : tables) list.push_back(t->Summary());
              Send(res, {200, list});
            });
  http_.Post("/api/tables", [this](const httplib::Request& req,
                                   httplib::Response& res) {
    absl::StatusOr<json> body = BodyOf(req);
    if (!body.ok()) return Send(res, Error(400, body.status().message()));
    absl::StatusOr<events::GameStarted> started = StartedOf(*body);
    if (!started.ok()) return Send(res, Error(422, started.status().message()));
    absl::StatusOr<Table*> table =
        CreateTable(*std::move(started), TextFor(req));
    if (!table.ok()) {
      return Send(res,
                  Error(absl::IsInvalidArgument(table.status()) ? 422 : 503,
                        table.status().message()));
    }
    res.set_header("Location", absl::StrCat("/t/", (*table)->id()));
    Send(res, {201, {{"id", (*table)->id()}}});
  });

  if (options_.test_clock != nullptr) {
    // Test-only (serve --clock=test): moves the tables' clock on, so a
    // test sees a turn run out or a player stay away without waiting.
    http_.Post("/api/test/clock", [this](const httplib::Request& req,
                                         httplib::Response& res) {
      absl::StatusOr<json> body = BodyOf(req);
      if (!body.ok()) return Send(res, Error(400, body.status().message()));
      const json ms = body->value("advance_ms", json(nullptr));
      if (!ms.is_number_integer() || ms.get<int64_t>() < 0) {
        return Send(res, Error(400, "the request needs {\"advance_ms\": N}"));
      }
      options_.test_clock->Advance(absl::Milliseconds(ms.get<int64_t>()));
      std::vector<Table*> tables;
      {
        absl::MutexLock lock(&mu_);
        for (auto& [id, t] : tables_) tables.push_back(t.get());
      }
      for (Table* t : tables) t->Poke();
      Send(res,
           {200, {{"now_ms", absl::ToUnixMillis(options_.test_clock->Now())}}});
    });
  }

  http_.Get("/api/ratings",
            [this](const httplib::Request&, httplib::Response& res) {
              std::vector<Table*> tables;
              {
                absl::MutexLock lock(&mu_);
                for (auto& [id, t] : tables_) tables.push_back(t.get());
              }
              std::vector<RatedGame> games;
              for (Table* t : tables) {
                if (std::optional<RatedGame> g = t->Rated()) {
                  games.push_back(*std::move(g));
                }
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
              Send(res, {200, list});
            });

  const std::string table_path = absl::StrCat("/api/tables/", kTableId);
  auto with_table = [this](auto handler) {
    return
        [this, handler](const httplib::Request& req, httplib::Response& res) {
          Table* t = Find(req.matches[1].str());
          if (t == nullptr) {
            return Send(
                res, Error(404, absl::StrCat("no table ", req.matches[1].str(),
                                             "; the lobby lists them")));
          }
          handler(*t, req, res);
        };
  };
  http_.Get(table_path, with_table([](Table& t, const httplib::Request& req,
                                      httplib::Response& res) {
              Send(res, {200, t.Get(ViewerKey(req, t.id()))});
            }));
  // A seat is held by a secret in a cookie of its table alone (Path), out
  // of scripts' reach (HttpOnly) and of other sites' requests (SameSite).
  http_.Post(
      absl::StrCat(table_path, "/seats/(first|second)"),
      with_table([](Table& t, const httplib::Request& req,
                    httplib::Response& res) {
        absl::StatusOr<json> body = BodyOf(req);
        if (!body.ok()) return Send(res, Error(400, body.status().message()));
        std::string secret = SecretOf(req, t.id());
        if (secret.empty()) secret = NewSeatSecret();
        if (secret.empty()) {
          return Send(res, Error(503,
                                 "no secret could be made for the seat; "
                                 "try again"));
        }
        const events::Side side =
            req.matches[2].str() == "first" ? events::FIRST : events::SECOND;
        const Answer answer =
            t.TakeSeat(side, *body, KeyOf(secret), TextFor(req));
        if (answer.status == 200) {
          res.set_header(
              "Set-Cookie",
              absl::StrCat(CookieName(t.id()), "=", secret,
                           "; Path=/api/tables/", t.id(),
                           "; Max-Age=31536000; HttpOnly; SameSite=Strict"));
        }
        Send(res, answer);
      }));
  for (const NamedAction& named : kActions) {
    http_.Post(
        absl::StrCat(table_path, "/", named.name),
        with_table([action = named.action](Table& t,
                                           const httplib::Request& req,
                                           httplib::Response& res) {
          absl::StatusOr<json> body = BodyOf(req);
          if (!body.ok()) return Send(res, Error(400, body.status().message()));
          Send(res, t.Act(action, *body, ViewerKey(req, t.id()), TextFor(req)));
        }));
  }
  // A download of the table's game as `type`; 404 with the reason when
  // there is none.
  auto download = [&](absl::string_view suffix,
                      absl::StatusOr<std::string> (Table::*file)(),
                      const char* type) {
    http_.Get(absl::StrCat(table_path, suffix),
              with_table([file, type](Table& t, const httplib::Request&,
                                      httplib::Response& res) {
                absl::StatusOr<std::string> bytes = (t.*file)();
                if (!bytes.ok()) {
                  return Send(res, Error(404, bytes.status().message()));
                }
                res.set_content(*bytes, type);
              }));
  };
  download("/log", &Table::LogBytes, "application/octet-stream");
  download("/pdn", &Table::Pdn, "application/x-chess-pdn; charset=utf-8");
  http_.Get(
      absl::StrCat(table_path, "/events"),
      with_table([this](Table& t, const httplib::Request& req,
                        httplib::Response& res) {
        if (open_streams_.fetch_add(1) >= options_.max_streams) {
          --open_streams_;
          res.set_header("Retry-After", "10");
          return Send(res,
                      Error(503, absl::StrCat("this server already follows ",
                                              options_.max_streams,
                                              " event streams; close a tab and "
                                              "try again")));
        }
        // EventSource sends Last-Event-ID on its own reconnects; a page
        // opening a stream anew says where it stands with ?after=N.
        uint64_t last = 0;
        std::string seen = req.get_header_value("Last-Event-ID");
        if (seen.empty()) seen = req.get_param_value("after");
        if (!seen.empty() && !absl::SimpleAtoi(seen, &last)) last = 0;
        const std::string key = ViewerKey(req, t.id());
        std::shared_ptr<Table::Follower> follower = t.Follow(last, key);
        // A seat holder's stream says it is alive every second, so
        // that the write after its page has gone fails and the table
        // sees the player leave (--cpu-after) within seconds, not
        // after a keep-alive of a quarter of a minute.
        const absl::Duration quiet =
            key.empty() ? options_.keepalive
                        : std::min(options_.keepalive, absl::Seconds(1));
        res.set_header("Cache-Control", "no-store");
        auto first = std::make_shared<bool>(true);
        res.set_chunked_content_provider(
            "text/event-stream",
            [&t, follower, first, quiet](size_t, httplib::DataSink& sink) {
              std::string out;
              if (*first) {
                // Reconnect quickly after a restart of the server.
                out = "retry: 1000\n\n";
                *first = false;
              }
              std::optional<std::vector<StreamMessage>> messages =
                  t.Next(*follower, quiet);
              if (!messages.has_value()) {
                sink.done();
                return true;
              }
              if (messages->empty()) out += ": keep-alive\n\n";
              for (const StreamMessage& m : *messages) {
                if (m.id.has_value())
                  absl::StrAppend(&out, "id: ", *m.id, "\n");
                absl::StrAppend(&out, "event: ", m.event, "\ndata: ", m.data,
                                "\n\n");
              }
              return sink.write(out.data(), out.size());
            },
            [this](bool) { --open_streams_; });
      }));
}

absl::StatusOr<int> Server::Bind() {
  if (options_.port == 0) {
    port_ = http_.bind_to_any_port(options_.host);
  } else if (http_.bind_to_port(options_.host, options_.port)) {
    port_ = options_.port;
  } else {
    port_ = -1;
  }
  if (port_ <= 0) {
    return absl::UnavailableError(absl::StrCat(
        "cannot listen on ", options_.host, ":", options_.port,
        "; is another server there? choose another with --listen=HOST:PORT"));
  }
  // Only the queue's length changes; should it fail, the short queue
  // still serves.
  if (listen_socket_ >= 0) (void)::listen(listen_socket_, SOMAXCONN);
  return port_;
}

void Server::Serve() { http_.listen_after_bind(); }

void Server::Stop() {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  http_.stop();
  std::vector<Table*> tables;
  {
    absl::MutexLock lock(&mu_);
    for (auto& [id, t] : tables_) tables.push_back(t.get());
  }
  for (Table* t : tables) t->Stop();
}

}  // namespace checkers::web
