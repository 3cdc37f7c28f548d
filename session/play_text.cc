#include "session/play_text.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"

namespace checkers::session {
namespace {

using events::GameState;
using events::Side;

Side OwnerOf(const GameState& state, Piece piece) {
  return events::SideOf(piece == Piece::kWhiteMan || piece == Piece::kWhiteKing
                            ? Color::kWhite
                            : Color::kBlack,
                        state.rules.first_mover);
}

bool IsKing(Piece piece) {
  return piece == Piece::kBlackKing || piece == Piece::kWhiteKing;
}

}  // namespace

std::string SquareNumbers(const std::vector<int>& squares) {
  return absl::StrJoin(squares, ", ");
}

std::string DifficultyText(const lang::Catalogue& t, events::Difficulty d) {
  switch (d) {
    case events::EASY:
      return t.Get("difficulty.easy");
    case events::HARD:
      return t.Get("difficulty.hard");
    default:
      return t.Get("difficulty.medium");
  }
}

std::string ColourKey(const GameState& state, Side side) {
  return absl::AsciiStrToLower(events::SideName(state.started.get(), side));
}

std::string EditionText(const lang::Catalogue& t, Edition edition) {
  switch (edition) {
    case Edition::kRussian:
      return t.Get("edition.russian");
    case Edition::kPool:
      return t.Get("edition.pool");
    case Edition::kInternational:
      return t.Get("edition.international");
    case Edition::kEnglish:
      break;
  }
  return t.Get("rules.edition");
}

std::string SideText(const lang::Catalogue& t, const GameState& state,
                     Side side) {
  return t.Get(absl::StrCat("colour.", ColourKey(state, side)));
}

events::Side BottomSide(const GameState& state) {
  return state.vs_computer() ? state.human_side : events::FIRST;
}

std::string PieceText(const lang::Catalogue& t, const GameState& state,
                      Piece piece) {
  if (piece == Piece::kEmpty) return "";
  return t.Get(absl::StrCat("piece.", ColourKey(state, OwnerOf(state, piece)),
                            IsKing(piece) ? ".king" : ".man"));
}

std::string PieceLetter(const lang::Catalogue& t, const GameState& state,
                        Piece piece) {
  if (piece == Piece::kEmpty) return "";
  return t.Get(absl::StrCat("letter.", ColourKey(state, OwnerOf(state, piece)),
                            IsKing(piece) ? ".king" : ".man"));
}

std::string ModeText(const lang::Catalogue& t, const GameState& state) {
  if (state.started == nullptr) return "";
  if (state.mode == events::REMOTE) return t.Get("mode.remote");
  if (!state.vs_computer()) return t.Get("mode.two_player");
  return t.Get("mode.computer",
               {{"level", DifficultyText(t, state.difficulty)},
                {"side", SideText(t, state, state.human_side)}});
}

std::string ToMoveText(const lang::Catalogue& t, const GameState& state) {
  if (state.started == nullptr) return "";
  if (state.over()) return EndText(t, state);
  const Side side = state.side_to_move();
  const std::string name = SideText(t, state, side);
  if (!state.vs_computer()) return t.Get("to_move.side", {{"side", name}});
  if (side == state.human_side) return t.Get("to_move.you", {{"side", name}});
  return t.Get("to_move.computer", {{"side", name}});
}

namespace {

// The result and its reason, without evidence.
std::string EndWords(const lang::Catalogue& t, const GameState& state) {
  const events::GameEnded& end = *state.ended;
  const Side winner =
      end.result() == events::SECOND_WINS ? events::SECOND : events::FIRST;
  const std::string win = SideText(t, state, winner);
  const std::string lose = SideText(t, state, events::OtherSide(winner));
  switch (end.reason()) {
    case events::NO_LEGAL_MOVE:
      return t.Get("end.no_legal_move", {{"winner", win}, {"loser", lose}});
    case events::RESIGNATION:
      return t.Get("end.resignation", {{"winner", win}, {"loser", lose}});
    case events::THREEFOLD_REPETITION:
      return t.Get("end.repetition");
    case events::NO_PROGRESS: {
      const bool total =
          state.started->options().no_progress_count() == events::TOTAL;
      const int limit = state.rules.no_progress_limit;
      return total ? t.Plural("end.no_progress_total", limit)
                   : t.Plural("end.no_progress_each", limit / 2);
    }
    case events::TURN_LIMIT:
      return t.Plural("end.turn_limit", state.rules.turn_limit);
    case events::AGREEMENT:
      return t.Get("end.agreement");
    case events::LONE_KING_HELD:
      return t.Get("end.lone_king",
                   {{"limit", absl::StrCat(state.LoneKingLimit())}});
    case events::KING_AGAINST_KING:
      return t.Get("end.king_against_king");
    default:
      return end.result() == events::DRAW
                 ? t.Get("end.recorded_draw")
                 : t.Get("end.recorded_win", {{"winner", win}});
  }
}

}  // namespace

std::string EndText(const lang::Catalogue& t, const GameState& state,
                    EndEvidence evidence) {
  if (!state.over()) return "";
  const events::GameEnded& end = *state.ended;
  const std::string words = EndWords(t, state);
  if (evidence == EndEvidence::kLeaveOut) return words;
  switch (end.reason()) {
    case events::THREEFOLD_REPETITION:
      return t.Get("end.evidence.repetition",
                   {{"end", words},
                    {"seqs", absl::StrJoin(end.repetition_seqs(), ", ")}});
    case events::NO_PROGRESS:
      return t.Get(
          "end.evidence.no_progress",
          {{"end", words}, {"seq", absl::StrCat(end.no_progress_since_seq())}});
    case events::LONE_KING_HELD:
      return t.Get(
          "end.evidence.no_progress",
          {{"end", words}, {"seq", absl::StrCat(end.lone_king_since_seq())}});
    default:
      return words;
  }
}

std::string DrawOfferText(const lang::Catalogue& t, const GameState& state) {
  if (!state.draw_offer.has_value() || state.over()) return "";
  return t.Get("panel.draw_offer",
               {{"side", SideText(t, state, *state.draw_offer)}});
}

std::string CountdownText(const lang::Catalogue& t, const GameState& state) {
  if (state.started == nullptr || state.over()) return "";
  const int left = state.TurnsUntilAutomaticDraw();
  if (left < 0) return "";
  const bool limit_first = state.rules.turn_limit > 0 &&
                           state.rules.turn_limit - state.turns == left;
  return t.Plural(limit_first ? "countdown_limit" : "countdown", left);
}

std::string OptionsText(const lang::Catalogue& t,
                        const events::GameStarted* started) {
  const events::GameStarted defaults;
  const events::GameStarted& g = started != nullptr ? *started : defaults;
  const events::RuleOptions& o = g.options();
  const events::GameRules rules = events::RulesOf(g);
  std::vector<std::string> parts;
  parts.push_back(t.Get(o.capture_optional() ? "options.capture_optional"
                                             : "options.capture_forced"));
  parts.push_back(t.Get(
      "options.first",
      {{"side",
        t.Get(absl::StrCat("colour.", absl::AsciiStrToLower(events::SideName(
                                          started, events::FIRST))))}}));
  if (o.automatic_draws_off()) {
    parts.push_back(t.Get("options.no_automatic_draws"));
  } else {
    // Russian draughts has no no-progress draw unless one is asked for.
    parts.push_back(
        rules.no_progress_limit == 0 ? t.Get("options.no_progress_off")
        : o.no_progress_count() == events::TOTAL
            ? t.Plural("options.no_progress_total", rules.no_progress_limit)
            : t.Plural("options.no_progress_each",
                       rules.no_progress_limit / 2));
    parts.push_back(rules.turn_limit > 0
                        ? t.Plural("options.turn_limit", rules.turn_limit)
                        : t.Get("options.no_turn_limit"));
  }
  if (o.swap_first_player()) parts.push_back(t.Get("options.swap"));
  return absl::StrJoin(parts, " · ");
}

std::string RulesTitle(const lang::Catalogue& t,
                       const events::GameStarted* started) {
  const Edition edition = started != nullptr
                              ? events::EditionOf(started->edition())
                              : Edition::kEnglish;
  if (edition == Edition::kEnglish) return t.Get("rules.title");
  return t.Get("panel.rules", {{"edition", EditionText(t, edition)}});
}

std::vector<std::string> RulesText(const lang::Catalogue& t,
                                   const events::GameStarted* started) {
  const events::GameStarted defaults;
  const events::GameStarted& g = started != nullptr ? *started : defaults;
  auto colour = [&](events::Side side) {
    return t.Get(absl::StrCat(
        "colour.", absl::AsciiStrToLower(events::SideName(started, side))));
  };
  std::vector<std::string> lines;
  switch (events::EditionOf(g.edition())) {
    case Edition::kRussian:
      lines.push_back(t.Get("rules.russian"));
      break;
    case Edition::kPool:
      lines.push_back(t.Get("rules.pool"));
      break;
    case Edition::kInternational:
      lines.push_back(t.Get("rules.international"));
      break;
    default:
      lines = {t.Get("rules.board", {{"first", colour(events::FIRST)},
                                     {"second", colour(events::SECOND)}}),
               t.Get("rules.men"), t.Get("rules.kings")};
      break;
  }
  const std::vector<std::string> common = {
      t.Get(g.options().capture_optional() ? "rules.capture_optional"
                                           : "rules.capture_forced"),
      t.Get("rules.end"),
      t.Get(g.options().automatic_draws_off() ? "rules.no_automatic_draws"
                                              : "rules.draws"),
      t.Get("rules.options", {{"options", OptionsText(t, started)}}),
  };
  lines.insert(lines.end(), common.begin(), common.end());
  return lines;
}

std::string RepetitionText(const lang::Catalogue& t, const GameState& state) {
  if (state.started == nullptr || state.over() || state.RepetitionCount() < 2)
    return "";
  return t.Get("repetition.twice");
}

std::string TurnReport(const lang::Catalogue& t, const GameState& state,
                       const events::TurnPlayed& turn, const GameMove& m) {
  const std::string side = SideText(t, state, turn.side());
  const std::string move = m.Text();
  return turn.has_computer()
             ? t.Get("report.computer_turn", {{"side", side}, {"move", move}})
             : t.Get("report.turn", {{"side", side}, {"move", move}});
}

absl::string_view RefusalKey(Refusal refusal) {
  switch (refusal) {
    case Refusal::kNone:
      return "";
    case Refusal::kNoGame:
      return "no_game";
    case Refusal::kPaused:
      return "paused";
    case Refusal::kOver:
      return "over";
    case Refusal::kComputerError:
      return "computer_error";
    case Refusal::kComputerTurn:
      return "computer_turn";
    case Refusal::kComputerAnswering:
      return "computer_answering";
    case Refusal::kAnswerDue:
      return "answer_due";
    case Refusal::kNotYourSeat:
      return "not_your_seat";
    case Refusal::kNotation:
      return "notation";
    case Refusal::kIllegalMove:
      return "move";
    case Refusal::kAmbiguousMove:
      return "ambiguous";
    case Refusal::kNothingToUndo:
      return "nothing_to_undo";
    case Refusal::kNoOffer:
      return "no_offer";
    case Refusal::kNotVsComputer:
      return "not_vs_computer";
    case Refusal::kRules:
      return "rules";
    case Refusal::kSaveFailed:
      return "save_failed";
  }
  return "";
}

std::string RefusalText(const lang::Catalogue& t, const GameState& state,
                        const Report& r) {
  if (r.refusal == Refusal::kNone) return "";
  std::vector<lang::Arg> args;
  switch (r.refusal) {
    case Refusal::kOver:
      args = {{"end", EndText(t, state)}};
      break;
    case Refusal::kAnswerDue:
      args = {{"side", SideText(t, state, r.side)}};
      break;
    case Refusal::kNotation:
      args = {{"text", r.detail}};
      break;
    case Refusal::kIllegalMove:
      args = {{"move", r.detail}, {"moves", absl::StrJoin(r.legal_moves, " ")}};
      break;
    case Refusal::kAmbiguousMove:
      args = {{"move", r.detail},
              {"routes", absl::StrJoin(r.legal_moves, " ")}};
      break;
    case Refusal::kRules:
    case Refusal::kSaveFailed:
      args = {{"detail", std::string(r.status.message())}};
      break;
    default:
      break;
  }
  return t.Get(absl::StrCat("refuse.", RefusalKey(r.refusal)), args);
}

std::string ReportText(const lang::Catalogue& t, const GameState& state,
                       const session::Report& r) {
  using Kind = session::Report::Kind;
  switch (r.kind) {
    case Kind::kRecovered:
      return t.Get("notice.recovered", {{"detail", r.detail}});
    case Kind::kDamagedKept:
      return t.Get("notice.damaged_kept", {{"path", r.detail}});
    case Kind::kNotSaved:
      return PersistenceText(t, r.persistence, r.detail);
    case Kind::kNewGame:
      return t.Get("report.new_game", {{"mode", ModeText(t, state)}});
    case Kind::kTurn:
      return TurnReport(t, state, r.turn, *r.move);
    case Kind::kUndone:
      return t.Get("report.undo", {{"to_move", ToMoveText(t, state)}});
    case Kind::kEndUndone:
      return t.Get("report.end_undone", {{"to_move", ToMoveText(t, state)}});
    case Kind::kDrawOffered:
      return t.Get("report.draw_offered",
                   {{"side", SideText(t, state, r.side)}});
    case Kind::kDrawAccepted:
      return t.Get("report.draw_accepted",
                   {{"side", SideText(t, state, r.side)}});
    case Kind::kDrawDeclined:
      return t.Get("report.draw_declined",
                   {{"side", SideText(t, state, r.side)}});
    case Kind::kResigned:
      return t.Get("report.resigned", {{"side", SideText(t, state, r.side)}});
    case Kind::kTwoPlayer:
      return t.Get("report.two_player");
    case Kind::kGameOver:
      return t.Get("report.game_over", {{"end", EndText(t, state)}});
    case Kind::kComputerError:
      return t.Get("computer.error", {{"detail", r.detail}});
    case Kind::kRefused:
      return RefusalText(t, state, r);
  }
  return "";
}

std::string PersistenceText(const lang::Catalogue& t,
                            session::Persistence persistence,
                            const std::string& detail) {
  using session::Persistence;
  switch (persistence) {
    case Persistence::kSaved:
      return "";
    case Persistence::kUnavailable:
      return t.Get("notice.unavailable", {{"detail", detail}});
    case Persistence::kLocked:
      return t.Get("notice.locked");
    case Persistence::kWriteFailed:
      return t.Get("notice.write_failed", {{"detail", detail}});
    case Persistence::kDamagedLeft:
      return t.Get("notice.damaged_left", {{"path", detail}});
  }
  return "";
}

std::string ThinkingText(const lang::Catalogue& t, const GameState& state,
                         const session::ComputerStatus& c) {
  if (!c.thinking) return "";
  return t.Get(
      "panel.thinking",
      {{"side", SideText(t, state, state.side_to_move())},
       {"seconds", absl::StrFormat("%.1f", absl::ToDoubleSeconds(c.elapsed))},
       {"depth", absl::StrCat(std::max(c.depth, c.current_depth))},
       {"nodes", absl::StrCat(c.nodes)}});
}

}  // namespace checkers::session
