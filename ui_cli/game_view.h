// How the CLI shows a game: the board as text, the state in words or JSON,
// and one line per event. Everything is computed from a folded GameState.

#ifndef CHECKERS_UI_CLI_GAME_VIEW_H_
#define CHECKERS_UI_CLI_GAME_VIEW_H_

#include <cstdint>
#include <string>

#include "engine/position.h"
#include "events/events.pb.h"
#include "events/game_state.h"

namespace checkers::cli {

// The board as 8 lines of text: pieces as letters (the first letter of the
// side's colour name; upper case for a king), empty playable squares as
// their number. `flipped` turns the board so square 32 is at the top-left,
// for a person who plays the side that starts on 1-12.
std::string BoardText(const Position& pos, const events::GameStarted* started,
                      bool flipped);

// The side shown at the bottom of the board: the person's side against
// the computer, the side that moves first between two players.
events::Side BottomSide(const events::GameState& state);

// Whether the board is drawn flipped (BoardText): when the bottom side
// starts on squares 1-12, the first side in English and pool, the second
// in Russian.
bool Flipped(const events::GameState& state);

// "Red wins: White has no legal move", "Draw: third repetition (seqs
// 1, 5, 9)", ... for a finished game.
std::string EndText(const events::GameState& state);

// `checkers show --json`: the state as one JSON object (json/encode.h).
std::string ShowJson(const events::GameState& state);

// `checkers log`: "seq 3  turn 2  White  23-19" for a turn, and the event
// in words for the rest. `before` is the state the event was checked
// against.
std::string EventLine(const events::GameState& before,
                      const events::CheckedEvent& event);

// `checkers log --json`: the same as one JSON object.
std::string EventJson(const events::GameState& before,
                      const events::CheckedEvent& event);

// The PDN text of `turn` played after `before` ("24x15x6"). A turn that is
// not legal there shows its squares as given, joined by '-'.
std::string TurnText(const events::GameState& before,
                     const events::TurnPlayed& turn);

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_GAME_VIEW_H_
