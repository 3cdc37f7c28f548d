#include "web/http/router.h"

#include <string>

#include "gtest/gtest.h"

namespace checkers::http {
namespace {

// A handler that answers with its name and captures.
Router::Handler Named(std::string name) {
  return [name](const Request&, const Router::Captures& captures) {
    std::string body = name;
    for (const std::string& c : captures) body += "," + c;
    return Response(200, "text/plain", body);
  };
}

std::string Call(const Router& router, absl::string_view method,
                 absl::string_view path) {
  const Router::Match m = router.Find(method, path);
  if (m.handler == nullptr) return m.allow.empty() ? "404" : "405 " + m.allow;
  return (*m.handler)(Request(), m.captures).body;
}

TEST(RouterTest, LiteralSegmentsMatchExactlyAndCapturesTakeOneSegment) {
  Router router;
  router.Add("GET", "/", Named("lobby"));
  router.Add("GET", "/t/{}", Named("table"));
  router.Add("POST", "/api/tables/{}/draw/offer", Named("offer"));
  EXPECT_EQ(Call(router, "GET", "/"), "lobby");
  EXPECT_EQ(Call(router, "GET", "/t/abc"), "table,abc");
  EXPECT_EQ(Call(router, "POST", "/api/tables/x1/draw/offer"), "offer,x1");
  // An empty segment is no capture, and a path is matched segment for
  // segment: no trailing slash, no prefix.
  EXPECT_EQ(Call(router, "GET", "/t/"), "404");
  EXPECT_EQ(Call(router, "GET", "/t/abc/"), "404");
  EXPECT_EQ(Call(router, "GET", "/t/abc/def"), "404");
  EXPECT_EQ(Call(router, "POST", "/api/tables/x1/draw"), "404");
  EXPECT_EQ(Call(router, "GET", ""), "404");
}

TEST(RouterTest, APathOfAnotherMethodIs405WithTheMethodsAllowed) {
  Router router;
  router.Add("GET", "/api/tables", Named("list"));
  router.Add("POST", "/api/tables", Named("create"));
  router.Add("GET", "/api/tables/{}", Named("state"));
  EXPECT_EQ(Call(router, "DELETE", "/api/tables"), "405 GET, POST");
  EXPECT_EQ(Call(router, "POST", "/api/tables/x"), "405 GET");
  EXPECT_EQ(Call(router, "get", "/api/tables"), "405 GET, POST");
}

TEST(RouterTest, TheFirstRouteAddedThatMatchesAnswers) {
  Router router;
  router.Add("GET", "/api/tables/local", Named("local"));
  router.Add("GET", "/api/tables/{}", Named("any"));
  EXPECT_EQ(Call(router, "GET", "/api/tables/local"), "local");
  EXPECT_EQ(Call(router, "GET", "/api/tables/abc"), "any,abc");
}

}  // namespace
}  // namespace checkers::http
