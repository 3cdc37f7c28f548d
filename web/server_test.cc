// The server over loopback, through an HTTP client: the routes, the
// safety rules and the event stream as web/API.md states them.

#include "web/server.h"

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "nlohmann/json.hpp"
#include "session/clock.h"

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
    Configure(options);
    options.data_dir = absl::StrCat(
        ::testing::TempDir(), "/",
        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(options.data_dir);
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

  // What a test's fixture changes in the server's options.
  virtual void Configure(Server::Options& /*options*/) {}

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

TEST_F(ServerTest, ATableIsPlayedUnderTheEditionItNames) {
  // Russian: White, on 21-32, moves first, and the edition decides it.
  const std::string id =
      NewTable(R"({"mode": "two-player", "rules": "russian"})");
  auto moved =
      client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                    R"({"move": "22-18", "head": 1})", "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200) << moved->body;
  auto list = client_->Get("/api/tables");
  ASSERT_TRUE(list);
  for (const json& t : json::parse(list->body)) {
    if (t["id"] == id) {
      EXPECT_EQ(t["rules"], "russian");
    }
  }
  NewTable(R"({"mode": "computer", "rules": "pool"})");
  auto res = client_->Post("/api/tables", R"({"rules": "spanish"})",
                           "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 422);
  EXPECT_THAT(json::parse(res->body)["error"].get<std::string>(),
              ::testing::HasSubstr("\"international\""));
}

TEST_F(ServerTest, AnInternationalTableIsPlayedOnTheTenByTenBoard) {
  const std::string id = NewTable(
      R"({"mode": "two-player", "rules": "international",
          "fen": "W:WK46,42:B37,28,19"})");
  auto state = client_->Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state);
  const json s = json::parse(state->body);
  EXPECT_EQ(s["rules"], "international");
  EXPECT_EQ(s["board"].size(), 50u);
  // Majority capture: the man's capture 42x31 takes one piece, the flying
  // king's three, so only the king's routes are legal.
  EXPECT_EQ(s["legal"],
            json::array({"46x32x23x10", "46x32x23x14", "46x32x23x5"}));
  auto moved =
      client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                    R"({"move": "46x5", "head": 1})", "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200) << moved->body;
  const json after =
      json::parse(client_->Get(absl::StrCat("/api/tables/", id))->body);
  EXPECT_EQ(after["board"][4]["king"], true);
  for (int taken : {37, 28, 19}) {
    EXPECT_TRUE(after["board"][taken - 1].is_null()) << taken;
  }
}

TEST_F(ServerTest, LanguageServesThePagesWordsFromTheCatalogue) {
  auto sv = client_->Get("/api/lang/sv");
  ASSERT_TRUE(sv);
  ASSERT_EQ(sv->status, 200);
  const json body = json::parse(sv->body);
  EXPECT_EQ(body["texts"]["web.undo"], "Ångra");
  EXPECT_EQ(body["texts"]["piece.red.king"], "röd kung");
  EXPECT_EQ(body["texts"]["edition.russian"], "Rysk dam");
  EXPECT_FALSE(body["texts"].contains("help.mouse"));
  EXPECT_EQ(body["languages"].size(), 6);
}

TEST_F(ServerTest, UnknownLanguageIsNotFound) {
  auto res = client_->Get("/api/lang/de");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
}

TEST_F(ServerTest, TurnLimitIsThirtyOrSixtySecondsAtARemoteTable) {
  for (const char* body : {R"({"mode": "remote", "turn_seconds": 45})",
                           R"({"mode": "two-player", "turn_seconds": 30})",
                           R"({"mode": "two-player", "rated": true})"}) {
    auto res = client_->Post("/api/tables", body, "application/json");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 422) << body;
  }
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote", "turn_seconds": 30})",
                    "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 201);
}

// A browser of a remote table: its seat cookie, once it has one.
struct Browser {
  std::string cookie;
  httplib::Headers Headers() const {
    return cookie.empty() ? httplib::Headers{}
                          : httplib::Headers{{"Cookie", cookie}};
  }
};

class RemoteTableTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    id_ = NewTable(R"({"mode": "remote"})");
  }

  // POST path (under the table) with body, as `browser`; a Set-Cookie
  // answered becomes the browser's cookie.
  httplib::Result Post(Browser& browser, const std::string& path,
                       const std::string& body) {
    auto res = client_->Post(absl::StrCat("/api/tables/", id_, path),
                             browser.Headers(), body, "application/json");
    if (res && res->has_header("Set-Cookie")) {
      const std::string set = res->get_header_value("Set-Cookie");
      browser.cookie = set.substr(0, set.find(';'));
    }
    return res;
  }
  int Status(Browser& browser, const std::string& path,
             const std::string& body) {
    auto res = Post(browser, path, body);
    EXPECT_TRUE(res);
    return res ? res->status : 0;
  }
  json State(const Browser& browser) {
    auto res =
        client_->Get(absl::StrCat("/api/tables/", id_), browser.Headers());
    EXPECT_TRUE(res);
    return res ? json::parse(res->body) : json();
  }

  std::string id_;
  Browser alice_, bob_, carol_;
};

TEST_F(RemoteTableTest, SeatTakenByNameSetsASecretCookieOfItsTableOnly) {
  auto res = Post(alice_, "/seats/first", R"({"name": "Alice"})");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body)["name"], "Alice");
  const std::string set = res->get_header_value("Set-Cookie");
  EXPECT_THAT(set,
              ::testing::MatchesRegex(absl::StrCat(
                  "seat-", id_, "=[0-9a-f]{32}; Path=/api/", "tables/", id_,
                  "; .*HttpOnly; "
                  "SameSite=Strict")));
  const json state = State(alice_);
  EXPECT_EQ(state["you"], "first");
  EXPECT_EQ(state["seats"]["first"]["name"], "Alice");
  EXPECT_TRUE(state["seats"]["second"].is_null());
  EXPECT_FALSE(state["legal"].empty());
  // Everyone sees the seat; only its holder is "you".
  EXPECT_TRUE(State(carol_)["you"].is_null());
  EXPECT_TRUE(State(carol_)["legal"].empty());
}

TEST_F(RemoteTableTest, SameBrowserHoldsItsSeatAgainAnotherGets409) {
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  const std::string cookie = alice_.cookie;
  EXPECT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  EXPECT_EQ(alice_.cookie, cookie);
  EXPECT_EQ(Status(bob_, "/seats/first", R"({"name": "Bob"})"), 409);
  // One browser holds one seat.
  EXPECT_EQ(Status(alice_, "/seats/second", R"({"name": "Alice"})"), 409);
  EXPECT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
}

TEST_F(RemoteTableTest, SeatNameMustBeOneToThirtyTwoCharacters) {
  EXPECT_EQ(Status(alice_, "/seats/first", "{}"), 400);
  EXPECT_EQ(Status(alice_, "/seats/first", R"({"name": 7})"), 400);
  EXPECT_EQ(Status(alice_, "/seats/first",
                   absl::StrCat(R"({"name": ")", std::string(33, 'x'), "\"}")),
            422);
  EXPECT_EQ(Status(alice_, "/seats/first", R"({"name": ""})"), 422);
  EXPECT_EQ(Status(alice_, "/seats/first",
                   absl::StrCat(R"({"name": ")", std::string(32, 'x'), "\"}")),
            200);
}

TEST_F(RemoteTableTest, OnlyARemoteTableHasSeats) {
  const std::string two = NewTable(R"({"mode": "two-player"})");
  auto res = client_->Post(absl::StrCat("/api/tables/", two, "/seats/first"),
                           R"({"name": "Alice"})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 422);
  res = client_->Post("/api/tables/nosuchtable/seats/first",
                      R"({"name": "Alice"})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
}

TEST_F(RemoteTableTest, SpectatorsAndTheWrongSeatAre403StaleHeadIs409) {
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  ASSERT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
  const uint64_t head = State(alice_)["head"];
  const std::string move =
      absl::StrCat(R"({"move": "11-15", "head": )", head, "}");
  for (const char* action : {"/moves", "/resign", "/draw/offer", "/undo"}) {
    EXPECT_EQ(Status(carol_, action, move), 403) << action;
  }
  EXPECT_EQ(Status(bob_, "/moves", move), 403);
  EXPECT_EQ(Status(alice_, "/undo", move), 403);
  EXPECT_EQ(Status(alice_, "/pause", move), 403);
  EXPECT_EQ(
      Status(alice_, "/moves",
             absl::StrCat(R"({"move": "11-15", "head": )", head - 1, "}")),
      409);
  EXPECT_EQ(Status(alice_, "/moves", move), 200);
  EXPECT_EQ(
      Status(bob_, "/moves",
             absl::StrCat(R"({"move": "22-18", "head": )", head + 1, "}")),
      200);
  // Either player may resign on either turn; then the game is over.
  EXPECT_EQ(
      Status(bob_, "/resign", absl::StrCat(R"({"head": )", head + 2, "}")),
      200);
  EXPECT_EQ(State(carol_)["result"], "first");
  EXPECT_EQ(Status(carol_, "/seats/first", R"({"name": "Carol"})"), 409);
}

TEST_F(RemoteTableTest, CookieActsOnlyOnItsOwnTable) {
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  const std::string secret = alice_.cookie.substr(alice_.cookie.find('=') + 1);
  const std::string other = NewTable(R"({"mode": "remote"})");
  ASSERT_EQ(client_
                ->Post(absl::StrCat("/api/tables/", other, "/seats/first"),
                       R"({"name": "Dave"})", "application/json")
                ->status,
            200);
  // Alice's secret, under the other table's cookie name, holds nothing there.
  httplib::Headers forged = {
      {"Cookie", absl::StrCat("seat-", other, "=", secret)}};
  auto res =
      client_->Post(absl::StrCat("/api/tables/", other, "/moves"), forged,
                    R"({"move": "11-15", "head": 2})", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 403);
}

TEST_F(RemoteTableTest, SeatsAreInTheLogAndOutliveARestart) {
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  auto log = client_->Get(absl::StrCat("/api/tables/", id_, "/log"));
  ASSERT_TRUE(log);
  EXPECT_NE(log->body.find("Alice"), std::string::npos);
  EXPECT_EQ(log->body.find(alice_.cookie.substr(alice_.cookie.find('=') + 1)),
            std::string::npos);
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
  client_ = std::make_unique<httplib::Client>("127.0.0.1", *port);
  EXPECT_EQ(State(alice_)["you"], "first");
  EXPECT_EQ(Status(bob_, "/seats/first", R"({"name": "Bob"})"), 409);
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

TEST_F(RemoteTableTest, FinishedRatedTablesFoldIntoRatings) {
  auto unrated = client_->Get("/api/ratings");
  ASSERT_TRUE(unrated);
  EXPECT_EQ(json::parse(unrated->body), json::array());
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote", "rated": true})",
                    "application/json");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 201);
  id_ = json::parse(res->body)["id"];
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  ASSERT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
  // Not counted until it ends.
  EXPECT_EQ(json::parse(client_->Get("/api/ratings")->body), json::array());
  ASSERT_EQ(Status(alice_, "/resign", R"({"head": 3})"), 200);
  auto ratings = client_->Get("/api/ratings");
  ASSERT_TRUE(ratings);
  EXPECT_EQ(ratings->status, 200);
  EXPECT_EQ(json::parse(ratings->body), json::parse(R"([
      {"name": "Bob", "rating": 1516, "games": 1, "wins": 1, "losses": 0,
       "draws": 0},
      {"name": "Alice", "rating": 1484, "games": 1, "wins": 0, "losses": 1,
       "draws": 0}])"));
}

// A remote table on a test clock (serve --clock=test) with --cpu-after=5.
class RemoteClockTest : public RemoteTableTest {
 protected:
  void Configure(Server::Options& options) override {
    options.max_streams = 8;
    options.table.clock = &clock_;
    options.table.cpu_after = absl::Seconds(5);
    options.test_clock = &clock_;
  }
  void Advance(int ms) {
    auto res = client_->Post("/api/test/clock",
                             absl::StrCat(R"({"advance_ms": )", ms, "}"),
                             "application/json");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
  }
  // Waits (bounded) until `pred` holds of the text the stream has sent.
  bool Await(bool (*pred)(std::string*)) {
    absl::MutexLock lock(&mu_);
    return mu_.AwaitWithTimeout(absl::Condition(pred, &received_),
                                absl::Seconds(60));
  }

  session::ManualClock clock_;
  absl::Mutex mu_;
  std::string received_ ABSL_GUARDED_BY(mu_);
};

TEST_F(RemoteClockTest, AbsentPlayerIsStoodInForAndATurnRunsOutIntoATimeout) {
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote", "turn_seconds": 60})",
                    "application/json");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 201);
  id_ = json::parse(res->body)["id"];
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  ASSERT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
  EXPECT_EQ(State(bob_)["clock"]["remaining_ms"], 60000);
  // Bob follows the table; Alice, to move, is away.
  httplib::Client follower("127.0.0.1", server_->port());
  bool done = false;
  std::thread reading([&] {
    follower.Get(absl::StrCat("/api/tables/", id_, "/events"), bob_.Headers(),
                 [&](const char* data, size_t size) {
                   absl::MutexLock lock(&mu_);
                   received_.append(data, size);
                   return !done;
                 });
  });
  ASSERT_TRUE(Await(+[](std::string* r) {
    return r->find("event: seat_taken") != std::string::npos;
  }));
  Advance(5000);
  ASSERT_TRUE(Await(+[](std::string* r) {
    return r->find("event: stand_in") != std::string::npos &&
           r->find("event: turn_played") != std::string::npos;
  }));
  json state = State(carol_);
  EXPECT_TRUE(state["seats"]["first"]["computer"]);
  EXPECT_TRUE(state["seats"]["second"]["present"]);
  EXPECT_FALSE(state["seats"]["first"]["present"]);
  EXPECT_EQ(state["clock"]["side"], "second");
  // Bob lets his minute run out: the computer plays his turn, marked.
  Advance(60000);
  ASSERT_TRUE(Await(+[](std::string* r) {
    return r->find(R"("timeout":true)") != std::string::npos;
  }));
  {
    absl::MutexLock lock(&mu_);
    done = true;
  }
  reading.join();
}

}  // namespace
}  // namespace checkers::web
