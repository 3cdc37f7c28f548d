#include "web/http/request.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace checkers::http {
namespace {

using Kind = RequestParse::Kind;

constexpr absl::string_view kCrlf = "\r\n";
// A method longer than any this server routes is refused before its end.
constexpr size_t kMaxMethod = 16;

RequestParse Refuse(int status, absl::string_view reason) {
  RequestParse p;
  p.kind = Kind::kRefused;
  p.status = status;
  p.reason = std::string(reason);
  return p;
}

RequestParse Incomplete() { return RequestParse(); }

// RFC 9110's tchar: what a method or a header name is made of.
bool IsTokenChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) ||
         absl::string_view("!#$%&'*+-.^_`|~").find(c) !=
             absl::string_view::npos;
}

// A target's characters: visible ASCII but '#'.
bool IsTargetChar(char c) { return c > 0x20 && c < 0x7f && c != '#'; }

// A header value's characters: visible ASCII, space, tab and bytes of
// 0x80 and above (obs-text); no other control character.
bool IsValueChar(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7f);
}

// A CR or an LF inside a line is a line end one reader sees and another
// does not (request smuggling): refused wherever it stands.
bool HasBareLineEnd(absl::string_view line) {
  return line.find_first_of("\r\n") != absl::string_view::npos;
}

// Checks the request line (without its CRLF), or as much of it as has
// arrived (`whole` false), filling `request` from a whole one. Empty on
// success.
std::optional<RequestParse> CheckRequestLine(absl::string_view line, bool whole,
                                             const Limits& limits,
                                             Request& request) {
  const size_t sp1 = line.find(' ');
  const absl::string_view method = line.substr(0, sp1);
  if (!std::all_of(method.begin(), method.end(), IsTokenChar) ||
      method.size() > kMaxMethod || (sp1 == 0)) {
    return Refuse(400, "the request line must be METHOD TARGET HTTP/1.1");
  }
  if (sp1 == absl::string_view::npos) {
    if (whole) {
      return Refuse(400, "the request line must be METHOD TARGET HTTP/1.1");
    }
    return std::nullopt;
  }
  const absl::string_view rest = line.substr(sp1 + 1);
  const size_t sp2 = rest.find(' ');
  const absl::string_view target = rest.substr(0, sp2);
  if (target.size() > limits.max_target) {
    return Refuse(414, absl::StrCat("request targets are limited to ",
                                    limits.max_target, " bytes"));
  }
  if (!std::all_of(target.begin(), target.end(), IsTargetChar) ||
      (!target.empty() && target[0] != '/') || sp2 == 0) {
    return Refuse(400, "the request target must be a path starting with /");
  }
  if (sp2 == absl::string_view::npos) {
    if (whole) {
      return Refuse(400, "the request line must be METHOD TARGET HTTP/1.1");
    }
    return std::nullopt;
  }
  const absl::string_view version = rest.substr(sp2 + 1);
  const absl::string_view expected = "HTTP/1.1";
  if (!whole) {
    if (version.size() > expected.size() ||
        !(absl::StartsWith("HTTP/1.1", version) ||
          absl::StartsWith("HTTP/1.0", version))) {
      return Refuse(400, "only HTTP/1.1 and HTTP/1.0 are spoken here");
    }
    return std::nullopt;
  }
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return Refuse(400, "only HTTP/1.1 and HTTP/1.0 are spoken here");
  }
  request.method = std::string(method);
  request.target = std::string(target);
  const size_t question = target.find('?');
  request.path = std::string(target.substr(0, question));
  if (question != absl::string_view::npos) {
    request.query = std::string(target.substr(question + 1));
  }
  request.minor_version = version.back() - '0';
  return std::nullopt;
}

// Checks one header line (without its CRLF), or the part of one that has
// arrived (`whole` false), adding a whole one to `request`. Empty on
// success.
std::optional<RequestParse> CheckHeaderLine(absl::string_view line, bool whole,
                                            Request& request) {
  const size_t colon = line.find(':');
  const absl::string_view name = line.substr(0, colon);
  // A line starting with whitespace continues the last (obs-fold), and
  // whitespace before the colon hides a name: both are refused.
  if (!std::all_of(name.begin(), name.end(), IsTokenChar) || colon == 0 ||
      (whole && colon == absl::string_view::npos)) {
    return Refuse(400, "a header line must be NAME: VALUE");
  }
  if (colon == absl::string_view::npos) return std::nullopt;
  absl::string_view value = line.substr(colon + 1);
  if (!std::all_of(value.begin(), value.end(), IsValueChar)) {
    return Refuse(400, "a header value holds a control character");
  }
  if (whole) {
    value = absl::StripTrailingAsciiWhitespace(
        absl::StripLeadingAsciiWhitespace(value));
    request.headers.emplace_back(absl::AsciiStrToLower(name),
                                 std::string(value));
  }
  return std::nullopt;
}

// The value of a Content-Length, saturating just past `max`; nullopt when
// it is not digits.
std::optional<size_t> ContentLength(absl::string_view value, size_t max) {
  if (value.empty()) return std::nullopt;
  size_t n = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    n = std::min<size_t>(n * 10 + static_cast<size_t>(c - '0'), max + 1);
  }
  return n;
}

// The rules over the whole head: what the header lines say together.
// Fills `length` and the request's keep_alive. Empty when they hold.
std::optional<RequestParse> CheckHead(Request& request, const Limits& limits,
                                      size_t& length, bool& expects_continue) {
  const size_t most = limits.BodyLimit(request.method, request.path);
  int hosts = 0, lengths = 0, origins = 0;
  bool transfer_encoding = false;
  bool close = false, keep_alive = false;
  length = 0;
  for (const auto& [name, value] : request.headers) {
    if (name == "host") {
      ++hosts;
    } else if (name == "origin") {
      ++origins;
    } else if (name == "transfer-encoding") {
      transfer_encoding = true;
    } else if (name == "content-length") {
      ++lengths;
      const std::optional<size_t> n = ContentLength(value, most);
      if (!n.has_value()) {
        return Refuse(400, "Content-Length must be a number of bytes");
      }
      length = *n;
    } else if (name == "connection") {
      for (absl::string_view option : absl::StrSplit(value, ',')) {
        option = absl::StripAsciiWhitespace(option);
        close |= absl::EqualsIgnoreCase(option, "close");
        keep_alive |= absl::EqualsIgnoreCase(option, "keep-alive");
      }
    } else if (name == "expect") {
      if (!absl::EqualsIgnoreCase(value, "100-continue")) {
        return Refuse(417, "the only expectation met is 100-continue");
      }
      expects_continue = true;
    }
  }
  if (hosts != 1) return Refuse(400, "a request needs exactly one Host");
  if (origins > 1) return Refuse(400, "a request may carry one Origin");
  if (lengths > 1) return Refuse(400, "a request may carry one Content-Length");
  if (transfer_encoding) {
    if (lengths > 0) {
      return Refuse(400,
                    "a request with a Content-Length may not carry a "
                    "Transfer-Encoding");
    }
    return Refuse(411, "send the body with a Content-Length, not chunked");
  }
  if (length > most) {
    return Refuse(413,
                  absl::StrCat("request bodies are limited to ", most, " bytes"));
  }
  request.keep_alive = !close && (request.minor_version == 1 || keep_alive);
  return std::nullopt;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `s` with %XX decoded and '+' read as a space; nullopt for a bad escape.
std::optional<std::string> Decode(absl::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] != '%') {
      out += s[i];
    } else {
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = HexDigit(s[i + 1]), lo = HexDigit(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    }
  }
  return out;
}

}  // namespace

std::optional<absl::string_view> Request::Header(absl::string_view name) const {
  for (const auto& [n, value] : headers) {
    if (n == name) return value;
  }
  return std::nullopt;
}

std::optional<std::string> Request::Param(absl::string_view name) const {
  for (absl::string_view pair : absl::StrSplit(query, '&')) {
    const size_t eq = pair.find('=');
    const std::optional<std::string> key = Decode(pair.substr(0, eq));
    if (!key.has_value() || *key != name) continue;
    return Decode(eq == absl::string_view::npos ? "" : pair.substr(eq + 1));
  }
  return std::nullopt;
}

RequestParse ParseRequest(absl::string_view bytes, const Limits& limits) {
  // RFC 9112 asks a server to ignore an empty line before a request,
  // which some clients send after a body; one, not any number.
  size_t pos = absl::StartsWith(bytes, kCrlf) ? 2 : 0;
  const size_t start = pos;
  Request request;
  // The request line, then a header line per CRLF, until an empty line.
  bool first = true;
  while (true) {
    const size_t end = bytes.find(kCrlf, pos);
    const bool whole = end != absl::string_view::npos;
    absl::string_view line =
        bytes.substr(pos, whole ? end - pos : absl::string_view::npos);
    // A CR at the end of what has arrived may be the start of a CRLF.
    if (!whole) absl::ConsumeSuffix(&line, "\r");
    if (HasBareLineEnd(line)) return Refuse(400, "lines must end in CRLF");
    const size_t head_so_far = (whole ? end + 2 : bytes.size()) - start;
    if (head_so_far > limits.max_head) {
      if (first) {
        return Refuse(414, absl::StrCat("request lines are limited to ",
                                        limits.max_head, " bytes"));
      }
      return Refuse(431, absl::StrCat("request headers are limited to ",
                                      limits.max_head, " bytes"));
    }
    if (whole && line.empty() && !first) {
      pos = end + 2;
      break;
    }
    std::optional<RequestParse> refused =
        first ? CheckRequestLine(line, whole, limits, request)
              : CheckHeaderLine(line, whole, request);
    if (refused.has_value()) return *std::move(refused);
    if (request.headers.size() > limits.max_headers) {
      return Refuse(431, absl::StrCat("requests are limited to ",
                                      limits.max_headers, " headers"));
    }
    if (!whole) return Incomplete();
    first = false;
    pos = end + 2;
  }
  size_t length = 0;
  bool expects_continue = false;
  if (std::optional<RequestParse> refused =
          CheckHead(request, limits, length, expects_continue)) {
    return *std::move(refused);
  }
  if (bytes.size() - pos < length) {
    RequestParse p = Incomplete();
    p.expects_continue = expects_continue;
    return p;
  }
  request.body = std::string(bytes.substr(pos, length));
  RequestParse p;
  p.kind = Kind::kComplete;
  p.consumed = pos + length;
  p.request = std::move(request);
  return p;
}

}  // namespace checkers::http
