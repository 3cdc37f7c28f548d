// What every shell says about a game, in the interface language: side and
// piece names, whose turn it is, the draw countdown, the end of the game,
// the rules, and the session's reports and refusals. Everything is
// computed from a folded GameState and worded by a Catalogue (lang/), so
// the terminal games, the commands and the web board say the same things
// in the same words.

#ifndef CHECKERS_SESSION_PLAY_TEXT_H_
#define CHECKERS_SESSION_PLAY_TEXT_H_

#include <string>
#include <vector>

#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "lang/catalogue.h"
#include "session/computer_worker.h"
#include "session/outcome.h"

namespace checkers::session {

// `squares`, square numbers, joined the same way.
std::string SquareNumbers(const std::vector<int>& squares);

// "red", "white" or "black": the colour `side` is named after in `state`'s
// game, as catalogue keys spell it.
std::string ColourKey(const events::GameState& state, events::Side side);

// The name of the edition `edition` ("English draughts (checkers)",
// "Russian draughts").
std::string EditionText(const lang::Catalogue& t, Edition edition);

// The side's name ("Red").
std::string SideText(const lang::Catalogue& t, const events::GameState& state,
                     events::Side side);

// The side shown at the bottom of the board: the person's side against
// the computer, the side that moves first between two players.
events::Side BottomSide(const events::GameState& state);

// A piece in words, its colour and kind: "Red man", "White king". Empty
// for Piece::kEmpty.
std::string PieceText(const lang::Catalogue& t, const events::GameState& state,
                      Piece piece);

// A piece as it is drawn on the board: the colour's letter, lower case for
// a man ("r") and upper case for a king ("R"). The full-screen board adds a
// crown to kings.
std::string PieceLetter(const lang::Catalogue& t,
                        const events::GameState& state, Piece piece);

// The computer's level in words ("Medium").
std::string DifficultyText(const lang::Catalogue& t, events::Difficulty level);

// "vs computer (Medium), you play Red" or "two players · same device".
std::string ModeText(const lang::Catalogue& t, const events::GameState& state);

// Whose turn it is: "Your move (Red)", "White (computer) to move",
// "Red to move"; for a finished game, EndText.
std::string ToMoveText(const lang::Catalogue& t,
                       const events::GameState& state);

// Whether the wording of a game's end cites the records that prove it.
enum class EndEvidence {
  kLeaveOut,
  // The tools' wording: "... (seqs 1, 5, 9)", "... (since seq 12)".
  kCite,
};

// The result and its reason: "Red wins: White has no legal move",
// "Draw: third repetition of the same position", ...; empty while the
// game goes on. The one wording of a game's end, for play and the tools.
std::string EndText(const lang::Catalogue& t, const events::GameState& state,
                    EndEvidence evidence = EndEvidence::kLeaveOut);

// "Automatic draw in N turns without ..." before the no-progress draw, or
// "Draw at the turn limit in N turns" when the turn limit comes first;
// empty when no automatic draw applies or the game is over.
std::string CountdownText(const lang::Catalogue& t,
                          const events::GameState& state);

// "Red offers a draw" while an offer stands in a game going on; empty
// otherwise.
std::string DrawOfferText(const lang::Catalogue& t,
                          const events::GameState& state);

// A warning when the current position has stood before (a third
// occurrence draws); empty otherwise.
std::string RepetitionText(const lang::Catalogue& t,
                           const events::GameState& state);

// The text of a turn with its side: "Red: 11-15", "White (computer): 24x15".
std::string TurnReport(const lang::Catalogue& t, const events::GameState& state,
                       const events::TurnPlayed& turn, const GameMove& move);

// The rule options in force for `started` (null: the defaults), joined
// by " · ": "forced capture · Red moves first · draw after 40 turns each
// without a capture or a man's move · no turn limit".
std::string OptionsText(const lang::Catalogue& t,
                        const events::GameStarted* started);

// The title over RulesText: "Rules: Russian draughts".
std::string RulesTitle(const lang::Catalogue& t,
                       const events::GameStarted* started);

// The rules page: the rules of the edition of `started` as they apply with
// its options (null: English and the defaults), one paragraph each, the
// options in force last (docs/RULES.md).
std::vector<std::string> RulesText(const lang::Catalogue& t,
                                   const events::GameStarted* started);

// The name of `refusal` in the catalogue (refuse.NAME) and in the web
// API's answers ("reason"): "paused", "move", "save_failed", ...; empty
// for kNone.
absl::string_view RefusalKey(Refusal refusal);

// Why an action was refused (a kRefused report) in a sentence with the way
// out: the catalogue's `refuse.*` texts.
std::string RefusalText(const lang::Catalogue& t,
                        const events::GameState& state, const Report& report);

// A session's report in words, for the game in `state` as it is after the
// report (a side's name and a game's end come from it).
std::string ReportText(const lang::Catalogue& t, const events::GameState& state,
                       const Report& report);

// Why the game is not saved, in a sentence; empty while it is.
std::string PersistenceText(const lang::Catalogue& t, Persistence persistence,
                            const std::string& detail);

// The computer's search under way (side, seconds, depth, nodes); empty
// when it is not thinking.
std::string ThinkingText(const lang::Catalogue& t,
                         const events::GameState& state,
                         const ComputerStatus& computer);

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_PLAY_TEXT_H_
