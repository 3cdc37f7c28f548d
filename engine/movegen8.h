// Legal moves of the 8x8 editions (engine/rules.h, docs/RULES.md). English
// (WCDF), the default: men step and capture diagonally forward only, kings
// one square in all four directions, capturing is mandatory, a multi-jump
// is one move, and a man that reaches the far row is crowned and its turn
// ends at once. Russian and pool: men also capture backward, kings fly, and
// a man reaching the far row mid-capture goes on as a king (Russian) or as
// a man (pool). In every edition captured pieces stay on the board until
// the move ends and are never jumped twice.
//
// Each function takes the edition last, English by default, and decides it
// once on entry; a 10x10 edition is not played on this board (callers check
// TraitsOf(edition).board_size).

#ifndef CHECKERS_ENGINE_MOVEGEN8_H_
#define CHECKERS_ENGINE_MOVEGEN8_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/board8.h"
#include "engine/move8.h"
#include "engine/position8.h"
#include "engine/rules.h"

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
                   CaptureRule rule = CaptureRule::kMandatory,
                   Edition edition = Edition::kEnglish);

// Appends only the capture moves of the side to move.
void GenerateCaptures(const Position& pos, MoveList* moves,
                      Edition edition = Edition::kEnglish);

// As the two above, for a caller (the search) that already has
// `capturers`, which must be CapturingPieces(pos, edition).
void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   CaptureRule rule, Edition edition = Edition::kEnglish);
void GenerateCaptures(const Position& pos, Bitboard capturers, MoveList* moves,
                      Edition edition = Edition::kEnglish);

// The position after each of the legal moves of `pos` under `edition`
// (captures forced), in GenerateMoves' order: a search tree's next level,
// as the opening book's builder walks it.
std::vector<Position> Children(const Position& pos,
                               Edition edition = Edition::kEnglish);

// The number of moves GenerateMoves would produce (built only in the
// editions where kings fly).
int CountMoves(const Position& pos, CaptureRule rule = CaptureRule::kMandatory,
               Edition edition = Edition::kEnglish);

// The pieces of the side to move that can capture.
Bitboard CapturingPieces(const Position& pos,
                         Edition edition = Edition::kEnglish);

// The pieces of the side to move that must capture under `rule`: those
// that can when captures are forced, none when they are optional.
inline Bitboard MustCapturePieces(const Position& pos, CaptureRule rule,
                                  Edition edition = Edition::kEnglish) {
  return rule == CaptureRule::kMandatory ? CapturingPieces(pos, edition) : 0;
}

inline bool HasCapture(const Position& pos,
                       Edition edition = Edition::kEnglish) {
  return CapturingPieces(pos, edition) != 0;
}

// The pieces of the side to move that can make a non-capturing move; the
// same in every 8x8 edition (a king that can fly can step).
Bitboard SteppingPieces(const Position& pos);

// Whether the side to move has any legal move; a side without one has lost.
inline bool HasLegalMove(const Position& pos,
                         Edition edition = Edition::kEnglish) {
  return CapturingPieces(pos, edition) != 0 || SteppingPieces(pos) != 0;
}

// The legal move of `pos` whose route is `route[0..length)`: the start
// square, then every square landed on (0-based), or nullopt when no legal
// move has that route. Asks the generator for the moves of the piece on
// the start square only, so a recorded game folds fast.
std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length,
                                   CaptureRule rule = CaptureRule::kMandatory,
                                   Edition edition = Edition::kEnglish);

// The pieces of the side not to move that the route `route[0..length)` of
// the side to move passes over: for each hop between consecutive squares,
// those on the diagonal between them. For a legal route, or the start of
// one that a player is still entering, that is what it captures so far.
Bitboard CapturedAlong(const Position& pos, const int* route, int length);

// Whether the captures `a` and `b` of one position are the same capture:
// the same piece takes the same pieces in the same order to the same
// square, the routes of a flying king differing only in where it landed
// between two captures. A loop taken the other way round is another one.
bool SameCapture(const Move& a, const Move& b);

// Perft: the number of leaf positions `depth` plies below `pos` (1 at
// depth 0), the standard check of a move generator against published
// tables. The last ply is counted without being played ("bulk counting")
// and no hash table is used, so it also measures raw generation speed.
// `routes` says how capture routes that take the same pieces to the same
// square are counted (docs/RULES.md, "Perft").
// Routes of a flying king that take the same pieces in the same order and
// differ only in where it landed between two captures count once in both
// (the published tables count captures, not landings).
enum class Routes {
  // Each order of capture is a move: a king's loop taken either way counts
  // twice.
  kKeep,
  // They count once.
  kDrop,
};
uint64_t Perft(const Position& pos, int depth,
               CaptureRule rule = CaptureRule::kMandatory,
               Edition edition = Edition::kEnglish,
               Routes routes = Routes::kKeep);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_MOVEGEN8_H_
