#include "json/analysis_json.h"

#include <string>

#include "absl/time/time.h"
#include "engine/rules.h"
#include "json/state_json.h"

namespace checkers::json {
namespace {

using nlohmann::json;

json WdlJson(const std::optional<egdb::Wdl>& wdl) {
  if (!wdl.has_value()) return nullptr;
  switch (*wdl) {
    case egdb::Wdl::kWin:
      return "win";
    case egdb::Wdl::kLoss:
      return "loss";
    case egdb::Wdl::kDraw:
      return "draw";
  }
  return nullptr;
}

}  // namespace

json AnalysisJson(const replay::GameAnalysis& a) {
  json positions = json::array();
  for (const replay::PositionJudgement& p : a.positions) {
    positions.push_back({{"turn", p.turn},
                         {"seq", p.seq},
                         {"to_move", SideWord(p.to_move)},
                         {"score", p.score},
                         {"raw_score", p.raw_score},
                         {"decided", p.decided},
                         {"database", WdlJson(p.database)},
                         {"best", p.best},
                         {"depth", p.depth},
                         {"nodes", p.nodes}});
  }
  json turns = json::array();
  for (const replay::TurnJudgement& t : a.turns) {
    turns.push_back({{"turn", t.turn},
                     {"seq", t.seq},
                     {"side", SideWord(t.side)},
                     {"played", t.played},
                     {"best", t.best},
                     {"loss", t.loss},
                     {"mark", replay::MarkWord(t.mark)}});
  }
  return {{"edition", std::string(EditionName(a.edition))},
          {"clamp", replay::kScoreClamp},
          {"positions", std::move(positions)},
          {"turns", std::move(turns)},
          {"searched", a.searched},
          {"nodes", a.nodes},
          {"ms", absl::ToInt64Milliseconds(a.elapsed)}};
}

}  // namespace checkers::json
