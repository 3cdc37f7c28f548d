// How the tools show a game's events and state: one line per event in the
// interface language, and JSON in English for programs. Everything is
// computed from a folded GameState; the words come from the catalogue
// (session/play_text.h words sides, modes and ends for every shell).

#ifndef CHECKERS_UI_CLI_GAME_VIEW_H_
#define CHECKERS_UI_CLI_GAME_VIEW_H_

#include <cstdint>
#include <string>

#include "events/events.pb.h"
#include "events/game_state.h"
#include "lang/catalogue.h"

namespace checkers::cli {

// `checkers show --json`: the state as the web API gives it
// (json::StateJson, web/API.md), and "end", the game's end in English words
// citing its evidence, once it is over.
std::string ShowJson(const events::GameState& state);

// `checkers log`: "seq 3  turn 2  White  23-19" for a turn, and the event
// in words for the rest, in the language of `t`. `before` is the state the
// event was checked against.
std::string EventLine(const lang::Catalogue& t, const events::GameState& before,
                      const events::CheckedEvent& event);

// `checkers log --json`: the same as one JSON object, its text in English.
std::string EventJson(const events::GameState& before,
                      const events::CheckedEvent& event);

// The PDN text of `turn` played after `before` ("24x15x6"). A turn that is
// not legal there shows its squares as given, joined by '-'.
std::string TurnText(const events::GameState& before,
                     const events::TurnPlayed& turn);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_GAME_VIEW_H_
