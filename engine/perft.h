// Perft: the number of leaf positions of the legal-move tree, the standard
// check of a move generator against published tables.

#ifndef CHECKERS_ENGINE_PERFT_H_
#define CHECKERS_ENGINE_PERFT_H_

#include <cstdint>

#include "engine/movegen.h"
#include "engine/position.h"

namespace checkers {

// Leaves at `depth` plies below `pos` (1 at depth 0). The last ply is
// counted without being played ("bulk counting"). No hash table is used,
// so the figure also measures raw generation speed.
uint64_t Perft(const Position& pos, int depth, CaptureRule rule = CaptureRule::kMandatory);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_PERFT_H_
