// An HTTP/1.1 answer and its bytes on the wire.

#ifndef CHECKERS_WEB_HTTP_RESPONSE_H_
#define CHECKERS_WEB_HTTP_RESPONSE_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::http {

class Stream;

struct Response {
  int status = 200;
  // Sent in this order, after the status line; Content-Length and
  // Connection are the server's to write.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // Set for an event stream: the head goes out without a length, then the
  // connection carries what is sent on the stream until either end closes
  // it (server.h). `body` is then not sent.
  std::shared_ptr<Stream> stream;

  Response() = default;
  Response(int status, std::string content_type, std::string body);

  // Adds a header line (no check that it was not there already).
  void Add(absl::string_view name, absl::string_view value);
};

// RFC 9110's reason phrase of `status` ("Not Found"), or "Unknown".
absl::string_view StatusText(int status);

// The status line and header lines of `response`, with `Content-Length`
// (but for a stream) and `Connection: keep-alive` or `close`, and the
// blank line; then the body.
std::string Serialize(const Response& response, bool keep_alive);

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_RESPONSE_H_
