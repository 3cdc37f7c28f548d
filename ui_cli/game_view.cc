#include "ui_cli/game_view.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/game_position.h"
#include "events/computer.h"
#include "events/validate.h"
#include "json/encode.h"
#include "json/state_json.h"
#include "nlohmann/json.hpp"
#include "session/play_text.h"
#include "terminal/board_text.h"

namespace checkers::cli {

using session::DifficultyText;
using session::EditionText;
using session::EndEvidence;
using session::EndText;
using session::ModeText;
using session::SideText;
namespace {

using events::Event;
using events::GameState;
using events::Side;

// The log's JSON names a side by its colour in English, the machine word
// of events::SideName.
std::string Name(const GameState& s, Side side) {
  return std::string(events::SideName(s.started.get(), side));
}

// `text` and spaces up to `width` characters (UTF-8 code points, so that
// the log's columns line up in every language).
std::string Padded(absl::string_view text, int width) {
  int characters = 0;
  for (char c : text)
    characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return absl::StrCat(text, std::string(std::max(0, width - characters), ' '));
}

// JSON and the log's --json text are in English whatever the locale.
const lang::Catalogue& English() { return lang::Catalogue::Builtin("en"); }

}  // namespace

std::string TurnText(const GameState& before, const events::TurnPlayed& turn) {
  absl::StatusOr<GameMove> move = events::CheckTurn(before, turn);
  if (!move.ok()) return absl::StrJoin(turn.squares(), "-");
  return move->Text();
}

std::string ShowJson(const GameState& s) {
  nlohmann::json o = json::StateJson(s);
  // The one line a person reads, beside the words a program tests.
  if (s.over()) o["end"] = EndText(English(), s, EndEvidence::kCite);
  return json::Dump(o);
}

namespace {

// The event in words, without seq and turn.
std::string EventWords(const lang::Catalogue& t, const GameState& before,
                       const events::CheckedEvent& checked) {
  const Event& e = checked.event();
  switch (e.kind_case()) {
    case Event::kGameStarted: {
      const std::string& fen = e.game_started().start_fen();
      const GameState after = events::Apply(before, checked);
      return t.Get("log.started",
                   {{"rules", EditionText(t, after.rules.edition)},
                    {"mode", ModeText(t, after)},
                    {"from", fen.empty() ? t.Get("log.standard_start") : fen}});
    }
    case Event::kTurnPlayed: {
      const std::string move = checked.move().Text();
      if (e.turn_played().timeout()) {
        return t.Get("log.timeout_turn", {{"move", move}});
      }
      if (!e.turn_played().has_computer()) return move;
      const events::ComputerChoice& c = e.turn_played().computer();
      if (c.from_book()) {
        return t.Get("log.computer_book_turn",
                     {{"move", move}, {"level", DifficultyText(t, c.level())}});
      }
      return t.Get("log.computer_turn",
                   {{"move", move},
                    {"level", DifficultyText(t, c.level())},
                    {"depth", absl::StrCat(c.depth())},
                    {"nodes", absl::StrCat(c.nodes())}});
    }
    case Event::kDrawOffered:
      return t.Get("log.draw_offered");
    case Event::kDrawAccepted:
      return t.Get("log.draw_accepted");
    case Event::kDrawDeclined:
      return t.Get("log.draw_declined");
    case Event::kResigned:
      return t.Get("log.resigned");
    case Event::kGameEnded:
      return t.Get("log.game_over",
                   {{"end", EndText(t, events::Apply(before, checked),
                                    EndEvidence::kCite)}});
    case Event::kModeChanged:
      return t.Get("log.goes_on",
                   {{"mode", ModeText(t, events::Apply(before, checked))}});
    case Event::kSeatTaken:
      return t.Get("log.seat_taken", {{"name", e.seat_taken().name()}});
    case Event::kStandIn:
      return t.Get("log.stand_in");
    case Event::kHandBack:
      return t.Get("log.hand_back");
    case Event::KIND_NOT_SET:
      break;
  }
  return t.Get("log.unknown");
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
    case Event::kStandIn:
      return e.stand_in().side();
    case Event::kHandBack:
      return e.hand_back().side();
    default:
      return std::nullopt;
  }
}

}  // namespace

std::string EventLine(const lang::Catalogue& t, const GameState& before,
                      const events::CheckedEvent& checked) {
  const Event& e = checked.event();
  const std::optional<Side> side = EventSide(e);
  const int turn =
      e.kind_case() == Event::kTurnPlayed ? before.turns + 1 : before.turns;
  return absl::StrCat(
      Padded(t.Get("log.seq", {{"n", absl::StrCat(before.last_seq + 1)}}), 8),
      " ", Padded(t.Get("log.turn", {{"n", absl::StrCat(turn)}}), 9), " ",
      Padded(side.has_value() ? SideText(t, before, *side) : "-", 6), " ",
      EventWords(t, before, checked));
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
      o["move"] = checked.move().Text();
      o["computer"] = e.turn_played().has_computer();
      o["timeout"] = e.turn_played().timeout();
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
    case Event::kStandIn:
      o["event"] = "stand_in";
      break;
    case Event::kHandBack:
      o["event"] = "hand_back";
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
  o["text"] = EventWords(English(), before, checked);
  return json::Dump(o);
}

}  // namespace checkers::cli
