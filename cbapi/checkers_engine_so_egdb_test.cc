// Loads //cbapi:checkers_engine.so with a small endgame database in its
// state directory, which the library reads on a thread of its own, and
// shows that its moves consult it.

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cbapi/checkerboard.h"
#include "cbapi/engine_library_for_test.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/search.h"
#include "gtest/gtest.h"
#include "storage/endgame_files.h"
#include "storage/env.h"

namespace checkers::cb {
namespace {

class EngineWithDatabaseTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const char* tmp = std::getenv("TEST_TMPDIR");
    ASSERT_NE(tmp, nullptr);
    const std::string state = std::string(tmp) + "/state";
    ASSERT_EQ(setenv("XDG_STATE_HOME", state.c_str(), 1), 0);
    egdb::Database db;
    for (const egdb::Material& m : egdb::SlicesUpTo(3)) {
      ASSERT_TRUE(db.BuildSlice(m).ok()) << m.Name();
      ASSERT_TRUE(storage::WriteEndgameSlice(storage::Env::Default(),
                                             state + "/checkers/egdb", m, db)
                      .ok())
          << m.Name();
    }
    unseen_win_ = UnseenWin(db);
    ASSERT_FALSE(unseen_win_.empty());
    absl::StatusOr<EngineLibrary> library = LoadEngineLibrary();
    ASSERT_TRUE(library.ok()) << library.status();
    getmove_ = library->getmove;
    enginecommand_ = library->enginecommand;
  }

  // A quiet position, Black a king and a man against a king, that the
  // database calls a win for Black but that the search alone, at Hard's
  // budget, scores short of a won game: only a move that consults the
  // database scores it as one.
  static std::string UnseenWin(const egdb::Database& db) {
    for (int a = 1; a <= 32; ++a) {
      for (int b = 1; b <= 28; ++b) {
        for (int c = 1; c <= 32; ++c) {
          if (a == b || b == c || a == c) continue;
          const std::string fen = absl::StrCat("B:WK", c, ":BK", a, ",", b);
          absl::StatusOr<Position> pos = ParseFen(fen);
          if (!pos.ok() || HasCapture(*pos)) continue;
          if (db.Probe(*pos) != egdb::Wdl::kWin) continue;
          SearchRequest request;
          request.position = *pos;
          request.level = Level::kHard;
          absl::StatusOr<SearchResult> alone = Search(request);
          if (alone.ok() && !IsWon(alone->score)) return fen;
        }
      }
    }
    return "";
  }

  // A database win (20,000 and more) or a mate found.
  static bool IsWon(int score) { return score > 15000; }

  static void Command(const char* command) {
    char in[256] = {};
    char out[1024] = {};
    std::strncpy(in, command, sizeof(in) - 1);
    enginecommand_(in, out);
  }

  // The score in getmove's status line for `fen` searched for `seconds`.
  static int Score(const std::string& fen, double seconds) {
    absl::StatusOr<Position> pos = ParseFen(fen);
    EXPECT_TRUE(pos.ok()) << pos.status();
    int board[8][8];
    ToBoard(*pos, board);
    char status[1024] = {};
    int playnow = 0;
    CbMove move = {};
    const int color = pos->side_to_move() == Color::kBlack ? kBlack : kWhite;
    getmove_(board, color, seconds, status, &playnow, 0, 0, &move);
    const std::vector<std::string> words = absl::StrSplit(status, ' ');
    for (size_t i = 0; i + 1 < words.size(); ++i) {
      int score = 0;
      if (words[i] == "score" && absl::SimpleAtoi(words[i + 1], &score))
        return score;
    }
    ADD_FAILURE() << "no score in: " << status;
    return 0;
  }

  static std::string unseen_win_;
  static GetMoveFn getmove_;
  static EngineCommandFn enginecommand_;
};

std::string EngineWithDatabaseTest::unseen_win_;
GetMoveFn EngineWithDatabaseTest::getmove_ = nullptr;
EngineCommandFn EngineWithDatabaseTest::enginecommand_ = nullptr;

// A level waits for the load so that its answers stay reproducible; a
// three-piece database loads faster than a first move starts, so what this
// shows is that the level's search consults it.
TEST_F(EngineWithDatabaseTest, AFixedLevelUsesTheDatabase) {
  Command("set level hard");
  EXPECT_TRUE(IsWon(Score(unseen_win_, 1.0))) << unseen_win_;
}

TEST_F(EngineWithDatabaseTest, MovesByTheClockUseTheDatabaseOnceLoaded) {
  Command("set level time");
  // The load began with the first call; a three-piece database is read
  // in a moment, but how many moves go before is the scheduler's affair.
  bool used = false;
  for (int i = 0; i < 200 && !used; ++i) used = IsWon(Score(unseen_win_, 0.01));
  EXPECT_TRUE(used) << unseen_win_;
}

}  // namespace
}  // namespace checkers::cb
