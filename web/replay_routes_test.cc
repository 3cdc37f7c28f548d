// The replay page's routes over loopback (web/API.md, "Replay and
// analysis").

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "web/server_testing.h"

namespace checkers::web {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class ReplayRoutesTest : public ServerTest {
 protected:
  void Configure(Server::Options& options) override {
    // Bounded by nodes alone: quick, and the same judgement every run.
    options.analysis.nodes = 3000;
    options.analysis.time = absl::Hours(1);
  }

  // A two-player table where `moves` were played.
  std::string TableWith(const std::vector<std::string>& moves) {
    const std::string id = NewTable(R"({"mode": "two-player"})");
    int head = 1;
    for (const std::string& m : moves) {
      auto res = client_->Post(
          absl::StrCat("/api/tables/", id, "/moves"),
          json{{"move", m}, {"head", head++}}.dump());
      EXPECT_TRUE(res.ok() && res->status == 200) << m;
    }
    return id;
  }

  json Get(const std::string& path, int status = 200) {
    auto res = client_->Get(path);
    EXPECT_TRUE(res.ok()) << res.status();
    if (!res.ok()) return json();
    EXPECT_EQ(res->status, status) << path << ": " << res->body;
    return json::parse(res->body, nullptr, false);
  }
};

TEST_F(ReplayRoutesTest, TurnsAreTheGamesPositionsAsTheFoldComputedThem) {
  const std::string id = TableWith({"11-15", "23-19"});
  const json body = Get(absl::StrCat("/api/tables/", id, "/turns"));
  EXPECT_EQ(body["id"], id);
  EXPECT_EQ(body["head"], 3);
  const json& turns = body["turns"];
  ASSERT_EQ(turns.size(), 3u);
  EXPECT_EQ(turns[0]["move"], "");
  EXPECT_EQ(turns[1]["move"], "11-15");
  EXPECT_EQ(turns[1]["side"], "first");
  EXPECT_EQ(turns[1]["route"], json::array({11, 15}));
  EXPECT_EQ(turns[2]["side"], "second");
  EXPECT_EQ(turns[2]["state"]["turns_played"], 2);
  EXPECT_TRUE(turns[2]["state"]["board"][14].is_object());
  EXPECT_EQ(turns[2]["state"]["no_progress_turns"], 0);
  EXPECT_EQ(body["audit"]["sound"], true);
  EXPECT_TRUE(body["audit"]["end"].is_null());
}

TEST_F(ReplayRoutesTest, TheAuditOfAnEndIsGivenWithItsEvidenceInTheViewersWords) {
  const std::string id = TableWith({"11-15"});
  auto resigned = client_->Post(absl::StrCat("/api/tables/", id, "/resign"),
                                R"({"head": 2})");
  ASSERT_TRUE(resigned.ok() && resigned->status == 200);
  const json body = Get(absl::StrCat("/api/tables/", id, "/turns?lang=sv"));
  EXPECT_EQ(body["audit"]["sound"], true);
  ASSERT_TRUE(body["audit"]["end"].is_object()) << body["audit"].dump();
  EXPECT_GT(body["audit"]["end"]["seq"].get<int>(), 2);
}

TEST_F(ReplayRoutesTest, TheReplayPageIsServedForATableOnly) {
  const std::string id = TableWith({});
  auto page = client_->Get(absl::StrCat("/t/", id, "/replay?turn=3"));
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(page->status, 200);
  EXPECT_THAT(page->body, HasSubstr("/static/replay.js"));
  Get("/t/0123456789ab/replay", 404);
  Get("/api/tables/0123456789ab/turns", 404);
  Get("/api/tables/0123456789ab/analysis", 404);
  Get("/api/tables/..%2f/turns", 404);
}

TEST_F(ReplayRoutesTest, AnAnalysisRunsInTheBackgroundAndIsKeptForTheNextVisit) {
  const std::string id = TableWith({"11-15", "23-19", "8-11"});
  const std::string path = absl::StrCat("/api/tables/", id, "/analysis");
  EXPECT_EQ(Get(path)["state"], "none");
  auto started = client_->Post(path, "");
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(started->status, 200);
  json got = json::parse(started->body);
  EXPECT_EQ(got["key"].get<std::string>().size(), 24u);
  while (got["state"] == "queued" || got["state"] == "running") {
    absl::SleepFor(absl::Milliseconds(10));
    got = Get(path);
  }
  ASSERT_EQ(got["state"], "done") << got.dump();
  EXPECT_EQ(got["analysis"]["positions"].size(), 4u);
  EXPECT_EQ(got["analysis"]["turns"][2]["played"], "8-11");
  // A second visit, and a cancel of a finished analysis, find it kept.
  auto again = client_->Post(path, "");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(json::parse(again->body)["state"], "done");
  auto cancelled = client_->Post(absl::StrCat(path, "/cancel"), "");
  ASSERT_TRUE(cancelled.ok()) << cancelled.status();
  EXPECT_EQ(json::parse(cancelled->body)["state"], "done");
  // A turn more is another game to judge.
  auto moved = client_->Post(absl::StrCat("/api/tables/", id, "/moves"),
                             R"({"move": "22-17", "head": 4})");
  ASSERT_TRUE(moved.ok() && moved->status == 200);
  EXPECT_EQ(Get(path)["state"], "none");
}

TEST_F(ReplayRoutesTest, AFileSentIsOpenedWithoutATableAndReplayedByKey) {
  // Past the 4 KiB other bodies are held to: a collection of games.
  std::string pdn;
  for (int i = 1; pdn.size() <= 8192; ++i) {
    pdn += absl::StrCat("[Event \"Game ", i,
                        "\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n");
  }
  auto res = client_->Post("/api/games?rules=english", pdn);
  ASSERT_TRUE(res.ok()) << res.status();
  ASSERT_EQ(res->status, 200) << res->body;
  const json games = json::parse(res->body)["games"];
  ASSERT_GT(games.size(), 100u);
  EXPECT_EQ(games[1]["tags"][0]["value"], "Game 2");
  const std::string key = games[0]["key"];
  auto page = client_->Get(absl::StrCat("/g/", key, "/replay?turn=2"));
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(page->status, 200);
  const json turns = Get(absl::StrCat("/api/games/", key, "/turns"))["turns"];
  ASSERT_EQ(turns.size(), 5u);
  EXPECT_EQ(turns[4]["move"], "22-17");
  EXPECT_EQ(Get(absl::StrCat("/api/games/", key, "/analysis"))["state"], "none");
  auto none = client_->Get("/api/tables");
  ASSERT_TRUE(none.ok());
  // No table was made: the terminal game's save is the only one.
  for (const json& t : json::parse(none->body)) EXPECT_EQ(t["id"], "local");
  Get("/g/000000000000000000000000/replay", 404);
  auto bad = client_->Post("/api/games?rules=spanish", pdn);
  ASSERT_TRUE(bad.ok());
  EXPECT_EQ(bad->status, 422);
}

}  // namespace
}  // namespace checkers::web
