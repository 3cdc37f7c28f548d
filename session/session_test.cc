#include "session/session.h"

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/endgame_db.h"
#include "engine/endgame_db_testing.h"
#include "engine/fen8.h"
#include "engine/notation8.h"
#include "engine/opening_book.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gtest/gtest.h"
#include "session/clock.h"
#include "storage/fault_env.h"
#include "storage/game_log.h"

namespace checkers::session {
namespace {

const std::string kPath = "/state/checkers/match.log";

// A session on a fault-injecting env and a clock that stands still.
class SessionTest : public testing::Test {
 protected:
  Session::Options Options(ComputerOptions computer = {}) {
    return {.computer = computer, .env = &env_, .clock = &clock_};
  }

  std::vector<Report::Kind> Kinds(Session& session) {
    std::vector<Report::Kind> kinds;
    for (const Report& r : session.TakeReports()) kinds.push_back(r.kind);
    return kinds;
  }

  int SavedTurns() {
    absl::StatusOr<storage::LoadedGame> saved = storage::LoadGame(&env_, kPath);
    EXPECT_TRUE(saved.ok()) << saved.status();
    return saved.ok() ? saved->state.turns : -1;
  }

  // Opens the save for a new game against the computer whose reply to
  // 11-15 fails (the session's options fail its first search).
  void PlayIntoAComputerError(Session& session) {
    session.Open(kPath);
    session.NewGame(events::VS_COMPUTER, events::EASY);
    ASSERT_TRUE(session.PlayText("11-15").ok());
    EXPECT_FALSE(session.FinishComputerWork().ok());
  }

  storage::FaultEnv env_;
  ManualClock clock_;
};

// Waits for a condition the session's worker acknowledges; the deadline
// only stops a broken test from hanging.
template <typename Predicate>
bool Eventually(Session& session, Predicate done) {
  for (int i = 0; i < 200000 && !done(); ++i) {
    session.WaitForComputer(absl::Milliseconds(1));
    std::this_thread::yield();
  }
  return done();
}

TEST_F(SessionTest, ANewGameAndItsTurnsAreSavedAndStampedByTheClock) {
  Session session(Options());
  session.Open(kPath);
  EXPECT_FALSE(session.has_game());
  EXPECT_EQ(session.persistence(), Persistence::kSaved);
  ASSERT_TRUE(session.NewGame(events::TWO_PLAYER, events::MEDIUM).ok());
  clock_.Advance(absl::Seconds(90));
  ASSERT_TRUE(session.PlayText("11-15").ok());
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].kind, Report::Kind::kNewGame);
  EXPECT_EQ(reports[1].kind, Report::Kind::kTurn);
  EXPECT_EQ(reports[1].side, events::FIRST);
  EXPECT_FALSE(reports[1].turn.has_computer());
  EXPECT_EQ(SavedTurns(), 1);
  EXPECT_EQ(session.events().back().unix_millis() -
                session.events().front().unix_millis(),
            90000);
  EXPECT_EQ(session.events().back().unix_millis(),
            absl::ToUnixMillis(clock_.Now()));
}

TEST_F(SessionTest, AWriteFailureDuringPlayKeepsTheGameGoingInMemory) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.PlayText("11-15").ok());
  session.TakeReports();
  env_.SetSpaceLeft(0);
  ASSERT_TRUE(session.PlayText("23-19").ok());
  EXPECT_EQ(session.persistence(), Persistence::kWriteFailed);
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports[0].kind, Report::Kind::kNotSaved);
  EXPECT_EQ(reports[0].persistence, Persistence::kWriteFailed);
  EXPECT_NE(reports[0].detail.find("No space left on device"),
            std::string::npos)
      << reports[0].detail;
  ASSERT_TRUE(session.PlayText("8-11").ok());
  EXPECT_EQ(session.state().turns, 3);
  // The save keeps every turn acknowledged before the failure.
  EXPECT_EQ(SavedTurns(), 1);
}

TEST_F(SessionTest, ACommandsWriteFailureIsRefusedAndNothingMovesToMemory) {
  {
    Session first(Options());
    first.Open(kPath);
    first.NewGame(events::TWO_PLAYER, events::MEDIUM);
  }
  Session session(Options());
  ASSERT_TRUE(session.OpenForCommand(kPath, /*create=*/false).ok());
  env_.SetSpaceLeft(0);
  const Outcome o = session.PlayText("11-15");
  EXPECT_EQ(o.refusal, Refusal::kSaveFailed);
  EXPECT_EQ(o.status.code(), absl::StatusCode::kResourceExhausted) << o.status;
  EXPECT_EQ(session.persistence(), Persistence::kSaved);
}

TEST_F(SessionTest, ACommandOnAMissingSaveCreatesNothing) {
  Session session(Options());
  EXPECT_EQ(session.OpenForCommand(kPath, /*create=*/false).code(),
            absl::StatusCode::kNotFound);
  EXPECT_FALSE(env_.FileExists(kPath));
  EXPECT_FALSE(env_.FileExists(kPath + ".lock"));
}

TEST_F(SessionTest, AnIllegalMoveIsRefusedWithTheLegalMoves) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  session.TakeReports();
  EXPECT_EQ(session.PlayText("11-16x").refusal, Refusal::kNotation);
  const Outcome illegal = session.PlayText("12-17");
  EXPECT_EQ(illegal.refusal, Refusal::kIllegalMove);
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[1].legal_moves,
            (std::vector<std::string>{"9-13", "9-14", "10-14", "10-15", "11-15",
                                      "11-16", "12-16"}));
  EXPECT_EQ(session.state().turns, 0);
}

TEST_F(SessionTest, AShortFormOfSeveralRoutesIsRefusedWithTheRoutes) {
  Session session(Options());
  session.Open(kPath);
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen("B:BK11:W6,7,14,15");
  ASSERT_TRUE(session.NewGame(started).ok());
  session.TakeReports();
  EXPECT_EQ(session.PlayText("11x11").refusal, Refusal::kAmbiguousMove);
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].detail, "11x11");
  EXPECT_EQ(reports[0].legal_moves,
            (std::vector<std::string>{"11x18x9x2x11", "11x2x9x18x11"}));
  EXPECT_EQ(session.PlayText("11x2x9x18x11").refusal, Refusal::kNone);
}

TEST_F(SessionTest, BadRuleOptionsAreRefusedByTheStartItself) {
  Session session(Options());
  session.Open(kPath);
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  started.mutable_options()->set_no_progress_turns(1001);
  const Outcome o = session.NewGame(started);
  EXPECT_EQ(o.refusal, Refusal::kRules);
  EXPECT_EQ(o.status.message(),
            "--no-progress must be a number of turns from 1 to 1000");
  EXPECT_FALSE(session.has_game());
}

// The position the computer reaches from "W:WK18:BK5" (White, the
// computer, to move after the person's 1-5) in a session with `db`.
Position ComputerReplyFromKingAgainstKing(Session::Options options,
                                          const egdb::Database* db) {
  options.endgame_db = db;
  Session session(options);
  session.Open(kPath);
  events::GameStarted started;
  started.set_mode(events::VS_COMPUTER);
  started.set_difficulty(events::MEDIUM);
  started.set_human_side(events::FIRST);
  started.set_start_fen("B:WK18:BK1");
  EXPECT_TRUE(session.NewGame(started).ok());
  EXPECT_TRUE(session.PlayText("1-5").ok());
  EXPECT_TRUE(session.FinishComputerWork().ok());
  return *session.state().position.eight();
}

TEST_F(SessionTest, TheComputerConsultsTheEndgameDatabaseItIsGiven) {
  const Position plain = ComputerReplyFromKingAgainstKing(Options(), nullptr);
  // A database in which one other reply, and only it, wins for White: the
  // computer must play it.
  const std::optional<Position> winning =
      egdb::AnotherMoveThan(*ParseFen("W:WK18:BK5"), plain);
  ASSERT_TRUE(winning.has_value());
  const std::unique_ptr<egdb::Database> db = egdb::DrawsButOneLoss(*winning);
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(ComputerReplyFromKingAgainstKing(Options(), db.get()), *winning);
}

TEST_F(SessionTest, TheComputerPlaysTheOpeningBooksMoveAndSaysSo) {
  // 11-15 23-19, then the person's 8-11 completes a ballot opening that the
  // committed book holds for White.
  Session session(Options());
  session.Open(kPath);
  events::GameStarted started;
  started.set_mode(events::VS_COMPUTER);
  started.set_difficulty(events::MEDIUM);
  started.set_human_side(events::FIRST);
  started.set_start_fen(
      "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
  ASSERT_TRUE(session.NewGame(started).ok());
  ASSERT_TRUE(session.PlayText("8-11").ok());
  const Position ballot = *session.state().position.eight();
  const book::Entry* entry = book::Committed(Edition::kEnglish).Find(ballot);
  ASSERT_NE(entry, nullptr);
  ASSERT_TRUE(session.FinishComputerWork().ok());
  EXPECT_EQ(*session.state().position.eight(),
            ballot.After(*entry->move.eight()));
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  const events::ComputerChoice& choice = reports.back().turn.computer();
  EXPECT_TRUE(choice.from_book());
  EXPECT_EQ(choice.nodes(), 0u);
  EXPECT_EQ(choice.depth(), static_cast<uint32_t>(entry->depth));
}

// A Russian game reads the Russian book: were it given the English one, the
// computer would search and not say "from book".
TEST_F(SessionTest, ARussianGamePlaysFromTheRussianBook) {
  // 21-17 9-13, then the person's 23-18 completes the Russian ballot
  // opening 003 (match/ballots/3move_russian.json), which the Russian book
  // holds for Black.
  Session session(Options());
  session.Open(kPath);
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(Edition::kRussian));
  started.set_mode(events::VS_COMPUTER);
  started.set_difficulty(events::MEDIUM);
  started.set_human_side(events::FIRST);
  started.set_start_fen(
      "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13");
  ASSERT_TRUE(session.NewGame(started).ok());
  ASSERT_TRUE(session.PlayText("23-18").ok());
  const Position ballot = *session.state().position.eight();
  const book::Entry* entry = book::Committed(Edition::kRussian).Find(ballot);
  ASSERT_NE(entry, nullptr);
  ASSERT_TRUE(session.FinishComputerWork().ok());
  EXPECT_EQ(*session.state().position.eight(),
            ballot.After(*entry->move.eight()));
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  EXPECT_TRUE(reports.back().turn.computer().from_book());
}

TEST_F(SessionTest, TheComputerRepliesOnItsThreadAndUndoTakesBothBack) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::VS_COMPUTER, events::EASY);
  ASSERT_TRUE(session.PlayText("11-15").ok());
  ASSERT_TRUE(session.FinishComputerWork().ok());
  EXPECT_EQ(session.state().turns, 2);
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports.back().kind, Report::Kind::kTurn);
  EXPECT_TRUE(reports.back().turn.has_computer());
  EXPECT_EQ(reports.back().side, events::SECOND);
  ASSERT_TRUE(session.Undo().ok());
  EXPECT_EQ(session.state().turns, 0);
  EXPECT_EQ(SavedTurns(), 0);
}

TEST_F(SessionTest, PauseHoldsTheSearchAndNoComputerTurnIsCommitted) {
  Session session(Options({.max_nodes = 4'000'000'000}));
  session.Open(kPath);
  session.NewGame(events::VS_COMPUTER, events::HARD);
  ASSERT_TRUE(session.PlayText("11-15").ok());
  session.Tick();
  ASSERT_TRUE(session.computer().thinking);
  clock_.Advance(absl::Seconds(2));
  session.Pause();
  ASSERT_TRUE(Eventually(session, [&] { return session.computer().paused; }));
  const uint64_t nodes = session.computer().nodes;
  clock_.Advance(absl::Seconds(60));
  session.Tick();
  EXPECT_EQ(session.computer().nodes, nodes);
  // Time paused does not count as thinking.
  EXPECT_EQ(session.computer().elapsed, absl::Seconds(2));
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_EQ(session.Undo().refusal, Refusal::kPaused);
  session.Resume();
  ASSERT_TRUE(
      Eventually(session, [&] { return session.computer().nodes > nodes; }));
  ASSERT_TRUE(session.Undo().ok());
  EXPECT_FALSE(session.computer().thinking);
  EXPECT_EQ(session.state().turns, 0);
}

TEST_F(SessionTest, AComputerErrorWaitsAndResumeRetriesOnce) {
  Session session(Options({.failing_searches = 1}));
  PlayIntoAComputerError(session);
  EXPECT_FALSE(session.computer_error().empty());
  EXPECT_EQ(Kinds(session).back(), Report::Kind::kComputerError);
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_FALSE(session.AwaitsMove());
  EXPECT_EQ(session.PlayText("23-19").refusal, Refusal::kComputerError);
  session.Resume();
  ASSERT_TRUE(session.FinishComputerWork().ok());
  EXPECT_EQ(session.state().turns, 2);
}

TEST_F(SessionTest, AfterAComputerErrorTheGameGoesOnBetweenTwoPlayers) {
  Session session(Options({.failing_searches = 1}));
  PlayIntoAComputerError(session);
  ASSERT_TRUE(session.ContinueAsTwoPlayer().ok());
  EXPECT_EQ(session.state().mode, events::TWO_PLAYER);
  EXPECT_TRUE(session.computer_error().empty());
  ASSERT_TRUE(session.PlayText("23-19").ok());
  EXPECT_EQ(SavedTurns(), 2);
}

TEST_F(SessionTest, TheComputerAnswersADrawOffer) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::VS_COMPUTER, events::EASY);
  session.TakeReports();
  ASSERT_TRUE(session.OfferDraw().ok());
  EXPECT_TRUE(session.ComputerBusy());
  EXPECT_EQ(session.PlayText("11-15").refusal, Refusal::kComputerAnswering);
  ASSERT_TRUE(session.FinishComputerWork().ok());
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports.back().kind, Report::Kind::kDrawDeclined);
  EXPECT_EQ(reports.back().side, events::SECOND);
  EXPECT_TRUE(session.AwaitsMove());
}

TEST_F(SessionTest, BetweenTwoPlayersTheOtherSideAnswersADrawOffer) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.OfferDraw().ok());
  EXPECT_EQ(session.DrawAnswerDue(), events::SECOND);
  session.TakeReports();
  EXPECT_EQ(session.PlayText("11-15").refusal, Refusal::kAnswerDue);
  EXPECT_EQ(session.TakeReports().back().side, events::SECOND);
  ASSERT_TRUE(session.AnswerDraw(true).ok());
  EXPECT_TRUE(session.state().over());
  EXPECT_EQ(Kinds(session).back(), Report::Kind::kGameOver);
}

TEST_F(SessionTest, UndoAfterAResignationTakesBackOnlyTheResignation) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.PlayText("11-15").ok());
  ASSERT_TRUE(session.Resign().ok());
  ASSERT_TRUE(session.state().over());
  session.TakeReports();
  ASSERT_TRUE(session.Undo().ok());
  EXPECT_FALSE(session.state().over());
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_EQ(SavedTurns(), 1);
  EXPECT_EQ(Kinds(session), std::vector{Report::Kind::kEndUndone});
}

TEST_F(SessionTest, UndoAfterAnAgreedDrawTakesBackOnlyTheDraw) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  ASSERT_TRUE(session.PlayText("11-15").ok());
  ASSERT_TRUE(session.OfferDraw().ok());
  ASSERT_TRUE(session.AnswerDraw(true).ok());
  ASSERT_TRUE(session.state().over());
  ASSERT_TRUE(session.Undo().ok());
  EXPECT_FALSE(session.state().over());
  EXPECT_FALSE(session.state().draw_offer.has_value());
  EXPECT_EQ(session.state().turns, 1);
  EXPECT_EQ(session.state().side_to_move(), events::SECOND);
}

TEST_F(SessionTest, ARemoteSeatActsOnlyWithItsToken) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  session.SetSeat(events::FIRST, Seat::Remote("ann"));
  session.SetSeat(events::SECOND, Seat::Remote("bob"));
  EXPECT_EQ(session.PlayText("11-15").refusal, Refusal::kNotYourSeat);
  EXPECT_EQ(session.PlayText("11-15", Actor::Remote("bob")).refusal,
            Refusal::kNotYourSeat);
  ASSERT_TRUE(session.PlayText("11-15", Actor::Remote("ann")).ok());
  ASSERT_TRUE(session.PlayText("23-19", Actor::Remote("bob")).ok());
  // Either side may resign, but only its own.
  EXPECT_EQ(session.Resign(Actor::Remote("carl")).refusal,
            Refusal::kNotYourSeat);
  ASSERT_TRUE(session.Resign(Actor::Remote("bob")).ok());
  EXPECT_EQ(session.state().turns, 2);
  EXPECT_TRUE(session.state().over());
}

TEST_F(SessionTest, TheComputerStandsInForASeatHandedToIt) {
  Session session(Options());
  session.Open(kPath);
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  session.SetSeat(events::SECOND, Seat::Computer(events::EASY));
  ASSERT_TRUE(session.PlayText("11-15").ok());
  ASSERT_TRUE(session.FinishComputerWork().ok());
  EXPECT_EQ(session.state().turns, 2);
  EXPECT_EQ(session.state().side_to_move(), events::FIRST);
  const std::vector<std::string> legal =
      session.state().position.LegalMoveTexts(session.state().rules.capture);
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(session.PlayText(legal.front()).ok());
  EXPECT_TRUE(session.ComputerBusy());
  session.SetSeat(events::SECOND, Seat::Local());
  session.Tick();
  EXPECT_FALSE(session.ComputerBusy());
  EXPECT_TRUE(session.MayMove().ok());
}

TEST_F(SessionTest, SubscribersSeeEachCommitWithItsSeqAndEachTruncation) {
  Session session(Options());
  session.Open(kPath);
  std::vector<std::string> seen;
  const int id = session.Subscribe([&](const LogChange& change) {
    seen.push_back(absl::StrCat(
        change.kind == LogChange::Kind::kCommitted ? "commit " : "truncate ",
        change.head, " (", change.events.size(), ")"));
  });
  session.NewGame(events::TWO_PLAYER, events::MEDIUM);
  session.PlayText("11-15");
  session.PlayText("23-19");
  session.Undo();
  session.Unsubscribe(id);
  session.PlayText("23-18");
  EXPECT_EQ(seen, (std::vector<std::string>{"truncate 0 (0)", "commit 1 (1)",
                                            "commit 2 (1)", "commit 3 (1)",
                                            "truncate 2 (0)"}));
}

TEST_F(SessionTest, ALockedSaveIsPlayedInMemoryAndLeftAsItWas) {
  {
    Session first(Options());
    first.Open(kPath);
    first.NewGame(events::TWO_PLAYER, events::MEDIUM);
    first.PlayText("11-15");
  }
  Session holder(Options());
  holder.Open(kPath);
  Session second(Options());
  second.Open(kPath);
  EXPECT_EQ(second.persistence(), Persistence::kLocked);
  EXPECT_EQ(second.state().turns, 1);
  ASSERT_TRUE(second.PlayText("23-19").ok());
  EXPECT_EQ(SavedTurns(), 1);
}

TEST_F(SessionTest, ADamagedSaveIsKeptAsideNeverDestroyed) {
  ASSERT_TRUE(env_.CreateDirs("/state/checkers").ok());
  {
    auto file = env_.OpenForAppend(kPath, storage::OpenMode::kCreateIfMissing);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Append("this is no checkers save at all").ok());
  }
  Session session(Options());
  session.Open(kPath);
  ASSERT_TRUE(session.damaged());
  session.KeepDamagedAside();
  EXPECT_FALSE(session.damaged());
  const std::vector<Report> reports = session.TakeReports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports[0].kind, Report::Kind::kDamagedKept);
  EXPECT_EQ(reports[0].detail, kPath + ".damaged");
  EXPECT_EQ(*env_.ReadFile(kPath + ".damaged", 1000),
            "this is no checkers save at all");
  EXPECT_EQ(session.persistence(), Persistence::kSaved);
}

}  // namespace
}  // namespace checkers::session
