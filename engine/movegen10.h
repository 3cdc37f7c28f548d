// Legal moves under the international (FMJD) rules on the 10x10 board: men
// step diagonally forward and capture forward and backward; kings fly, on
// any empty square of a diagonal, and capture a piece at any distance,
// landing on any empty square beyond it; captured pieces stay on the board
// until the move ends and cannot be jumped twice; a route that takes the
// most pieces is mandatory; a man is crowned only if it ends its move on
// the far row.

#ifndef CHECKERS_ENGINE_MOVEGEN10_H_
#define CHECKERS_ENGINE_MOVEGEN10_H_

#include <cstdint>
#include <optional>

#include "engine/board10.h"
#include "engine/move10.h"
#include "engine/position10.h"

namespace checkers::intl {

// How two capture routes that take the same pieces and end on the same
// square, in another order, are counted (docs/RULES.md): as two moves
// ("keep") or as one ("drop").
enum class Routes { kKeep, kDrop };

// Appends every legal move of the side to move to `moves`: the captures
// that take the most pieces when there is any capture, else the steps and
// king flights.
void GenerateMoves(const Position& pos, MoveList* moves,
                   Routes routes = Routes::kKeep);

// Appends the legal captures only (none when the side cannot capture).
void GenerateCaptures(const Position& pos, MoveList* moves,
                      Routes routes = Routes::kKeep);

// As the two above, for a caller (the search) that already has
// `capturers`, which must be CapturingPieces(pos); the same signatures as
// the 8x8 generator's.
void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   Routes routes = Routes::kKeep);
void GenerateCaptures(const Position& pos, Bitboard capturers, MoveList* moves,
                      Routes routes = Routes::kKeep);

// The number of moves GenerateMoves would produce.
int CountMoves(const Position& pos, Routes routes = Routes::kKeep);

// The pieces of the side to move that can capture at least one piece;
// majority capture may still forbid some of them.
Bitboard CapturingPieces(const Position& pos);

inline bool HasCapture(const Position& pos) {
  return CapturingPieces(pos) != 0;
}

// The pieces of the side to move that can step (a man forward, a king any
// way) onto an empty square.
Bitboard SteppingPieces(const Position& pos);

// Whether the side to move has a legal move; a side without one has lost.
bool HasLegalMove(const Position& pos);

// The legal move of `pos` whose route is `route[0..length)`: the start
// square, then every square landed on (0-based, as Move::landings holds
// them), or nullopt when no legal move has that route.
std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length);

// The pieces of the side not to move that the route `route[0..length)` of
// the side to move passes over. For a legal route, or the start of one a
// player is still entering, that is what it captures so far.
Bitboard CapturedAlong(const Position& pos, const int* route, int length);

// Perft: the number of leaf positions `depth` plies below `pos` (1 at
// depth 0), with the last ply counted without being played.
uint64_t Perft(const Position& pos, int depth, Routes routes = Routes::kKeep);

}  // namespace checkers::intl

#endif  // CHECKERS_ENGINE_MOVEGEN10_H_
