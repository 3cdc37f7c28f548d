// Loads //cbapi:checkers_engine.so the way CheckerBoard does (dlopen) and
// plays through its two entry points.

#include <cstdlib>
#include <cstring>
#include <string>

#include "cbapi/checkerboard.h"
#include "cbapi/engine_library_for_test.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/opening_book.h"
#include "engine/search.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::cb {
namespace {

class CheckersEngineSoTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<EngineLibrary> library = LoadEngineLibrary();
    ASSERT_TRUE(library.ok()) << library.status();
    getmove_ = library->getmove;
    enginecommand_ = library->enginecommand;
  }

  void SetUp() override {
    ASSERT_NE(getmove_, nullptr);
    ASSERT_NE(enginecommand_, nullptr);
    Command("set level time");
  }

  // Sends `command` and returns the reply; the return value goes to *handled.
  static std::string Command(const std::string& command,
                             int* handled = nullptr) {
    char in[256] = {};
    char out[1024] = {};
    std::strncpy(in, command.c_str(), sizeof(in) - 1);
    const int r = enginecommand_(in, out);
    if (handled != nullptr) *handled = r;
    return out;
  }

  // What getmove makes of `pos` in `seconds`: its verdict, the board it
  // hands back (read with the other side to move) and its status line.
  struct Answer {
    int verdict = 0;
    absl::StatusOr<Position> after;
    std::string status;
  };
  static Answer Ask(const Position& pos, double seconds) {
    int board[8][8];
    ToBoard(pos, board);
    char status[1024] = {};
    int playnow = 0;
    CbMove move = {};
    const bool black = pos.side_to_move() == Color::kBlack;
    Answer answer;
    answer.verdict = getmove_(board, black ? kBlack : kWhite, seconds, status,
                              &playnow, 0, 0, &move);
    answer.after = FromBoard(board, black ? kWhite : kBlack);
    answer.status = status;
    return answer;
  }

  static GetMoveFn getmove_;
  static EngineCommandFn enginecommand_;
};

GetMoveFn CheckersEngineSoTest::getmove_ = nullptr;
EngineCommandFn CheckersEngineSoTest::enginecommand_ = nullptr;

using ::checkers::testing::FenPosition;

// The legal move of `before` that leads to `after`, if any.
std::optional<Move> MoveBetween(const Position& before, const Position& after) {
  MoveList moves;
  GenerateMoves(before, &moves);
  for (const Move& m : moves) {
    if (before.After(m) == after) return m;
  }
  return std::nullopt;
}

TEST_F(CheckersEngineSoTest, AnswersTheInformationCommands) {
  int handled = 0;
  EXPECT_EQ(Command("get gametype", &handled), "21");
  EXPECT_EQ(handled, 1);
  EXPECT_EQ(Command("get protocolversion", &handled), "2");
  EXPECT_EQ(handled, 1);
  EXPECT_FALSE(Command("name", &handled).empty());
  EXPECT_EQ(handled, 1);
  EXPECT_NE(Command("about", &handled).find("checkers"), std::string::npos);
  EXPECT_EQ(handled, 1);
  EXPECT_NE(Command("help", &handled).find(".htm"), std::string::npos);
  EXPECT_EQ(handled, 1);
}

TEST_F(CheckersEngineSoTest, RefusesEveryGameTypeButEnglish) {
  int handled = 0;
  EXPECT_EQ(Command("set gametype 21", &handled), "gametype set to 21");
  EXPECT_EQ(handled, 1);
  for (const char* type : {"25", "23", "20", "russian"}) {
    const std::string reply =
        Command(std::string("set gametype ") + type, &handled);
    EXPECT_EQ(handled, 0) << type;
    EXPECT_EQ(reply.rfind("? this engine plays English checkers", 0), 0u)
        << reply;
  }
  EXPECT_EQ(Command("get gametype", &handled), "21");
}

TEST_F(CheckersEngineSoTest, UnknownCommandsGetAQuestionMark) {
  int handled = 1;
  EXPECT_EQ(Command("fly to the moon", &handled), "?");
  EXPECT_EQ(handled, 0);
  EXPECT_EQ(Command("get colour", &handled), "?");
  EXPECT_EQ(handled, 0);
  EXPECT_EQ(Command("set bookfile x.bk", &handled), "?");
  EXPECT_EQ(handled, 0);
}

TEST_F(CheckersEngineSoTest, OptionsCanBeSetAndRead) {
  int handled = 0;
  Command("set hashsize 8", &handled);
  EXPECT_EQ(handled, 1);
  EXPECT_EQ(Command("get hashsize"), "8");
  Command("set hashsize 0", &handled);
  EXPECT_EQ(handled, 0);
  EXPECT_EQ(Command("get hashsize"), "8");
  Command("set hashsize 16");

  Command("set level medium", &handled);
  EXPECT_EQ(handled, 1);
  EXPECT_EQ(Command("get level"), "medium");
  Command("set level genius", &handled);
  EXPECT_EQ(handled, 0);
  EXPECT_EQ(Command("get level"), "medium");
}

TEST_F(CheckersEngineSoTest, GetMoveReturnsTheBoardAfterALegalMove) {
  for (const char* fen :
       {"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,13,2,3,4,6,7,8,9",
        "W:WK3,15,19,21,22,25,29:B6,8,9,12,13,20,K28"}) {
    const Position pos = FenPosition(fen);
    int board[8][8];
    ToBoard(pos, board);
    char status[1024] = {};
    int playnow = 0;
    CbMove move = {};
    const int color = pos.side_to_move() == Color::kBlack ? kBlack : kWhite;
    getmove_(board, color, 0.05, status, &playnow, 0, 0, &move);
    const absl::StatusOr<Position> after =
        FromBoard(board, color == kBlack ? kWhite : kBlack);
    ASSERT_TRUE(after.ok()) << after.status();
    const std::optional<Move> played = MoveBetween(pos, *after);
    ASSERT_TRUE(played.has_value()) << fen << " -> " << ToFen(*after);
    EXPECT_EQ(SquareAt(move.from.x, move.from.y), played->from);
    EXPECT_EQ(SquareAt(move.to.x, move.to.y), played->to);
    EXPECT_EQ(move.jumps, played->num_jumps);
    EXPECT_NE(std::string(status).find("best"), std::string::npos) << status;
  }
}

TEST_F(CheckersEngineSoTest, PlaysTheBookMoveAtOnceUnlessTheBookIsOff) {
  int handled = 0;
  EXPECT_EQ(Command("get book"), "3");
  Command("set book 4", &handled);
  EXPECT_EQ(handled, 0);
  Command("set level time");
  ASSERT_GT(book::Committed(Edition::kEnglish).size(), 0);
  const book::Entry& entry =
      book::Committed(Edition::kEnglish).entries().front();
  const int color =
      entry.position.side_to_move() == Color::kBlack ? kBlack : kWhite;
  for (const char* setting : {"3", "0"}) {
    Command(std::string("set book ") + setting, &handled);
    EXPECT_EQ(handled, 1);
    EXPECT_EQ(Command("get book"), setting);
    int board[8][8];
    ToBoard(*entry.position.eight(), board);
    char status[1024] = {};
    int playnow = 0;
    CbMove move = {};
    getmove_(board, color, 0.2, status, &playnow, 0, 0, &move);
    const bool from_book =
        std::string(status).find("(book)") != std::string::npos;
    EXPECT_EQ(from_book, std::string(setting) != "0") << status;
    if (from_book) {
      const absl::StatusOr<Position> after =
          FromBoard(board, color == kBlack ? kWhite : kBlack);
      ASSERT_TRUE(after.ok());
      EXPECT_EQ(*after, entry.position.After(entry.move).eight()[0]);
    }
  }
  Command("set book 3");
}

TEST_F(CheckersEngineSoTest, FixedLevelPlaysWhatTheSearchPlays) {
  Command("set level medium");
  const Position pos =
      FenPosition("B:W15,19,21,22,23,25,27,29,30,32:B1,3,4,7,8,9,12,13,14,16");
  SearchRequest request;
  request.position = pos;
  request.level = Level::kMedium;
  request.limits.hash_mib = 16;
  const absl::StatusOr<SearchResult> expected = Search(request);
  ASSERT_TRUE(expected.ok());

  int board[8][8];
  ToBoard(pos, board);
  char status[1024] = {};
  int playnow = 0;
  CbMove move = {};
  getmove_(board, kBlack, 10.0, status, &playnow, 0, 0, &move);
  const absl::StatusOr<Position> after = FromBoard(board, kWhite);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(*after, pos.After(expected->best_move))
      << MoveToText(expected->best_move);
}

TEST_F(CheckersEngineSoTest, GameHistoryLetsTheEngineClaimARepetition) {
  // Three kings against one: 5-1 repeats the position of three plies ago
  // and saves the lost game.
  Command("set level medium");
  int handled = 0;
  Command("set gamehist W:WK18,K19,K23:BK1 23-26 1-5 26-23", &handled);
  EXPECT_EQ(handled, 1);
  const Answer answer = Ask(FenPosition("B:WK18,K19,K23:BK5"), 1.0);
  EXPECT_EQ(*answer.after, FenPosition("W:WK18,K19,K23:BK1")) << answer.status;
  EXPECT_NE(answer.verdict, kLoss);

  Command("set gamehist not a fen", &handled);
  EXPECT_EQ(handled, 0);
}

TEST_F(CheckersEngineSoTest, AHistoryCutShortIsJoinedToTheOneBefore) {
  // The game of the test above, but the second command starts a move
  // later, as a sender short of room sends it: the position 5-1 repeats is
  // only in the first.
  Command("set level medium");
  int handled = 0;
  Command("set gamehist W:WK18,K19,K23:BK1 23-26", &handled);
  EXPECT_EQ(handled, 1);
  Command("set gamehist B:WK18,K19,K26:BK1 1-5 26-23", &handled);
  EXPECT_EQ(handled, 1);
  const Answer answer = Ask(FenPosition("B:WK18,K19,K23:BK5"), 1.0);
  EXPECT_EQ(*answer.after, FenPosition("W:WK18,K19,K23:BK1")) << answer.status;
  EXPECT_NE(answer.verdict, kLoss);
}

TEST_F(CheckersEngineSoTest, AHistoryAfterAnIrreversibleMoveIsNotJoined) {
  // The first command's positions are the same as above, but the second
  // starts from a position none of them was: a new past, alone, in which
  // nothing repeats, so the lost position is lost whatever Black plays.
  Command("set level medium");
  Command("set gamehist W:WK18,K19,K23:BK1 23-26");
  Command("set gamehist B:WK18,K19,K26:BK5 26-23");
  const Answer answer = Ask(FenPosition("B:WK18,K19,K23:BK5"), 1.0);
  EXPECT_EQ(answer.verdict, kLoss) << answer.status;
}

TEST_F(CheckersEngineSoTest, AWonPositionIsClaimed) {
  const Position pos = FenPosition("B:W18:B14");
  int board[8][8];
  ToBoard(pos, board);
  char status[1024] = {};
  int playnow = 0;
  CbMove move = {};
  EXPECT_EQ(getmove_(board, kBlack, 0.1, status, &playnow, 0, 0, &move), kWin);
  EXPECT_EQ(*FromBoard(board, kWhite), FenPosition("W:W:B23"));
}

TEST_F(CheckersEngineSoTest, NoLegalMoveIsALossAndLeavesTheBoard) {
  const Position pos = FenPosition("B:W32,24:B28");
  int board[8][8];
  ToBoard(pos, board);
  char status[1024] = {};
  int playnow = 0;
  CbMove move = {};
  EXPECT_EQ(getmove_(board, kBlack, 0.1, status, &playnow, 0, 0, &move), kLoss);
  EXPECT_EQ(*FromBoard(board, kBlack), pos);
}

TEST_F(CheckersEngineSoTest, PlayNowAnswersAtOnceWithALegalMove) {
  const Position pos = Position::Initial();
  int board[8][8];
  ToBoard(pos, board);
  char status[1024] = {};
  int playnow = 1;
  CbMove move = {};
  getmove_(board, kBlack, 1000.0, status, &playnow, 0, 0, &move);
  const absl::StatusOr<Position> after = FromBoard(board, kWhite);
  ASSERT_TRUE(after.ok());
  EXPECT_TRUE(MoveBetween(pos, *after).has_value());
}

}  // namespace
}  // namespace checkers::cb
