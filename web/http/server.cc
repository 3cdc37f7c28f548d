#include "web/http/server.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "web/http/connection.h"
#include "web/http/workers.h"

namespace checkers::http {

namespace {

// epoll's data for the two descriptors that are not connections.
constexpr uint64_t kListenId = 0;
constexpr uint64_t kWakeId = 1;
// How often the loop looks at every connection's deadlines.
constexpr absl::Duration kSweepEvery = absl::Milliseconds(50);
constexpr absl::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

std::string AddressText(const sockaddr_storage& address) {
  char text[INET6_ADDRSTRLEN] = "";
  if (address.ss_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(address).sin_addr,
              text, sizeof(text));
  } else if (address.ss_family == AF_INET6) {
    inet_ntop(AF_INET6,
              &reinterpret_cast<const sockaddr_in6&>(address).sin6_addr, text,
              sizeof(text));
  }
  return text;
}

}  // namespace

Stream::Stream(Options options) : options_(std::move(options)) {}

bool Stream::Send(absl::string_view bytes) {
  absl::MutexLock lock(&mu_);
  if (closed_) return false;
  if (connection_ == nullptr) {
    pending_.append(bytes.data(), bytes.size());
    return true;
  }
  absl::MutexLock connection_lock(&connection_->mu);
  return server_->Write(*connection_, bytes);
}

bool Stream::open() const {
  absl::MutexLock lock(&mu_);
  return !closed_;
}

void Stream::Close() {
  {
    absl::MutexLock lock(&mu_);
    if (closed_) return;
    if (connection_ != nullptr) {
      server_->PostToLoop(connection_->id, Server::Post::kClose);
    }
  }
  Closed();
}

void Stream::Closed() {
  {
    absl::MutexLock lock(&mu_);
    if (closed_) return;
    closed_ = true;
    pending_.clear();
    connection_.reset();
    server_ = nullptr;
  }
  if (options_.on_close) options_.on_close();
}

Server::Server(Options options) : options_(std::move(options)) {}

Server::~Server() {
  Stop();
  {
    absl::MutexLock lock(&serving_mu_);
    serving_mu_.Await(absl::Condition(
        +[](bool* serving) { return !*serving; }, &serving_));
  }
  workers_.reset();
  for (int fd : {listen_fd_, epoll_fd_, wake_fd_}) {
    if (fd >= 0) ::close(fd);
  }
}

absl::StatusOr<int> Server::Bind() {
  addrinfo hints = {};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const std::string where = absl::StrCat(options_.host, ":", options_.port);
  const int error =
      getaddrinfo(options_.host.empty() ? nullptr : options_.host.c_str(),
                  std::to_string(options_.port).c_str(), &hints, &found);
  if (error != 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", where, ": ", gai_strerror(error)));
  }
  std::string why = "no address";
  for (addrinfo* a = found; a != nullptr && listen_fd_ < 0; a = a->ai_next) {
    const int fd = ::socket(a->ai_family,
                            a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) continue;
    const int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 &&
        ::listen(fd, SOMAXCONN) == 0) {
      listen_fd_ = fd;
    } else {
      why = std::strerror(errno);
      ::close(fd);
    }
  }
  freeaddrinfo(found);
  if (listen_fd_ < 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", where, ": ", why));
  }
  sockaddr_storage bound = {};
  socklen_t size = sizeof(bound);
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &size);
  port_ = ntohs(bound.ss_family == AF_INET6
                    ? reinterpret_cast<sockaddr_in6&>(bound).sin6_port
                    : reinterpret_cast<sockaddr_in&>(bound).sin_port);
  epoll_fd_ = epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot serve on ", where, ": ", std::strerror(errno)));
  }
  epoll_event event = {};
  event.events = EPOLLIN;
  event.data.u64 = kListenId;
  epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &event);
  event.data.u64 = kWakeId;
  epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &event);
  workers_ = std::make_unique<Workers>(options_.workers);
  return port_;
}

void Server::Serve() {
  if (epoll_fd_ < 0) return;
  {
    absl::MutexLock lock(&serving_mu_);
    serving_ = true;
  }
  epoll_event events[256];
  absl::Time next_sweep = absl::Now() + kSweepEvery;
  absl::Time stop_deadline = absl::InfiniteFuture();
  while (true) {
    const int timeout_ms = static_cast<int>(std::max<int64_t>(
        0, absl::ToInt64Milliseconds(next_sweep - absl::Now()) + 1));
    const int n = epoll_wait(epoll_fd_, events, 256, timeout_ms);
    for (int i = 0; i < n; ++i) {
      const uint64_t id = events[i].data.u64;
      if (id == kListenId) {
        Accept();
      } else if (id == kWakeId) {
        uint64_t count;
        while (::read(wake_fd_, &count, sizeof(count)) > 0) {
        }
        DrainPosts();
      } else {
        OnEvent(id, events[i].events);
      }
    }
    const absl::Time now = absl::Now();
    if (now >= next_sweep) {
      Sweep(now);
      next_sweep = now + kSweepEvery;
    }
    if (stopping_) {
      if (listen_fd_ >= 0) {
        epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, listen_fd_, nullptr);
        ::close(listen_fd_);
        listen_fd_ = -1;
        stop_deadline = now + options_.write_timeout;
      }
      // Idle connections and streams end now; a handler under way
      // answers first.
      std::vector<uint64_t> ending;
      for (auto& [id, c] : connections_) {
        absl::MutexLock lock(&c->mu);
        if (c->state == State::kReading || c->state == State::kStreaming ||
            now >= stop_deadline) {
          ending.push_back(id);
        }
      }
      for (uint64_t id : ending) CloseConnection(id);
      if (connections_.empty()) break;
    }
  }
  // Every handler has answered (or its connection has gone): the workers
  // have nothing left that needs the loop.
  workers_.reset();
  absl::MutexLock lock(&serving_mu_);
  serving_ = false;
}

void Server::Stop() {
  stopping_ = true;
  if (wake_fd_ >= 0) {
    const uint64_t one = 1;
    (void)!::write(wake_fd_, &one, sizeof(one));
  }
}

void Server::Accept() {
  while (true) {
    sockaddr_storage address = {};
    socklen_t size = sizeof(address);
    const int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&address),
                           &size, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      // EAGAIN: none left. EMFILE and the like: the next round may fare
      // better once connections close.
      return;
    }
    const int on = 1;
    // Answers and events are small and wanted at once: without this an
    // answer's last segment waits for the client's delayed ACK.
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
    Admit(fd, AddressText(address));
  }
}

void Server::Admit(int fd, const std::string& address) {
  auto ids = by_address_.find(address);
  const int from_address =
      ids == by_address_.end() ? 0 : static_cast<int>(ids->second.size());
  bool full = from_address >= options_.max_connections_per_address ||
              static_cast<int>(connections_.size()) >= options_.max_connections;
  if (full && from_address > 0) {
    // The address's oldest connection that is not busy gives way: a
    // client holding many half-sent requests displaces only its own.
    uint64_t displaced = 0;
    for (uint64_t id : ids->second) {
      Connection& c = *connections_.at(id);
      absl::MutexLock lock(&c.mu);
      if (c.state == State::kReading) {
        displaced = id;
        break;
      }
    }
    if (displaced != 0) {
      CloseConnection(displaced);
      full = false;
    }
  }
  if (full || stopping_) {
    const std::string answer = Serialize(
        options_.refusal(503,
                         "too many connections from this address; close "
                         "some and try again"),
        false);
    (void)!::send(fd, answer.data(), answer.size(),
                  MSG_NOSIGNAL | MSG_DONTWAIT);
    ::close(fd);
    return;
  }
  const uint64_t id = next_id_++;
  auto c = std::make_shared<Connection>(id, fd, address);
  const absl::Time now = absl::Now();
  {
    absl::MutexLock lock(&c->mu);
    c->deadline = now + options_.request_timeout;
    c->last_write = c->last_progress = now;
    c->interest = EPOLLIN;
  }
  epoll_event event = {};
  event.events = EPOLLIN;
  event.data.u64 = id;
  if (epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &event) != 0) {
    ::close(fd);
    return;
  }
  connections_[id] = c;
  by_address_[address].insert(id);
}

void Server::OnEvent(uint64_t id, uint32_t events) {
  auto it = connections_.find(id);
  if (it == connections_.end()) return;
  std::shared_ptr<Connection> c = it->second;
  if (events & (EPOLLHUP | EPOLLERR)) {
    CloseConnection(id);
    return;
  }
  bool close = false;
  {
    absl::MutexLock lock(&c->mu);
    if (events & EPOLLOUT) {
      close = !Flush(*c, absl::Now()) ||
              (c->out.empty() && c->state == State::kClosing);
    }
    if (!close && (events & EPOLLIN) && c->state == State::kStreaming) {
      // A stream's client has nothing to say; only its leaving matters.
      char ignored[512];
      const ssize_t n = ::recv(c->fd, ignored, sizeof(ignored), MSG_DONTWAIT);
      close = n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR);
    }
    if (!close) UpdateInterest(epoll_fd_, *c);
  }
  if (close) {
    CloseConnection(id);
  } else if (events & EPOLLIN) {
    ReadAndParse(c);
  }
}

void Server::ReadAndParse(const std::shared_ptr<Connection>& c) {
  const Limits& limits = options_.limits;
  // A whole request: the head, the CRLF before it allowed, and the body.
  const size_t most = limits.max_head + 2 + limits.MostBody();
  RequestParse parse;
  bool close = false;
  {
    absl::MutexLock lock(&c->mu);
    if (c->state != State::kReading || c->fd < 0) return;
    char buffer[16384];
    while (c->in.size() <= most && !c->peer_closed) {
      const ssize_t n = ::recv(c->fd, buffer, sizeof(buffer), MSG_DONTWAIT);
      if (n > 0) {
        c->in.append(buffer, static_cast<size_t>(n));
      } else if (n == 0) {
        c->peer_closed = true;
      } else if (errno == EINTR) {
        continue;
      } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
        break;
      } else {
        c->peer_closed = true;
      }
    }
    if (!c->in.empty() && !c->request_started) {
      c->request_started = true;
      // The first request's time runs from the connection's opening.
      if (c->served > 0) c->deadline = absl::Now() + options_.request_timeout;
    }
    parse = ParseRequest(c->in, limits);
    switch (parse.kind) {
      case RequestParse::Kind::kComplete:
        c->in.erase(0, parse.consumed);
        c->request_started = false;
        c->continue_sent = false;
        ++c->served;
        c->state = State::kHandling;
        break;
      case RequestParse::Kind::kRefused:
        c->state = State::kHandling;
        break;
      case RequestParse::Kind::kIncomplete:
        if (parse.expects_continue && !c->continue_sent) {
          c->continue_sent = true;
          Write(*c, kContinue);
        }
        close = c->peer_closed;
        break;
    }
    if (!close) UpdateInterest(epoll_fd_, *c);
    parse.request.keep_alive &= !c->peer_closed;
  }
  if (close) {
    CloseConnection(c->id);
  } else if (parse.kind == RequestParse::Kind::kRefused) {
    Answer(c, options_.refusal(parse.status, parse.reason), false);
  } else if (parse.kind == RequestParse::Kind::kComplete) {
    workers_->Run([this, c, request = std::move(parse.request)] {
      Answer(c, options_.handler(request), request.keep_alive);
    });
  }
}

void Server::Answer(const std::shared_ptr<Connection>& c, Response response,
                    bool keep_alive) {
  const absl::Time now = absl::Now();
  const bool keep = keep_alive && !stopping_;
  if (response.stream != nullptr) {
    Stream& s = *response.stream;
    bool attached = false;
    {
      absl::MutexLock stream_lock(&s.mu_);
      absl::MutexLock lock(&c->mu);
      if (!s.closed_ && c->fd >= 0 && !stopping_) {
        // What the handler sent goes out whole, past max_unsent if need
        // be: it is the catch-up the client asked for.
        attached = Write(*c, Serialize(response, false) + s.pending_);
        c->state = State::kStreaming;
        c->stream = response.stream;
        s.pending_.clear();
        s.server_ = this;
        s.connection_ = c;
        UpdateInterest(epoll_fd_, *c);
      }
    }
    if (!attached) {
      s.Closed();
      PostToLoop(c->id, Post::kClose);
    }
    return;
  }
  absl::MutexLock lock(&c->mu);
  if (c->fd < 0) return;
  if (!Write(*c, Serialize(response, keep))) return;
  if (keep) {
    c->state = State::kReading;
    c->deadline = now + options_.idle_timeout;
    // A request sent behind this one is parsed by the loop; so is the
    // end of a client that left meanwhile.
    if (!c->in.empty() || c->peer_closed) PostToLoop(c->id, Post::kResume);
  } else {
    c->state = State::kClosing;
    if (c->out.empty()) PostToLoop(c->id, Post::kClose);
  }
  UpdateInterest(epoll_fd_, *c);
}

bool Server::Write(Connection& c, absl::string_view bytes) {
  if (c.fd < 0) return false;
  const absl::Time now = absl::Now();
  c.last_write = now;
  if (c.state == State::kStreaming &&
      c.out.size() + bytes.size() > options_.max_unsent) {
    PostToLoop(c.id, Post::kClose);
    return false;
  }
  c.out.append(bytes.data(), bytes.size());
  if (!Flush(c, now)) {
    PostToLoop(c.id, Post::kClose);
    return false;
  }
  UpdateInterest(epoll_fd_, c);
  return true;
}

void Server::PostToLoop(uint64_t id, Post what) {
  {
    absl::MutexLock lock(&posts_mu_);
    posts_.emplace_back(id, what);
  }
  const uint64_t one = 1;
  (void)!::write(wake_fd_, &one, sizeof(one));
}

void Server::DrainPosts() {
  std::vector<std::pair<uint64_t, Post>> posts;
  {
    absl::MutexLock lock(&posts_mu_);
    posts.swap(posts_);
  }
  for (const auto& [id, what] : posts) {
    auto it = connections_.find(id);
    if (it == connections_.end()) continue;
    if (what == Post::kClose) {
      CloseConnection(id);
      continue;
    }
    std::shared_ptr<Connection> c = it->second;
    bool close = false;
    {
      absl::MutexLock lock(&c->mu);
      close = c->state == State::kReading && c->in.empty() && c->peer_closed;
    }
    if (close) {
      CloseConnection(id);
    } else {
      ReadAndParse(c);
    }
  }
}

void Server::Sweep(absl::Time now) {
  std::vector<uint64_t> closing;
  std::vector<std::shared_ptr<Connection>> late;
  for (auto& [id, c] : connections_) {
    absl::MutexLock lock(&c->mu);
    if (!c->out.empty() && now - c->last_progress > options_.write_timeout) {
      closing.push_back(id);
    } else if (c->state == State::kReading && now >= c->deadline) {
      if (c->request_started) {
        c->state = State::kHandling;
        UpdateInterest(epoll_fd_, *c);
        late.push_back(c);
      } else {
        closing.push_back(id);
      }
    } else if (c->state == State::kStreaming && c->out.empty() &&
               now - c->last_write >= c->stream->options_.idle_after) {
      if (!Write(*c, c->stream->options_.idle_text)) closing.push_back(id);
    }
  }
  for (uint64_t id : closing) CloseConnection(id);
  for (const std::shared_ptr<Connection>& c : late) {
    Answer(
        c,
        options_.refusal(
            408, absl::StrCat("a request must arrive whole within ",
                              absl::FormatDuration(options_.request_timeout))),
        false);
  }
}

void Server::CloseConnection(uint64_t id) {
  auto it = connections_.find(id);
  if (it == connections_.end()) return;
  std::shared_ptr<Connection> c = std::move(it->second);
  connections_.erase(it);
  auto ids = by_address_.find(c->address);
  if (ids != by_address_.end()) {
    ids->second.erase(id);
    if (ids->second.empty()) by_address_.erase(ids);
  }
  std::shared_ptr<Stream> stream;
  {
    absl::MutexLock lock(&c->mu);
    if (c->fd >= 0) {
      epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, c->fd, nullptr);
      ::close(c->fd);
      c->fd = -1;
    }
    c->state = State::kClosing;
    stream = std::move(c->stream);
  }
  if (stream != nullptr) stream->Closed();
}

}  // namespace checkers::http
