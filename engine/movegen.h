// Legal moves under the English (WCDF) rules: men step and capture
// diagonally forward only, kings one square in all four directions,
// capturing is mandatory, a multi-jump is one move, and a man that reaches
// the far row is crowned and its turn ends at once.

#ifndef CHECKERS_ENGINE_MOVEGEN_H_
#define CHECKERS_ENGINE_MOVEGEN_H_

#include <cstdint>
#include <optional>

#include "engine/bitboard.h"
#include "engine/move.h"
#include "engine/position.h"

namespace checkers {

enum class CaptureRule {
  // WCDF: when any capture exists, only captures are legal.
  kMandatory,
  // A rule option: captures and steps are both legal; there is no penalty.
  kOptional,
};

// Appends every legal move of the side to move to `moves`. Captures come
// with their full route; each distinct route is its own move.
void GenerateMoves(const Position& pos, MoveList* moves,
                   CaptureRule rule = CaptureRule::kMandatory);

// Appends only the capture moves of the side to move.
void GenerateCaptures(const Position& pos, MoveList* moves);

// As the two above, for a caller (the search) that already has
// `capturers`, which must be CapturingPieces(pos).
void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   CaptureRule rule);
void GenerateCaptures(const Position& pos, Bitboard capturers, MoveList* moves);

// The number of moves GenerateMoves would produce, without building them.
int CountMoves(const Position& pos, CaptureRule rule = CaptureRule::kMandatory);

// The pieces of the side to move that can capture.
Bitboard CapturingPieces(const Position& pos);

// The pieces of the side to move that must capture under `rule`: those
// that can when captures are forced, none when they are optional.
inline Bitboard MustCapturePieces(const Position& pos, CaptureRule rule) {
  return rule == CaptureRule::kMandatory ? CapturingPieces(pos) : 0;
}

inline bool HasCapture(const Position& pos) {
  return CapturingPieces(pos) != 0;
}

// The pieces of the side to move that can make a non-capturing step.
Bitboard SteppingPieces(const Position& pos);

// Whether the side to move has any legal move; a side without one has lost.
inline bool HasLegalMove(const Position& pos) {
  return CapturingPieces(pos) != 0 || SteppingPieces(pos) != 0;
}

// The legal move of `pos` whose route is `route[0..length)`: the start
// square, then every square landed on (0-based), or nullopt when no legal
// move has that route. Asks the generator for the moves of the piece on
// the start square only, so a recorded game folds fast.
std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length,
                                   CaptureRule rule = CaptureRule::kMandatory);

// The pieces of the side not to move that the route `route[0..length)` of
// the side to move passes over: for each hop between consecutive squares,
// those on the diagonal between them. For a legal route, or the start of
// one that a player is still entering, that is what it captures so far.
Bitboard CapturedAlong(const Position& pos, const int* route, int length);

// Perft: the number of leaf positions `depth` plies below `pos` (1 at
// depth 0), the standard check of a move generator against published
// tables. The last ply is counted without being played ("bulk counting")
// and no hash table is used, so it also measures raw generation speed.
uint64_t Perft(const Position& pos, int depth,
               CaptureRule rule = CaptureRule::kMandatory);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_MOVEGEN_H_
