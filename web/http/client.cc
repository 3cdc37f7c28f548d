#include "web/http/client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace checkers::http {
namespace {

absl::Status Errno(absl::string_view what) {
  return absl::UnavailableError(absl::StrCat(what, ": ", std::strerror(errno)));
}

absl::StatusOr<int> ConnectTo(const std::string& host, int port) {
  sockaddr_in address = {};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  if (inet_pton(AF_INET, host.c_str(), &address.sin_addr) != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(host, " is not an IPv4 address"));
  }
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return Errno("socket");
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) !=
      0) {
    const absl::Status status = Errno(absl::StrCat("connect to port ", port));
    ::close(fd);
    return status;
  }
  const int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
  return fd;
}

absl::Status SendAll(int fd, absl::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno("send");
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

// Reads what has arrived into `into`, waiting up to `timeout` for it:
// the bytes read, 0 at the end of the stream.
absl::StatusOr<size_t> ReadSome(int fd, std::string& into,
                                absl::Duration timeout) {
  char buffer[16384];
  // What has arrived is taken without a poll first.
  ssize_t n = ::recv(fd, buffer, sizeof(buffer), MSG_DONTWAIT);
  while (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
    pollfd p = {fd, POLLIN, 0};
    const int ready =
        ::poll(&p, 1, static_cast<int>(absl::ToInt64Milliseconds(timeout)));
    if (ready == 0) {
      return absl::DeadlineExceededError(absl::StrCat(
          "nothing from the server in ", absl::FormatDuration(timeout)));
    }
    n = ::recv(fd, buffer, sizeof(buffer), MSG_DONTWAIT);
  }
  if (n < 0) return Errno("recv");
  into.append(buffer, static_cast<size_t>(n));
  return static_cast<size_t>(n);
}

}  // namespace

std::string Reply::Header(absl::string_view name) const {
  for (const auto& [n, value] : headers) {
    if (n == name) return value;
  }
  return "";
}

Client::Client(std::string host, int port)
    : host_(std::move(host)), port_(port) {}

Client::~Client() {
  if (fd_ >= 0) ::close(fd_);
}

absl::Status Client::Connect(int& fd) {
  absl::StatusOr<int> connected = ConnectTo(host_, port_);
  if (!connected.ok()) return connected.status();
  fd = *connected;
  return absl::OkStatus();
}

std::string Client::RequestText(absl::string_view method,
                                absl::string_view target,
                                const Headers& headers,
                                std::optional<absl::string_view> body) const {
  std::string text = absl::StrCat(
      method, " ", target, " HTTP/1.1\r\nHost: ", host_, ":", port_, "\r\n");
  for (const Headers* list : {&headers, &defaults_}) {
    for (const auto& [name, value] : *list) {
      absl::StrAppend(&text, name, ": ", value, "\r\n");
    }
  }
  if (body.has_value()) {
    absl::StrAppend(&text, "Content-Type: application/json\r\nContent-Length: ",
                    body->size(), "\r\n\r\n", *body);
  } else {
    text += "\r\n";
  }
  return text;
}

absl::StatusOr<Reply> Client::Get(absl::string_view target,
                                  const Headers& headers) {
  return Send("GET", target, headers, "");
}

absl::StatusOr<Reply> Client::Post(absl::string_view target,
                                   absl::string_view body,
                                   const Headers& headers) {
  return Send("POST", target, headers, body);
}

absl::StatusOr<Reply> Client::Send(absl::string_view method,
                                   absl::string_view target,
                                   const Headers& headers,
                                   absl::string_view body) {
  const std::string request = RequestText(
      method, target, headers,
      method == "GET" ? std::nullopt : std::optional<absl::string_view>(body));
  // A kept connection the server has since closed is opened again once.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const bool reused = fd_ >= 0;
    if (!reused) {
      if (absl::Status s = Connect(fd_); !s.ok()) return s;
    }
    absl::StatusOr<Reply> reply = Exchange(fd_, request, nullptr);
    if (!reply.ok() || reply->Header("connection") == "close") {
      ::close(fd_);
      fd_ = -1;
    }
    if (reply.ok() || !reused || !absl::IsUnavailable(reply.status())) {
      return reply;
    }
  }
  return absl::UnavailableError("unreachable");
}

absl::StatusOr<Reply> Client::Stream(
    absl::string_view target, const Headers& headers,
    const std::function<bool(absl::string_view)>& on_data) {
  int fd = -1;
  if (absl::Status s = Connect(fd); !s.ok()) return s;
  absl::StatusOr<Reply> reply =
      Exchange(fd, RequestText("GET", target, headers, std::nullopt), &on_data);
  ::close(fd);
  return reply;
}

absl::StatusOr<Reply> Client::Exchange(
    int fd, absl::string_view request,
    const std::function<bool(absl::string_view)>* on_data) {
  if (absl::Status s = SendAll(fd, request); !s.ok()) return s;
  std::string in;
  size_t head_end;
  while ((head_end = in.find("\r\n\r\n")) == std::string::npos) {
    absl::StatusOr<size_t> n = ReadSome(fd, in, timeout_);
    if (!n.ok()) return n.status();
    if (*n == 0) {
      return absl::UnavailableError("the server closed the connection");
    }
  }
  Reply reply;
  std::vector<absl::string_view> lines =
      absl::StrSplit(absl::string_view(in).substr(0, head_end), "\r\n");
  std::vector<absl::string_view> status_line =
      absl::StrSplit(lines[0], absl::MaxSplits(' ', 2));
  if (status_line.size() < 2 ||
      !absl::SimpleAtoi(status_line[1], &reply.status)) {
    return absl::UnavailableError(
        absl::StrCat("not an HTTP answer: ", lines[0]));
  }
  std::optional<size_t> length;
  for (size_t i = 1; i < lines.size(); ++i) {
    const size_t colon = lines[i].find(':');
    if (colon == absl::string_view::npos) continue;
    std::string name = absl::AsciiStrToLower(lines[i].substr(0, colon));
    const std::string value(
        absl::StripAsciiWhitespace(lines[i].substr(colon + 1)));
    size_t n;
    if (name == "content-length" && absl::SimpleAtoi(value, &n)) length = n;
    reply.headers.emplace_back(std::move(name), value);
  }
  in.erase(0, head_end + 4);
  if (length.has_value()) {
    while (in.size() < *length) {
      absl::StatusOr<size_t> n = ReadSome(fd, in, timeout_);
      if (!n.ok()) return n.status();
      if (*n == 0) return absl::UnavailableError("the answer broke off");
    }
    reply.body = in.substr(0, *length);
    return reply;
  }
  // No length: the body runs until the connection closes.
  while (true) {
    if (on_data != nullptr && !in.empty()) {
      if (!(*on_data)(in)) return reply;
      in.clear();
    }
    absl::StatusOr<size_t> n = ReadSome(fd, in, timeout_);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
  }
  reply.body = std::move(in);
  return reply;
}

absl::StatusOr<std::string> RawExchange(int port, absl::string_view bytes,
                                        absl::Duration timeout) {
  absl::StatusOr<int> fd = ConnectTo("127.0.0.1", port);
  if (!fd.ok()) return fd.status();
  absl::Status sent = SendAll(*fd, bytes);
  std::string in;
  while (sent.ok()) {
    absl::StatusOr<size_t> n = ReadSome(*fd, in, timeout);
    if (!n.ok() || *n == 0) break;
  }
  ::close(*fd);
  if (!sent.ok()) return sent;
  return in;
}

}  // namespace checkers::http
