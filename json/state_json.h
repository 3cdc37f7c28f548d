// A game in JSON, for the shells (json/encode.h prints it): the words the
// JSON outputs share for sides, results and end reasons; the web API's
// folded state and records (web/API.md), with the fields of `checkers show
// --json` and the board as the pages draw it, each record in the proto3
// JSON mapping of events.proto.

#ifndef CHECKERS_JSON_STATE_JSON_H_
#define CHECKERS_JSON_STATE_JSON_H_

#include <cstdint>
#include <string>

#include "events/events.pb.h"
#include "events/game_state.h"
#include "nlohmann/json.hpp"

namespace checkers::json {

// The folded state: {"game": false} before any game; otherwise fen,
// side_to_move ("first"/"second"), colours, turns_played, mode,
// difficulty, human, repetition_count, draw_in_turns, no_progress_turns,
// draw_offer_by, over, result, reason, repetition_seqs, legal_moves (the
// side to move's, in notation order, while the game goes on), and board
// (32 or 50 entries, square 1 first: null or {"side", "king"}). The one
// shape of a game's state: `checkers show --json`, the web API and its
// event stream all give it.
nlohmann::json StateJson(const events::GameState& state);

// The record `event` with its seq: {"seq", "kind", "event"} where kind is
// the event's case in snake_case ("turn_played") and event its proto3 JSON
// mapping.
nlohmann::json RecordJson(uint64_t seq, const events::Event& event);

// The proto3 JSON mapping of `event`, protobuf's field names kept: what
// ProtoJson (json/encode.h) gives, sooner for a turn.
nlohmann::json EventJson(const events::Event& event);

// "first", "second" or "" for a side.
std::string SideWord(events::Side side);

// How every JSON output names a result: "first", "second" (the side that
// won) or "draw".
std::string ResultWord(events::Result result);

// An end reason as JSON names it: "no_legal_move", "resignation", ...
std::string ReasonWord(events::EndReason reason);

}  // namespace checkers::json

#endif  // CHECKERS_JSON_STATE_JSON_H_
