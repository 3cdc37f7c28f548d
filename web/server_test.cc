// The server over loopback, through an HTTP client: the routes, the
// safety rules and the event stream as web/API.md states them.

#include "web/server.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "session/clock.h"
#include "storage/fault_env.h"
#include "web/http/client.h"
#include "web/http/request.h"
#include "web/server_testing.h"

namespace checkers::web {
namespace {

using http::Client;
using http::Headers;
using http::Reply;
using nlohmann::json;
using ::testing::HasSubstr;

TEST_F(ServerTest, NewTableIsListedAndPlayable) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  auto list = client_->Get("/api/tables");
  ASSERT_TRUE(list.ok()) << list.status();
  bool listed = false;
  for (const json& t : json::parse(list->body)) listed |= t["id"] == id;
  EXPECT_TRUE(listed);
  auto moved = client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                             R"({"move": "11-15", "head": 1})");
  ASSERT_TRUE(moved.ok()) << moved.status();
  EXPECT_EQ(moved->status, 200);
  auto state = client_->Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(json::parse(state->body)["head"], 2);
}

TEST_F(ServerTest, ATableIsPlayedUnderTheEditionItNames) {
  // Russian: White, on 21-32, moves first, and the edition decides it.
  const std::string id =
      NewTable(R"({"mode": "two-player", "rules": "russian"})");
  auto moved = client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                             R"({"move": "22-18", "head": 1})");
  ASSERT_TRUE(moved.ok()) << moved.status();
  EXPECT_EQ(moved->status, 200) << moved->body;
  auto list = client_->Get("/api/tables");
  ASSERT_TRUE(list.ok()) << list.status();
  for (const json& t : json::parse(list->body)) {
    if (t["id"] == id) {
      EXPECT_EQ(t["rules"], "russian");
    }
  }
  NewTable(R"({"mode": "computer", "rules": "pool"})");
  auto res = client_->Post("/api/tables",
                           R"({"mode": "computer", "rules": "spanish"})");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 422);
  EXPECT_THAT(json::parse(res->body)["error"].get<std::string>(),
              ::testing::HasSubstr("\"international\""));
}

TEST_F(ServerTest, AnInternationalTableIsPlayedOnTheTenByTenBoard) {
  const std::string id = NewTable(
      R"({"mode": "two-player", "rules": "international",
          "fen": "W:WK46,42:B37,28,19"})");
  auto state = client_->Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state.ok()) << state.status();
  const json s = json::parse(state->body);
  EXPECT_EQ(s["rules"], "international");
  EXPECT_EQ(s["board"].size(), 50u);
  // Majority capture: the man's capture 42x31 takes one piece, the flying
  // king's three, so only the king's routes are legal.
  EXPECT_EQ(s["legal"],
            json::array({"46x32x23x10", "46x32x23x14", "46x32x23x5"}));
  auto moved = client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                             R"({"move": "46x5", "head": 1})");
  ASSERT_TRUE(moved.ok()) << moved.status();
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
  ASSERT_TRUE(sv.ok()) << sv.status();
  ASSERT_EQ(sv->status, 200);
  const json body = json::parse(sv->body);
  EXPECT_EQ(body["texts"]["web.undo"], "Ångra");
  EXPECT_EQ(body["texts"]["piece.red.king"], "röd kung");
  EXPECT_EQ(body["texts"]["edition.russian"], "Rysk dam");
  EXPECT_FALSE(body["texts"].contains("help.mouse"));
  EXPECT_EQ(body["languages"].size(), 6);
  EXPECT_EQ(body["names"]["sv"], "Svenska");
  EXPECT_EQ(body["names"]["en"], "English");
}

TEST_F(ServerTest, RulesPageIsServedInTheAskedLanguage) {
  auto ru = client_->Get("/rules?edition=russian&lang=sv");
  ASSERT_TRUE(ru.ok()) << ru.status();
  ASSERT_EQ(ru->status, 200);
  EXPECT_NE(ru->body.find("Rysk dam"), std::string::npos) << ru->body;
  auto created = client_->Post(
      "/api/tables",
      R"({"mode": "two-player", "options": {"captureOptional": true}})");
  ASSERT_TRUE(created.ok()) << created.status();
  const std::string id = json::parse(created->body)["id"];
  auto house = client_->Get("/rules?table=" + id);
  ASSERT_TRUE(house.ok()) << house.status();
  ASSERT_EQ(house->status, 200);
  EXPECT_NE(house->body.find("Capturing is optional"), std::string::npos);
  auto none = client_->Get("/rules?table=000000000000");
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->status, 404);
  auto chess = client_->Get("/rules?edition=chess");
  ASSERT_TRUE(chess.ok()) << chess.status();
  EXPECT_EQ(chess->status, 404);
  auto help = client_->Get("/help?lang=it");
  ASSERT_TRUE(help.ok()) << help.status();
  EXPECT_EQ(help->status, 302);
  EXPECT_EQ(help->Header("location"), "/rules?lang=it");
}

TEST_F(ServerTest, RefusalsOfTheServerAreWordedInTheAskersLanguage) {
  // Each refusal: its status, its reason, and a word of its Swedish text.
  const struct {
    std::string method, path, body;
    int status;
    const char* reason;
    const char* swedish;
  } kRefusals[] = {
      {"GET", "/api/tables/000000000000", "", 404, "no_table", "bord"},
      {"GET", "/t/000000000000", "", 404, "no_table", "lobbyn"},
      {"GET", "/nowhere", "", 404, "no_page", "sida"},
      {"GET", "/static/none.js", "", 404, "no_file", "fil"},
      {"DELETE", "/api/tables", "", 405, "method", "besvaras"},
      {"POST", "/api/tables", "[1]", 400, "bad_body", "JSON-objekt"},
      {"POST", "/api/tables", R"({"mode": "solo"})", 422, "bad_table",
       "måste vara"},
      {"GET", "/api/events?tables=000000000000", "", 404, "no_table", "bord"},
      {"GET", "/rules?edition=chess", "", 404, "no_edition", "måste"},
  };
  for (const auto& r : kRefusals) {
    const std::string path = absl::StrCat(
        r.path, r.path.find('?') == std::string::npos ? "?" : "&", "lang=sv");
    absl::StatusOr<Reply> res = client_->Send(r.method, path, {}, r.body);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, r.status) << r.path;
    const json body = json::parse(res->body, nullptr, false);
    EXPECT_EQ(body.value("reason", ""), r.reason) << r.path;
    EXPECT_THAT(body.value("error", ""), HasSubstr(r.swedish)) << r.path;
  }
}

TEST_F(ServerTest, UnknownLanguageIsNotFound) {
  auto res = client_->Get("/api/lang/de");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 404);
}

TEST_F(ServerTest, TurnLimitIsThirtyOrSixtySecondsAtARemoteTable) {
  for (const char* body : {R"({"mode": "remote", "turn_seconds": 45})",
                           R"({"mode": "two-player", "turn_seconds": 30})",
                           R"({"mode": "two-player", "rated": true})"}) {
    auto res = client_->Post("/api/tables", body);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, 422) << body;
  }
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote", "turn_seconds": 30})");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 201);
}

// A browser of a remote table: its seat cookie, once it has one.
struct Browser {
  std::string cookie;
  http::Headers Headers() const {
    return cookie.empty() ? http::Headers{} : http::Headers{{"Cookie", cookie}};
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
  absl::StatusOr<Reply> Post(Browser& browser, const std::string& path,
                             const std::string& body) {
    auto res = client_->Post(absl::StrCat("/api/tables/", id_, path), body,
                             browser.Headers());
    if (res.ok() && !res->Header("set-cookie").empty()) {
      const std::string set = res->Header("set-cookie");
      browser.cookie = set.substr(0, set.find(';'));
    }
    return res;
  }
  int Status(Browser& browser, const std::string& path,
             const std::string& body) {
    auto res = Post(browser, path, body);
    EXPECT_TRUE(res.ok()) << res.status();
    return res.ok() ? res->status : 0;
  }
  json State(const Browser& browser) {
    auto res =
        client_->Get(absl::StrCat("/api/tables/", id_), browser.Headers());
    EXPECT_TRUE(res.ok()) << res.status();
    return res.ok() ? json::parse(res->body) : json();
  }

  std::string id_;
  Browser alice_, bob_, carol_;
};

TEST_F(RemoteTableTest, SeatTakenByNameSetsASecretCookieOfItsTableOnly) {
  auto res = Post(alice_, "/seats/first", R"({"name": "Alice"})");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body)["name"], "Alice");
  const std::string set = res->Header("set-cookie");
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
                           R"({"name": "Alice"})");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 422);
  res = client_->Post("/api/tables/nosuchtable/seats/first",
                      R"({"name": "Alice"})");
  ASSERT_TRUE(res.ok()) << res.status();
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
                       R"({"name": "Dave"})")
                ->status,
            200);
  // Alice's secret, under the other table's cookie name, holds nothing there.
  Headers forged = {{"Cookie", absl::StrCat("seat-", other, "=", secret)}};
  auto res = client_->Post(absl::StrCat("/api/tables/", other, "/moves"),
                           R"({"move": "11-15", "head": 2})", forged);
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 403);
}

TEST_F(RemoteTableTest, SeatsAreInTheLogAndOutliveARestart) {
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  auto log = client_->Get(absl::StrCat("/api/tables/", id_, "/log"));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_NE(log->body.find("Alice"), std::string::npos);
  EXPECT_EQ(log->body.find(alice_.cookie.substr(alice_.cookie.find('=') + 1)),
            std::string::npos);
  Restart();
  EXPECT_EQ(State(alice_)["you"], "first");
  EXPECT_EQ(Status(bob_, "/seats/first", R"({"name": "Bob"})"), 409);
}

TEST_F(ServerTest, PostFromAnotherOriginIsForbidden) {
  const std::string id = NewTable(R"({"mode": "computer"})");
  Headers headers = {{"Origin", "http://elsewhere.example"}};
  auto res = client_->Post(absl::StrCat("/api/tables/", id, "/resign"),
                           R"({"head": 1})", headers);
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 403);
  EXPECT_TRUE(json::parse(res->body).contains("error"));
}

TEST_F(ServerTest, BodyOverFourKibibytesIsRefused) {
  auto res = client_->Post("/api/tables", std::string(5000, ' '));
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 413);
}

TEST_F(ServerTest, PagesCarryTheContentSecurityPolicy) {
  auto res = client_->Get("/");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->Header("content-security-policy"),
            "default-src 'self'; frame-ancestors 'none'");
  EXPECT_EQ(res->Header("x-frame-options"), "DENY");
}

TEST_F(ServerTest, EveryPageNamesTheIconAndFaviconServesIt) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  for (const std::string& page :
       {std::string("/"), std::string("/open"), std::string("/rules"),
        "/t/" + id, "/t/" + id + "/replay"}) {
    auto res = client_->Get(page);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_THAT(res->body, HasSubstr("href=\"/static/icon.svg\"")) << page;
  }
  auto icon = client_->Get("/favicon.ico");
  ASSERT_TRUE(icon.ok()) << icon.status();
  EXPECT_EQ(icon->status, 200);
  EXPECT_EQ(icon->Header("content-type"), "image/svg+xml");
  EXPECT_THAT(icon->body, HasSubstr("<svg"));
}

TEST_F(ServerTest, UnknownTableIsNotFound) {
  auto res = client_->Get("/api/tables/nosuchtable");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 404);
}

TEST_F(ServerTest, EventStreamSendsRecordsAndRefusesOnePastTheBound) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  const std::string events = absl::StrCat("/api/tables/", id, "/events");
  Client follower("127.0.0.1", server_->port());
  absl::Mutex mu;
  std::string received;
  bool done = false;
  std::thread reading([&] {
    (void)follower.Stream(events, {}, [&](absl::string_view data) {
      absl::MutexLock lock(&mu);
      received.append(data.data(), data.size());
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
  ASSERT_TRUE(refused.ok()) << refused.status();
  EXPECT_EQ(refused->status, 503);
  EXPECT_EQ(refused->Header("retry-after"), "10");
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
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->status, 200);
  EXPECT_FALSE(log->body.empty());
  auto pdn = client_->Get(absl::StrCat("/api/tables/", id, "/pdn"));
  ASSERT_TRUE(pdn.ok()) << pdn.status();
  EXPECT_EQ(pdn->status, 200);
  EXPECT_NE(pdn->body.find("[Event"), std::string::npos);
}

TEST_F(ServerTest, RestartedServerServesTheTableAsItWas) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  ASSERT_EQ(client_
                ->Post(absl::StrCat("/api/tables/", id, "/moves"),
                       R"({"move": "11-15", "head": 1})")
                ->status,
            200);
  Restart();
  Client client("127.0.0.1", port_);
  auto state = client.Get(absl::StrCat("/api/tables/", id));
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(json::parse(state->body)["head"], 2);
}

TEST_F(RemoteTableTest, FinishedRatedTablesFoldIntoRatings) {
  auto unrated = client_->Get("/api/ratings");
  ASSERT_TRUE(unrated.ok()) << unrated.status();
  EXPECT_EQ(json::parse(unrated->body), json::array());
  auto res =
      client_->Post("/api/tables", R"({"mode": "remote", "rated": true})");
  ASSERT_TRUE(res.ok()) << res.status();
  ASSERT_EQ(res->status, 201);
  id_ = json::parse(res->body)["id"];
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  ASSERT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
  // Not counted until it ends.
  EXPECT_EQ(json::parse(client_->Get("/api/ratings")->body), json::array());
  ASSERT_EQ(Status(alice_, "/resign", R"({"head": 3})"), 200);
  auto ratings = client_->Get("/api/ratings");
  ASSERT_TRUE(ratings.ok()) << ratings.status();
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
                             absl::StrCat(R"({"advance_ms": )", ms, "}"));
    ASSERT_TRUE(res.ok()) << res.status();
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
      client_->Post("/api/tables", R"({"mode": "remote", "turn_seconds": 60})");
  ASSERT_TRUE(res.ok()) << res.status();
  ASSERT_EQ(res->status, 201);
  id_ = json::parse(res->body)["id"];
  ASSERT_EQ(Status(alice_, "/seats/first", R"({"name": "Alice"})"), 200);
  ASSERT_EQ(Status(bob_, "/seats/second", R"({"name": "Bob"})"), 200);
  EXPECT_EQ(State(bob_)["clock"]["remaining_ms"], 60000);
  // Bob follows the table; Alice, to move, is away.
  Client follower("127.0.0.1", server_->port());
  bool done = false;
  std::thread reading([&] {
    (void)follower.Stream(absl::StrCat("/api/tables/", id_, "/events"),
                          bob_.Headers(), [&](absl::string_view data) {
                            absl::MutexLock lock(&mu_);
                            received_.append(data.data(), data.size());
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

// What a request sent as `bytes` gets, whole (the server closes after it).
std::string Raw(int port, absl::string_view bytes) {
  absl::StatusOr<std::string> got =
      http::RawExchange(port, bytes, absl::Seconds(60));
  EXPECT_TRUE(got.ok()) << got.status();
  return got.value_or("");
}

// A request for `target` with `host` and more `headers`, closing after.
std::string Request(absl::string_view method, absl::string_view target,
                    absl::string_view host, absl::string_view headers = "",
                    absl::string_view body = "") {
  return absl::StrCat(method, " ", target, " HTTP/1.1\r\nHost: ", host,
                      "\r\nConnection: close\r\n", headers,
                      "Content-Length: ", body.size(), "\r\n\r\n", body);
}

size_t TableCount(Client& client) {
  absl::StatusOr<Reply> list = client.Get("/api/tables");
  EXPECT_TRUE(list.ok()) << list.status();
  return list.ok() ? json::parse(list->body).size() : 0;
}

// Issue 46: a body of the wrong JSON types was a 500 (a throwing
// accessor), and one without a mode made a table.
TEST_F(ServerTest, ANewTableOfTheWrongTypesOrWithoutAModeIs422NamingTheField) {
  const size_t tables = TableCount(*client_);
  const std::pair<const char*, const char*> cases[] = {
      {R"({"mode": 5})", "mode"},
      {R"({"mode": null})", "mode"},
      {R"({"mode": "computer", "difficulty": []})", "difficulty"},
      {R"({"mode": "computer", "rules": {}})", "rules"},
      {R"({"rules": {}})", "mode"},
      {R"({"mode": "computer", "human_side": 1})", "human_side"},
      {R"({"mode": "remote", "turn_seconds": "30"})", "turn_seconds"},
      {R"({"mode": "remote", "rated": "yes"})", "rated"},
      {R"({"mode": "computer", "options": []})", "options"},
      {R"({"mode": "computer", "fen": 7})", "fen"},
      {"{}", "mode"},
      {"", "mode"},
  };
  for (const auto& [body, field] : cases) {
    absl::StatusOr<Reply> res = client_->Post("/api/tables", body);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, 422) << body;
    EXPECT_THAT(json::parse(res->body).value("error", ""), HasSubstr(field))
        << body;
  }
  EXPECT_EQ(TableCount(*client_), tables);
  // Optional fields may be null.
  NewTable(R"({"mode": "computer", "difficulty": null, "options": null})");
}

// Found by tests/fuzz/http_fuzz.cc: a refused game left its log's lock
// file behind, one more per request.
TEST_F(ServerTest, AGameTheRulesRefuseLeavesNoFile) {
  absl::StatusOr<Reply> res = client_->Post(
      "/api/tables", R"({"mode": "two-player", "fen": "W:WK19,42:B37,28,19"})");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 422);
  EXPECT_THAT(json::parse(res->body).value("error", ""), HasSubstr("FEN"));
  const std::string tables = absl::StrCat(
      ::testing::TempDir(), "/",
      ::testing::UnitTest::GetInstance()->current_test_info()->name(),
      "/tables");
  EXPECT_TRUE(std::filesystem::is_empty(tables));
}

// Issue 47: on a full disk every refused creation left an empty log and
// its lock file, listed as tables after a restart. Whatever room the disk
// has, a creation either makes a table or is 503 and leaves nothing.
TEST(ServerOnAFullDiskTest, ACreationThatCannotBeWrittenIs503AndLeavesNoFile) {
  storage::FaultEnv disk;
  Server::Options options;
  options.data_dir = "/data";
  options.table.env = &disk;
  auto server = Server::Create(options);
  ASSERT_TRUE(server.ok()) << server.status();
  const std::vector<std::string> before = disk.Files();
  http::Request request;
  request.method = "POST";
  request.target = request.path = "/api/tables";
  request.headers = {{"host", "127.0.0.1:8080"}};
  request.body = R"({"mode": "two-player"})";
  int refused = 0;
  for (uint64_t room = 0;; room += 8) {
    disk.SetSpaceLeft(room);
    const http::Response answer = (*server)->Handle(request);
    if (answer.status == 201) break;
    ASSERT_EQ(answer.status, 503) << "with " << room << " bytes of room";
    EXPECT_EQ(disk.Files(), before) << "with " << room << " bytes of room";
    ++refused;
  }
  EXPECT_GT(refused, 1);
  disk.SetSpaceLeft(std::nullopt);
  (*server)->Stop();
}

TEST(ServerStartTest, ALockFileOfNoTableIsRemovedAndATablesLockIsKept) {
  const std::string data = absl::StrCat(::testing::TempDir(), "/orphan_locks");
  std::filesystem::remove_all(data);
  std::filesystem::create_directories(data + "/tables");
  std::string kept;
  {
    Server::Options options;
    options.data_dir = data;
    auto server = Server::Create(options);
    ASSERT_TRUE(server.ok()) << server.status();
    http::Request request;
    request.method = "POST";
    request.target = request.path = "/api/tables";
    request.headers = {{"host", "127.0.0.1:8080"}};
    request.body = R"({"mode": "two-player"})";
    const http::Response made = (*server)->Handle(request);
    ASSERT_EQ(made.status, 201);
    kept = json::parse(made.body)["id"];
    (*server)->Stop();
  }
  const std::string orphan = data + "/tables/0123456789ab.log.lock";
  { std::ofstream(orphan).flush(); }
  Server::Options options;
  options.data_dir = data;
  auto server = Server::Create(options);
  ASSERT_TRUE(server.ok()) << server.status();
  EXPECT_FALSE(std::filesystem::exists(orphan));
  EXPECT_TRUE(std::filesystem::exists(
      absl::StrCat(data, "/tables/", kept, ".log.lock")));
  (*server)->Stop();
}

TEST_F(ServerTest, ANewGameOfTheWrongTypesIs422) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  for (const char* body :
       {R"({"head": 1, "mode": "two-player", "difficulty": 5})",
        R"({"head": 1, "mode": 5})", R"({"head": "1"})", "[1]"}) {
    absl::StatusOr<Reply> res =
        client_->Post(absl::StrCat("/api/tables/", id, "/new"), body);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_THAT(res->status, ::testing::AnyOf(400, 422)) << body;
  }
  EXPECT_EQ(json::parse(client_->Get(absl::StrCat("/api/tables/", id))->body)
                .value("turns_played", -1),
            0);
}

// Issue 46: a page of another site whose name has come to point at this
// machine (DNS rebinding) could make tables and play; now every route
// refuses a Host the server does not answer as.
TEST_F(ServerTest, AHostTheServerDoesNotAnswerAsIsRefusedOnEveryRoute) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  const int port = server_->port();
  const std::string evil = absl::StrCat("evil.example:", port);
  const size_t tables = TableCount(*client_);
  for (const std::string& request :
       {Request("POST", "/api/tables", evil,
                absl::StrCat("Origin: http://", evil, "\r\n"),
                R"({"mode": "computer"})"),
        Request("GET", "/", evil), Request("GET", "/t/" + id, evil),
        Request("GET", "/static/table.js", evil),
        Request("GET", "/api/tables", evil),
        Request("GET", absl::StrCat("/api/tables/", id, "/events"), evil),
        Request("GET", absl::StrCat("/api/tables/", id, "/log"), evil),
        Request("POST", absl::StrCat("/api/tables/", id, "/resign"), evil, "",
                R"({"head": 1})")}) {
    const std::string reply = Raw(port, request);
    EXPECT_THAT(reply, ::testing::StartsWith("HTTP/1.1 421 ")) << request;
    EXPECT_THAT(reply, HasSubstr("--allowed-host")) << request;
  }
  EXPECT_EQ(TableCount(*client_), tables);
  EXPECT_EQ(json::parse(client_->Get(absl::StrCat("/api/tables/", id))->body)
                .value("over", true),
            false);
  // The loopback names and addresses are this server's own.
  for (const std::string& host :
       {absl::StrCat("localhost:", port), absl::StrCat("127.0.0.1:", port),
        absl::StrCat("[::1]:", port), std::string("localhost")}) {
    EXPECT_THAT(Raw(port, Request("GET", "/api/tables", host)),
                ::testing::StartsWith("HTTP/1.1 200 "))
        << host;
  }
}

class AllowedHostTest : public ServerTest {
 protected:
  void Configure(Server::Options& options) override {
    options.allowed_hosts = {"Board.Example"};
  }
};

TEST_F(AllowedHostTest, ANameGivenWithAllowedHostIsAnswered) {
  const int port = server_->port();
  EXPECT_THAT(Raw(port, Request("GET", "/api/tables",
                                absl::StrCat("board.example:", port))),
              ::testing::StartsWith("HTTP/1.1 200 "));
  EXPECT_THAT(Raw(port, Request("GET", "/api/tables", "other.example")),
              ::testing::StartsWith("HTTP/1.1 421 "));
}

// Issue 47: ambiguous framing made tables; every refusal is the API's
// JSON error with the headers every answer carries.
TEST_F(ServerTest, AmbiguousFramingIsRefusedAndMakesNoTable) {
  const int port = server_->port();
  const size_t tables = TableCount(*client_);
  const std::string head = "POST /api/tables HTTP/1.1\r\nHost: localhost\r\n";
  const std::string body = R"({"mode": "computer"})";
  for (const std::string& framing :
       {absl::StrCat("Content-Length: ", body.size(),
                     "\r\nContent-Length: 2\r\n"),
        absl::StrCat("Content-Length: ", body.size(),
                     "\r\nTransfer-Encoding: chunked\r\n"),
        std::string("Content-Length: -5\r\n")}) {
    const std::string reply =
        Raw(port, absl::StrCat(head, framing, "\r\n", body));
    EXPECT_THAT(reply, ::testing::StartsWith("HTTP/1.1 400 ")) << framing;
    EXPECT_THAT(reply, HasSubstr("frame-ancestors 'none'"));
    EXPECT_THAT(reply, HasSubstr("{\"error\":"));
  }
  EXPECT_THAT(Raw(port, absl::StrCat(head, "Content-Length: 5000\r\n\r\n")),
              ::testing::StartsWith("HTTP/1.1 413 "));
  EXPECT_EQ(TableCount(*client_), tables);
}

TEST_F(ServerTest, EveryAnswerForbidsFraming) {
  const std::string id = NewTable(R"({"mode": "two-player"})");
  for (const std::string& path :
       {std::string("/"), "/t/" + id, std::string("/static/table.js"),
        std::string("/api/tables"), std::string("/no/such/page")}) {
    absl::StatusOr<Reply> res = client_->Get(path);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->Header("x-frame-options"), "DENY") << path;
    EXPECT_THAT(res->Header("content-security-policy"),
                HasSubstr("frame-ancestors 'none'"))
        << path;
  }
}

// Issue 47: /t/a-b-c served a table page though ids are 12 hex digits.
TEST_F(ServerTest, ATableIdOfAnotherFormIsNotFound) {
  for (const char* path :
       {"/t/a-b-c", "/api/tables/a-b-c", "/api/tables/a-b-c/events",
        "/api/tables/a-b-c/pdn", "/t/ABCDEF012345", "/t/0123456789ab",
        "/t/0123456789abc", "/api/tables/0123456789ab"}) {
    absl::StatusOr<Reply> res = client_->Get(path);
    ASSERT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, 404) << path;
  }
  // `local` is the terminal game's save.
  EXPECT_EQ(client_->Get("/t/local")->status, 200);
  EXPECT_EQ(client_->Get("/api/tables/local")->status, 200);
}

TEST_F(ServerTest, AKnownPathOfAnotherMethodIs405) {
  absl::StatusOr<Reply> res = client_->Send("DELETE", "/api/tables", {}, "");
  ASSERT_TRUE(res.ok()) << res.status();
  EXPECT_EQ(res->status, 405);
  EXPECT_EQ(res->Header("allow"), "GET, POST");
}

// A server that allows several streams at once.
class StreamsTest : public ServerTest {
 protected:
  void Configure(Server::Options& options) override { options.max_streams = 8; }

  // The stream at `target` from its start until it has sent `last`.
  std::string StreamUntil(const std::string& target, const std::string& last,
                          const Headers& headers = {},
                          std::function<void(const std::string&)> seen = {}) {
    Client follower("127.0.0.1", server_->port());
    std::string got;
    absl::StatusOr<Reply> reply =
        follower.Stream(target, headers, [&](absl::string_view data) {
          got.append(data.data(), data.size());
          if (seen) seen(got);
          return got.find(last) == std::string::npos;
        });
    EXPECT_TRUE(reply.ok()) << reply.status();
    EXPECT_NE(got.find(last), std::string::npos) << got;
    return got;
  }
};

// Many tabs need not hold a connection each: one stream follows several
// tables, each message naming its table, its id where the stream stands
// in every table, so that a reconnect resumes each exactly.
TEST_F(StreamsTest, OneStreamFollowsSeveralTablesAndResumesFromItsId) {
  const std::string a = NewTable(R"({"mode": "two-player"})");
  const std::string b = NewTable(R"({"mode": "two-player"})");
  ASSERT_EQ(client_
                ->Post(absl::StrCat("/api/tables/", b, "/moves"),
                       R"({"move": "11-15", "head": 1})")
                ->status,
            200);
  const std::string target = absl::StrCat("/api/events?tables=", a, ",", b);
  bool moved = false;
  const std::string got = StreamUntil(
      target, absl::StrCat("id: ", a, ":2,", b, ":2\n"), {},
      [&](const std::string& so_far) {
        // Caught up with both: a move at `a` comes live.
        if (!moved &&
            so_far.find(absl::StrCat(b, ":2\n")) != std::string::npos) {
          moved = true;
          Client mover("127.0.0.1", server_->port());
          EXPECT_EQ(mover
                        .Post(absl::StrCat("/api/tables/", a, "/moves"),
                              R"({"move": "9-14", "head": 1})")
                        ->status,
                    200);
        }
      });
  EXPECT_THAT(got, ::testing::StartsWith("retry: 1000\n\n"));
  EXPECT_THAT(got, HasSubstr(absl::StrCat("id: ", a, ":1,", b,
                                          ":0\nevent: game_started\ndata: "
                                          "{\"table\":\"",
                                          a, "\",")));
  EXPECT_THAT(got, HasSubstr(absl::StrCat("id: ", a, ":1,", b,
                                          ":2\nevent: turn_played\ndata: "
                                          "{\"table\":\"",
                                          b, "\",")));
  EXPECT_THAT(got, HasSubstr(absl::StrCat("event: status\ndata: {\"table\":\"",
                                          b, "\",")));
  // A reconnect that holds b up to 1 and a up to 2 gets b's 2 alone.
  const std::string resumed =
      StreamUntil(target, "event: status",
                  {{"Last-Event-ID", absl::StrCat(a, ":2,", b, ":1")}});
  const std::string first_id = resumed.substr(resumed.find("id: "));
  EXPECT_THAT(first_id, ::testing::StartsWith(absl::StrCat(
                            "id: ", a, ":2,", b, ":2\nevent: turn_played")));
  EXPECT_EQ(resumed.find("game_started"), std::string::npos);
}

TEST_F(StreamsTest, AStreamOfSeveralTablesNamesThemAndWhereItStands) {
  const std::string a = NewTable(R"({"mode": "two-player"})");
  EXPECT_EQ(client_->Get("/api/events?tables=0123456789ab")->status, 404);
  EXPECT_EQ(client_->Get("/api/events")->status, 404);
  EXPECT_EQ(
      client_->Get(absl::StrCat("/api/events?tables=", a, "&after=x"))->status,
      400);
  // ?after= as a page sends it, percent-encoded.
  const std::string got =
      StreamUntil(absl::StrCat("/api/events?tables=", a, "&after=", a, "%3A1"),
                  "event: status");
  EXPECT_EQ(got.find("id: "), std::string::npos);
}

}  // namespace
}  // namespace checkers::web
