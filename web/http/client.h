// A small blocking HTTP/1.1 client for the server's tests and the serve
// benchmark. It speaks what server.h answers: bodies with a
// Content-Length, and event streams read until either end closes them.
// Not thread-safe: one thread per client.

#ifndef CHECKERS_WEB_HTTP_CLIENT_H_
#define CHECKERS_WEB_HTTP_CLIENT_H_

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace checkers::http {

// A header line to send or received: name and value.
using Headers = std::vector<std::pair<std::string, std::string>>;

struct Reply {
  int status = 0;
  // Names lower-cased.
  Headers headers;
  std::string body;

  // The first header named `name` (lower case), or "".
  std::string Header(absl::string_view name) const;
};

class Client {
 public:
  // Talks to host:port (an IPv4 address), sending `Host: host:port`.
  Client(std::string host, int port);
  ~Client();

  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Waiting longer than this for the server is an error (DeadlineExceeded).
  void set_timeout(absl::Duration timeout) { timeout_ = timeout; }
  // Sent with every request after the request's own headers.
  void set_default_headers(Headers headers) { defaults_ = std::move(headers); }

  // One request on the client's connection (opened, or opened again when
  // the server has closed it). Unavailable when the server cannot be
  // reached or the answer breaks off; DeadlineExceeded after the timeout.
  absl::StatusOr<Reply> Get(absl::string_view target,
                            const Headers& headers = {});
  absl::StatusOr<Reply> Post(absl::string_view target, absl::string_view body,
                             const Headers& headers = {});
  absl::StatusOr<Reply> Send(absl::string_view method, absl::string_view target,
                             const Headers& headers, absl::string_view body);

  // GETs `target` as an event stream on a connection of its own: the
  // answer's head is returned once the stream ends, and `on_data` is
  // called with the body's bytes as they arrive until it returns false,
  // the server closes the stream or the timeout passes with nothing new
  // (then DeadlineExceeded). A non-stream answer is returned whole.
  absl::StatusOr<Reply> Stream(
      absl::string_view target, const Headers& headers,
      const std::function<bool(absl::string_view)>& on_data);

 private:
  absl::Status Connect(int& fd);
  absl::StatusOr<Reply> Exchange(
      int fd, absl::string_view request,
      const std::function<bool(absl::string_view)>* on_data);
  std::string RequestText(absl::string_view method, absl::string_view target,
                          const Headers& headers,
                          std::optional<absl::string_view> body) const;

  const std::string host_;
  const int port_;
  absl::Duration timeout_ = absl::Seconds(30);
  Headers defaults_;
  int fd_ = -1;
};

// Connects to 127.0.0.1:`port`, sends `bytes` as they are and returns all
// that comes back until the server closes the connection or `timeout`
// passes with nothing new: for tests of what a well-behaved client
// never sends.
absl::StatusOr<std::string> RawExchange(int port, absl::string_view bytes,
                                        absl::Duration timeout);

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_CLIENT_H_
