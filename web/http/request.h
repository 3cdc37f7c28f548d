// An HTTP/1.1 request and its parser: a pure function of the bytes a
// connection has received, so that the framing rules (web/API.md,
// "Framing") are tested and fuzzed without a socket.
//
// The parser is strict where leniency lets two readers see two different
// requests in the same bytes: one Content-Length of digits only, no
// Transfer-Encoding, CRLF line ends, no folded or nameless header lines,
// one Host. Whatever it refuses, it refuses as soon as the bytes that
// break a rule have arrived, with the status to answer and a line saying
// why, and the connection is closed after that answer.

#ifndef CHECKERS_WEB_HTTP_REQUEST_H_
#define CHECKERS_WEB_HTTP_REQUEST_H_

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::http {

// Bounds on one request. A request past one is refused (RequestParse).
struct Limits {
  // The request line: 414 past it.
  size_t max_target = 2048;
  // The request line and the header lines with their CRLFs: 431 past it.
  size_t max_head = 8192;
  // Header lines: 431 past it.
  size_t max_headers = 64;
  // The body's declared Content-Length: 413 past it, before any of the
  // body is read.
  size_t max_body = 4096;
  // The one exception: a POST to exactly `upload_path` (a file a page
  // sends) may carry up to `max_upload` bytes. None when empty.
  std::string upload_path;
  size_t max_upload = 0;

  // The bound on the body of a `method` request to `path`.
  size_t BodyLimit(absl::string_view method, absl::string_view path) const {
    return !upload_path.empty() && method == "POST" && path == upload_path
               ? max_upload
               : max_body;
  }
  // The largest body any request may carry.
  size_t MostBody() const {
    return upload_path.empty() || max_upload < max_body ? max_body
                                                        : max_upload;
  }
};

struct Request {
  std::string method;
  // The request target as sent (origin form: it starts with '/').
  std::string target;
  // The target up to its '?', and what follows it (without the '?').
  std::string path;
  std::string query;
  // HTTP/1.0 or HTTP/1.1.
  int minor_version = 1;
  // In the order received; names lower-cased, values without the
  // whitespace around them.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // Whether the connection may carry another request after this one's
  // answer (HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with
  // `Connection: keep-alive`).
  bool keep_alive = true;

  // The value of the first header named `name` (lower case), or nullopt.
  std::optional<absl::string_view> Header(absl::string_view name) const;
  // The value of the first query parameter `name`, percent-decoded ('+'
  // is a space); nullopt when absent or not validly encoded.
  std::optional<std::string> Param(absl::string_view name) const;
};

// What the bytes received so far make.
struct RequestParse {
  enum class Kind {
    // More bytes are needed; nothing seen so far breaks a rule.
    kIncomplete,
    // `request` is whole: the first `consumed` bytes were it.
    kComplete,
    // The bytes break a rule: answer `status` with `reason`, then close.
    kRefused,
  };
  Kind kind = Kind::kIncomplete;
  size_t consumed = 0;
  Request request;
  int status = 0;
  std::string reason;
  // kIncomplete only: the head is whole and valid, the body has not all
  // arrived, and the client waits for `100 Continue` before sending it.
  bool expects_continue = false;
};

// Parses the request at the start of `bytes` (empty lines before a
// request line are skipped, as RFC 9112 allows). Refusals: 400 for
// malformed syntax, a missing or repeated Host, a Content-Length that is
// not digits or is repeated, a Transfer-Encoding beside a Content-Length,
// a repeated Origin, or an HTTP version other than 1.0 and 1.1; 411 for a
// Transfer-Encoding (bodies need a Content-Length); 413 for a
// Content-Length over `limits.BodyLimit` of its method and path; 414 and 431 past the other
// limits; 417 for an Expect other than 100-continue. Never 5xx.
RequestParse ParseRequest(absl::string_view bytes, const Limits& limits);

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_REQUEST_H_
