// The event streams of web/API.md as text/event-stream over an
// http::Stream: one table's (GET /api/tables/ID/events), and several
// tables' on one connection (GET /api/events), so that a browser's many
// tabs need not hold a connection each.

#ifndef CHECKERS_WEB_EVENT_STREAMS_H_
#define CHECKERS_WEB_EVENT_STREAMS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "web/http/server.h"
#include "web/table.h"

namespace checkers::web {

// A table's own stream: each message as `id: SEQ` (when it has one),
// `event: KIND`, `data: JSON` and a blank line.
class TableStream final : public StreamSink {
 public:
  explicit TableStream(std::shared_ptr<http::Stream> stream)
      : stream_(std::move(stream)) {}

  bool Send(absl::string_view table_id, const StreamMessage& message) override;
  bool open() const override { return stream_->open(); }
  void Close() override { stream_->Close(); }

 private:
  const std::shared_ptr<http::Stream> stream_;
};

// Several tables' stream. A message's data is its table's, with `table`
// (the table's id) first; a record's or a truncation's id is where the
// stream stands in every table it follows after it, `ID:SEQ,ID:SEQ` in the
// order the tables were asked for, which a reconnecting EventSource gives
// back as Last-Event-ID.
class TablesStream final : public StreamSink {
 public:
  // Follows the tables of `positions`, each at the seq given.
  TablesStream(std::shared_ptr<http::Stream> stream,
               std::vector<std::pair<std::string, uint64_t>> positions);

  bool Send(absl::string_view table_id, const StreamMessage& message) override;
  bool open() const override { return stream_->open(); }
  void Close() override { stream_->Close(); }

 private:
  const std::shared_ptr<http::Stream> stream_;
  absl::Mutex mu_;
  std::vector<std::pair<std::string, uint64_t>> positions_ ABSL_GUARDED_BY(mu_);
};

// `ID:SEQ,ID:SEQ` (a TablesStream's id) as pairs; nullopt when it is not
// of that form.
std::optional<std::vector<std::pair<std::string, uint64_t>>> ParsePositions(
    absl::string_view text);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_EVENT_STREAMS_H_
