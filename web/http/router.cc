#include "web/http/router.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace checkers::http {
namespace {

constexpr absl::string_view kCapture = "{}";

// Whether `path`'s segments fit `pattern`'s, filling `captures`.
bool Fits(const std::vector<std::string>& pattern,
          const std::vector<absl::string_view>& path,
          Router::Captures& captures) {
  if (pattern.size() != path.size()) return false;
  captures.clear();
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == kCapture) {
      if (path[i].empty()) return false;
      captures.emplace_back(path[i]);
    } else if (pattern[i] != path[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

void Router::Add(absl::string_view method, absl::string_view pattern,
                 Handler handler) {
  routes_.push_back(
      {std::string(method), absl::StrSplit(pattern, '/'), std::move(handler)});
}

Router::Match Router::Find(absl::string_view method,
                           absl::string_view path) const {
  const std::vector<absl::string_view> segments = absl::StrSplit(path, '/');
  Match match;
  std::vector<absl::string_view> allowed;
  for (const Route& route : routes_) {
    if (!Fits(route.segments, segments, match.captures)) continue;
    if (route.method == method) {
      match.handler = &route.handler;
      return match;
    }
    if (std::find(allowed.begin(), allowed.end(), route.method) ==
        allowed.end()) {
      allowed.push_back(route.method);
    }
  }
  match.captures.clear();
  match.allow = absl::StrJoin(allowed, ", ");
  return match;
}

}  // namespace checkers::http
