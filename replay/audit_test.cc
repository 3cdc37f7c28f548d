#include "replay/audit.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/import.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "tests/log_builder.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameEnded;
using events::GameStarted;
using events::GameState;
using testing::CraftedEnd;
using testing::CraftedTurn;
using ::testing::ElementsAre;
using ::testing::Eq;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using testing::LogBuilder;

// A finding of `kind` at record `seq` whose message `message` matches.
MATCHER_P3(IsFinding, kind, seq, message, "") {
  return arg.kind == kind && arg.seq == seq &&
         ExplainMatchResult(message, arg.message, result_listener);
}

AuditReport Audit(const LogBuilder& log) {
  absl::StatusOr<AuditReport> report = AuditLogBytes(log.Bytes());
  EXPECT_TRUE(report.ok()) << report.status();
  return report.ok() ? *std::move(report) : AuditReport();
}

// The seq FoldEvents names for the first event it refuses.
std::string FoldError(const std::vector<Event>& events) {
  absl::StatusOr<GameState> folded = events::FoldEvents(events);
  return folded.ok() ? "" : std::string(folded.status().message());
}

// Two kings shuffle back and forth: the start position recurs after
// every fourth turn.
void Shuffle(LogBuilder* log) {
  for (absl::string_view move : {"1-6", "32-27", "6-1", "27-32"})
    log->Play(move);
}

constexpr absl::string_view kTwoKings = "B:WK32:BK1";

TEST(AuditTest, WinByNoLegalMoveIsSoundAndJustified) {
  LogBuilder log("W:W22:B18");
  log.Play("22x15");
  const AuditReport report = Audit(log);
  EXPECT_TRUE(report.sound());
  EXPECT_EQ(report.records, 3u);
  EXPECT_EQ(report.audited, 3u);
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->seq, 3u);
  EXPECT_EQ(report.end->end.reason(), events::NO_LEGAL_MOVE);
  EXPECT_EQ(report.end->justification,
            "Red, to move after seq 2, has no legal move (no pieces left)");
}

TEST(AuditTest, RepetitionDrawNamesTheSeqsOfTheThreeOccurrences) {
  LogBuilder log(kTwoKings);
  Shuffle(&log);
  Shuffle(&log);
  ASSERT_TRUE(log.state().over());
  const AuditReport report = Audit(log);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->seq, 10u);
  EXPECT_THAT(report.end->end.repetition_seqs(), ElementsAre(1, 5, 9));
  EXPECT_THAT(report.end->justification, HasSubstr("stood after seqs 1, 5, 9"));
}

// A Russian game in which three kings do not take the lone king within 15
// of their turns (as in events/game_state_test.cc).
LogBuilder RussianLoneKingGame(int white_turns) {
  GameStarted started;
  started.set_edition(events::RUSSIAN);
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen("W:WK32,K31,K1:BK4");
  LogBuilder log(started);
  const std::vector<std::string> white = {
      "32-27", "27-23", "23-19", "19-16", "16-20", "20-24", "24-28", "1-5",
      "5-9",   "9-13",  "13-17", "17-21", "31-26", "26-30", "30-26"};
  for (int i = 0; i < white_turns; ++i) {
    log.Play(white[i]);
    if (i + 1 < white_turns) log.Play(i % 2 == 0 ? "4-8" : "8-4");
  }
  return log;
}

// The message of the one finding of the audit of `log` with `claim`
// appended; "" and a failure unless there is exactly one.
std::string OnlyFinding(LogBuilder log, const Event& claim) {
  log.Craft(claim);
  const AuditReport report = Audit(log);
  EXPECT_EQ(report.findings.size(), 1u);
  return report.findings.size() == 1 ? report.findings[0].message : "";
}

TEST(AuditTest, TheRussianLoneKingDrawIsJustifiedFromWhereTheBalanceArose) {
  const LogBuilder log = RussianLoneKingGame(15);
  ASSERT_TRUE(log.state().over());
  const AuditReport report = Audit(log);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->end.reason(), events::LONE_KING_HELD);
  EXPECT_EQ(report.end->end.lone_king_since_seq(), 1u);
  EXPECT_THAT(report.end->justification,
              HasSubstr("from seq 1 through 15 turns of the kings' side"));
}

TEST(AuditTest, AnEarlyLoneKingClaimIsAFinding) {
  Event claim = CraftedEnd(events::DRAW, events::LONE_KING_HELD);
  claim.mutable_game_ended()->set_lone_king_since_seq(1);
  EXPECT_THAT(
      OnlyFinding(RussianLoneKingGame(10), claim),
      HasSubstr("through 10 turns of the kings' side; the limit is 15"));
}

// An international game of one king each in which `turns` turns are
// played, each capturing nothing, leaving nothing to capture and reaching
// a new position: the 25-move rule (50 turns) is the only draw in reach.
LogBuilder InternationalKingsGame(int turns,
                                  absl::string_view fen = "W:WK50:BK1") {
  GameStarted started;
  started.set_edition(events::INTERNATIONAL);
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen(std::string(fen));
  LogBuilder log(started);
  for (int i = 0; i < turns && !log.state().over(); ++i) {
    const GamePosition& p = log.state().position;
    std::vector<GameMove> moves = p.LegalMoves();
    std::rotate(moves.begin(), moves.begin() + (i * 7) % moves.size(),
                moves.end());
    for (const GameMove& m : moves) {
      const GamePosition after = p.After(m);
      bool seen = false;
      for (const events::Occurrence& o : log.state().since_irreversible)
        seen = seen || o.hash == after.hash();
      if (!after.HasCapture() && !seen) {
        log.Play(m.Text());
        break;
      }
    }
  }
  return log;
}

TEST(AuditTest, TheInternationalTwentyFiveMoveDrawIsJustified) {
  const LogBuilder log = InternationalKingsGame(50);
  ASSERT_TRUE(log.state().over());
  EXPECT_EQ(log.state().turns, 50);
  const AuditReport report = Audit(log);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->end.reason(), events::NO_PROGRESS);
  EXPECT_EQ(report.end->end.no_progress_since_seq(), 1u);
}

TEST(AuditTest, TheInternationalSixteenMoveDrawIsJustifiedByItsBalance) {
  // Two kings and a man against a lone king: 16 turns of White's.
  const LogBuilder log = InternationalKingsGame(31, "W:WK46,K50,45:BK1");
  ASSERT_TRUE(log.state().over());
  const AuditReport report = Audit(log);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->end.reason(), events::LONE_KING_HELD);
  EXPECT_THAT(report.end->justification,
              HasSubstr("against 3 pieces with a king from seq 1 through 16 "
                        "turns of the kings' side (the limit is 16)"));
}

TEST(AuditTest, AnEarlyInternationalTwentyFiveMoveClaimIsAFinding) {
  const LogBuilder log = InternationalKingsGame(30);
  ASSERT_FALSE(log.state().over());
  Event claim = CraftedEnd(events::DRAW, events::NO_PROGRESS);
  claim.mutable_game_ended()->set_no_progress_since_seq(1);
  EXPECT_THAT(
      OnlyFinding(log, claim),
      HasSubstr("30 turns without a capture or a man's move since seq 1; "
                "the limit is 50"));
}

TEST(AuditTest, RepetitionClaimThatDidNotHappenIsAFindingWithItsSeq) {
  LogBuilder log(kTwoKings);
  Shuffle(&log);
  Event claim = CraftedEnd(events::DRAW, events::THREEFOLD_REPETITION);
  for (uint64_t seq : {1, 3, 5})
    claim.mutable_game_ended()->add_repetition_seqs(seq);
  log.Craft(claim);
  log.Play("1-6");
  const AuditReport report = Audit(log);
  ASSERT_EQ(report.findings.size(), 1u);
  const Finding& f = report.findings[0];
  EXPECT_EQ(f.kind, FindingKind::kUnjustifiedEnd);
  EXPECT_EQ(f.seq, 6u);
  EXPECT_THAT(f.message, HasSubstr("the game had not ended"));
  EXPECT_THAT(f.message, HasSubstr("has stood 2 times"));
  EXPECT_THAT(f.message, HasSubstr("after seqs 1, 5"));
  EXPECT_THAT(FoldError(log.events()), HasSubstr("seq 6:"));
  // The claim is set aside: the game goes on, and the turn after it is
  // judged.
  EXPECT_EQ(report.audited, 7u);
  EXPECT_EQ(report.state.turns, 5);
  EXPECT_FALSE(report.end.has_value());
}

TEST(AuditTest, RepetitionClaimWithWrongSeqsEndsTheGameAsTheRulesSay) {
  LogBuilder log(kTwoKings);
  Shuffle(&log);
  Shuffle(&log);
  log.DropLast();
  Event claim = CraftedEnd(events::DRAW, events::THREEFOLD_REPETITION);
  for (uint64_t seq : {1, 3, 9})
    claim.mutable_game_ended()->add_repetition_seqs(seq);
  log.Craft(claim);
  log.Craft(CraftedTurn(events::FIRST, {1, 6}));
  const AuditReport report = Audit(log);
  ASSERT_EQ(report.findings.size(), 2u);
  EXPECT_EQ(report.findings[0].kind, FindingKind::kUnjustifiedEnd);
  EXPECT_EQ(report.findings[0].seq, 10u);
  EXPECT_THAT(report.findings[0].message, HasSubstr("seqs 1,5,9"));
  EXPECT_EQ(report.findings[1].kind, FindingKind::kAfterEnd);
  EXPECT_EQ(report.findings[1].seq, 11u);
  EXPECT_THAT(report.findings[1].message,
              HasSubstr("end of the game at seq 10"));
}

TEST(AuditTest, WinClaimedWhileMovesRemainIsAFinding) {
  LogBuilder log;
  log.Play("11-15");
  log.Craft(CraftedEnd(events::FIRST_WINS, events::NO_LEGAL_MOVE));
  const AuditReport report = Audit(log);
  ASSERT_THAT(
      report.findings,
      ElementsAre(IsFinding(
          FindingKind::kUnjustifiedEnd, 3u,
          HasSubstr("White, to move, has 7 legal moves (21-17 22-17"))));
  EXPECT_THAT(FoldError(log.events()), HasSubstr("seq 3:"));
}

TEST(AuditTest, NoProgressClaimNamesWhereTheCountBegan) {
  LogBuilder log(kTwoKings);
  Shuffle(&log);
  log.Play("1-6");
  Event claim = CraftedEnd(events::DRAW, events::NO_PROGRESS);
  claim.mutable_game_ended()->set_no_progress_since_seq(1);
  EXPECT_THAT(
      OnlyFinding(log, claim),
      HasSubstr("5 turns without a capture or a man's move since seq 1; "
                "the limit is 80"));
}

TEST(AuditTest, TurnAfterTheEndIsOneFindingForTheWholeRun) {
  LogBuilder log("W:W22:B18");
  log.Play("22x15");
  log.Craft(CraftedTurn(events::FIRST, {1, 5}));
  log.Craft(CraftedTurn(events::FIRST, {1, 5}));
  const AuditReport report = Audit(log);
  ASSERT_THAT(
      report.findings,
      ElementsAre(IsFinding(
          FindingKind::kAfterEnd, 4u,
          Eq("seqs 4-5 (2 events) follow the end of the game at seq 3"))));
  EXPECT_THAT(FoldError(log.events()), HasSubstr("seq 4:"));
}

TEST(AuditTest, IllegalTurnStopsTheAuditWithANoticeOfWhatIsLeft) {
  LogBuilder log;
  log.Play("11-15");
  log.Play("23-19");
  log.Craft(CraftedTurn(events::FIRST, {15, 11}));
  log.Play("9-13");
  const AuditReport report = Audit(log);
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].kind, FindingKind::kIllegalTurn);
  EXPECT_EQ(report.findings[0].seq, 4u);
  EXPECT_THAT(report.findings[0].message,
              HasSubstr("the move 15-11 is not legal for Red here; legal "
                        "moves: 7-11 8-11"));
  EXPECT_THAT(FoldError(log.events()), HasSubstr("seq 4:"));
  EXPECT_EQ(report.audited, 4u);
  ASSERT_EQ(report.notices.size(), 1u);
  EXPECT_EQ(report.notices[0].seq, 5u);
  EXPECT_EQ(report.notices[0].kind, NoticeKind::kNotAudited);
  EXPECT_THAT(report.notices[0].message, HasSubstr("seq 5 is not audited"));
}

TEST(AuditTest, TurnByTheWrongSideIsAnIllegalTurn) {
  LogBuilder log;
  Event turn = *events::TurnEvent(log.state(), "11-15");
  turn.mutable_turn_played()->set_side(events::SECOND);
  log.Craft(turn);
  const AuditReport report = Audit(log);
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].kind, FindingKind::kIllegalTurn);
  EXPECT_THAT(report.findings[0].message, HasSubstr("it is Red's turn"));
}

TEST(AuditTest, EndTheRulesImposedButNoOneRecordedIsAFinding) {
  LogBuilder log("W:W22:B18");
  log.Play("22x15");
  log.DropLast();
  AuditReport report = Audit(log);
  ASSERT_THAT(
      report.findings,
      ElementsAre(IsFinding(
          FindingKind::kUnrecordedEnd, 2u,
          HasSubstr("White wins by no legal move: Red, to move after seq 2"))));

  Event offer;
  offer.mutable_draw_offered()->set_side(events::FIRST);
  log.Craft(offer);
  report = Audit(log);
  ASSERT_THAT(report.findings,
              ElementsAre(IsFinding(FindingKind::kUnrecordedEnd, 3u,
                                    HasSubstr("after seq 2"))));
  EXPECT_THAT(FoldError(log.events()), HasSubstr("seq 3:"));
}

TEST(AuditTest, RefusedDrawAnswerIsSetAsideAndTheGameGoesOn) {
  LogBuilder log;
  log.Play("11-15");
  Event accept;
  accept.mutable_draw_accepted()->set_side(events::FIRST);
  log.Craft(accept);
  log.Play("23-19");
  const AuditReport report = Audit(log);
  ASSERT_THAT(report.findings,
              ElementsAre(IsFinding(FindingKind::kRefusedEvent, 3u,
                                    HasSubstr("no draw offer stands"))));
  EXPECT_EQ(report.state.turns, 2);
  EXPECT_EQ(report.audited, 4u);
}

TEST(AuditTest, AgreementAndResignationNameTheirEvents) {
  LogBuilder draw;
  draw.Play("11-15");
  draw.Commit(*events::OfferDrawEvent(draw.state()));
  draw.Commit(*events::AcceptDrawEvent(draw.state()));
  AuditReport report = Audit(draw);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->justification,
            "White offered a draw at seq 3 and Red accepted it at seq 4");

  LogBuilder resign;
  resign.Commit(*events::ResignEvent(resign.state(), events::FIRST));
  report = Audit(resign);
  EXPECT_TRUE(report.sound());
  ASSERT_TRUE(report.end.has_value());
  EXPECT_EQ(report.end->justification, "Red resigned at seq 2");
}

TEST(AuditTest, RecordedResultIsCheckedAgainstTheMoves) {
  GameRecord record;
  record.moves = {};
  record.result = GameResult::kSecondWins;
  absl::StatusOr<std::vector<Event>> events = EventsOfRecord(record);
  ASSERT_TRUE(events.ok()) << events.status();
  absl::StatusOr<AuditReport> report = AuditLogBytes(EncodeLog(*events));
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->sound());
  ASSERT_TRUE(report->end.has_value());
  EXPECT_THAT(report->end->justification,
              HasSubstr("the moves do not contradict it: after seq 1 Black "
                        "was to move with 7 legal moves"));

  // A recorded draw where the side to move has no legal move is not.
  events::GameStarted imported;
  imported.set_start_fen("W:W22:B18");
  imported.mutable_options()->set_automatic_draws_off(true);
  LogBuilder log(imported);
  log.Play("22x15");
  log.DropLast();
  log.Craft(CraftedEnd(events::DRAW, events::RECORDED));
  const AuditReport contradicted = Audit(log);
  ASSERT_EQ(contradicted.findings.size(), 1u);
  EXPECT_EQ(contradicted.findings[0].kind, FindingKind::kUnjustifiedEnd);
  EXPECT_THAT(contradicted.findings[0].message,
              HasSubstr("contradicts the moves"));
}

TEST(AuditTest, RecordedResultInAGamePlayedHereIsAFinding) {
  LogBuilder log;
  log.Play("11-15");
  log.Craft(CraftedEnd(events::FIRST_WINS, events::RECORDED));
  const AuditReport report = Audit(log);
  ASSERT_THAT(report.findings,
              ElementsAre(IsFinding(FindingKind::kUnjustifiedEnd, 3u,
                                    HasSubstr("belongs to an imported game"))));
  EXPECT_FALSE(report.end.has_value());
  EXPECT_FALSE(report.state.over());
}

TEST(AuditTest, RecordThatIsNotAnEventStopsTheAudit) {
  LogBuilder log;
  log.Play("11-15");
  std::string bytes = log.Bytes();
  storage::AppendFrame(3, true, "\xff\xff\xff not an event", &bytes);
  absl::StatusOr<AuditReport> report = AuditLogBytes(bytes);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->findings.size(), 1u);
  EXPECT_EQ(report->findings[0].kind, FindingKind::kNotAnEvent);
  EXPECT_EQ(report->findings[0].seq, 3u);
}

TEST(AuditTest, LogThatDoesNotBeginWithAGameStartIsABadStart) {
  LogBuilder log;
  log.Play("11-15");
  std::vector<Event> events = log.events();
  events.erase(events.begin());
  const AuditReport report =
      AuditLogBytes(EncodeLog(events)).value_or(AuditReport());
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].kind, FindingKind::kBadStart);
  EXPECT_EQ(report.findings[0].seq, 1u);
}

TEST(AuditTest, TornTailAuditsWhatTheLogHoldsWithANotice) {
  LogBuilder log;
  log.Play("11-15");
  log.Play("23-19");
  const std::string whole = log.Bytes();
  const std::string torn = whole.substr(0, whole.size() - 3);
  absl::StatusOr<AuditReport> report = AuditLogBytes(torn);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->sound());
  EXPECT_EQ(report->records, 2u);
  EXPECT_EQ(report->state.turns, 1);
  EXPECT_GT(report->torn_bytes, 0u);
  ASSERT_EQ(report->notices.size(), 1u);
  EXPECT_EQ(report->notices[0].kind, NoticeKind::kTornTail);
  EXPECT_THAT(report->notices[0].message,
              HasSubstr(absl::StrCat("from byte ", report->valid_length)));
}

TEST(AuditTest, CorruptRecordIsDataLossNamingTheByteAndSeq) {
  LogBuilder log;
  log.Play("11-15");
  log.Play("23-19");
  std::string bytes = log.Bytes();
  absl::StatusOr<storage::LogContents> contents = storage::ParseLog(bytes);
  ASSERT_TRUE(contents.ok());
  const uint64_t offset = contents->records[1].offset;
  bytes[offset + storage::kFrameHeaderSize] ^= 0x01;
  absl::StatusOr<AuditReport> report = AuditLogBytes(bytes);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(report.status().message()),
              HasSubstr(absl::StrCat("byte ", offset, " (seq 2)")));
}

TEST(AuditTest, EmptyLogIsSoundWithANotice) {
  absl::StatusOr<AuditReport> report =
      AuditLogBytes(storage::EncodeFileHeader(storage::NewLogId()));
  ASSERT_TRUE(report.ok());
  EXPECT_TRUE(report->sound());
  EXPECT_THAT(report->findings, IsEmpty());
  ASSERT_EQ(report->notices.size(), 1u);
  EXPECT_EQ(report->notices[0].kind, NoticeKind::kEmpty);
  EXPECT_THAT(report->notices[0].message, HasSubstr("no events"));
}

// A game between two devices, Alice and Bob seated, every event stamped at
// `t0` ms; `turn_seconds` its limit.
LogBuilder SeatedGame(int64_t t0, uint32_t turn_seconds = 0) {
  GameStarted started;
  started.set_mode(events::REMOTE);
  started.set_turn_seconds(turn_seconds);
  LogBuilder log(started);
  for (auto [side, name, key] :
       {std::tuple(events::FIRST, "Alice", std::string(32, 'a')),
        std::tuple(events::SECOND, "Bob", std::string(32, 'b'))}) {
    Event seat = *events::SeatEvent(log.state(), side, name, key);
    seat.set_unix_millis(t0);
    log.Commit(seat);
  }
  return log;
}

Event ComputerTurnAt(const GameState& s, absl::string_view move,
                     int64_t unix_millis, bool timeout = false) {
  Event turn = *events::TurnEvent(s, move);
  turn.mutable_turn_played()->mutable_computer()->set_level(events::MEDIUM);
  turn.mutable_turn_played()->set_timeout(timeout);
  turn.set_unix_millis(unix_millis);
  return turn;
}

TEST(AuditTest, StandInAndHandBackBetweenDevicesAreSound) {
  LogBuilder log = SeatedGame(0);
  log.Commit(*events::StandInEvent(log.state(), events::FIRST));
  log.Commit(ComputerTurnAt(log.state(), "11-15", 0));
  log.Play("23-19");
  log.Commit(ComputerTurnAt(log.state(), "8-11", 0));
  log.Commit(*events::HandBackEvent(log.state(), events::FIRST));
  log.Play("22-18");
  log.Play("15x22");
  EXPECT_TRUE(Audit(log).sound());
}

TEST(AuditTest, ComputerTurnForARemoteSeatWithoutAStandInIsIllegal) {
  LogBuilder log = SeatedGame(0);
  log.Craft(ComputerTurnAt(log.state(), "11-15", 0));
  const AuditReport report = Audit(log);
  ASSERT_THAT(report.findings,
              ElementsAre(IsFinding(FindingKind::kIllegalTurn, 4u,
                                    HasSubstr("without standing in"))));
}

TEST(AuditTest, TimeoutBeforeItsDeadlineIsIllegal) {
  const int64_t t0 = 1'700'000'000'000;
  LogBuilder sound = SeatedGame(t0, 60);
  sound.Commit(ComputerTurnAt(sound.state(), "11-15", t0 + 60'000, true));
  EXPECT_TRUE(Audit(sound).sound());

  LogBuilder early = SeatedGame(t0, 60);
  early.Craft(ComputerTurnAt(early.state(), "11-15", t0 + 59'000, true));
  EXPECT_THAT(Audit(early).findings,
              ElementsAre(IsFinding(FindingKind::kIllegalTurn, 4u,
                                    HasSubstr("before its deadline"))));
}

}  // namespace
}  // namespace checkers::replay
