#include "ui_cli/step_keys.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::cli {
namespace {

using ::testing::ElementsAre;

std::vector<StepCommand> Decode(const std::string& bytes) {
  StepKeys keys;
  std::vector<StepCommand> commands;
  for (char c : bytes) {
    if (std::optional<StepCommand> command = keys.Feed(c)) {
      commands.push_back(*command);
    }
  }
  return commands;
}

TEST(StepKeysTest, LettersActAtOnceAndLinesFromAPipeReadTheSame) {
  const std::vector<StepCommand> keys = Decode("nnpflq");
  const std::vector<StepCommand> lines = Decode("n\nn\np\nf\nl\nq\n");
  EXPECT_THAT(keys, ElementsAre(StepCommand{StepAction::kNext},
                                StepCommand{StepAction::kNext},
                                StepCommand{StepAction::kBack},
                                StepCommand{StepAction::kFirst},
                                StepCommand{StepAction::kLast},
                                StepCommand{StepAction::kQuit}));
  EXPECT_EQ(lines, keys);
}

TEST(StepKeysTest, NumberThenEnterJumps) {
  EXPECT_THAT(Decode("12\n"), ElementsAre(StepCommand{StepAction::kJump, 12}));
  EXPECT_THAT(Decode("0\r"), ElementsAre(StepCommand{StepAction::kJump, 0}));
  EXPECT_THAT(Decode("123\x7f\n"),
              ElementsAre(StepCommand{StepAction::kJump, 12}));
  EXPECT_THAT(Decode("\n\r\n"), ElementsAre());
}

TEST(StepKeysTest, DigitsTypedSoFarArePendingUntilEnter) {
  StepKeys keys;
  keys.Feed('4');
  keys.Feed('2');
  EXPECT_EQ(keys.pending_number(), "42");
  keys.Feed('\n');
  EXPECT_EQ(keys.pending_number(), "");
}

TEST(StepKeysTest, ArrowAndEditingKeysOfTerminals) {
  EXPECT_THAT(Decode("\x1b[C\x1b[D\x1b[H\x1b[F"),
              ElementsAre(StepCommand{StepAction::kNext},
                          StepCommand{StepAction::kBack},
                          StepCommand{StepAction::kFirst},
                          StepCommand{StepAction::kLast}));
  EXPECT_THAT(Decode("\x1bOH\x1b[1~\x1b[4~\x1b[8~"),
              ElementsAre(StepCommand{StepAction::kFirst},
                          StepCommand{StepAction::kFirst},
                          StepCommand{StepAction::kLast},
                          StepCommand{StepAction::kLast}));
  // An unknown sequence (F5) is dropped whole, its bytes are not keys.
  EXPECT_THAT(Decode("\x1b[15~n"), ElementsAre(StepCommand{StepAction::kNext}));
}

TEST(StepKeysTest, OtherKeysAskForHelpAndCtrlDQuits) {
  EXPECT_THAT(Decode("x"), ElementsAre(StepCommand{StepAction::kHelp}));
  EXPECT_THAT(Decode("\x04"), ElementsAre(StepCommand{StepAction::kQuit}));
}

}  // namespace
}  // namespace checkers::cli
