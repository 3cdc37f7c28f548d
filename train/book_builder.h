// Builds the opening book (engine/opening_book.h): for every ballot opening
// and each side, the positions where that side is to move within the first
// plies after the opening, when its own moves are the book's and the other
// side may answer anything, each searched far longer than a game allows.
// docs/OPENING_BOOK.md tells why the book is made this way.

#ifndef CHECKERS_TRAIN_BOOK_BUILDER_H_
#define CHECKERS_TRAIN_BOOK_BUILDER_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/game_position.h"
#include "engine/opening_book.h"

namespace checkers::train {

struct BookOptions {
  // The openings, all of one edition, whose rules the moves, replies and
  // searches follow.
  std::vector<GamePosition> openings;
  // The book holds positions fewer than this many plies after an opening:
  // 4 gives each side its first two moves, against every reply.
  int plies = 4;
  // Nodes of the search (Hard) that picks a book move.
  uint64_t nodes = 5'000'000;
  // Worker threads; the book does not depend on it.
  int threads = 1;
};

// Called after each finished search with the number finished so far and
// the number known so far (which grows as the plies are reached).
using BookProgressFn = std::function<void(int done, int known)>;

// The book `options` describe, ordered by the ply of the position after
// its opening, then by FEN; a position two openings share is searched
// once, at its earliest ply. Positions with a single legal move are left
// out. The result depends only on the options, not on `threads` or timing.
std::vector<book::Entry> BuildBook(const BookOptions& options,
                                   const BookProgressFn& progress = nullptr);

}  // namespace checkers::train

#endif  // CHECKERS_TRAIN_BOOK_BUILDER_H_
