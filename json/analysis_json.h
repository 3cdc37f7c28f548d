// A game's analysis (replay/analysis.h) as JSON, for `checkers analyse
// --json` and the web's replay page: one writer for both.

#ifndef CHECKERS_JSON_ANALYSIS_JSON_H_
#define CHECKERS_JSON_ANALYSIS_JSON_H_

#include "nlohmann/json.hpp"
#include "replay/analysis.h"

namespace checkers::json {

// {"edition", "clamp", "positions": [{turn, seq, to_move, score,
// raw_score, decided, database: "win"|"draw"|"loss"|null, best, depth,
// nodes}], "turns": [{turn, seq, side, played, best, loss, mark}],
// "searched", "nodes", "ms"}; sides as "first"/"second", scores in
// centi-men (positions' `score` from the first side's view, clamped to
// ±clamp), marks as "", "mistake" or "blunder".
nlohmann::json AnalysisJson(const replay::GameAnalysis& analysis);

}  // namespace checkers::json

#endif  // CHECKERS_JSON_ANALYSIS_JSON_H_
