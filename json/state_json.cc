#include "json/state_json.h"

#include <string>

#include "absl/strings/ascii.h"
#include "engine/game_position.h"
#include "events/computer.h"
#include "json/encode.h"

namespace checkers::json {

using events::GameState;
using Json = nlohmann::json;

std::string SideWord(events::Side side) {
  switch (side) {
    case events::FIRST:
      return "first";
    case events::SECOND:
      return "second";
    default:
      return "";
  }
}

std::string ResultWord(events::Result result) {
  switch (result) {
    case events::FIRST_WINS:
      return "first";
    case events::SECOND_WINS:
      return "second";
    default:
      return "draw";
  }
}

std::string ReasonWord(events::EndReason reason) {
  return absl::AsciiStrToLower(events::EndReason_Name(reason));
}

namespace {

// Each square's piece by the side that owns it: the first side has the
// engine's Black in English and pool, White in Russian.
Json BoardJson(const GamePosition& pos, Color first_mover) {
  const char* black = first_mover == Color::kBlack ? "first" : "second";
  const char* white = first_mover == Color::kBlack ? "second" : "first";
  Json board = Json::array();
  for (int s = 1; s <= pos.square_count(); ++s) {
    switch (pos.PieceAt(s)) {
      case Piece::kBlackMan:
        board.push_back({{"side", black}, {"king", false}});
        break;
      case Piece::kBlackKing:
        board.push_back({{"side", black}, {"king", true}});
        break;
      case Piece::kWhiteMan:
        board.push_back({{"side", white}, {"king", false}});
        break;
      case Piece::kWhiteKing:
        board.push_back({{"side", white}, {"king", true}});
        break;
      case Piece::kEmpty:
        board.push_back(nullptr);
        break;
    }
  }
  return board;
}

}  // namespace

Json StateJson(const GameState& s) {
  if (s.started == nullptr) return {{"game", false}};
  Json o;
  o["game"] = true;
  o["fen"] = s.position.ToFen();
  o["rules"] = std::string(EditionName(s.rules.edition));
  o["side_to_move"] = SideWord(s.side_to_move());
  o["colours"] = {
      {"first", std::string(events::SideName(s.started.get(), events::FIRST))},
      {"second",
       std::string(events::SideName(s.started.get(), events::SECOND))}};
  o["turns_played"] = s.turns;
  o["mode"] = std::string(events::ModeWord(s.mode));
  if (s.vs_computer()) {
    o["difficulty"] =
        absl::AsciiStrToLower(events::Difficulty_Name(s.difficulty));
    o["human"] = SideWord(s.human_side);
  }
  o["repetition_count"] = s.RepetitionCount();
  const int left = s.TurnsUntilAutomaticDraw();
  o["draw_in_turns"] = left >= 0 && !s.over() ? Json(left) : Json(nullptr);
  o["no_progress_turns"] = s.no_progress_turns;
  o["draw_offer_by"] =
      s.draw_offer.has_value() ? Json(SideWord(*s.draw_offer)) : Json(nullptr);
  o["over"] = s.over();
  if (s.over()) {
    o["result"] = ResultWord(s.ended->result());
    o["reason"] = ReasonWord(s.ended->reason());
    o["repetition_seqs"] = s.ended->repetition_seqs();
  } else {
    o["result"] = nullptr;
  }
  if (events::GoesOn(s)) {
    o["legal_moves"] = s.position.LegalMoveTexts(s.rules.capture);
  }
  o["board"] = BoardJson(s.position, s.rules.first_mover);
  return o;
}

Json RecordJson(uint64_t seq, const events::Event& event) {
  std::string kind;
  if (event.kind_case() != events::Event::KIND_NOT_SET) {
    kind = std::string(
        event.GetDescriptor()->FindFieldByNumber(event.kind_case())->name());
  }
  return {{"seq", seq}, {"kind", kind}, {"event", EventJson(event)}};
}

Json EventJson(const events::Event& event) {
  // Every move of every table passes here on its way to the event
  // streams, and protobuf's printer (text, then parsed back) costs more
  // than the rest of the record; a turn without the computer's choice is
  // written field by field as that printer would. The test compares the
  // two.
  if (!event.has_turn_played() || event.turn_played().has_computer()) {
    return ProtoJson(event);
  }
  const events::TurnPlayed& turn = event.turn_played();
  Json played = Json::object();
  if (turn.side() != events::SIDE_UNSPECIFIED) {
    played["side"] = events::Side_Name(turn.side());
  }
  if (!turn.squares().empty()) {
    played["squares"] =
        std::vector<uint32_t>(turn.squares().begin(), turn.squares().end());
  }
  if (turn.timeout()) played["timeout"] = true;
  Json out = {{"turn_played", std::move(played)}};
  // int64 is a string in protobuf's JSON mapping.
  if (event.unix_millis() != 0) {
    out["unix_millis"] = absl::StrCat(event.unix_millis());
  }
  return out;
}

}  // namespace checkers::json
