#include "web/http/request.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::http {
namespace {

using Kind = RequestParse::Kind;
using ::testing::AnyOf;

constexpr char kPost[] =
    "POST /api/tables/0123456789ab/moves?x=1 HTTP/1.1\r\n"
    "Host: 127.0.0.1:8080\r\n"
    "Content-Type: application/json\r\n"
    "Origin: http://127.0.0.1:8080\r\n"
    "Content-Length: 28\r\n"
    "\r\n"
    "{\"move\": \"11-15\", \"head\": 1}";

RequestParse Parse(absl::string_view bytes) {
  return ParseRequest(bytes, Limits());
}

// A request with `headers` (each line with its CRLF) and `body`.
std::string Post(absl::string_view headers, absl::string_view body = "") {
  return absl::StrCat("POST /api/tables HTTP/1.1\r\nHost: localhost\r\n",
                      headers, "\r\n", body);
}

int RefusalOf(absl::string_view bytes) {
  const RequestParse p = Parse(bytes);
  return p.kind == Kind::kRefused ? p.status : 0;
}

TEST(ParseRequestTest, AWholeRequestIsItsMethodTargetHeadersAndBody) {
  const RequestParse p = Parse(kPost);
  ASSERT_EQ(p.kind, Kind::kComplete) << p.reason;
  EXPECT_EQ(p.consumed, std::string(kPost).size());
  const Request& r = p.request;
  EXPECT_EQ(r.method, "POST");
  EXPECT_EQ(r.target, "/api/tables/0123456789ab/moves?x=1");
  EXPECT_EQ(r.path, "/api/tables/0123456789ab/moves");
  EXPECT_EQ(r.query, "x=1");
  EXPECT_EQ(r.Header("host"), "127.0.0.1:8080");
  EXPECT_EQ(r.Header("content-type"), "application/json");
  EXPECT_EQ(r.Header("cookie"), std::nullopt);
  EXPECT_EQ(r.body, "{\"move\": \"11-15\", \"head\": 1}");
  EXPECT_TRUE(r.keep_alive);
}

TEST(ParseRequestTest, EveryPrefixOfARequestIsIncompleteAndTheRestIsLeft) {
  const std::string get = "GET /api/tables HTTP/1.1\r\nHost: localhost\r\n\r\n";
  const std::string post = Post("Content-Length: 2\r\n", "{}");
  const std::string both = get + post;
  for (size_t n = 0; n < get.size(); ++n) {
    EXPECT_EQ(Parse(both.substr(0, n)).kind, Kind::kIncomplete) << n;
  }
  RequestParse first = Parse(both);
  ASSERT_EQ(first.kind, Kind::kComplete);
  EXPECT_EQ(first.consumed, get.size());
  RequestParse second = Parse(absl::string_view(both).substr(first.consumed));
  ASSERT_EQ(second.kind, Kind::kComplete);
  EXPECT_EQ(second.request.body, "{}");
  EXPECT_EQ(Parse(post.substr(0, post.size() - 1)).kind, Kind::kIncomplete);
}

TEST(ParseRequestTest, OneEmptyLineBeforeARequestIsSkippedNotTwo) {
  EXPECT_EQ(Parse("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n").kind,
            Kind::kComplete);
  EXPECT_EQ(RefusalOf("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
}

TEST(ParseRequestTest, LinesMustEndInCrlfAndBareEndsAreRefusedAtOnce) {
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\r\nHost: a\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n"), 400);
  // Before the head is whole.
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\r\nHost: a\nX"), 400);
  EXPECT_EQ(RefusalOf("GET /\n"), 400);
  // A CR that may begin a CRLF waits for the next byte.
  EXPECT_EQ(Parse("GET / HTTP/1.1\r").kind, Kind::kIncomplete);
}

TEST(ParseRequestTest, HeaderLinesMustBeNameColonValue) {
  // A folded line (obs-fold), whitespace before the colon, no colon, no
  // name, a control character in a value.
  EXPECT_EQ(RefusalOf(Post("X-A: 1\r\n folded\r\n")), 400);
  EXPECT_EQ(RefusalOf(Post("Content-Length : 2\r\n", "{}")), 400);
  EXPECT_EQ(RefusalOf(Post("NoColon\r\n")), 400);
  EXPECT_EQ(RefusalOf(Post(": value\r\n")), 400);
  EXPECT_EQ(RefusalOf(Post(std::string("X-A: a\0b\r\n", 10))), 400);
  EXPECT_EQ(RefusalOf(Post("X-A: a\x7f\r\n")), 400);
  // Tabs and bytes past ASCII are a value's own.
  EXPECT_EQ(Parse(Post("X-A: a\tb \xc3\xa5\r\n")).kind, Kind::kComplete);
}

TEST(ParseRequestTest, TheRequestLineIsMethodOriginFormTargetAndVersion) {
  EXPECT_EQ(RefusalOf("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET  / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1 \r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET /#x HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("G(T / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/2.0\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/1.2"), 400);
  EXPECT_EQ(RefusalOf("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), 400);
}

TEST(ParseRequestTest, ConnectionKeepsHttp11OpenAndHttp10OnlyOnRequest) {
  const auto keep = [](absl::string_view version, absl::string_view header) {
    return Parse(absl::StrCat("GET / ", version, "\r\nHost: a\r\n", header,
                              "\r\n"))
        .request.keep_alive;
  };
  EXPECT_TRUE(keep("HTTP/1.1", ""));
  EXPECT_FALSE(keep("HTTP/1.1", "Connection: Close\r\n"));
  EXPECT_FALSE(keep("HTTP/1.0", ""));
  EXPECT_TRUE(keep("HTTP/1.0", "Connection: keep-alive\r\n"));
}

TEST(ParseRequestTest, ExactlyOneHostAndAtMostOneOrigin) {
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
  EXPECT_EQ(RefusalOf(Post("Origin: http://a\r\nOrigin: http://b\r\n")), 400);
}

TEST(ParseRequestTest, ContentLengthIsOneNumberOfDigits) {
  for (const char* value : {"-5", "+2", "2 2", "0x2", "", "2,2", "2.0"}) {
    EXPECT_EQ(
        RefusalOf(Post(absl::StrCat("Content-Length: ", value, "\r\n"), "{}")),
        400)
        << value;
  }
  EXPECT_EQ(
      RefusalOf(Post("Content-Length: 2\r\nContent-Length: 20\r\n", "{}")),
      400);
  EXPECT_EQ(RefusalOf(Post("Content-Length: 2\r\nContent-Length: 2\r\n", "{}")),
            400);
  EXPECT_EQ(Parse(Post("Content-Length: 0002\r\n", "{}")).request.body, "{}");
}

TEST(ParseRequestTest, TransferEncodingIsRefused) {
  EXPECT_EQ(RefusalOf(Post("Content-Length: 2\r\nTransfer-Encoding: "
                           "chunked\r\n",
                           "2\r\n{}\r\n0\r\n\r\n")),
            400);
  EXPECT_EQ(
      RefusalOf(Post("Transfer-Encoding: chunked\r\n", "2\r\n{}\r\n0\r\n\r\n")),
      411);
}

TEST(ParseRequestTest, AnOversizeBodyIsRefusedBeforeAnyOfItArrives) {
  EXPECT_EQ(RefusalOf(Post("Content-Length: 4097\r\n")), 413);
  EXPECT_EQ(RefusalOf(Post("Content-Length: 99999999999999999999999999\r\n")),
            413);
  EXPECT_EQ(Parse(Post("Content-Length: 4096\r\n")).kind, Kind::kIncomplete);
  EXPECT_EQ(
      Parse(Post("Content-Length: 4096\r\n", std::string(4096, ' '))).kind,
      Kind::kComplete);
}

TEST(ParseRequestTest, OnlyAPostToTheUploadPathMayCarryALargerBody) {
  Limits limits;
  limits.upload_path = "/api/games";
  limits.max_upload = 100000;
  auto request = [](absl::string_view method, absl::string_view path,
                    size_t length) {
    return absl::StrCat(method, " ", path,
                        " HTTP/1.1\r\nHost: localhost\r\nContent-Length: ",
                        length, "\r\n\r\n");
  };
  EXPECT_EQ(ParseRequest(request("POST", "/api/games", 100000), limits).kind,
            Kind::kIncomplete);
  EXPECT_EQ(ParseRequest(request("POST", "/api/games", 100001), limits).status,
            413);
  EXPECT_EQ(ParseRequest(request("POST", "/api/tables", 4097), limits).status,
            413);
  EXPECT_EQ(ParseRequest(request("PUT", "/api/games", 4097), limits).status,
            413);
  EXPECT_EQ(ParseRequest(request("POST", "/api/games/x", 4097), limits).status,
            413);
}

TEST(ParseRequestTest, HeadsPastTheirLimitsAreRefusedBeforeTheyEnd) {
  const Limits limits;
  EXPECT_EQ(
      RefusalOf(absl::StrCat("GET /", std::string(limits.max_target, 'a'))),
      414);
  EXPECT_EQ(RefusalOf(absl::StrCat("GET / HTTP/1.1\r\nHost: a\r\nX-Big: ",
                                   std::string(limits.max_head, 'a'))),
            431);
  std::string many = "GET / HTTP/1.1\r\nHost: a\r\n";
  for (size_t i = 0; i < limits.max_headers; ++i) many += "X-A: 1\r\n";
  EXPECT_EQ(RefusalOf(many), 431);
}

TEST(ParseRequestTest, ExpectationsOtherThanContinueAreRefused) {
  RequestParse p = Parse(Post("Expect: 100-continue\r\nContent-Length: 2\r\n"));
  EXPECT_EQ(p.kind, Kind::kIncomplete);
  EXPECT_TRUE(p.expects_continue);
  EXPECT_EQ(RefusalOf(Post("Expect: 200-ok\r\nContent-Length: 2\r\n")), 417);
}

TEST(ParseRequestTest, ParamsArePercentDecoded) {
  Request r;
  r.query = "tables=a,b&after=a%3A1%2Cb%3A2&name=x+y&bad=%zz&flag";
  EXPECT_EQ(r.Param("tables"), "a,b");
  EXPECT_EQ(r.Param("after"), "a:1,b:2");
  EXPECT_EQ(r.Param("name"), "x y");
  EXPECT_EQ(r.Param("bad"), std::nullopt);
  EXPECT_EQ(r.Param("flag"), "");
  EXPECT_EQ(r.Param("missing"), std::nullopt);
  r.query = "a=%4";
  EXPECT_EQ(r.Param("a"), std::nullopt);
}

// What a connection reading `bytes` one byte at a time would conclude:
// the first prefix that is refused or complete decides.
RequestParse ByteByByte(absl::string_view bytes) {
  for (size_t n = 0; n < bytes.size(); ++n) {
    RequestParse p = Parse(bytes.substr(0, n));
    if (p.kind != Kind::kIncomplete) return p;
  }
  return Parse(bytes);
}

// Every single-byte corruption of a request: never a 5xx, and reading
// the bytes as they trickle in decides as reading them at once does, so a
// refusal comes as soon as its byte arrives and never depends on how the
// bytes were split into reads.
TEST(ParseRequestTest, SingleByteCorruptionsDecideTheSameByteByByte) {
  const std::string request = kPost;
  int refused = 0;
  for (size_t i = 0; i < request.size(); ++i) {
    for (char c : {'\0', '\r', '\n', ' ', ':', 'A', '-', '0', '\x7f', '\xff'}) {
      std::string bytes = request;
      bytes[i] = c;
      const RequestParse whole = Parse(bytes);
      const RequestParse trickled = ByteByByte(bytes);
      ASSERT_EQ(whole.kind, trickled.kind) << i << " " << int(c);
      if (whole.kind == Kind::kRefused) {
        ++refused;
        EXPECT_THAT(whole.status, AnyOf(400, 411, 413, 414, 417, 431));
        EXPECT_EQ(whole.status, trickled.status) << i << " " << int(c);
        EXPECT_FALSE(whole.reason.empty());
      } else if (whole.kind == Kind::kComplete) {
        EXPECT_EQ(whole.consumed, trickled.consumed) << i << " " << int(c);
        EXPECT_LE(whole.consumed, bytes.size());
      }
    }
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace checkers::http
