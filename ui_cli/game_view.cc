#include "ui_cli/game_view.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "events/computer.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "nlohmann/json.hpp"
#include "ui_cli/board_grid.h"

namespace checkers::cli {
namespace {

using events::Event;
using events::GameState;
using events::Side;

std::string Name(const GameState& s, Side side) {
  return std::string(events::SideName(s.started.get(), side));
}

std::string ModeText(const GameState& s) {
  if (s.started == nullptr) return "";
  if (s.mode == events::REMOTE) return "two players on their own devices";
  if (!s.vs_computer()) return "two players";
  std::string level =
      absl::AsciiStrToLower(events::Difficulty_Name(s.difficulty));
  return absl::StrCat("vs computer (", level, "), you play ",
                      Name(s, s.human_side));
}

std::string ResultWords(const GameState& s, events::Result result) {
  switch (result) {
    case events::FIRST_WINS:
      return absl::StrCat(Name(s, events::FIRST), " wins");
    case events::SECOND_WINS:
      return absl::StrCat(Name(s, events::SECOND), " wins");
    default:
      return "Draw";
  }
}

}  // namespace

std::string TurnText(const GameState& before, const events::TurnPlayed& turn) {
  absl::StatusOr<Move> move = events::CheckTurn(before, turn);
  if (!move.ok()) return absl::StrJoin(turn.squares(), "-");
  return MoveToText(*move);
}

std::string BoardText(const Position& pos, const events::GameStarted* started,
                      bool flipped) {
  // The letters of the engine's Black (squares 1-12) and White.
  const bool white_first =
      started != nullptr &&
      TraitsOf(events::EditionOf(started->edition())).light_moves_first;
  const char first = absl::ascii_tolower(events::SideName(
      started, white_first ? events::SECOND : events::FIRST)[0]);
  const char second = absl::ascii_tolower(events::SideName(
      started, white_first ? events::FIRST : events::SECOND)[0]);
  return BoardGrid(flipped).Text([&](Square s) -> std::string {
    switch (pos.PieceAt(s)) {
      case Piece::kBlackMan:
        return std::string(1, first);
      case Piece::kBlackKing:
        return std::string(1, absl::ascii_toupper(first));
      case Piece::kWhiteMan:
        return std::string(1, second);
      case Piece::kWhiteKing:
        return std::string(1, absl::ascii_toupper(second));
      case Piece::kEmpty:
        break;
    }
    return absl::StrCat(s + 1);
  });
}

events::Side BottomSide(const GameState& s) {
  return s.vs_computer() ? s.human_side : events::FIRST;
}

bool Flipped(const GameState& s) {
  return s.ColorOf(BottomSide(s)) == Color::kBlack;
}

std::string EndText(const GameState& s) {
  if (!s.over()) return "";
  const events::GameEnded& e = *s.ended;
  const std::string result = ResultWords(s, e.result());
  switch (e.reason()) {
    case events::NO_LEGAL_MOVE: {
      const Side loser =
          e.result() == events::FIRST_WINS ? events::SECOND : events::FIRST;
      return absl::StrCat(result, ": ", Name(s, loser), " has no legal move");
    }
    case events::THREEFOLD_REPETITION:
      return absl::StrCat("Draw: third repetition (seqs ",
                          absl::StrJoin(e.repetition_seqs(), ", "), ")");
    case events::NO_PROGRESS:
      return absl::StrCat(
          "Draw: ", s.rules.no_progress_limit / 2,
          " turns each without a capture or a man's move (since seq ",
          e.no_progress_since_seq(), ")");
    case events::TURN_LIMIT:
      return absl::StrCat("Draw: the limit of ", s.rules.turn_limit, " turns");
    case events::AGREEMENT:
      return "Draw by agreement";
    case events::LONE_KING_HELD:
      return absl::StrCat("Draw: the lone king was not taken within ",
                          s.rules.lone_king_turns,
                          " turns of the kings' side (since seq ",
                          e.lone_king_since_seq(), ")");
    case events::KING_AGAINST_KING:
      return "Draw: one king against one king";
    case events::RESIGNATION: {
      const Side loser =
          e.result() == events::FIRST_WINS ? events::SECOND : events::FIRST;
      return absl::StrCat(result, ": ", Name(s, loser), " resigned");
    }
    case events::RECORDED:
      return absl::StrCat(result, " (the recorded result)");
    default:
      return result;
  }
}

std::string ShowJson(const GameState& s) {
  nlohmann::ordered_json o;
  if (s.started == nullptr) {
    o["game"] = false;
    return json::Dump(o);
  }
  o["rules"] = std::string(EditionName(s.rules.edition));
  o["fen"] = ToFen(s.position);
  o["side_to_move"] = Name(s, s.side_to_move());
  o["turns_played"] = s.turns;
  o["mode"] = std::string(events::ModeWord(s.mode));
  if (s.vs_computer()) {
    o["difficulty"] =
        absl::AsciiStrToLower(events::Difficulty_Name(s.difficulty));
    o["human"] = Name(s, s.human_side);
  }
  o["repetition_count"] = s.RepetitionCount();
  const int left = s.TurnsUntilAutomaticDraw();
  o["draw_in_turns"] = left >= 0 && !s.over() ? nlohmann::ordered_json(left)
                                              : nlohmann::ordered_json(nullptr);
  o["no_progress_turns"] = s.no_progress_turns;
  o["draw_offer_by"] = s.draw_offer.has_value()
                           ? nlohmann::ordered_json(Name(s, *s.draw_offer))
                           : nlohmann::ordered_json(nullptr);
  o["over"] = s.over();
  if (s.over()) {
    o["result"] = json::ResultWord(s.ended->result());
    o["winner"] = s.ended->result() == events::DRAW
                      ? ""
                      : ResultWords(s, s.ended->result());
    o["reason"] = json::ReasonWord(s.ended->reason());
    o["end"] = EndText(s);
  } else {
    o["result"] = nullptr;
    o["legal_moves"] =
        LegalMoveTexts(s.position, s.rules.capture, s.rules.edition);
  }
  return json::Dump(o);
}

namespace {

// The event in words, without seq and turn.
std::string EventWords(const GameState& before,
                       const events::CheckedEvent& checked) {
  const Event& e = checked.event();
  switch (e.kind_case()) {
    case Event::kGameStarted: {
      const events::GameStarted& g = e.game_started();
      GameState after = events::Apply(before, checked);
      std::string text =
          absl::StrCat("game started: ", EditionName(after.rules.edition),
                       " rules, ", ModeText(after));
      absl::StrAppend(
          &text, ", from ",
          g.start_fen().empty() ? "the standard start" : g.start_fen());
      return text;
    }
    case Event::kTurnPlayed: {
      std::string text = MoveToText(checked.move());
      if (e.turn_played().has_computer()) {
        const events::ComputerChoice& c = e.turn_played().computer();
        absl::StrAppend(
            &text, "  (computer, ",
            absl::AsciiStrToLower(events::Difficulty_Name(c.level())),
            ", depth ", c.depth(), ", ", c.nodes(), " nodes)");
      }
      return text;
    }
    case Event::kDrawOffered:
      return "offers a draw";
    case Event::kDrawAccepted:
      return "accepts the draw";
    case Event::kDrawDeclined:
      return "declines the draw";
    case Event::kResigned:
      return "resigns";
    case Event::kGameEnded: {
      GameState after = events::Apply(before, checked);
      return absl::StrCat("game over: ", EndText(after));
    }
    case Event::kModeChanged: {
      GameState after = events::Apply(before, checked);
      return absl::StrCat("the game goes on: ", ModeText(after));
    }
    case Event::kSeatTaken:
      return absl::StrCat("takes the seat: ", e.seat_taken().name());
    case Event::KIND_NOT_SET:
      break;
  }
  return "an event of an unknown kind";
}

// The side an event belongs to, if any.
std::optional<Side> EventSide(const Event& e) {
  switch (e.kind_case()) {
    case Event::kTurnPlayed:
      return e.turn_played().side();
    case Event::kDrawOffered:
      return e.draw_offered().side();
    case Event::kDrawAccepted:
      return e.draw_accepted().side();
    case Event::kDrawDeclined:
      return e.draw_declined().side();
    case Event::kResigned:
      return e.resigned().side();
    case Event::kSeatTaken:
      return e.seat_taken().side();
    default:
      return std::nullopt;
  }
}

}  // namespace

std::string EventLine(const GameState& before,
                      const events::CheckedEvent& checked) {
  const Event& e = checked.event();
  const std::optional<Side> side = EventSide(e);
  const int turn =
      e.kind_case() == Event::kTurnPlayed ? before.turns + 1 : before.turns;
  return absl::StrFormat("seq %-4d turn %-4d %-6s %s", before.last_seq + 1,
                         turn, side.has_value() ? Name(before, *side) : "-",
                         EventWords(before, checked));
}

std::string EventJson(const GameState& before,
                      const events::CheckedEvent& checked) {
  const Event& e = checked.event();
  nlohmann::ordered_json o;
  o["seq"] = before.last_seq + 1;
  o["turn"] =
      e.kind_case() == Event::kTurnPlayed ? before.turns + 1 : before.turns;
  const std::optional<Side> side = EventSide(e);
  o["side"] = side.has_value() ? nlohmann::ordered_json(Name(before, *side))
                               : nlohmann::ordered_json(nullptr);
  switch (e.kind_case()) {
    case Event::kGameStarted:
      o["event"] = "game_started";
      o["mode"] = std::string(events::ModeWord(e.game_started().mode()));
      o["rules"] = std::string(
          EditionName(events::EditionOf(e.game_started().edition())));
      o["fen"] = e.game_started().start_fen();
      break;
    case Event::kTurnPlayed:
      o["event"] = "turn";
      o["move"] = MoveToText(checked.move());
      o["computer"] = e.turn_played().has_computer();
      break;
    case Event::kDrawOffered:
      o["event"] = "draw_offered";
      break;
    case Event::kDrawAccepted:
      o["event"] = "draw_accepted";
      break;
    case Event::kDrawDeclined:
      o["event"] = "draw_declined";
      break;
    case Event::kResigned:
      o["event"] = "resigned";
      break;
    case Event::kSeatTaken:
      o["event"] = "seat_taken";
      o["name"] = e.seat_taken().name();
      break;
    case Event::kModeChanged:
      o["event"] = "mode_changed";
      o["mode"] = std::string(events::ModeWord(e.mode_changed().mode()));
      break;
    case Event::kGameEnded:
      o["event"] = "game_ended";
      o["result"] = json::ResultWord(e.game_ended().result());
      o["reason"] = json::ReasonWord(e.game_ended().reason());
      break;
    case Event::KIND_NOT_SET:
      o["event"] = "unknown";
      break;
  }
  o["text"] = EventWords(before, checked);
  return json::Dump(o);
}

}  // namespace checkers::cli
