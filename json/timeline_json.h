// A game turn by turn (replay/timeline.h) as JSON, for the web's replay
// page: every position the game passed through, as the fold computed it.

#ifndef CHECKERS_JSON_TIMELINE_JSON_H_
#define CHECKERS_JSON_TIMELINE_JSON_H_

#include "absl/types/span.h"
#include "nlohmann/json.hpp"
#include "replay/timeline.h"

namespace checkers::json {

// [{turn, seq, side, move, route, captured, repeated_at,
// no_progress_since_seq, state}], one per ply, the start first: `side` the
// mover ("first"/"second", "" for the start), `move` its full route in
// notation ("24x15x6"), `route` its squares, `captured` the squares of the
// pieces it took, `repeated_at` the seqs of the events after which this
// position stood since the last capture or man's move (this one last: the
// evidence of the repetition count), `no_progress_since_seq` the seq after
// which the no-progress count began, and `state` the game after it
// (StateJson: board, counters, repetition count, the result once over).
nlohmann::json TimelineJson(absl::Span<const replay::Ply> plies);

}  // namespace checkers::json

#endif  // CHECKERS_JSON_TIMELINE_JSON_H_
