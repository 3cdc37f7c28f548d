#include "web/allowed_hosts.h"

#include <arpa/inet.h>

#include <algorithm>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"

namespace checkers::web {
namespace {

// The bytes of an address literal: 4 for IPv4 (dotted), 16 for IPv6
// (without brackets); nullopt for a name.
std::optional<std::string> AddressBytes(absl::string_view text) {
  const std::string s(text);
  unsigned char bytes[16];
  if (inet_pton(AF_INET, s.c_str(), bytes) == 1) {
    return std::string(reinterpret_cast<char*>(bytes), 4);
  }
  if (inet_pton(AF_INET6, s.c_str(), bytes) == 1) {
    return std::string(reinterpret_cast<char*>(bytes), 16);
  }
  return std::nullopt;
}

bool IsLoopback(const std::string& bytes) {
  if (bytes.size() == 4) return bytes[0] == 127;
  static const std::string kIpv6Loopback("\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1",
                                         16);
  static const std::string kMappedPrefix("\0\0\0\0\0\0\0\0\0\0\xff\xff", 12);
  return bytes == kIpv6Loopback ||
         (absl::StartsWith(bytes, kMappedPrefix) && bytes[12] == 127);
}

bool IsWildcard(const std::string& bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
}

// The host part of a Host value: without the port, an IPv6 address
// without its brackets; nullopt when the value is malformed.
std::optional<std::string> HostPart(absl::string_view value, bool& bracketed) {
  bracketed = absl::ConsumePrefix(&value, "[");
  absl::string_view host = value;
  absl::string_view port;
  if (bracketed) {
    const size_t close = value.find(']');
    if (close == absl::string_view::npos) return std::nullopt;
    host = value.substr(0, close);
    port = value.substr(close + 1);
    if (!port.empty() && !absl::ConsumePrefix(&port, ":")) return std::nullopt;
  } else if (const size_t colon = value.find(':');
             colon != absl::string_view::npos) {
    host = value.substr(0, colon);
    port = value.substr(colon + 1);
  }
  if (host.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != absl::string_view::npos) {
    return std::nullopt;
  }
  return absl::AsciiStrToLower(host);
}

}  // namespace

AllowedHosts::AllowedHosts(absl::string_view listen_host,
                           const std::vector<std::string>& extra)
    : listen_text_(listen_host) {
  for (const std::string& name : extra) {
    extra_.push_back(absl::AsciiStrToLower(name));
  }
  absl::string_view host = listen_host;
  if (absl::ConsumePrefix(&host, "[")) absl::ConsumeSuffix(&host, "]");
  const std::optional<std::string> bytes = AddressBytes(host);
  const std::string name = absl::AsciiStrToLower(host);
  if (name == "localhost" || (bytes.has_value() && IsLoopback(*bytes))) {
    listen_ = Listen::kLoopback;
  } else if (host.empty() || (bytes.has_value() && IsWildcard(*bytes))) {
    listen_ = Listen::kAny;
  } else if (bytes.has_value()) {
    listen_ = Listen::kAddress;
    listen_as_ = *bytes;
  } else {
    listen_ = Listen::kName;
    listen_as_ = name;
  }
}

bool AllowedHosts::Allows(absl::string_view host_header) const {
  bool bracketed = false;
  const std::optional<std::string> host = HostPart(host_header, bracketed);
  if (!host.has_value()) return false;
  if (std::find(extra_.begin(), extra_.end(), *host) != extra_.end()) {
    return true;
  }
  std::optional<std::string> bytes = AddressBytes(*host);
  // An IPv6 address is written in brackets, an IPv4 one never.
  if (bytes.has_value() && bracketed != (bytes->size() == 16)) return false;
  switch (listen_) {
    case Listen::kLoopback:
      return *host == "localhost" || (bytes.has_value() && IsLoopback(*bytes));
    case Listen::kAny:
      return *host == "localhost" || bytes.has_value();
    case Listen::kAddress:
      return bytes == listen_as_;
    case Listen::kName:
      return *host == listen_as_;
  }
  return false;
}

std::string AllowedHosts::Describe() const {
  std::string what;
  switch (listen_) {
    case Listen::kLoopback:
      what = "localhost and the loopback addresses";
      break;
    case Listen::kAny:
      what = "localhost and its addresses";
      break;
    case Listen::kAddress:
    case Listen::kName:
      what = listen_text_;
      break;
  }
  if (!extra_.empty())
    absl::StrAppend(&what, ", ", absl::StrJoin(extra_, ", "));
  return what;
}

}  // namespace checkers::web
