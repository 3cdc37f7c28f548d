#include "events/validate.h"

#include <string>
#include <tuple>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::events {
namespace {

using ::testing::HasSubstr;

// The game after `e`, which must pass Check.
GameState After(const GameState& s, const Event& e) {
  absl::StatusOr<CheckedEvent> checked = Check(s, e);
  EXPECT_TRUE(checked.ok()) << checked.status();
  return checked.ok() ? Apply(s, *checked) : s;
}

absl::Status Verdict(const GameState& s, const Event& e) {
  return Check(s, e).status();
}

GameState Started(const std::string& fen = "") {
  GameStarted started;
  started.set_start_fen(fen);
  return After(GameState(), *StartEvent(started));
}

std::string Msg(const absl::Status& status) {
  return std::string(status.message());
}

Event Turn(Side side, std::vector<uint32_t> squares) {
  Event e;
  e.mutable_turn_played()->set_side(side);
  for (uint32_t s : squares) e.mutable_turn_played()->add_squares(s);
  return e;
}

TEST(ValidateTest, FirstEventMustStartTheGame) {
  EXPECT_THAT(Msg(Verdict(GameState(), Turn(FIRST, {11, 15}))),
              HasSubstr("does not begin with the start"));
  Event second_start;
  second_start.mutable_game_started();
  EXPECT_FALSE(Verdict(Started(), second_start).ok());
}

TEST(ValidateTest, LegalTurnPasses) {
  EXPECT_TRUE(Verdict(Started(), Turn(FIRST, {11, 15})).ok());
}

TEST(ValidateTest, TurnOfTheWrongSideIsRefused) {
  const absl::Status st = Verdict(Started(), Turn(SECOND, {23, 19}));
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(Msg(st), HasSubstr("Red's turn"));
}

TEST(ValidateTest, IllegalTurnIsRefusedWithTheLegalMoves) {
  const absl::Status st = Verdict(Started(), Turn(FIRST, {11, 14}));
  EXPECT_THAT(Msg(st), HasSubstr("11-14 is not legal"));
  EXPECT_THAT(Msg(st), HasSubstr("9-13 9-14"));
}

TEST(ValidateTest, MalformedRoutesAreRefused) {
  EXPECT_FALSE(Verdict(Started(), Turn(FIRST, {11})).ok());
  EXPECT_FALSE(Verdict(Started(), Turn(FIRST, {11, 33})).ok());
  EXPECT_FALSE(Verdict(Started(), Turn(FIRST, {0, 4})).ok());
  EXPECT_FALSE(
      Verdict(Started(), Turn(FIRST, std::vector<uint32_t>(14, 11))).ok());
}

TEST(ValidateTest, PartialCaptureRouteIsRefused) {
  // 22x15 stops half way through the double jump 22x15x6.
  EXPECT_FALSE(Verdict(Started("W:W22:B18,10"), Turn(SECOND, {22, 15})).ok());
  EXPECT_TRUE(Verdict(Started("W:W22:B18,10"), Turn(SECOND, {22, 15, 6})).ok());
}

TEST(ValidateTest, ClaimedRepetitionThatDidNotHappenIsRefused) {
  Event end;
  end.mutable_game_ended()->set_result(DRAW);
  end.mutable_game_ended()->set_reason(THREEFOLD_REPETITION);
  end.mutable_game_ended()->add_repetition_seqs(1);
  const absl::Status st = Verdict(Started(), end);
  EXPECT_THAT(Msg(st), HasSubstr("had not ended"));
}

TEST(ValidateTest, ClaimedWinWhileMovesRemainIsRefused) {
  Event end;
  end.mutable_game_ended()->set_result(FIRST_WINS);
  end.mutable_game_ended()->set_reason(NO_LEGAL_MOVE);
  EXPECT_FALSE(Verdict(Started(), end).ok());
}

TEST(ValidateTest, EndWithTheWrongEvidenceIsRefused) {
  // White's man on 5 is blocked by Red's on 1: a win for Red, not White.
  const GameState s = Started("W:W5:B1");
  Event end;
  end.mutable_game_ended()->set_result(SECOND_WINS);
  end.mutable_game_ended()->set_reason(NO_LEGAL_MOVE);
  EXPECT_THAT(Msg(Verdict(s, end)), HasSubstr("the rules give"));
  end.mutable_game_ended()->set_result(FIRST_WINS);
  EXPECT_TRUE(Verdict(s, end).ok());
}

TEST(ValidateTest, NothingMayFollowTheEnd) {
  GameState s = Started();
  absl::StatusOr<Commit> commit = CommitFor(s, *ResignEvent(s, FIRST));
  ASSERT_TRUE(commit.ok());
  ASSERT_EQ(commit->events.size(), 2u);
  s = commit->after;
  EXPECT_THAT(Msg(Verdict(s, Turn(FIRST, {11, 15}))),
              HasSubstr("game is over"));
  EXPECT_FALSE(ResignEvent(s, SECOND).ok());
}

TEST(ValidateTest, TurnAfterAnUnrecordedEndIsRefused) {
  // Red has no move at the start, so the game is over before any turn.
  const GameState s = Started("B:W8,11:B4");
  EXPECT_THAT(Msg(Verdict(s, Turn(FIRST, {4, 8}))), HasSubstr("not recorded"));
}

GameState Imported(const std::string& fen = "") {
  GameStarted started;
  started.set_start_fen(fen);
  started.mutable_options()->set_automatic_draws_off(true);
  return After(GameState(), *StartEvent(started));
}

TEST(ValidateTest, RecordedResultMustNotContradictTheMoves) {
  Event end;
  end.mutable_game_ended()->set_reason(RECORDED);
  end.mutable_game_ended()->set_result(SECOND_WINS);
  EXPECT_THAT(Msg(Verdict(Imported("W:W5:B1"), end)), HasSubstr("contradicts"));
  // A resignation the record does not show is a claim the moves allow.
  EXPECT_TRUE(Verdict(Imported(), end).ok());
}

TEST(ValidateTest, RecordedResultIsRefusedInAGamePlayedHere) {
  Event end;
  end.mutable_game_ended()->set_reason(RECORDED);
  end.mutable_game_ended()->set_result(FIRST_WINS);
  EXPECT_THAT(Msg(Verdict(Started(), end)), HasSubstr("imported"));
}

TEST(ValidateTest, CommitsKeepRulesImposedEndsWithTheirCause) {
  GameState s = Started("W:W22:B18");
  std::vector<Event> events = {*StartEvent(GameStarted())};
  absl::StatusOr<Commit> commit = CommitFor(s, *TurnEvent(s, "22x15"));
  ASSERT_TRUE(commit.ok());
  for (const Event& e : commit->events) events.push_back(e);
  Event recorded;
  recorded.mutable_game_ended()->set_reason(RECORDED);
  events.push_back(recorded);
  const std::vector<std::vector<Event>> commits = SplitIntoCommits(events);
  ASSERT_EQ(commits.size(), 3u);
  EXPECT_EQ(commits[0].size(), 1u);
  EXPECT_EQ(commits[1].size(), 2u);
  EXPECT_TRUE(commits[1][1].has_game_ended());
  EXPECT_EQ(commits[2].size(), 1u);
}

TEST(ValidateTest, DrawAnswersNeedAStandingOfferFromTheOtherSide) {
  GameState s = Started();
  EXPECT_FALSE(AcceptDrawEvent(s).ok());
  EXPECT_FALSE(DeclineDrawEvent(s).ok());
  s = After(s, *OfferDrawEvent(s));
  EXPECT_FALSE(OfferDrawEvent(s).ok());
  Event own;
  own.mutable_draw_accepted()->set_side(FIRST);
  EXPECT_THAT(Msg(Verdict(s, own)), HasSubstr("own draw offer"));
  EXPECT_TRUE(AcceptDrawEvent(s).ok());
}

TEST(ValidateTest, UnknownEventKindIsRefused) {
  EXPECT_THAT(Msg(Verdict(Started(), Event())), HasSubstr("newer version"));
}

TEST(ValidateTest, TurnEventReadsMoveText) {
  absl::StatusOr<Event> e = TurnEvent(Started("W:W22:B18,10"), "22x6");
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ(e->turn_played().side(), SECOND);
  EXPECT_THAT(e->turn_played().squares(), ::testing::ElementsAre(22, 15, 6));
  EXPECT_EQ(TurnEvent(Started(), "nonsense").status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(TurnEvent(Started(), "11-14").status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(ValidateTest, StartEventStoresTheCanonicalFen) {
  GameStarted started;
  started.set_start_fen(" w : b1 : w32 .");
  absl::StatusOr<Event> e = StartEvent(started);
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ(e->game_started().start_fen(), "W:W32:B1");
  started.set_start_fen("B:W33:B1");
  EXPECT_EQ(StartEvent(started).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ValidateTest, OptionalCaptureRuleAllowsSteps) {
  GameStarted started;
  started.set_start_fen("B:W22,23:B18,5");
  started.mutable_options()->set_capture_optional(true);
  const GameState s = After(GameState(), *StartEvent(started));
  EXPECT_TRUE(Verdict(s, Turn(FIRST, {5, 9})).ok());
  EXPECT_FALSE(Verdict(Started("B:W22,23:B18,5"), Turn(FIRST, {5, 9})).ok());
}

GameState RemoteStarted() {
  GameStarted started;
  started.set_mode(REMOTE);
  return After(GameState(), *StartEvent(started));
}

const std::string kKeyA(32, 'a');
const std::string kKeyB(32, 'b');

TEST(ValidateTest, SeatsOfARemoteGameAreTakenOnceEach) {
  GameState s = RemoteStarted();
  s = After(s, *SeatEvent(s, FIRST, "Alice", kKeyA));
  ASSERT_NE(s.seat(FIRST), nullptr);
  EXPECT_EQ(s.seat(FIRST)->name(), "Alice");
  EXPECT_EQ(s.seat(SECOND), nullptr);
  EXPECT_THAT(Msg(SeatEvent(s, FIRST, "Bob", kKeyB).status()),
              HasSubstr("taken by Alice"));
  EXPECT_THAT(Msg(SeatEvent(s, SECOND, "Alice", kKeyA).status()),
              HasSubstr("both seats"));
  s = After(s, *SeatEvent(s, SECOND, "Bob", kKeyB));
  EXPECT_EQ(s.seat(SECOND)->name(), "Bob");
}

TEST(ValidateTest, SeatNamesAreOneToThirtyTwoCharactersOfText) {
  const GameState s = RemoteStarted();
  EXPECT_TRUE(SeatEvent(s, FIRST, std::string(32, 'x'), kKeyA).ok());
  // Thirty-two characters of two bytes each.
  std::string cyrillic;
  for (int i = 0; i < 32; ++i) cyrillic += "\xd0\x96";
  EXPECT_TRUE(SeatEvent(s, FIRST, cyrillic, kKeyA).ok());
  EXPECT_FALSE(SeatEvent(s, FIRST, std::string(33, 'x'), kKeyA).ok());
  EXPECT_FALSE(SeatEvent(s, FIRST, "", kKeyA).ok());
  EXPECT_FALSE(SeatEvent(s, FIRST, "a\nb", kKeyA).ok());
  EXPECT_FALSE(SeatEvent(s, FIRST, "\xff", kKeyA).ok());
  EXPECT_FALSE(SeatEvent(s, FIRST, "Alice", "short").ok());
}

TEST(ValidateTest, OnlyARemoteGameHasSeats) {
  EXPECT_THAT(Msg(SeatEvent(Started(), FIRST, "Alice", kKeyA).status()),
              HasSubstr("two devices"));
}

// A remote game with both seats taken, its events stamped from `t0` ms on;
// `turn_seconds` its limit.
GameState SeatedAt(int64_t t0, uint32_t turn_seconds = 0) {
  GameStarted started;
  started.set_mode(REMOTE);
  started.set_turn_seconds(turn_seconds);
  absl::StatusOr<Event> start = StartEvent(started);
  EXPECT_TRUE(start.ok()) << start.status();
  start->set_unix_millis(t0);
  GameState s = After(GameState(), *start);
  for (auto [side, name, key] :
       {std::tuple(FIRST, "Alice", kKeyA), std::tuple(SECOND, "Bob", kKeyB)}) {
    Event seat = *SeatEvent(s, side, name, key);
    seat.set_unix_millis(t0);
    s = After(s, seat);
  }
  return s;
}

Event ComputerTurn(Side side, std::vector<uint32_t> squares,
                   int64_t unix_millis = 0, bool timeout = false) {
  Event e = Turn(side, std::move(squares));
  e.mutable_turn_played()->mutable_computer()->set_level(MEDIUM);
  e.mutable_turn_played()->set_timeout(timeout);
  e.set_unix_millis(unix_millis);
  return e;
}

TEST(ValidateTest, ComputerPlaysARemoteSeatOnlyWhileItStandsIn) {
  GameState s = SeatedAt(0);
  EXPECT_THAT(Msg(Verdict(s, ComputerTurn(FIRST, {11, 15}))),
              HasSubstr("without standing in"));
  s = After(s, *StandInEvent(s, FIRST));
  EXPECT_TRUE(s.stood_in(FIRST));
  EXPECT_THAT(Msg(Verdict(s, Turn(FIRST, {11, 15}))),
              HasSubstr("while the computer stood in"));
  EXPECT_FALSE(StandInEvent(s, FIRST).ok());
  s = After(s, ComputerTurn(FIRST, {11, 15}));
  // The stand-in holds on the seat's later turns until it is handed back.
  EXPECT_TRUE(s.stood_in(FIRST));
  s = After(s, *HandBackEvent(s, FIRST));
  EXPECT_FALSE(s.stood_in(FIRST));
  EXPECT_FALSE(HandBackEvent(s, FIRST).ok());
}

TEST(ValidateTest, ComputerStandsInOnlyForATakenRemoteSeat) {
  EXPECT_THAT(Msg(StandInEvent(Started(), FIRST).status()),
              HasSubstr("two devices"));
  EXPECT_THAT(Msg(StandInEvent(RemoteStarted(), FIRST).status()),
              HasSubstr("is free"));
}

TEST(ValidateTest, TimeoutTurnComesOnlyAtItsDeadline) {
  const int64_t t0 = 1'700'000'000'000;
  const GameState s = SeatedAt(t0, 30);
  EXPECT_THAT(Msg(Verdict(s, ComputerTurn(FIRST, {11, 15}, t0 + 29'999, true))),
              HasSubstr("before its deadline"));
  EXPECT_TRUE(
      Verdict(s, ComputerTurn(FIRST, {11, 15}, t0 + 30'000, true)).ok());
  // The clock runs from the last turn played.
  Event turn = Turn(FIRST, {11, 15});
  turn.set_unix_millis(t0 + 10'000);
  const GameState after = After(s, turn);
  EXPECT_FALSE(
      Verdict(after, ComputerTurn(SECOND, {23, 19}, t0 + 30'000, true)).ok());
}

TEST(ValidateTest, TimeoutNeedsATurnLimitAndTheComputer) {
  EXPECT_THAT(
      Msg(Verdict(SeatedAt(0), ComputerTurn(FIRST, {11, 15}, 60'000, true))),
      HasSubstr("turn time limit"));
  Event by_person = Turn(FIRST, {11, 15});
  by_person.mutable_turn_played()->set_timeout(true);
  by_person.set_unix_millis(60'000);
  EXPECT_FALSE(Verdict(SeatedAt(0, 30), by_person).ok());
}

TEST(ValidateTest, TurnLimitIsThirtyOrSixtySecondsBetweenDevices) {
  GameStarted remote;
  remote.set_mode(REMOTE);
  remote.set_turn_seconds(45);
  EXPECT_FALSE(Verdict(GameState(), *StartEvent(remote)).ok());
  GameStarted local;
  local.set_mode(TWO_PLAYER);
  local.set_turn_seconds(30);
  EXPECT_THAT(Msg(Verdict(GameState(), *StartEvent(local))),
              HasSubstr("30 or 60 seconds"));
}

TEST(PresetTest, WcdfIsTheEnglishDefaultsAndQdanSwapsAndCountsInTotal) {
  const std::optional<RuleOptions> wcdf = PresetOptions("wcdf");
  ASSERT_TRUE(wcdf.has_value());
  EXPECT_EQ(wcdf->SerializeAsString(),
            DefaultRuleOptions(Edition::kEnglish).SerializeAsString());
  const std::optional<RuleOptions> qdan = PresetOptions("qdan");
  ASSERT_TRUE(qdan.has_value());
  EXPECT_FALSE(qdan->capture_optional());
  EXPECT_TRUE(qdan->swap_first_player());
  EXPECT_EQ(qdan->no_progress_turns(), 40u);
  EXPECT_EQ(qdan->no_progress_count(), TOTAL);
  EXPECT_EQ(qdan->turn_limit(), 0u);
  EXPECT_FALSE(PresetOptions("fmjd").has_value());
}

TEST(PresetTest, OptionsAreNamedByThePresetTheyEqual) {
  EXPECT_EQ(PresetOf(*PresetOptions("qdan")), "qdan");
  EXPECT_EQ(PresetOf(DefaultRuleOptions(Edition::kEnglish)), "wcdf");
  RuleOptions own = *PresetOptions("qdan");
  own.set_turn_limit(100);
  EXPECT_EQ(PresetOf(own), "");
  EXPECT_EQ(PresetOf(DefaultRuleOptions(Edition::kRussian)), "");
}

TEST(ValidateTest, NamesThatHideOrReorderTextAreRefused) {
  // A right-to-left override, a zero-width space, a byte order mark, a line
  // separator, a left-to-right isolate, a soft hyphen.
  for (const char* name : {"Al\u202Eecila", "Al\u200Bice", "\uFEFFAlice",
                           "Ali\u2028ce", "\u2066Alice\u2069", "Al\u00ADice"}) {
    const absl::Status st = CheckPlayerName(name);
    EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition) << name;
    EXPECT_THAT(st.message(), HasSubstr("invisible")) << name;
  }
  for (const char* name : {" ", "   ", "\u3000\u00A0"}) {
    EXPECT_THAT(CheckPlayerName(name).message(), HasSubstr("besides spaces"))
        << name;
  }
  // Overlong UTF-8 and a surrogate are not text.
  EXPECT_FALSE(CheckPlayerName("\xC1\x81").ok());
  EXPECT_FALSE(CheckPlayerName("\xED\xA0\x80").ok());
  EXPECT_TRUE(CheckPlayerName("Anna Lisa").ok());
  EXPECT_TRUE(CheckPlayerName("\u0645\u0631\u064A\u0645").ok());
  EXPECT_TRUE(CheckPlayerName("\u6885").ok());
}

}  // namespace
}  // namespace checkers::events
