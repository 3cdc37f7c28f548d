#include "web/opened_games.h"

#include <string>
#include <vector>

#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "replay/import.h"

namespace checkers::web {
namespace {

using nlohmann::json;

constexpr char kTwoGames[] = R"([Event "One"]
[Black "A"]
[White "B"]
[Result "*"]
1. 11-15 23-19 *

[Event "Two"]
[Black "C"]
[White "D"]
[Result "*"]
1. 9-13 22-18 2. 13-17 *
)";

TEST(OpenedGamesTest, EachGameOfAPdnFileIsListedWithItsTagsAndOpened) {
  OpenedGames opened;
  const Answer a =
      opened.Open(kTwoGames, Edition::kEnglish, lang::Catalogue::Builtin("en"));
  ASSERT_EQ(a.status, 200) << a.body.dump();
  const json& games = a.body["games"];
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1]["index"], 2);
  EXPECT_EQ(games[1]["plies"], 3);
  EXPECT_EQ(games[1]["tags"][0]["name"], "Event");
  EXPECT_EQ(games[1]["tags"][0]["value"], "Two");
  const std::optional<std::vector<events::Event>> log =
      opened.Find(games[1]["key"]);
  ASSERT_TRUE(log.has_value());
  EXPECT_EQ(log->size(), 4u);
  EXPECT_FALSE(opened.Find("000000000000000000000000").has_value());
}

TEST(OpenedGamesTest, AGameTheRulesRefuseIsListedAsRefusedTheOthersOpen) {
  OpenedGames opened;
  const std::string text = std::string(kTwoGames) +
                           "\n[Event \"Three\"]\n1. 11-16 22-17 2. 16-11 *\n";
  const Answer a =
      opened.Open(text, Edition::kEnglish, lang::Catalogue::Builtin("en"));
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["games"].size(), 2u);
  ASSERT_EQ(a.body["refused"].size(), 1u);
  EXPECT_EQ(a.body["refused"][0]["index"], 3);
}

TEST(OpenedGamesTest, ALogIsOneGameAndADamagedOneOrNoGameIs422) {
  events::GameState state;
  std::vector<events::Event> log;
  ASSERT_TRUE(events::CommitAndFold(*events::StartEvent(events::GameStarted()),
                                    &state, &log)
                  .ok());
  ASSERT_TRUE(
      events::CommitAndFold(*events::TurnEvent(state, "11-15"), &state, &log)
          .ok());
  OpenedGames opened;
  const std::string bytes = replay::EncodeLog(log);
  const Answer a =
      opened.Open(bytes, Edition::kEnglish, lang::Catalogue::Builtin("en"));
  ASSERT_EQ(a.status, 200) << a.body.dump();
  ASSERT_EQ(a.body["games"].size(), 1u);
  EXPECT_EQ(a.body["games"][0]["plies"], 1);
  EXPECT_TRUE(opened.Find(a.body["games"][0]["key"]).has_value());
  std::string damaged = bytes;
  damaged[damaged.size() - 3] ^= 0x40;
  EXPECT_EQ(
      opened.Open(damaged, Edition::kEnglish, lang::Catalogue::Builtin("en"))
          .status,
      422);
  EXPECT_EQ(opened
                .Open("not a game at all", Edition::kEnglish,
                      lang::Catalogue::Builtin("en"))
                .status,
            422);
}

TEST(OpenedGamesTest, TheGameOpenedLongestAgoIsForgottenPastTheBound) {
  OpenedGames opened(/*kept=*/1);
  const Answer a =
      opened.Open(kTwoGames, Edition::kEnglish, lang::Catalogue::Builtin("en"));
  ASSERT_EQ(a.status, 200);
  EXPECT_FALSE(opened.Find(a.body["games"][0]["key"]).has_value());
  EXPECT_TRUE(opened.Find(a.body["games"][1]["key"]).has_value());
}

}  // namespace
}  // namespace checkers::web
