// The event streams of checkers serve (web/API.md, "Event stream"): one
// table's, and several tables' on one connection.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "web/event_streams.h"
#include "web/responses.h"
#include "web/seat_cookie.h"
#include "web/server.h"

namespace checkers::web {
namespace {

// Tables one stream of several tables may follow.
constexpr size_t kMaxFollowed = 64;

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

}  // namespace

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
  const std::string key = ViewerKey(CookieOf(request), t.id());
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
  const std::string cookies = CookieOf(request);
  for (size_t i = 0; i < tables.size(); ++i) {
    tables[i]->Follow(sink, positions[i].second,
                      ViewerKey(cookies, positions[i].first));
  }
  return StreamAnswer(std::move(stream));
}

}  // namespace checkers::web
