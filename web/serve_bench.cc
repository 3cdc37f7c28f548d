#include "web/serve_bench.h"

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
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
#include "httplib.h"
#include "json/encode.h"
#include "nlohmann/json.hpp"
#include "web/server.h"

namespace checkers::web {
namespace {

using ::checkers::json::Dump;
using nlohmann::json;

// How long a move's event may take to reach the follower before the bench
// gives up: far beyond any fdatasync, short of hanging a run.
constexpr absl::Duration kEventWait = absl::Seconds(30);

// One table's two clients and what the follower has seen.
struct Lane {
  std::string id;
  absl::Mutex mu;
  // The id of the last event with one (a record's seq, a truncation's
  // head), and how many truncations have arrived.
  uint64_t seen ABSL_GUARDED_BY(mu) = 0;
  int truncations ABSL_GUARDED_BY(mu) = 0;
  // The move under way: its record's seq and when its POST was sent.
  uint64_t want ABSL_GUARDED_BY(mu) = 0;
  absl::Time sent ABSL_GUARDED_BY(mu);
  std::vector<double> latencies_ms ABSL_GUARDED_BY(mu);
  int64_t moves = 0;
  absl::Status status;
};

// Reads the event stream's text as it comes: every complete event's id
// and name go to the lane.
class StreamReader {
 public:
  explicit StreamReader(Lane* lane) : lane_(lane) {}

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
    lane_->seen = id;
    if (truncated) {
      ++lane_->truncations;
    } else if (id == lane_->want) {
      lane_->latencies_ms.push_back(
          absl::ToDoubleMilliseconds(now - lane_->sent));
      lane_->want = 0;
    }
  }

  Lane* lane_;
  std::string buffer_;
};

absl::Status Failed(absl::string_view what, const httplib::Result& res) {
  return absl::InternalError(
      res ? absl::StrCat(what, ": HTTP ", res->status, " ", res->body)
          : absl::StrCat(what, ": ", httplib::to_string(res.error())));
}

// Waits until the follower has seen `head` (after `truncations`
// truncations, so a new game's low seqs are not mistaken for old ones).
absl::Status AwaitSeen(Lane& lane, uint64_t head, int truncations) {
  absl::MutexLock lock(&lane.mu);
  auto arrived = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(lane.mu) {
    return lane.truncations >= truncations && lane.seen >= head;
  };
  if (!lane.mu.AwaitWithTimeout(absl::Condition(&arrived), kEventWait)) {
    return absl::InternalError(absl::StrCat(
        "table ", lane.id, ": the event of seq ", head,
        " did not reach the follower in ", absl::FormatDuration(kEventWait)));
  }
  return absl::OkStatus();
}

// Plays random legal moves on `lane`'s table until `deadline` or
// `max_moves`, starting a new game whenever one ends.
// The round starts once every player is connected (`ready`, then `go`):
// it measures moves, not a hundred connections being opened at once.
absl::Status Play(int port, Lane& lane, absl::BlockingCounter& ready,
                  absl::Notification& go, const absl::Time& deadline,
                  int64_t max_moves) {
  httplib::Client client("127.0.0.1", port);
  // One connection for many requests: a hundred players connecting anew
  // for each would overflow the server's short accept queue.
  client.set_keep_alive(true);
  // A request goes out as headers, then body: without this the body waits
  // for the server's delayed ACK of the headers (~40 ms).
  client.set_tcp_nodelay(true);
  client.set_read_timeout(absl::ToChronoSeconds(kEventWait));
  absl::BitGen random;
  const std::string table = absl::StrCat("/api/tables/", lane.id);
  const bool connected = static_cast<bool>(client.Get(table));
  ready.DecrementCount();
  go.WaitForNotification();
  if (!connected) return absl::InternalError("GET " + table + ": no answer");
  int truncations = 0;
  while (lane.moves < max_moves && absl::Now() < deadline) {
    httplib::Result got = client.Get(table);
    // A GET may be sent again, so one dropped in the rush of a hundred
    // players connecting at once is.
    for (int retry = 0; retry < 3 && !got; ++retry) got = client.Get(table);
    if (!got || got->status != 200) return Failed("GET " + table, got);
    const json state = json::parse(got->body, nullptr, false);
    if (state.is_discarded()) return absl::InternalError("GET: not JSON");
    const uint64_t head = state.value("head", uint64_t{0});
    if (absl::Status s = AwaitSeen(lane, head, truncations); !s.ok()) {
      return s;
    }
    const json legal = state.value("legal", json::array());
    if (state.value("over", false) || legal.empty()) {
      httplib::Result fresh = client.Post(
          table + "/new", Dump(json{{"head", head}, {"mode", "two-player"}}),
          "application/json");
      if (!fresh || fresh->status != 200) return Failed("POST new", fresh);
      ++truncations;
      continue;
    }
    const json& move = legal[absl::Uniform<size_t>(random, 0, legal.size())];
    {
      absl::MutexLock lock(&lane.mu);
      lane.want = head + 1;
      lane.sent = absl::Now();
    }
    httplib::Result posted = client.Post(
        table + "/moves", Dump(json{{"move", move}, {"head", head}}),
        "application/json");
    if (!posted || posted->status != 200) return Failed("POST moves", posted);
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

absl::Status Round(const std::string& dir, int tables,
                   const ServeBenchOptions& options, bench::Figures& out) {
  Server::Options server_options;
  server_options.port = 0;
  server_options.data_dir = dir;
  // The server's pool holds a thread per allowed stream: room for every
  // follower and every player's request at once, so none waits in a queue.
  server_options.max_streams = 2 * tables + 8;
  absl::StatusOr<std::unique_ptr<Server>> server =
      Server::Create(server_options);
  if (!server.ok()) return server.status();
  absl::StatusOr<int> port = (*server)->Bind();
  if (!port.ok()) return port.status();
  std::thread serving([&] { (*server)->Serve(); });

  std::vector<std::unique_ptr<Lane>> lanes;
  httplib::Client client("127.0.0.1", *port);
  absl::Status status;
  for (int i = 0; i < tables && status.ok(); ++i) {
    httplib::Result made = client.Post(
        "/api/tables", R"({"mode": "two-player"})", "application/json");
    if (!made || made->status != 201) {
      status = Failed("POST /api/tables", made);
      break;
    }
    auto lane = std::make_unique<Lane>();
    lane->id = json::parse(made->body, nullptr, false).value("id", "");
    lanes.push_back(std::move(lane));
  }

  std::vector<std::thread> followers;
  for (auto& lane : lanes) {
    followers.emplace_back([port = *port, lane = lane.get()] {
      httplib::Client follower("127.0.0.1", port);
      follower.set_tcp_nodelay(true);
      // The stream may be quiet while the other tables are made.
      follower.set_read_timeout(absl::ToChronoSeconds(kEventWait));
      StreamReader reader(lane);
      follower.Get(absl::StrCat("/api/tables/", lane->id, "/events?after=0"),
                   [&](const char* data, size_t size) {
                     reader.Feed(data, size);
                     return true;
                   });
    });
    // One connection at a time: the server's accept queue is short.
    if (status.ok()) status = AwaitSeen(*lane, 1, 0);
  }
  absl::BlockingCounter ready(static_cast<int>(lanes.size()));
  absl::Notification go;
  absl::Time deadline;
  std::vector<std::thread> players;
  for (auto& lane : lanes) {
    players.emplace_back([&, lane = lane.get()] {
      lane->status =
          Play(*port, *lane, ready, go, deadline, options.max_moves_per_table);
    });
  }
  ready.Wait();
  const absl::Time start = absl::Now();
  deadline = start + options.round;
  go.Notify();
  for (std::thread& t : players) t.join();
  const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
  (*server)->Stop();
  for (std::thread& t : followers) t.join();
  serving.join();

  int64_t moves = 0;
  std::vector<double> latencies;
  for (auto& lane : lanes) {
    if (status.ok()) status = lane->status;
    moves += lane->moves;
    absl::MutexLock lock(&lane->mu);
    latencies.insert(latencies.end(), lane->latencies_ms.begin(),
                     lane->latencies_ms.end());
  }
  if (!status.ok()) return status;
  std::sort(latencies.begin(), latencies.end());
  const std::string prefix = absl::StrCat("serve_", tables, "_tables_");
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

absl::StatusOr<bench::Figures> ServeBench(const ServeBenchOptions& options) {
  const char* tmp = getenv("TMPDIR");
  std::string pattern =
      absl::StrCat(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp",
                   "/checkers-serve-bench-XXXXXX");
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::UnavailableError(
        absl::StrCat("cannot make a directory like ", pattern, ": ",
                     std::generic_category().message(errno)));
  }
  bench::Figures figures;
  absl::Status status;
  for (int tables : options.table_counts) {
    const std::string dir = absl::StrCat(pattern, "/", tables);
    status = Round(dir, tables, options, figures);
    if (!status.ok()) {
      status = absl::Status(
          status.code(),
          absl::StrCat("with ", tables, " tables: ", status.message()));
      break;
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(pattern, ignored);
  if (!status.ok()) return status;
  return figures;
}

}  // namespace checkers::web
