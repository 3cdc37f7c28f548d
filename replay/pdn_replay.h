// Checking a PDN game against the rules: resolves every main-line move to
// the engine's legal move, or says exactly which move of which game is
// wrong.

#ifndef CHECKERS_REPLAY_PDN_REPLAY_H_
#define CHECKERS_REPLAY_PDN_REPLAY_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules.h"
#include "replay/game_record.h"
#include "replay/pdn.h"

namespace checkers::replay {

// The edition a GameType tag names: 21 English, 25 Russian, 23 pool, 20
// international, in the short or the long form ("25,W,8,8,A0,0",
// "20,W,10,10,N2,0"). FailedPrecondition naming the value and the editions
// this version plays for any other type, and for a long form whose board
// is not the edition's (8x8, or 10x10 for international) or whose start
// colour is not the edition's first mover (e.g. pool with White first,
// "23,W"); InvalidArgument for a value that does not start with a number.
absl::StatusOr<Edition> EditionOfGameType(absl::string_view value);

// The GameType number written for `edition`: 21, 25, 23 or 20.
int GameTypeOf(Edition edition);

// Replays `game` from its start under the edition its GameType tag names,
// else under `edition`, never a guess. It starts from the position of its
// FEN tag when it has one (or SetUp "1"; 50-square FEN on 10x10), else the
// edition's start. Each move is resolved with
// GamePosition::ParseMove under that edition's rules, so short forms such as
// "24x6" or "28x10" become full routes; algebraic moves ("c3-d4", "d4:b6",
// a1 at the lower left of the side that moves up the board) are first read
// as square numbers with NumericMoveText. The record keeps the tags and
// the result from the termination token or else the Result tag.
//
// Errors start with DescribeGame and the line:
// - FailedPrecondition for a game the rules refuse: a GameType this
//   version does not play (see EditionOfGameType), or a move that is not
//   legal, is ambiguous or is not move notation — naming the side, move
//   number and move text, with the legal moves or the fitting routes; and
//   a game without the tag read under an 8x8 edition whose FEN or moves
//   name a square above 32, which only international draughts' 10x10
//   board has, naming the square and the way to import it;
// - DataLoss for a start that cannot be read: a bad FEN tag, SetUp "1"
//   without a FEN tag, or a GameType that does not start with a number.
absl::StatusOr<GameRecord> ReplayPdnGame(const PdnGame& game,
                                         Edition edition = Edition::kEnglish);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_PDN_REPLAY_H_
