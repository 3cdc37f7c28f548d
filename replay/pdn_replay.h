// Checking a PDN game against the rules: resolves every main-line move to
// the engine's legal move, or says exactly which move of which game is
// wrong.

#ifndef CHECKERS_REPLAY_PDN_REPLAY_H_
#define CHECKERS_REPLAY_PDN_REPLAY_H_

#include <string>

#include "absl/status/statusor.h"
#include "replay/game_record.h"
#include "replay/pdn.h"

namespace checkers::replay {

// Names a game for messages: its index in the file and its Event, Black
// and White tags where present, e.g.
// `game 512 ("Petal 1981, game 18", AA Long vs M Tinsley)`.
std::string DescribeGame(const PdnGame& game);

// Replays `game` from its start: the position of its FEN tag when it has
// one (or SetUp "1"), else the standard start. Each move is resolved with
// ParseMove, so short forms such as "24x6" become full routes. The record
// keeps the game's tags, and its result from the termination token or
// else the Result tag.
//
// Errors start with DescribeGame and the line:
// - FailedPrecondition for a game the rules refuse: a GameType other than
//   21 (only English checkers is supported), or a move that is not legal,
//   is ambiguous or is not move notation — naming the side, move number
//   and move text, with the legal moves or the fitting routes;
// - DataLoss for a start that cannot be read: a bad FEN tag, or SetUp "1"
//   without a FEN tag.
absl::StatusOr<GameRecord> ReplayPdnGame(const PdnGame& game);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_PDN_REPLAY_H_
