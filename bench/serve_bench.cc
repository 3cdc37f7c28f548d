#include "bench/serve_bench.h"

#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/blocking_counter.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "json/encode.h"
#include "nlohmann/json.hpp"
#include "storage/postgres_store.h"
#include "web/http/client.h"
#include "web/server.h"

namespace checkers::bench {
namespace {

using ::checkers::json::Dump;
using nlohmann::json;

// How long a move's event may take to reach the follower before the bench
// gives up: far beyond any fdatasync, short of hanging a run.
constexpr absl::Duration kEventWait = absl::Seconds(30);

// How much nicer than the server the players run (Play): 5 lets the
// server's workers have the CPU they are waiting for first, and still
// leaves the players a share when the server is busy.
constexpr int kPlayerNice = 5;

// One table's player, its viewers (event streams) and what each has seen.
struct Lane {
  Lane(std::string table_id, int viewers)
      : id(std::move(table_id)), seen(viewers, 0), truncations(viewers, 0) {}

  // Of all viewers: the last id seen, and the truncations seen.
  uint64_t LeastSeen() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    return *std::min_element(seen.begin(), seen.end());
  }
  int LeastTruncations() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    return *std::min_element(truncations.begin(), truncations.end());
  }

  const std::string id;
  // A remote table's seat cookies, first and second.
  std::string cookies[2];
  mutable absl::Mutex mu;
  // Per viewer: the id of the last event with one (a record's seq, a
  // truncation's head), and how many truncations have arrived.
  std::vector<uint64_t> seen ABSL_GUARDED_BY(mu);
  std::vector<int> truncations ABSL_GUARDED_BY(mu);
  // The first record a viewer received out of order or twice.
  absl::Status order ABSL_GUARDED_BY(mu);
  // The move under way: its record's seq and when its POST was sent.
  uint64_t want ABSL_GUARDED_BY(mu) = 0;
  absl::Time sent ABSL_GUARDED_BY(mu);
  // POST to the last viewer receiving the move.
  std::vector<double> latencies_ms ABSL_GUARDED_BY(mu);
  int64_t moves = 0;
  absl::Status status;
};

// Reads one viewer's event stream as it comes: every complete event's id
// and name go to the lane.
class StreamReader {
 public:
  StreamReader(Lane* lane, int viewer) : lane_(lane), viewer_(viewer) {}

  void Feed(const char* data, size_t size) {
    buffer_.append(data, size);
    size_t end;
    while ((end = buffer_.find("\n\n")) != std::string::npos) {
      Event(buffer_.substr(0, end));
      buffer_.erase(0, end + 2);
    }
  }

 private:
  void Event(const std::string& text) {
    uint64_t id = 0;
    bool has_id = false;
    bool truncated = false;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (absl::ConsumePrefix(&line, "id: ")) {
        has_id = absl::SimpleAtoi(line, &id);
      } else if (line == "event: truncated") {
        truncated = true;
      }
    }
    if (!has_id) return;
    const absl::Time now = absl::Now();
    absl::MutexLock lock(&lane_->mu);
    uint64_t& seen = lane_->seen[viewer_];
    if (truncated) {
      ++lane_->truncations[viewer_];
    } else if (id != seen + 1 && lane_->order.ok()) {
      lane_->order = absl::InternalError(
          absl::StrCat("table ", lane_->id, ": viewer ", viewer_,
                       " received seq ", id, " after seq ", seen));
    }
    seen = id;
    if (!truncated && lane_->want != 0 && lane_->LeastSeen() >= lane_->want) {
      lane_->latencies_ms.push_back(
          absl::ToDoubleMilliseconds(now - lane_->sent));
      lane_->want = 0;
    }
  }

  Lane* lane_;
  const int viewer_;
  std::string buffer_;
};

absl::Status Failed(absl::string_view what,
                    const absl::StatusOr<http::Reply>& res) {
  return absl::InternalError(
      res.ok() ? absl::StrCat(what, ": HTTP ", res->status, " ", res->body)
               : absl::StrCat(what, ": ", res.status().message()));
}

// Waits until the follower has seen `head` (after `truncations`
// truncations, so a new game's low seqs are not mistaken for old ones).
absl::Status AwaitSeen(Lane& lane, uint64_t head, int truncations) {
  absl::MutexLock lock(&lane.mu);
  auto arrived = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(lane.mu) {
    return lane.LeastTruncations() >= truncations && lane.LeastSeen() >= head;
  };
  if (!lane.mu.AwaitWithTimeout(absl::Condition(&arrived), kEventWait)) {
    return absl::InternalError(absl::StrCat(
        "table ", lane.id, ": the event of seq ", head,
        " did not reach every viewer in ", absl::FormatDuration(kEventWait)));
  }
  return absl::OkStatus();
}

// Plays random legal moves on `lane`'s table until `deadline` or
// `max_moves`, starting a new game whenever one ends.
// The round starts once every player is connected (`ready`, then `go`):
// it measures moves, not a hundred connections being opened at once.
// At a remote table the player holds both seats, each through its own
// client and cookie, and plays each side's turn with that side's client;
// its game ends the lane (a remote table plays one game).
absl::Status Play(int port, Lane& lane, bool remote,
                  absl::BlockingCounter& ready, absl::Notification& go,
                  const absl::Time& deadline, int64_t max_moves) {
  // The players stand for browsers on other machines, yet here they share
  // the server's cores: a hundred of them at the server's priority would
  // take the CPU from its workers between a move's POST and its event,
  // which no remote client can. A lower priority lets them run on what
  // the server leaves. The viewers, which time each event as it arrives,
  // keep the server's priority. Where the system refuses, they run as
  // they are: the figures are then only a little worse.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kPlayerNice);
  std::unique_ptr<http::Client> clients[2];
  for (int i = 0; i < 2; ++i) {
    // One connection for many requests.
    clients[i] = std::make_unique<http::Client>("127.0.0.1", port);
    clients[i]->set_timeout(kEventWait);
    if (remote) clients[i]->set_default_headers({{"Cookie", lane.cookies[i]}});
  }
  absl::BitGen random;
  const std::string table = absl::StrCat("/api/tables/", lane.id);
  bool connected = clients[0]->Get(table).ok();
  if (remote) connected = connected && clients[1]->Get(table).ok();
  ready.DecrementCount();
  go.WaitForNotification();
  if (!connected) return absl::InternalError("GET " + table + ": no answer");
  int truncations = 0;
  while (lane.moves < max_moves && absl::Now() < deadline) {
    // Sides alternate turn by turn from the standard start's first.
    http::Client& client = *clients[remote ? lane.moves % 2 : 0];
    absl::StatusOr<http::Reply> got = client.Get(table);
    if (!got.ok() || got->status != 200) return Failed("GET " + table, got);
    const json state = json::parse(got->body, nullptr, false);
    if (state.is_discarded()) return absl::InternalError("GET: not JSON");
    const uint64_t head = state.value("head", uint64_t{0});
    if (absl::Status s = AwaitSeen(lane, head, truncations); !s.ok()) {
      return s;
    }
    const json legal = state.value("legal", json::array());
    if (remote && state.value("over", false)) return absl::OkStatus();
    if (remote && legal.empty()) {
      return absl::InternalError(absl::StrCat(
          "table ", lane.id, ": the seat to move was offered no move"));
    }
    if (state.value("over", false) || legal.empty()) {
      absl::StatusOr<http::Reply> fresh = client.Post(
          table + "/new", Dump(json{{"head", head}, {"mode", "two-player"}}));
      if (!fresh.ok() || fresh->status != 200) {
        return Failed("POST new", fresh);
      }
      ++truncations;
      continue;
    }
    const json& move = legal[absl::Uniform<size_t>(random, 0, legal.size())];
    {
      absl::MutexLock lock(&lane.mu);
      lane.want = head + 1;
      lane.sent = absl::Now();
    }
    absl::StatusOr<http::Reply> posted = client.Post(
        table + "/moves", Dump(json{{"move", move}, {"head", head}}));
    if (!posted.ok() || posted->status != 200) {
      return Failed("POST moves", posted);
    }
    ++lane.moves;
    if (absl::Status s = AwaitSeen(lane, head + 1, truncations); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

double Percentile(std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const size_t i = static_cast<size_t>(p * (sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

// The seat cookie (NAME=VALUE) a 200 answer to taking a seat sets.
std::string SeatCookie(const http::Reply& reply) {
  const std::string set = reply.Header("set-cookie");
  return set.substr(0, set.find(';'));
}

// Removes every table of the database at `uri`, so that a round's
// servers open none but the round's own.
absl::Status ClearStore(const std::string& uri) {
  absl::StatusOr<std::unique_ptr<storage::PostgresTableStore>> store =
      storage::PostgresTableStore::Open(uri);
  if (!store.ok()) return store.status();
  absl::StatusOr<std::vector<std::string>> ids = (*store)->List();
  if (!ids.ok()) return ids.status();
  for (const std::string& id : *ids) {
    if (absl::Status s = (*store)->Remove(id); !s.ok()) return s;
  }
  return absl::OkStatus();
}

// One round on `servers` servers: of the data directory `dir`, or of the
// database `store` when it is not empty.
absl::Status Round(const std::string& dir, const std::string& store,
                   int servers, int tables, bool remote,
                   const ServeBenchOptions& options, Figures& out) {
  // A two-player table has one follower; a remote one both players'
  // streams and the spectators'.
  const int viewers = remote ? 2 + options.spectators : 1;
  web::Server::Options server_options;
  server_options.port = 0;
  if (store.empty()) {
    server_options.data_dir = dir;
  } else {
    server_options.store = store;
    if (absl::Status cleared = ClearStore(store); !cleared.ok()) {
      return cleared;
    }
  }
  // Every viewer's stream and every player's connection come from one
  // address.
  server_options.max_streams = viewers * tables + 8;
  server_options.max_connections_per_address = (viewers + 2) * tables + 16;
  std::vector<std::unique_ptr<web::Server>> running;
  std::vector<int> ports;
  std::vector<std::thread> serving;
  absl::Status status;
  for (int i = 0; i < servers && status.ok(); ++i) {
    absl::StatusOr<std::unique_ptr<web::Server>> server =
        web::Server::Create(server_options);
    if (!server.ok()) {
      status = server.status();
      break;
    }
    absl::StatusOr<int> port = (*server)->Bind();
    if (!port.ok()) {
      status = port.status();
      break;
    }
    ports.push_back(*port);
    running.push_back(*std::move(server));
    serving.emplace_back([s = running.back().get()] { s->Serve(); });
  }
  // Table i is made and played on server i mod N; its viewers follow it
  // on the next.
  auto player_port = [&](size_t i) { return ports[i % ports.size()]; };
  auto viewer_port = [&](size_t i) { return ports[(i + 1) % ports.size()]; };

  std::vector<std::unique_ptr<Lane>> lanes;
  for (int i = 0; i < tables && status.ok(); ++i) {
    http::Client client("127.0.0.1", player_port(i));
    absl::StatusOr<http::Reply> made =
        client.Post("/api/tables", remote ? R"({"mode": "remote"})"
                                          : R"({"mode": "two-player"})");
    if (!made.ok() || made->status != 201) {
      status = Failed("POST /api/tables", made);
      break;
    }
    auto lane = std::make_unique<Lane>(
        json::parse(made->body, nullptr, false).value("id", ""), viewers);
    for (int seat = 0; remote && seat < 2 && status.ok(); ++seat) {
      // Each seat from a client without cookies: a browser of its own.
      http::Client browser("127.0.0.1", player_port(i));
      absl::StatusOr<http::Reply> taken = browser.Post(
          absl::StrCat("/api/tables/", lane->id, "/seats/",
                       seat == 0 ? "first" : "second"),
          Dump(json{{"name", absl::StrCat("player ", i, ".", seat)}}));
      if (!taken.ok() || taken->status != 200) {
        status = Failed("POST seats", taken);
        break;
      }
      lane->cookies[seat] = SeatCookie(*taken);
    }
    lanes.push_back(std::move(lane));
  }
  // The start, and each seat taken.
  const uint64_t first_head = remote ? 3 : 1;

  std::vector<std::thread> followers;
  for (size_t i = 0; i < lanes.size(); ++i) {
    const std::unique_ptr<Lane>& lane = lanes[i];
    for (int v = 0; v < viewers; ++v) {
      followers.emplace_back([port = viewer_port(i), lane = lane.get(), v] {
        http::Client follower("127.0.0.1", port);
        // The stream may be quiet while the other tables are made.
        follower.set_timeout(kEventWait);
        // The first two viewers of a remote table are its players.
        http::Headers headers;
        if (v < 2 && !lane->cookies[v].empty()) {
          headers.emplace_back("Cookie", lane->cookies[v]);
        }
        StreamReader reader(lane, v);
        (void)follower.Stream(
            absl::StrCat("/api/tables/", lane->id, "/events?after=0"), headers,
            [&](absl::string_view data) {
              reader.Feed(data.data(), data.size());
              return true;
            });
      });
    }
    if (status.ok()) status = AwaitSeen(*lane, first_head, 0);
  }
  absl::BlockingCounter ready(static_cast<int>(lanes.size()));
  absl::Notification go;
  absl::Time deadline;
  std::vector<std::thread> players;
  for (size_t i = 0; i < lanes.size(); ++i) {
    players.emplace_back([&, port = player_port(i), lane = lanes[i].get()] {
      lane->status = Play(port, *lane, remote, ready, go, deadline,
                          options.max_moves_per_table);
    });
  }
  ready.Wait();
  const absl::Time start = absl::Now();
  deadline = start + options.round;
  go.Notify();
  for (std::thread& t : players) t.join();
  const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
  for (auto& server : running) server->Stop();
  for (std::thread& t : followers) t.join();
  for (std::thread& t : serving) t.join();

  int64_t moves = 0;
  std::vector<double> latencies;
  for (auto& lane : lanes) {
    if (status.ok()) status = lane->status;
    moves += lane->moves;
    absl::MutexLock lock(&lane->mu);
    if (status.ok()) status = lane->order;
    latencies.insert(latencies.end(), lane->latencies_ms.begin(),
                     lane->latencies_ms.end());
  }
  if (!status.ok()) return status;
  std::sort(latencies.begin(), latencies.end());
  const std::string prefix = absl::StrCat(
      "serve_", store.empty() ? "" : absl::StrCat("pg", servers, "_"),
      remote ? "remote_" : "", tables, "_tables_");
  if (remote)
    out.push_back({prefix + "viewers", absl::StrCat(tables * viewers)});
  out.push_back({prefix + "moves", absl::StrCat(moves)});
  out.push_back(
      {prefix + "moves_per_second", absl::StrFormat("%.0f", moves / seconds)});
  out.push_back({prefix + "p50_ms",
                 absl::StrFormat("%.2f", Percentile(latencies, 0.50))});
  out.push_back({prefix + "p99_ms",
                 absl::StrFormat("%.2f", Percentile(latencies, 0.99))});
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Figures> ServeBench(const ServeBenchOptions& options) {
  const char* tmp = getenv("TMPDIR");
  std::string pattern =
      absl::StrCat(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp",
                   "/checkers-serve-bench-XXXXXX");
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::UnavailableError(
        absl::StrCat("cannot make a directory like ", pattern, ": ",
                     std::generic_category().message(errno)));
  }
  Figures figures;
  absl::Status status;
  std::vector<std::pair<int, bool>> rounds;
  for (int tables : options.table_counts) rounds.push_back({tables, false});
  for (int tables : options.remote_table_counts)
    rounds.push_back({tables, true});
  for (const auto& [tables, remote] : rounds) {
    const std::string dir =
        absl::StrCat(pattern, remote ? "/remote-" : "/", tables);
    status = Round(dir, "", 1, tables, remote, options, figures);
    for (size_t i = 0; status.ok() && !options.store.empty() &&
                       i < options.store_servers.size();
         ++i) {
      status = Round("", options.store, options.store_servers[i], tables,
                     remote, options, figures);
    }
    if (!status.ok()) {
      status = absl::Status(
          status.code(), absl::StrCat("with ", tables,
                                      remote ? " remote tables: " : " tables: ",
                                      status.message()));
      break;
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(pattern, ignored);
  if (!status.ok()) return status;
  return figures;
}

}  // namespace checkers::bench
