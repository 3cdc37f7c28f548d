#include "match/match.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/game_position.h"
#include "engine/learned_eval.h"
#include "engine/notation8.h"
#include "engine/opening_book.h"
#include "events/fold.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "match/ballot_file.h"
#include "match/default_ballots.h"
#include "tests/runfiles.h"

namespace checkers::match {
namespace {

using ::checkers::testing::RunfilePath;
using ::testing::HasSubstr;

// The ballots the binary embeds, so that the tests read what a match plays.
std::string Ballots() { return std::string(DefaultBallots(Edition::kEnglish)); }

// Checks a match game against the fold: every move legal from the opening,
// and a recorded end matching the rules.
void ExpectLegal(const MatchGame& game) {
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(game.start.edition()));
  started.set_start_fen(game.start.ToFen());
  events::GameState s;
  ASSERT_TRUE(
      events::CommitAndFold(*events::StartEvent(started), &s, nullptr).ok());
  for (const GameMove& m : game.moves) {
    absl::StatusOr<events::Event> turn = events::TurnEvent(s, m.Text());
    ASSERT_TRUE(turn.ok()) << turn.status();
    absl::Status st = events::CommitAndFold(*turn, &s, nullptr);
    ASSERT_TRUE(st.ok()) << st;
  }
}

TEST(MatchTest, GameBetweenLevelsEndsByTheRulesWithLegalMoves) {
  auto easy = *MakeEngine("easy");
  auto medium = *MakeEngine("medium");
  const std::vector<Opening> openings = *ParseBallots(Ballots(), "standard");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(*medium, *easy, openings[0], 1, 300, 0.1);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_NE(game->result, events::RESULT_UNSPECIFIED);
  EXPECT_FALSE(game->how.empty());
  ExpectLegal(*game);
}

TEST(MatchTest, TurnCapDrawsALongGame) {
  auto a = *MakeEngine("easy");
  auto b = *MakeEngine("easy");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(*a, *b, {"kings", "B:WK29,K30:BK3,K4"}, 0, 10, 0.1);
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game->result, events::DRAW);
  EXPECT_THAT(game->how, HasSubstr("turn cap"));
}

TEST(MatchTest, GameHistoryThatDoesNotFitKeepsTheLatestMoves) {
  // Two kings each, walking back and forth: 80 reversible moves, far more
  // than one command holds.
  const Position start = *ParseFen("B:WK29,K30:BK3,K4");
  const char* cycle[] = {"3-8", "29-25", "8-3", "25-29"};
  std::vector<Move> moves;
  Position pos = start;
  for (int i = 0; i < 80; ++i) {
    const absl::StatusOr<Move> m = ParseMove(pos, cycle[i % 4]);
    ASSERT_TRUE(m.ok()) << m.status();
    moves.push_back(*m);
    pos.Play(*m);
  }

  const std::string all = GameHistoryCommand(start, moves, moves.size());
  EXPECT_LT(all.size(), kCommandSize);
  // What the command lists is the game's end and as many of its last
  // moves as fit.
  const std::vector<std::string> words =
      absl::StrSplit(absl::StripPrefix(all, "set gamehist "), ' ');
  ASSERT_GT(words.size(), 20u);
  absl::StatusOr<Position> replayed = ParseFen(words[0]);
  ASSERT_TRUE(replayed.ok()) << replayed.status();
  for (size_t i = 1; i < words.size(); ++i) {
    const absl::StatusOr<Move> m = ParseMove(*replayed, words[i]);
    ASSERT_TRUE(m.ok()) << words[i];
    EXPECT_EQ(*m, moves[moves.size() - words.size() + i]);
    replayed->Play(*m);
  }
  EXPECT_EQ(*replayed, pos);
  EXPECT_GT(all.size() + 7, kCommandSize) << "not as many moves as fit";

  // A short past is sent whole, from the position after the last
  // irreversible move.
  EXPECT_EQ(GameHistoryCommand(start, {moves[0], moves[1]}, 1),
            "set gamehist W:WK29,K30:BK4,K8 29-25");
}

TEST(MatchTest, ALevelWithTheEndgameDatabaseWinsTwoKingsAgainstOne) {
  egdb::Database db;
  for (const egdb::Material& m : egdb::SlicesUpTo(3)) {
    ASSERT_TRUE(db.BuildSlice(m).ok()) << m.Name();
  }
  auto with = *MakeEngine("medium+egdb", &db);
  auto without = *MakeEngine("medium");
  EXPECT_EQ(with->name(), "medium+egdb");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(*with, *without, {"kings", "B:WK28:BK1,K2"}, 0, 60, 0.1);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, events::FIRST_WINS) << game->how;
  ExpectLegal(*game);
}

TEST(MatchTest, TheEndgameDatabaseNeedsALevelAndADatabase) {
  egdb::Database db;
  EXPECT_EQ(MakeEngine("hard+egdb").status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(MakeEngine("strong+egdb", &db).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(MatchTest, OurCheckerBoardLibraryPlaysAGame) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> library =
      MakeEngine(RunfilePath("cbapi/checkers_engine.so"));
  ASSERT_TRUE(library.ok()) << library.status();
  auto easy = *MakeEngine("easy");
  const std::vector<Opening> openings = *ParseBallots(Ballots(), "standard");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(**library, *easy, openings[3], 0, 40, 0.01);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_THAT(game->how, ::testing::Not(HasSubstr("forfeits"))) << game->how;
  ExpectLegal(*game);
}

TEST(MatchTest, EngineThatPlaysAnIllegalMoveForfeits) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> cheater =
      MakeEngine(RunfilePath("match/answer_engine_impossible_board.so"));
  ASSERT_TRUE(cheater.ok()) << cheater.status();
  EXPECT_EQ((*cheater)->name(), "answerer");
  auto easy = *MakeEngine("easy");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(**cheater, *easy,
                    {"start",
                     "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,"
                     "4,5,6,7,8,9,10,11,12"},
                    0, 300, 0.1);
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game->result, events::SECOND_WINS);
  EXPECT_THAT(game->how, HasSubstr("answerer forfeits"));
  EXPECT_TRUE(game->moves.empty());
}

// A game between `library` and easy from the opening position.
absl::StatusOr<MatchGame> GameOf(const std::string& library) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
      MakeEngine(RunfilePath(library));
  if (!engine.ok()) return engine.status();
  auto easy = *MakeEngine("easy");
  return PlayMatchGame(**engine, *easy,
                       {"start",
                        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,"
                        "4,5,6,7,8,9,10,11,12"},
                       0, 20, 0.01);
}

TEST(MatchTest, EngineThatFillsOnlyTheMoveRecordIsRead) {
  absl::StatusOr<MatchGame> game = GameOf("match/answer_engine_record_only.so");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_THAT(game->how, ::testing::Not(HasSubstr("forfeits"))) << game->how;
  EXPECT_GE(game->moves.size(), 2u);
  ExpectLegal(*game);
}

TEST(MatchTest, EngineWhoseBoardAndMoveRecordAgreeIsRead) {
  absl::StatusOr<MatchGame> game = GameOf("match/answer_engine_both_agree.so");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_THAT(game->how, ::testing::Not(HasSubstr("forfeits"))) << game->how;
  EXPECT_GE(game->moves.size(), 2u);
  ExpectLegal(*game);
}

TEST(MatchTest, EngineWhoseBoardAndMoveRecordDisagreeForfeits) {
  absl::StatusOr<MatchGame> game =
      GameOf("match/answer_engine_both_disagree.so");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, events::SECOND_WINS);
  EXPECT_THAT(game->how, HasSubstr("answerer forfeits"));
  EXPECT_THAT(game->how, HasSubstr("two different moves"));
  EXPECT_TRUE(game->moves.empty());
}

TEST(MatchTest, EngineThatAnswersWithNeitherBoardNorMoveForfeits) {
  absl::StatusOr<MatchGame> game = GameOf("match/answer_engine_neither.so");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->result, events::SECOND_WINS);
  EXPECT_THAT(game->how, HasSubstr("answerer forfeits"));
  EXPECT_THAT(game->how, HasSubstr("returned no move"));
  EXPECT_TRUE(game->moves.empty());
}

TEST(MatchTest, TheTenByTenOpeningsAreEveryFirstMoveWithEveryReply) {
  const std::vector<Opening> openings =
      OpeningsOfPlies(Edition::kInternational, 2);
  ASSERT_EQ(openings.size(), 81u);
  EXPECT_EQ(openings[0].name, "31-26 16-21");
  const GamePosition start = GamePosition::Initial(Edition::kInternational);
  const GamePosition after = start.After(*start.ParseMove("31-26"));
  EXPECT_EQ(openings[0].fen, after.After(*after.ParseMove("16-21")).ToFen());
  EXPECT_EQ(openings[80].name, "35-30 20-25");
}

TEST(MatchTest, LevelSuffixesComeInAnyOrderAndNameTheEngine) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
      MakeEngine("hard+handset+time");
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_EQ((*engine)->name(), "hard+time+handset");
  EXPECT_TRUE(IsLevelSpec("medium+time"));
  EXPECT_TRUE(IsLevelSpec("easy+egdb+handset"));
  EXPECT_FALSE(IsLevelSpec("strong+time"));
  EXPECT_FALSE(IsLevelSpec("/opt/engines/cake.so"));
}

TEST(MatchTest, NoBookIsALevelSuffixNamedLast) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
      MakeEngine("hard+nobook+handset+time");
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_EQ((*engine)->name(), "hard+time+handset+nobook");
  EXPECT_EQ((*MakeEngine("medium+nobook"))->name(), "medium+nobook");
  EXPECT_TRUE(IsLevelSpec("hard+nobook"));
  EXPECT_TRUE(IsLevelSpec("medium+nobook+time"));
  EXPECT_FALSE(IsLevelSpec("nobook"));
  EXPECT_FALSE(IsLevelSpec("strong+nobook"));
}

// The state of a game of `edition` set up at `fen`, the side to move to
// play.
events::GameState GameAt(Edition edition, const std::string& fen) {
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(edition));
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen(fen);
  events::GameState s;
  absl::Status st =
      events::CommitAndFold(*events::StartEvent(started), &s, nullptr);
  EXPECT_TRUE(st.ok()) << st;
  return s;
}

TEST(MatchTest,
     AnEngineWithNoBookSearchesWhereTheSameEngineWithItPlaysTheBook) {
  // Where the book's move is also what a search finds, playing it proves
  // nothing; so walk the book to a position where the two differ (book
  // moves come from searches far deeper than Medium's), and there the
  // engine with the book must play the book's move and the one without
  // must not.
  auto with_book = *MakeEngine("medium");
  auto without_book = *MakeEngine("medium+nobook");
  with_book->NewGame(1);
  without_book->NewGame(1);
  const book::OpeningBook& book = book::Committed(Edition::kEnglish);
  ASSERT_GT(book.size(), 0);
  bool differed = false;
  for (int i = 0; i < book.size() && i < 100 && !differed; ++i) {
    const book::Entry& e = book.entries()[i];
    const events::GameState state =
        GameAt(Edition::kEnglish, e.position.ToFen());
    const GameMove& book_move = e.move;
    absl::StatusOr<GameMove> with = with_book->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(with.ok()) << with.status();
    EXPECT_EQ(with->Text(), book_move.Text()) << e.position.ToFen();
    absl::StatusOr<GameMove> without = without_book->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(without.ok()) << without.status();
    differed = !(*without == book_move);
  }
  EXPECT_TRUE(differed)
      << "medium+nobook played the book's move in every position tried";
}

// A ReadWeightsFn that serves `weights` as the file "w.bin" and nothing
// else, refusing them for the other board as storage::ReadWeightsFile does.
ReadWeightsFn ServeWeights(const learned::Weights& weights) {
  return [bytes = learned::Serialize(weights)](
             const std::string& path,
             Edition edition) -> absl::StatusOr<learned::Weights> {
    if (path != "w.bin") return absl::NotFoundError(path);
    absl::StatusOr<learned::Weights> parsed = learned::Parse(bytes, edition);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": ", parsed.status().message()));
    }
    return parsed;
  };
}

TEST(MatchTest, AnEngineWithAWeightsFileIsNamedWithoutItsDirectory) {
  const ReadWeightsFn any_path = [](const std::string&, Edition edition) {
    return absl::StatusOr<learned::Weights>(learned::HandSetOnly(edition));
  };
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
      MakeEngine("hard+time+weights=/tmp/a+b/round2.bin", nullptr,
                 Edition::kRussian, any_path);
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_EQ((*engine)->name(), "hard+time+weights=round2.bin");
}

TEST(MatchTest, AWeightsFilePlaysInPlaceOfTheCommittedWeights) {
  // Weights that give the hand-set value alone must play as +handset, and
  // so, somewhere, unlike the committed weights. Without the book, which
  // holds every two-ply start.
  const ReadWeightsFn read_file =
      ServeWeights(learned::HandSetOnly(Edition::kInternational));
  absl::StatusOr<std::unique_ptr<MatchEngine>> from_file =
      MakeEngine("medium+nobook+weights=w.bin", nullptr,
                 Edition::kInternational, read_file);
  ASSERT_TRUE(from_file.ok()) << from_file.status();
  EXPECT_EQ((*from_file)->name(), "medium+nobook+weights=w.bin");
  auto hand_set = *MakeEngine("medium+handset+nobook");
  auto committed = *MakeEngine("medium+nobook");
  bool differed = false;
  for (const Opening& opening : OpeningsOfPlies(Edition::kInternational, 2)) {
    const events::GameState state =
        GameAt(Edition::kInternational, opening.fen);
    absl::StatusOr<GameMove> a = (*from_file)->ChooseMove(state, {}, 0.1);
    absl::StatusOr<GameMove> b = hand_set->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(a.ok() && b.ok()) << a.status() << b.status();
    EXPECT_EQ(a->Text(), b->Text()) << opening.name;
    absl::StatusOr<GameMove> c = committed->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(c.ok()) << c.status();
    differed = differed || !(*c == *a);
  }
  EXPECT_TRUE(differed) << "the committed weights chose as the hand-set "
                           "evaluation in every opening tried";
}

TEST(MatchTest, AWeightsFileMustHoldWeightsOfTheGamesBoard) {
  const ReadWeightsFn eight_by_eight =
      ServeWeights(learned::HandSetOnly(Edition::kEnglish));
  absl::StatusOr<std::unique_ptr<MatchEngine>> wrong = MakeEngine(
      "hard+weights=w.bin", nullptr, Edition::kInternational, eight_by_eight);
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(wrong.status().message(), HasSubstr("w.bin"));
  EXPECT_TRUE(MakeEngine("hard+weights=w.bin", nullptr, Edition::kRussian,
                         eight_by_eight)
                  .ok());
}

TEST(MatchTest, AWeightsFileThatCannotBeHadIsRefused) {
  const ReadWeightsFn read_file =
      ServeWeights(learned::HandSetOnly(Edition::kEnglish));
  EXPECT_EQ(MakeEngine("hard+weights=other.bin", nullptr, Edition::kEnglish,
                       read_file)
                .status()
                .code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(MakeEngine("hard+weights=w.bin").status().code(),
            absl::StatusCode::kInvalidArgument);
  absl::StatusOr<std::unique_ptr<MatchEngine>> both = MakeEngine(
      "hard+handset+weights=w.bin", nullptr, Edition::kEnglish, read_file);
  EXPECT_EQ(both.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(both.status().message(), HasSubstr("+handset"));
  EXPECT_TRUE(IsLevelSpec("hard+time+weights=/tmp/a+b.bin"));
  EXPECT_FALSE(IsLevelSpec("hard+weights="));
  EXPECT_FALSE(IsLevelSpec("strong+weights=w.bin"));
}

// A ReadBookFn that serves `entries`, a book of `edition`, as the file
// "b.txt" and nothing else, parsing its text as storage::ReadBookFile does.
ReadBookFn ServeBook(const std::vector<book::Entry>& entries, Edition edition) {
  return [text = book::Serialize(entries, edition)](
             const std::string& path,
             Edition wanted) -> absl::StatusOr<book::OpeningBook> {
    if (path != "b.txt") return absl::NotFoundError(path);
    return book::Parse(text, wanted);
  };
}

TEST(MatchTest, ABookFilePlaysInPlaceOfTheCommittedBook) {
  // A book of one position whose move is another than the committed
  // book's: the engine with the file plays the file's move there, and
  // where the file has no entry it searches (the committed book is not
  // consulted behind it).
  const book::OpeningBook& committed = book::Committed(Edition::kPool);
  ASSERT_GT(committed.size(), 1);
  book::Entry entry = committed.entries()[0];
  const std::vector<GameMove> moves = entry.position.LegalMoves();
  ASSERT_GT(moves.size(), 1u);
  entry.move = *moves.begin() == entry.move ? moves.back() : moves.front();
  absl::StatusOr<std::unique_ptr<MatchEngine>> from_file =
      MakeEngine("medium+book=b.txt", nullptr, Edition::kPool, {},
                 ServeBook({entry}, Edition::kPool));
  ASSERT_TRUE(from_file.ok()) << from_file.status();
  EXPECT_EQ((*from_file)->name(), "medium+book=b.txt");
  (*from_file)->NewGame(1);
  absl::StatusOr<GameMove> played =
      (*from_file)
          ->ChooseMove(GameAt(Edition::kPool, entry.position.ToFen()), {}, 0.1);
  ASSERT_TRUE(played.ok()) << played.status();
  EXPECT_EQ(played->Text(), entry.move.Text());

  // Where a search finds the committed book's move too, the file's engine
  // could be reading either; so compare where they differ.
  auto without_book = *MakeEngine("medium+nobook");
  without_book->NewGame(1);
  bool compared = false;
  for (int i = 1; i < committed.size() && i < 100 && !compared; ++i) {
    const book::Entry& other = committed.entries()[i];
    const events::GameState state =
        GameAt(Edition::kPool, other.position.ToFen());
    absl::StatusOr<GameMove> plain = without_book->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(plain.ok()) << plain.status();
    if (*plain == other.move) continue;
    absl::StatusOr<GameMove> searched =
        (*from_file)->ChooseMove(state, {}, 0.1);
    ASSERT_TRUE(searched.ok()) << searched.status();
    EXPECT_EQ(searched->Text(), plain->Text()) << other.position.ToFen();
    compared = true;
  }
  EXPECT_TRUE(compared) << "medium+nobook played the committed book's move "
                           "in every position tried";
}

TEST(MatchTest, ABookFileIsNamedBeforeAWeightsFileWithoutDirectories) {
  const ReadWeightsFn any_weights = [](const std::string&, Edition edition) {
    return absl::StatusOr<learned::Weights>(learned::HandSetOnly(edition));
  };
  const ReadBookFn any_book = [](const std::string&, Edition edition) {
    return book::Parse("", edition);
  };
  absl::StatusOr<std::unique_ptr<MatchEngine>> engine =
      MakeEngine("hard+time+book=/tmp/a+b/new.txt+weights=/tmp/c/w.bin",
                 nullptr, Edition::kRussian, any_weights, any_book);
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_EQ((*engine)->name(), "hard+time+book=new.txt+weights=w.bin");
}

TEST(MatchTest, ABookFileThatCannotBeHadIsRefused) {
  const ReadBookFn read_file = ServeBook({}, Edition::kPool);
  EXPECT_EQ(
      MakeEngine("hard+book=other.txt", nullptr, Edition::kPool, {}, read_file)
          .status()
          .code(),
      absl::StatusCode::kNotFound);
  EXPECT_EQ(MakeEngine("hard+book=b.txt").status().code(),
            absl::StatusCode::kInvalidArgument);
  absl::StatusOr<std::unique_ptr<MatchEngine>> both = MakeEngine(
      "hard+nobook+book=b.txt", nullptr, Edition::kPool, {}, read_file);
  EXPECT_EQ(both.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(both.status().message(), HasSubstr("+nobook"));
  EXPECT_TRUE(IsLevelSpec("hard+time+book=/tmp/a+b.txt"));
  EXPECT_FALSE(IsLevelSpec("hard+book="));
  EXPECT_FALSE(IsLevelSpec("hard+book=+weights=w.bin"));
}

TEST(MatchTest, LevelsByTheClockPlayARussianGameWithEitherEvaluation) {
  auto learned = *MakeEngine("hard+time");
  auto hand_set = *MakeEngine("hard+time+handset");
  const std::vector<Opening> openings = OpeningsOfPlies(Edition::kRussian, 2);
  absl::StatusOr<MatchGame> game = PlayMatchGame(
      *learned, *hand_set, openings[0], 0, 8, 0.02, Edition::kRussian);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->moves.size(), 8u);
  EXPECT_EQ(game->how, "turn cap of 8");
}

TEST(MatchTest, AnInternationalGameIsPlayedOnTheTenByTenBoard) {
  auto a = *MakeEngine("easy");
  auto b = *MakeEngine("easy");
  const std::vector<Opening> openings =
      OpeningsOfPlies(Edition::kInternational, 2);
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(*a, *b, openings[40], 0, 12, 0.1, Edition::kInternational);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->start.square_count(), 50);
  EXPECT_EQ(game->moves.size(), 12u);
  EXPECT_EQ(game->how, "turn cap of 12");
  ExpectLegal(*game);
}

TEST(MatchTest, MissingLibraryIsAnError) {
  absl::StatusOr<std::unique_ptr<MatchEngine>> none =
      MakeEngine("/nonexistent/engine.so");
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(MatchTest, GamesRecordATimeForEveryMove) {
  auto a = *MakeEngine("easy");
  auto b = *MakeEngine("easy");
  absl::StatusOr<MatchGame> game =
      PlayMatchGame(*a, *b, {"kings", "B:WK29,K30:BK3,K4"}, 0, 10, 0.1);
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game->move_seconds.size(), game->moves.size());
}

}  // namespace
}  // namespace checkers::match
