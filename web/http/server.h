// An HTTP/1.1 server: one thread owns every connection through epoll,
// reading and parsing requests (request.h) and writing what could not be
// written at once; each whole request's handler runs on a small pool of
// workers (workers.h), since a handler may block. An event stream is a
// connection that stays open after its answer's head: whatever thread
// has news sends it on the Stream, and nothing waits on the connection
// in between, so open streams cost no thread.
//
// What bounds a client (web/API.md, "Limits"): a request's head and body
// must arrive within `request_timeout` of its first byte (for a new
// connection, of its opening), else 408 and the connection closes; an
// idle connection closes after `idle_timeout`; one client address holds
// at most `max_connections_per_address` connections, a further one
// displacing that address's oldest connection that is reading a request
// or idle (or refused with 503 when all are busy); a connection that does
// not take what is written to it for `write_timeout`, or lets a stream's
// unsent bytes pass `max_unsent`, is closed.

#ifndef CHECKERS_WEB_HTTP_SERVER_H_
#define CHECKERS_WEB_HTTP_SERVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "web/http/request.h"
#include "web/http/response.h"

namespace checkers::http {

class Server;
struct Connection;
class Workers;

// An event stream's sending end. Thread-safe; the handler that answers
// with it (Response::stream) may send on it before returning, and what it
// sends goes out after the answer's head.
class Stream {
 public:
  struct Options {
    // When nothing has been sent for this long, `idle_text` is, so that
    // the client sees the stream alive and a client that has gone is
    // noticed by the failed write.
    absl::Duration idle_after = absl::Seconds(15);
    std::string idle_text;
    // Called once when the stream closes, by whichever thread closes it;
    // must not block or call back into the stream.
    std::function<void()> on_close;
  };

  explicit Stream(Options options);
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  // Queues `bytes` after all sent before. False once the stream has
  // closed (the client left, Close, the server stopped or the client took
  // too little of what was sent): nothing is sent then.
  bool Send(absl::string_view bytes);
  // Whether the stream is open: false once it has closed.
  bool open() const;
  // Ends the stream and closes its connection.
  void Close();

 private:
  friend class Server;

  // Marks the stream closed, forgets its connection and calls on_close
  // (once).
  void Closed();

  const Options options_;
  mutable absl::Mutex mu_;
  bool closed_ ABSL_GUARDED_BY(mu_) = false;
  // Sent before the stream was attached to its connection.
  std::string pending_ ABSL_GUARDED_BY(mu_);
  Server* server_ ABSL_GUARDED_BY(mu_) = nullptr;
  std::shared_ptr<Connection> connection_ ABSL_GUARDED_BY(mu_);
};

class Server {
 public:
  struct Options {
    // Where to listen: a name or address, and a port (0 picks a free one).
    std::string host = "127.0.0.1";
    int port = 0;
    Limits limits;
    absl::Duration request_timeout = absl::Seconds(10);
    absl::Duration idle_timeout = absl::Seconds(60);
    absl::Duration write_timeout = absl::Seconds(30);
    size_t max_unsent = 1 << 20;
    int max_connections_per_address = 64;
    int max_connections = 10000;
    // Threads running handlers: how many may block at once.
    int workers = 16;
    // Answers a request (on a worker thread).
    std::function<Response(const Request&)> handler;
    // The answer to a request refused before any handler saw it (the
    // parser's refusals, 408, 503 for too many connections): `status`
    // and a line saying why. Runs on the event loop: must not block.
    std::function<Response(int status, absl::string_view reason)> refusal;
  };

  explicit Server(Options options);
  // Stops (Stop) and waits for Serve to return.
  ~Server();

  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens; returns the port. Unavailable naming the address
  // when it cannot (in use, no such name).
  absl::StatusOr<int> Bind();
  // Serves until Stop: returns once every connection has closed, the
  // answers of handlers under way written (within write_timeout).
  void Serve();
  // From any thread: stops accepting, closes idle connections and event
  // streams, and lets handlers under way answer, with Connection: close.
  void Stop();

  int port() const { return port_; }

 private:
  friend class Stream;
  enum class Post { kResume, kClose };

  // Event-loop side.
  void Accept();
  void Admit(int fd, const std::string& address);
  void OnEvent(uint64_t id, uint32_t events);
  void ReadAndParse(const std::shared_ptr<Connection>& c);
  void Sweep(absl::Time now);
  void CloseConnection(uint64_t id);
  void DrainPosts();
  // Any thread.
  void PostToLoop(uint64_t id, Post what);
  void Answer(const std::shared_ptr<Connection>& c, Response response,
              bool keep_alive);
  bool Write(Connection& c, absl::string_view bytes);

  Options options_;
  int port_ = 0;
  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::unique_ptr<Workers> workers_;

  // The loop's own: every open connection by id, and by client address
  // (ids in order of opening).
  std::map<uint64_t, std::shared_ptr<Connection>> connections_;
  std::map<std::string, std::set<uint64_t>> by_address_;
  // Past the ids of the listening socket and the wake-up descriptor.
  uint64_t next_id_ = 2;

  absl::Mutex posts_mu_;
  std::vector<std::pair<uint64_t, Post>> posts_ ABSL_GUARDED_BY(posts_mu_);
  absl::Mutex serving_mu_;
  bool serving_ ABSL_GUARDED_BY(serving_mu_) = false;
};

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_SERVER_H_
