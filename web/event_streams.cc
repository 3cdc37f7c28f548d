#include "web/event_streams.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace checkers::web {
namespace {

// One message of text/event-stream.
std::string EventText(absl::string_view id, absl::string_view event,
                      absl::string_view data) {
  return absl::StrCat(id.empty() ? "" : absl::StrCat("id: ", id, "\n"),
                      "event: ", event, "\ndata: ", data, "\n\n");
}

}  // namespace

bool TableStream::Send(absl::string_view, const StreamMessage& message) {
  return stream_->Send(
      EventText(message.id.has_value() ? absl::StrCat(*message.id) : "",
                message.event, message.data));
}

TablesStream::TablesStream(
    std::shared_ptr<http::Stream> stream,
    std::vector<std::pair<std::string, uint64_t>> positions)
    : stream_(std::move(stream)), positions_(std::move(positions)) {}

bool TablesStream::Send(absl::string_view table_id,
                        const StreamMessage& message) {
  absl::MutexLock lock(&mu_);
  std::string id;
  if (message.id.has_value()) {
    for (auto& [table, seq] : positions_) {
      if (table == table_id) seq = *message.id;
    }
    id = absl::StrJoin(positions_, ",", absl::PairFormatter(":"));
  }
  // The table's data is a JSON object: the table goes in as its first
  // field. Table ids are hex digits or `local`, nothing to escape.
  absl::string_view rest = message.data;
  rest.remove_prefix(1);
  const std::string data = absl::StrCat("{\"table\":\"", table_id, "\"",
                                        rest == "}" ? "" : ",", rest);
  return stream_->Send(EventText(id, message.event, data));
}

std::optional<std::vector<std::pair<std::string, uint64_t>>> ParsePositions(
    absl::string_view text) {
  std::vector<std::pair<std::string, uint64_t>> positions;
  if (text.empty()) return positions;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    const size_t colon = item.find(':');
    uint64_t seq;
    if (colon == absl::string_view::npos || colon == 0 ||
        !absl::SimpleAtoi(item.substr(colon + 1), &seq)) {
      return std::nullopt;
    }
    positions.emplace_back(std::string(item.substr(0, colon)), seq);
  }
  return positions;
}

}  // namespace checkers::web
