// The web API's JSON for a game (web/API.md): the folded state, with the
// fields of `checkers show --json` and the board as the pages draw it, and
// each log record in the proto3 JSON mapping of events.proto.

#ifndef CHECKERS_WEB_STATE_JSON_H_
#define CHECKERS_WEB_STATE_JSON_H_

#include <cstdint>
#include <string>

#include "events/events.pb.h"
#include "events/game_state.h"
#include "nlohmann/json.hpp"

namespace checkers::web {

// The folded state: {"game": false} before any game; otherwise fen,
// side_to_move ("first"/"second"), colours, turns_played, mode,
// difficulty, human, repetition_count, draw_in_turns, no_progress_turns,
// draw_offer_by, over, result, reason, repetition_seqs, and board (32
// entries, square 1 first: null or {"side", "king"}).
nlohmann::json StateJson(const events::GameState& state);

// The record `event` with its seq: {"seq", "kind", "event"} where kind is
// the event's case in snake_case ("turn_played") and event its proto3 JSON
// mapping.
nlohmann::json RecordJson(uint64_t seq, const events::Event& event);

// "first", "second" or "" for a side.
std::string SideWord(events::Side side);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_STATE_JSON_H_
