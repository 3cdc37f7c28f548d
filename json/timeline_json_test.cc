#include "json/timeline_json.h"

#include <string>
#include <vector>

#include "events/events.pb.h"
#include "gtest/gtest.h"
#include "tests/log_builder.h"

namespace checkers::json {
namespace {

// The timeline of the game from `fen` where `moves` were played, as JSON.
nlohmann::json TimelineOf(const std::string& fen,
                          const std::vector<std::string>& moves) {
  testing::LogBuilder builder(fen);
  for (const std::string& m : moves) builder.Play(m);
  const std::vector<events::Event> log = builder.events();
  absl::StatusOr<std::vector<replay::Ply>> plies = replay::BuildTimeline(log);
  EXPECT_TRUE(plies.ok()) << plies.status();
  return plies.ok() ? TimelineJson(*plies) : nlohmann::json();
}

TEST(TimelineJsonTest, EachPlyHasItsMoveRouteTakenPiecesAndFoldedState) {
  const nlohmann::json j = TimelineOf("W:W22,32:B18,10,1", {"22x6"});
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["turn"], 0);
  EXPECT_EQ(j[0]["side"], "");
  EXPECT_EQ(j[0]["move"], "");
  EXPECT_EQ(j[0]["state"]["board"][17]["side"], "first");
  EXPECT_EQ(j[1]["turn"], 1);
  EXPECT_EQ(j[1]["seq"], 2);
  EXPECT_EQ(j[1]["side"], "second");
  EXPECT_EQ(j[1]["move"], "22x15x6");
  EXPECT_EQ(j[1]["route"], nlohmann::json::array({22, 15, 6}));
  EXPECT_EQ(j[1]["captured"], nlohmann::json::array({18, 10}));
  EXPECT_TRUE(j[1]["state"]["board"][17].is_null());
  EXPECT_EQ(j[1]["state"]["turns_played"], 1);
  EXPECT_EQ(j[1]["repeated_at"], nlohmann::json::array({2}));
}

TEST(TimelineJsonTest, ARepeatedPositionNamesTheSeqsItStoodAfter) {
  const nlohmann::json j =
      TimelineOf("B:WK32:BK1", {"1-6", "32-27", "6-1", "27-32"});
  EXPECT_EQ(j[4]["repeated_at"], nlohmann::json::array({1, 5}));
  EXPECT_EQ(j[4]["state"]["repetition_count"], 2);
  EXPECT_EQ(j[4]["state"]["no_progress_turns"], 4);
  EXPECT_EQ(j[4]["no_progress_since_seq"], 1);
}

}  // namespace
}  // namespace checkers::json
