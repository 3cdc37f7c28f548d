// The names a request's Host may give (web/API.md, "Host"). A page served
// under any other name reached this server through a name it does not
// answer as, which is what a DNS-rebinding attack does: a site of the
// attacker's whose name has come to point at this machine.

#ifndef CHECKERS_WEB_ALLOWED_HOSTS_H_
#define CHECKERS_WEB_ALLOWED_HOSTS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::web {

class AllowedHosts {
 public:
  // For a server listening on `listen_host`: a loopback address or
  // `localhost` allows localhost and the loopback addresses; a wildcard
  // (0.0.0.0, ::, empty) allows localhost and every address, as the
  // server listens as each of the machine's; another address allows that
  // address; another name, that name. `extra` names are allowed besides
  // (`--allowed-host`). Names compare without case.
  AllowedHosts(absl::string_view listen_host,
               const std::vector<std::string>& extra);

  // Whether the value of a Host header (NAME or NAME:PORT, an IPv6
  // address in brackets) names this server.
  bool Allows(absl::string_view host_header) const;

  // What is allowed, in words, for an error line.
  std::string Describe() const;

 private:
  enum class Listen { kLoopback, kAny, kAddress, kName };
  Listen listen_;
  // kAddress: the address's bytes; kName: the name, lower case.
  std::string listen_as_;
  // The listening host as given.
  std::string listen_text_;
  std::vector<std::string> extra_;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_ALLOWED_HOSTS_H_
