// One connection of the HTTP server (server.h): what the event loop, the
// worker answering its request and the threads sending on its event
// stream share, under its lock. Internal to the server.

#ifndef CHECKERS_WEB_HTTP_CONNECTION_H_
#define CHECKERS_WEB_HTTP_CONNECTION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace checkers::http {

class Stream;

enum class State {
  // Waiting for a request, or reading one (request_started).
  kReading,
  // A handler has the request; nothing is read until it has answered.
  kHandling,
  // An event stream: written to whenever its Stream sends; read only to
  // see the client leave.
  kStreaming,
  // The last answer is being written; then the connection closes.
  kClosing,
};

struct Connection {
  Connection(uint64_t id, int fd, std::string address)
      : id(id), address(std::move(address)), fd(fd) {}

  const uint64_t id;
  const std::string address;
  absl::Mutex mu;
  // -1 once closed (by the loop only, under mu, so no write races it).
  int fd ABSL_GUARDED_BY(mu);
  State state ABSL_GUARDED_BY(mu) = State::kReading;
  // Received and not yet parsed; bytes still to write.
  std::string in ABSL_GUARDED_BY(mu);
  std::string out ABSL_GUARDED_BY(mu);
  // Requests answered, and whether bytes of the next one have arrived.
  int served ABSL_GUARDED_BY(mu) = 0;
  bool request_started ABSL_GUARDED_BY(mu) = false;
  bool continue_sent ABSL_GUARDED_BY(mu) = false;
  // The client has shut down its sending side.
  bool peer_closed ABSL_GUARDED_BY(mu) = false;
  // Reading: when the request under way (or the idle wait) runs out.
  absl::Time deadline ABSL_GUARDED_BY(mu);
  // When bytes were last given to write, and when `out` last shrank.
  absl::Time last_write ABSL_GUARDED_BY(mu);
  absl::Time last_progress ABSL_GUARDED_BY(mu);
  // The events registered with epoll for it.
  uint32_t interest ABSL_GUARDED_BY(mu) = 0;
  std::shared_ptr<Stream> stream ABSL_GUARDED_BY(mu);
};

// Registers with `epoll_fd` the events `c`'s state waits for: input while
// reading or streaming, room to write while `out` holds bytes.
void UpdateInterest(int epoll_fd, Connection& c)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(c.mu);

// Writes what it can of `c.out` without waiting. False when the
// connection is broken.
bool Flush(Connection& c, absl::Time now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(c.mu);

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_CONNECTION_H_
