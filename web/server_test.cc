// The server over loopback, through an HTTP client: the routes, the
// safety rules and the event stream as web/API.md states them.

#include "web/server.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "nlohmann/json.hpp"

namespace checkers::web {
namespace {

using nlohmann::json;

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Server::Options options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.max_streams = 1;
    options.keepalive = absl::Milliseconds(100);
    options.data_dir = absl::StrCat(
        ::testing::TempDir(), "/",
        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::system(absl::StrCat("rm -rf '", options.data_dir, "'").c_str());
    auto server = Server::Create(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    auto port = server_->Bind();
    ASSERT_TRUE(port.ok()) << port.status();
    serving_ = std::thread([this] { server_->Serve(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", *port);
  }
  void TearDown() override {
    server_->Stop();
    serving_.join();
  }

  std::string NewTable(const std::string& body) {
    auto res = client_->Post("/api/tables", body, "application/json");
    EXPECT_TRUE(res);
    EXPECT_EQ(res->status, 201);
    return json::parse(res->body)["id"];
  }

  std::unique_ptr<Server> server_;
  std::thread serving_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(ServerTest, NewTableIsListedAndPlayable) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  auto list = client_->Get("/api/tables");
  ASSERT_TRUE(list);
  bool listed = false;
  for (const json& t : json::parse(list->body)) listed |= t["id"] == id;
  EXPECT_TRUE(listed);
  auto moved =
      client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                    R"({"move": "11-15", "head": 1})", "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200);
  auto state = client_->Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state);
  EXPECT_EQ(json::parse(state->body)["head"], 2);
}

TEST_F(ServerTest, LanguageServesThePagesWordsFromTheCatalogue) {
  auto sv = client_->Get("/api/lang/sv");
  ASSERT_TRUE(sv);
  ASSERT_EQ(sv->status, 200);
  const json body = json::parse(sv->body);
  EXPECT_EQ(body["texts"]["web.undo"], "Ångra");
  EXPECT_EQ(body["texts"]["piece.red.king"], "röd kung");
  EXPECT_FALSE(body["texts"].contains("help.mouse"));
  EXPECT_EQ(body["languages"].size(), 6);
}

TEST_F(ServerTest, UnknownLanguageIsNotFound) {
  auto res = client_->Get("/api/lang/de");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
}

TEST_F(ServerTest, RemoteTablesAreNotServedYet) {
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote"})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 422);
}

TEST_F(ServerTest, PostFromAnotherOriginIsForbidden) {
  const std::string id = NewTable("{}");
  httplib::Headers headers = {{"Origin", "http://elsewhere.example"}};
  auto res = client_->Post(absl::StrCat("/api/tables/", id, "/resign"), headers,
                           R"({"head": 1})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 403);
  EXPECT_TRUE(json::parse(res->body).contains("error"));
}

TEST_F(ServerTest, BodyOverFourKibibytesIsRefused) {
  auto res =
      client_->Post("/api/tables", std::string(5000, ' '), "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
}

TEST_F(ServerTest, PagesCarryTheContentSecurityPolicy) {
  auto res = client_->Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Security-Policy"),
            "default-src 'self'");
}

TEST_F(ServerTest, UnknownTableIsNotFound) {
  auto res = client_->Get("/api/tables/nosuchtable");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
}

TEST_F(ServerTest, EventStreamSendsRecordsAndRefusesOnePastTheBound) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  const std::string events = absl::StrCat("/api/tables/", id, "/events");
  httplib::Client follower("127.0.0.1", server_->port());
  absl::Mutex mu;
  std::string received;
  bool done = false;
  std::thread reading([&] {
    follower.Get(events, [&](const char* data, size_t size) {
      absl::MutexLock lock(&mu);
      received.append(data, size);
      return !done;
    });
  });
  {
    absl::MutexLock lock(&mu);
    mu.AwaitWithTimeout(absl::Condition(
                            +[](std::string* r) {
                              return r->find("event: game_started") !=
                                     std::string::npos;
                            },
                            &received),
                        absl::Seconds(60));
    EXPECT_NE(received.find("id: 1\n"), std::string::npos);
  }
  // The one stream allowed is open: the next is refused.
  auto refused = client_->Get(events);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503);
  EXPECT_TRUE(json::parse(refused->body).contains("error"));
  {
    absl::MutexLock lock(&mu);
    done = true;
  }
  reading.join();
}

TEST_F(ServerTest, LogAndPdnOfATable) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  auto log = client_->Get(absl::StrCat("/api/tables/", id, "/log"));
  ASSERT_TRUE(log);
  EXPECT_EQ(log->status, 200);
  EXPECT_FALSE(log->body.empty());
  auto pdn = client_->Get(absl::StrCat("/api/tables/", id, "/pdn"));
  ASSERT_TRUE(pdn);
  EXPECT_EQ(pdn->status, 200);
  EXPECT_NE(pdn->body.find("[Event"), std::string::npos);
}

TEST_F(ServerTest, RestartedServerServesTheTableAsItWas) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  ASSERT_EQ(client_
                ->Post(absl::StrCat("/api/tables/", id, "/moves"),
                       R"({"move": "11-15", "head": 1})", "application/json")
                ->status,
            200);
  Server::Options options;
  options.port = 0;
  options.data_dir = absl::StrCat(
      ::testing::TempDir(), "/",
      ::testing::UnitTest::GetInstance()->current_test_info()->name());
  server_->Stop();
  serving_.join();
  server_.reset();
  auto again = Server::Create(options);
  ASSERT_TRUE(again.ok()) << again.status();
  server_ = *std::move(again);
  auto port = server_->Bind();
  ASSERT_TRUE(port.ok());
  serving_ = std::thread([this] { server_->Serve(); });
  httplib::Client client("127.0.0.1", *port);
  auto state = client.Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state);
  EXPECT_EQ(json::parse(state->body)["head"], 2);
}

}  // namespace
}  // namespace checkers::web
