#include "json/timeline_json.h"

#include <cstdint>
#include <vector>

#include "events/game_state.h"
#include "json/state_json.h"

namespace checkers::json {

namespace {

// The seqs of the events after which the position of `s` stood since the
// last irreversible move, this one last: the evidence of its repetition
// count.
std::vector<uint64_t> RepeatedAt(const events::GameState& s) {
  std::vector<uint64_t> seqs;
  if (s.since_irreversible.empty()) return seqs;
  const uint64_t now = s.since_irreversible.back().hash;
  for (const events::Occurrence& o : s.since_irreversible) {
    if (o.hash == now) seqs.push_back(o.seq);
  }
  return seqs;
}

}  // namespace

nlohmann::json TimelineJson(absl::Span<const replay::Ply> plies) {
  nlohmann::json turns = nlohmann::json::array();
  for (const replay::Ply& p : plies) {
    turns.push_back({{"turn", p.turn},
                     {"seq", p.seq},
                     {"side", SideWord(p.mover)},
                     {"move", p.move},
                     {"route", p.route},
                     {"captured", p.captured},
                     {"repeated_at", RepeatedAt(p.state)},
                     {"no_progress_since_seq", p.state.no_progress_since_seq},
                     {"state", StateJson(p.state)}});
  }
  return turns;
}

}  // namespace checkers::json
