#include "web/http/connection.h"

#include <sys/epoll.h>
#include <sys/socket.h>

#include <cerrno>

namespace checkers::http {

void UpdateInterest(int epoll_fd, Connection& c) {
  uint32_t want = 0;
  if (c.state == State::kReading || c.state == State::kStreaming) {
    want |= EPOLLIN;
  }
  if (!c.out.empty()) want |= EPOLLOUT;
  if (want == c.interest || c.fd < 0) return;
  epoll_event event = {};
  event.events = want;
  event.data.u64 = c.id;
  epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c.fd, &event);
  c.interest = want;
}

bool Flush(Connection& c, absl::Time now) {
  while (!c.out.empty() && c.fd >= 0) {
    const ssize_t n =
        ::send(c.fd, c.out.data(), c.out.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno == EAGAIN || errno == EWOULDBLOCK;
    }
    c.out.erase(0, static_cast<size_t>(n));
    c.last_progress = now;
  }
  return true;
}

}  // namespace checkers::http
