#include "web/state_json.h"

#include <string>

#include "absl/strings/ascii.h"
#include "engine/fen.h"
#include "events/computer.h"
#include "google/protobuf/util/json_util.h"

namespace checkers::web {

using events::GameState;
using nlohmann::json;

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

namespace {

std::string Lower(const std::string& name) {
  return absl::AsciiStrToLower(name);
}

json BoardJson(const Position& pos) {
  json board = json::array();
  for (Square s = 0; s < 32; ++s) {
    switch (pos.PieceAt(s)) {
      case Piece::kBlackMan:
        board.push_back({{"side", "first"}, {"king", false}});
        break;
      case Piece::kBlackKing:
        board.push_back({{"side", "first"}, {"king", true}});
        break;
      case Piece::kWhiteMan:
        board.push_back({{"side", "second"}, {"king", false}});
        break;
      case Piece::kWhiteKing:
        board.push_back({{"side", "second"}, {"king", true}});
        break;
      case Piece::kEmpty:
        board.push_back(nullptr);
        break;
    }
  }
  return board;
}

}  // namespace

json StateJson(const GameState& s) {
  if (s.started == nullptr) return {{"game", false}};
  json o;
  o["game"] = true;
  o["fen"] = ToFen(s.position);
  o["side_to_move"] = SideWord(s.side_to_move());
  o["colours"] = {
      {"first", std::string(events::SideName(s.started.get(), events::FIRST))},
      {"second",
       std::string(events::SideName(s.started.get(), events::SECOND))}};
  o["turns_played"] = s.turns;
  o["mode"] = std::string(events::ModeWord(s.mode));
  if (s.vs_computer()) {
    o["difficulty"] = Lower(events::Difficulty_Name(s.difficulty));
    o["human"] = SideWord(s.human_side);
  }
  o["repetition_count"] = s.RepetitionCount();
  const int left = s.TurnsUntilAutomaticDraw();
  o["draw_in_turns"] = left >= 0 && !s.over() ? json(left) : json(nullptr);
  o["no_progress_turns"] = s.no_progress_turns;
  o["draw_offer_by"] =
      s.draw_offer.has_value() ? json(SideWord(*s.draw_offer)) : json(nullptr);
  o["over"] = s.over();
  if (s.over()) {
    switch (s.ended->result()) {
      case events::FIRST_WINS:
        o["result"] = "first";
        break;
      case events::SECOND_WINS:
        o["result"] = "second";
        break;
      default:
        o["result"] = "draw";
    }
    o["reason"] = Lower(events::EndReason_Name(s.ended->reason()));
    o["repetition_seqs"] = s.ended->repetition_seqs();
  } else {
    o["result"] = nullptr;
  }
  o["board"] = BoardJson(s.position);
  return o;
}

json RecordJson(uint64_t seq, const events::Event& event) {
  std::string text;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  const bool printed =
      google::protobuf::util::MessageToJsonString(event, &text, options).ok();
  std::string kind;
  if (event.kind_case() != events::Event::KIND_NOT_SET) {
    kind = std::string(
        event.GetDescriptor()->FindFieldByNumber(event.kind_case())->name());
  }
  return {{"seq", seq},
          {"kind", kind},
          {"event", printed ? json::parse(text) : json(nullptr)}};
}

}  // namespace checkers::web
