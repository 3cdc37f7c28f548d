// One table of routes: a method, a path pattern and a handler per entry.
// A pattern is a path whose segments are literal or `{}`, which captures
// any one non-empty segment; the handler checks what it captured.

#ifndef CHECKERS_WEB_HTTP_ROUTER_H_
#define CHECKERS_WEB_HTTP_ROUTER_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "web/http/request.h"
#include "web/http/response.h"

namespace checkers::http {

class Router {
 public:
  // The segments a route's `{}` captured, in order.
  using Captures = std::vector<std::string>;
  using Handler = std::function<Response(const Request&, const Captures&)>;

  // What a request's method and path find.
  struct Match {
    // The route's handler; null when no route of this method matches.
    const Handler* handler = nullptr;
    Captures captures;
    // When `handler` is null: the methods of the routes whose pattern
    // matches the path ("GET, POST"), empty when none does (404; else
    // 405 with this as Allow).
    std::string allow;
  };

  // Adds a route; of two routes whose patterns both match a request, the
  // first added answers.
  void Add(absl::string_view method, absl::string_view pattern,
           Handler handler);

  Match Find(absl::string_view method, absl::string_view path) const;

 private:
  struct Route {
    std::string method;
    std::vector<std::string> segments;
    Handler handler;
  };
  std::vector<Route> routes_;
};

}  // namespace checkers::http

#endif  // CHECKERS_WEB_HTTP_ROUTER_H_
