// Following, from one process, the changes other processes make to the
// tables of a PostgreSQL store: a connection of its own that LISTENs on
// kTablesChannel (postgres_store.h) and hands each notification to a
// callback on a thread of its own.
//
// A notification only says where to look, "table ID is now at HEAD": the
// follower then reads the table (EventLog::CatchUp), so a notification
// lost costs latency, never an event. Notifications are lost while the
// connection is down; the listener connects again (waiting 50 ms, then
// twice as long each time, up to 2 s) and then calls on_resume, upon
// which a follower catches up on every table it holds.

#ifndef CHECKERS_STORAGE_POSTGRES_LISTENER_H_
#define CHECKERS_STORAGE_POSTGRES_LISTENER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "storage/postgres_connection.h"

namespace checkers::storage {

// One change of a table, as notified.
struct TableChange {
  std::string table_id;
  // The table's last seq after the change: higher after a commit, lower
  // after an undo, the new game's length after a new game, 0 when the
  // table was made or removed.
  uint64_t head = 0;
};

// The change a notification's payload "ID:HEAD" names; nullopt for any
// other payload (the channel is not this program's alone).
std::optional<TableChange> ParseTableChange(absl::string_view payload);

class TableListener {
 public:
  struct Callbacks {
    // Every change notified, in the order the changes committed, this
    // process's own included. Called on the listener's thread, one at a
    // time; notifications wait while it runs, so it hands work on rather
    // than doing it.
    std::function<void(const TableChange&)> on_change;
    // After the connection was lost and made again: changes in between
    // were not notified.
    std::function<void()> on_resume;
    // Every `sweep_every` while the listener runs: a change committed by
    // a server killed before it notified was never notified, so a
    // follower reads every table it holds now and then.
    std::function<void()> on_sweep;
    absl::Duration sweep_every = absl::Seconds(10);
  };

  // Connects to `uri` and LISTENs before returning, so that every change
  // committed after this returns is notified. Errors as
  // pg::Connection::Open.
  static absl::StatusOr<std::unique_ptr<TableListener>> Start(
      const std::string& uri, Callbacks callbacks);

  // Stops the thread (a callback under way finishes first) and closes the
  // connection.
  ~TableListener();
  TableListener(const TableListener&) = delete;
  TableListener& operator=(const TableListener&) = delete;

 private:
  TableListener(std::string uri, Callbacks callbacks,
                std::unique_ptr<pg::Connection> conn, int wake_read,
                int wake_write);

  // A connection that LISTENs, or the error of making one.
  static absl::StatusOr<std::unique_ptr<pg::Connection>> Listen(
      const std::string& uri);
  void Run();
  enum class Wake { kStop, kInput, kTimeout };
  // Waits until the listener is stopped, the connection (if any) has
  // input, or `timeout_ms` (-1: no limit) has passed.
  Wake Wait(int timeout_ms);

  const std::string uri_;
  const Callbacks callbacks_;
  // Used by the thread alone once it runs.
  std::unique_ptr<pg::Connection> conn_;
  // A pipe whose write end the destructor closes to wake the thread.
  const int wake_read_;
  const int wake_write_;
  std::thread thread_;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_POSTGRES_LISTENER_H_
