// Two servers on one PostgreSQL store (storage/POSTGRES.md), each with its
// own connections, as two `checkers serve --store=URI` processes: a table
// made on one is served by the other, a move posted to either reaches the
// event streams of both, and a move from a head the other server has
// passed is refused with 409, as a stale head is on one server.

#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "session/clock.h"
#include "storage/test_postgres.h"
#include "web/http/client.h"
#include "web/http/request.h"
#include "web/server.h"

namespace checkers::web {
namespace {

using http::Client;
using http::Headers;
using http::Reply;
using nlohmann::json;

// One server of the store, serving on a port of its own.
class Serving {
 public:
  // `clock`, when not null, is the tables' clock, which POST
  // /api/test/clock moves.
  static std::unique_ptr<Serving> Start(const std::string& uri,
                                        session::ManualClock* clock) {
    Server::Options options;
    if (clock != nullptr) {
      options.table.clock = clock;
      options.test_clock = clock;
    }
    options.host = "127.0.0.1";
    options.port = 0;
    options.store = uri;
    options.keepalive = absl::Milliseconds(100);
    absl::StatusOr<std::unique_ptr<Server>> server = Server::Create(options);
    EXPECT_TRUE(server.ok()) << server.status();
    if (!server.ok()) return nullptr;
    absl::StatusOr<int> port = (*server)->Bind();
    EXPECT_TRUE(port.ok()) << port.status();
    if (!port.ok()) return nullptr;
    return std::unique_ptr<Serving>(new Serving(*std::move(server)));
  }
  ~Serving() {
    server_->Stop();
    thread_.join();
  }

  int port() const { return server_->port(); }
  Client& client() { return client_; }

  // POSTs `body` to the table's `path`, with `cookie` when not empty; a
  // seat's cookie answered replaces it.
  absl::StatusOr<Reply> Post(const std::string& id, const std::string& path,
                             const std::string& body, std::string* cookie) {
    const Headers headers =
        cookie->empty() ? Headers{} : Headers{{"Cookie", *cookie}};
    absl::StatusOr<Reply> res =
        client_.Post(absl::StrCat("/api/tables/", id, path), body, headers);
    if (res.ok() && !res->Header("set-cookie").empty()) {
      const std::string set = res->Header("set-cookie");
      *cookie = set.substr(0, set.find(';'));
    }
    return res;
  }

  // The table's event stream from its start until it holds `last`.
  std::string StreamUntil(const std::string& id, const std::string& last) {
    Client follower("127.0.0.1", port());
    follower.set_timeout(absl::Seconds(20));
    std::string got;
    absl::StatusOr<Reply> reply =
        follower.Stream(absl::StrCat("/api/tables/", id, "/events"), {},
                        [&](absl::string_view data) {
                          got.append(data.data(), data.size());
                          return got.find(last) == std::string::npos;
                        });
    EXPECT_TRUE(reply.ok()) << reply.status();
    EXPECT_NE(got.find(last), std::string::npos) << got;
    return got;
  }

 private:
  explicit Serving(std::unique_ptr<Server> server)
      : server_(std::move(server)),
        thread_([s = server_.get()] { s->Serve(); }),
        client_("127.0.0.1", server_->port()) {}

  std::unique_ptr<Server> server_;
  std::thread thread_;
  Client client_;
};

class SharedStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string uri = storage::TestPostgresUri();
    if (uri.empty()) GTEST_SKIP() << "no PostgreSQL server for the test";
    a_ = Serving::Start(uri, &clock_);
    ASSERT_NE(a_, nullptr);
    b_ = Serving::Start(uri, &clock_);
    ASSERT_NE(b_, nullptr);
  }

  std::string NewTable(Serving& server, const std::string& body) {
    absl::StatusOr<Reply> res = server.client().Post("/api/tables", body);
    EXPECT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, 201) << res->body;
    return res.ok() ? json::parse(res->body).value("id", "") : "";
  }

  session::ManualClock clock_{absl::FromUnixSeconds(1700000000)};
  std::unique_ptr<Serving> a_, b_;
};

TEST_F(SharedStoreTest, SeatsAndMovesOnEitherServerReachTheOthersStream) {
  const std::string id = NewTable(*a_, R"({"mode": "remote"})");
  std::string alice, bob;
  ASSERT_EQ(
      a_->Post(id, "/seats/first", R"({"name": "Alice"})", &alice)->status,
      200);
  // Bob sits down on the other server, which has not served the table yet.
  absl::StatusOr<Reply> seated =
      b_->Post(id, "/seats/second", R"({"name": "Bob"})", &bob);
  ASSERT_TRUE(seated.ok()) << seated.status();
  ASSERT_EQ(seated->status, 200) << seated->body;
  const uint64_t head = json::parse(seated->body)["head"];
  // Moves posted alternately to both servers, each at the head the
  // other's answer gave.
  absl::StatusOr<Reply> first = a_->Post(
      id, "/moves", absl::StrCat(R"({"move": "11-15", "head": )", head, "}"),
      &alice);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_EQ(first->status, 200) << first->body;
  absl::StatusOr<Reply> second = b_->Post(
      id, "/moves",
      absl::StrCat(R"({"move": "22-18", "head": )", head + 1, "}"), &bob);
  ASSERT_TRUE(second.ok()) << second.status();
  ASSERT_EQ(second->status, 200) << second->body;
  // A spectator of each server sees every record in order.
  const std::string last = absl::StrCat("id: ", head + 2, "\n");
  for (Serving* s : {a_.get(), b_.get()}) {
    const std::string got = s->StreamUntil(id, last);
    size_t at = 0;
    for (uint64_t seq = 1; seq <= head + 2; ++seq) {
      const size_t next = got.find(absl::StrCat("id: ", seq, "\n"), at);
      ASSERT_NE(next, std::string::npos) << "seq " << seq << " in " << got;
      at = next;
    }
    EXPECT_NE(got.find("\"move\":\"22-18\""), std::string::npos) << got;
  }
  // The log downloaded from either server is the same bytes.
  absl::StatusOr<Reply> log_a =
      a_->client().Get(absl::StrCat("/api/tables/", id, "/log"));
  absl::StatusOr<Reply> log_b =
      b_->client().Get(absl::StrCat("/api/tables/", id, "/log"));
  ASSERT_TRUE(log_a.ok() && log_b.ok());
  EXPECT_EQ(log_a->status, 200);
  EXPECT_EQ(log_a->body, log_b->body);
}

TEST_F(SharedStoreTest, AMoveFromAHeadTheOtherServerPassedIs409) {
  const std::string id = NewTable(*a_, R"({"mode": "two-player"})");
  std::string none;
  // The table is served by both before either moves.
  ASSERT_EQ(b_->client().Get(absl::StrCat("/api/tables/", id))->status, 200);
  ASSERT_EQ(
      a_->Post(id, "/moves", R"({"move": "11-15", "head": 1})", &none)->status,
      200);
  // From the head both saw before: whether or not b has heard of a's move,
  // it is refused, and the answer names the head now.
  absl::StatusOr<Reply> stale =
      b_->Post(id, "/moves", R"({"move": "9-13", "head": 1})", &none);
  ASSERT_TRUE(stale.ok()) << stale.status();
  EXPECT_EQ(stale->status, 409) << stale->body;
  EXPECT_EQ(json::parse(stale->body)["head"], 2);
  // A head that a has given and b has not read yet is b's to read.
  ASSERT_EQ(
      a_->Post(id, "/moves", R"({"move": "22-18", "head": 2})", &none)->status,
      200);
  absl::StatusOr<Reply> on =
      b_->Post(id, "/moves", R"({"move": "15x22", "head": 3})", &none);
  ASSERT_TRUE(on.ok()) << on.status();
  EXPECT_EQ(on->status, 200) << on->body;
  // a may not have heard of it yet: a head it has not read is read.
  absl::StatusOr<Reply> after =
      a_->Post(id, "/moves", R"({"move": "25x18", "head": 4})", &none);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(after->status, 200) << after->body;
}

TEST_F(SharedStoreTest, BothServersStandingInForAnAbsentPlayerCommitItOnce) {
  const std::string id = NewTable(*a_, R"({"mode": "remote"})");
  std::string alice, bob;
  ASSERT_EQ(
      a_->Post(id, "/seats/first", R"({"name": "Alice"})", &alice)->status,
      200);
  ASSERT_EQ(b_->Post(id, "/seats/second", R"({"name": "Bob"})", &bob)->status,
            200);
  // Alice has no stream open on her turn past --cpu-after: both servers
  // look at the clock at once, and both would stand in.
  clock_.Advance(absl::Seconds(61));
  std::thread poke_a([&] {
    EXPECT_EQ(
        a_->client().Post("/api/test/clock", R"({"advance_ms": 0})")->status,
        200);
  });
  std::thread poke_b([&] {
    Client other("127.0.0.1", b_->port());
    EXPECT_EQ(other.Post("/api/test/clock", R"({"advance_ms": 0})")->status,
              200);
  });
  poke_a.join();
  poke_b.join();
  for (Serving* s : {a_.get(), b_.get()}) {
    const std::string got = s->StreamUntil(id, "event: stand_in");
    EXPECT_EQ(got.find("event: stand_in"), got.rfind("event: stand_in")) << got;
    EXPECT_NE(got.find("id: 4\nevent: stand_in"), std::string::npos) << got;
  }
  absl::StatusOr<Reply> state =
      a_->client().Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_TRUE(json::parse(state->body)["seats"]["first"]["computer"]);
}

TEST_F(SharedStoreTest, ATableMadeOnOneServerIsServedByTheOther) {
  const std::string id = NewTable(*a_, R"({"mode": "two-player"})");
  absl::StatusOr<Reply> got =
      b_->client().Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ(got->status, 200) << got->body;
  EXPECT_EQ(json::parse(got->body)["head"], 1);
  EXPECT_EQ(b_->client().Get("/api/tables/0123456789ab")->status, 404);
  // The table `local` is a file, served only with --data.
  EXPECT_EQ(b_->client().Get("/api/tables/local")->status, 404);
}

}  // namespace
}  // namespace checkers::web
