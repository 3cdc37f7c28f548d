#include "storage/postgres_listener.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "storage/env.h"
#include "storage/postgres_store.h"
#include "storage/table_store.h"

namespace checkers::storage {
namespace {

constexpr int kFirstRetryMs = 50;
constexpr int kLastRetryMs = 2000;

}  // namespace

std::optional<TableChange> ParseTableChange(absl::string_view payload) {
  const size_t colon = payload.rfind(':');
  if (colon == absl::string_view::npos) return std::nullopt;
  TableChange change{std::string(payload.substr(0, colon)), 0};
  if (!CheckTableId(change.table_id).ok() ||
      !absl::SimpleAtoi(payload.substr(colon + 1), &change.head)) {
    return std::nullopt;
  }
  return change;
}

TableListener::TableListener(std::string uri, Callbacks callbacks,
                             std::unique_ptr<pg::Connection> conn,
                             int wake_read, int wake_write)
    : uri_(std::move(uri)),
      callbacks_(std::move(callbacks)),
      conn_(std::move(conn)),
      wake_read_(wake_read),
      wake_write_(wake_write) {}

absl::StatusOr<std::unique_ptr<pg::Connection>> TableListener::Listen(
    const std::string& uri) {
  absl::StatusOr<std::unique_ptr<pg::Connection>> conn =
      pg::Connection::Open(uri, "checkers-listener");
  if (!conn.ok()) return conn.status();
  // LISTEN takes a name, not a value: the channel is this file's constant.
  if (absl::StatusOr<pg::Result> listening =
          (*conn)->Exec(absl::StrCat("LISTEN ", kTablesChannel));
      !listening.ok()) {
    return listening.status();
  }
  return conn;
}

absl::StatusOr<std::unique_ptr<TableListener>> TableListener::Start(
    const std::string& uri, Callbacks callbacks) {
  absl::StatusOr<std::unique_ptr<pg::Connection>> conn = Listen(uri);
  if (!conn.ok()) return conn.status();
  int wake[2];
  if (pipe2(wake, O_CLOEXEC) != 0) {
    return IoError("make a pipe for", "the table listener", errno);
  }
  auto listener = absl::WrapUnique(new TableListener(
      uri, std::move(callbacks), *std::move(conn), wake[0], wake[1]));
  listener->thread_ = std::thread([l = listener.get()] { l->Run(); });
  return listener;
}

TableListener::~TableListener() {
  close(wake_write_);
  thread_.join();
  close(wake_read_);
}

TableListener::Wake TableListener::Wait(int timeout_ms) {
  // The pipe's read end reports its write end closing (POLLHUP); a socket
  // of -1, while there is no connection, is left out by poll.
  pollfd fds[2] = {{wake_read_, POLLIN, 0},
                   {conn_ != nullptr ? conn_->socket() : -1, POLLIN, 0}};
  int ready;
  while ((ready = poll(fds, 2, timeout_ms)) < 0 && errno == EINTR) {
  }
  if (ready < 0 || fds[0].revents != 0) return Wake::kStop;
  return ready == 0 ? Wake::kTimeout : Wake::kInput;
}

void TableListener::Run() {
  int retry_ms = kFirstRetryMs;
  absl::Time next_sweep = absl::Now() + callbacks_.sweep_every;
  for (;;) {
    if (const absl::Time now = absl::Now();
        conn_ != nullptr && now >= next_sweep) {
      next_sweep = now + callbacks_.sweep_every;
      if (callbacks_.on_sweep) callbacks_.on_sweep();
    }
    if (conn_ == nullptr) {
      // No sweep while there is no connection: the resume reads every
      // table once it is back.
      if (Wait(retry_ms) == Wake::kStop) return;
      absl::StatusOr<std::unique_ptr<pg::Connection>> conn = Listen(uri_);
      if (!conn.ok()) {
        retry_ms = std::min(retry_ms * 2, kLastRetryMs);
        continue;
      }
      conn_ = *std::move(conn);
      retry_ms = kFirstRetryMs;
      if (callbacks_.on_resume) callbacks_.on_resume();
      continue;
    }
    const Wake wake = Wait(static_cast<int>(std::max<int64_t>(
        0, absl::ToInt64Milliseconds(next_sweep - absl::Now()) + 1)));
    if (wake == Wake::kStop) return;
    if (wake == Wake::kTimeout) continue;
    // Everything that arrived, until the connection has nothing more or
    // is found lost.
    for (;;) {
      absl::StatusOr<std::optional<pg::Notification>> n =
          conn_->NextNotification();
      if (!n.ok()) {
        conn_.reset();
        break;
      }
      if (!n->has_value()) break;
      std::optional<TableChange> change = ParseTableChange((*n)->payload);
      if (change.has_value() && callbacks_.on_change) {
        callbacks_.on_change(*change);
      }
    }
  }
}

}  // namespace checkers::storage
