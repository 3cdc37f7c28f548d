// The opening book of an edition: for positions that games reach in their
// first moves, the move a search far longer than a game allows chose
// there. `checkers book` (train/book_builder.h) makes it; docs/
// OPENING_BOOK.md tells how. Medium and Hard play the book's move where it
// has one, from the book of the edition the game is played in only
// (engine/search.h's SearchRequest::opening_book): the same men on the
// same squares are another position under other rules.
//
// The book is text, one position a line, so that a change to it reads as
// a diff:
//
//   # a comment
//   FEN MOVE SCORE DEPTH
//
// FEN is the position (engine/fen8.h, engine/fen10.h), MOVE its book move
// with its full route (engine/notation8.h, engine/notation10.h), legal
// under the book's edition, SCORE the search's value in centi-men for the
// side to move and DEPTH the iteration it completed.
#ifndef CHECKERS_ENGINE_OPENING_BOOK_H_
#define CHECKERS_ENGINE_OPENING_BOOK_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_position.h"
#include "engine/position10.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers::book {

struct Entry {
  GamePosition position;
  GameMove move;
  int score = 0;
  int depth = 0;
};

class OpeningBook {
 public:
  // An empty book of English checkers.
  OpeningBook() = default;

  // The edition whose games the book is for.
  Edition edition() const { return edition_; }

  // The entry of `pos`, or nullptr when the book has none (as for a
  // position of another edition).
  const Entry* Find(const GamePosition& pos) const;
  // The same for the 8x8 `pos` under the book's edition, and for the 10x10
  // one.
  const Entry* Find(const Position& pos) const;
  const Entry* Find(const intl::Position& pos) const;

  int size() const { return static_cast<int>(entries_.size()); }
  // In the order of the text they were read from.
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  friend absl::StatusOr<OpeningBook> Parse(absl::string_view text,
                                           Edition edition);

  Edition edition_ = Edition::kEnglish;
  std::vector<Entry> entries_;
  // GamePosition::hash to the index in entries_.
  absl::flat_hash_map<uint64_t, int> index_;
};

// The book of `edition` that `text` holds. InvalidArgument,
// naming the line and what is wrong with it, for a line that is not four
// fields, a FEN that does not parse, a move that is not legal there under
// `edition`'s rules, a number out of range or a position given twice.
absl::StatusOr<OpeningBook> Parse(absl::string_view text,
                                  Edition edition = Edition::kEnglish);

// The text of `entries`, a book of `edition`, after a comment that names
// the edition and says what the fields are; Parse reads it back.
std::string Serialize(const std::vector<Entry>& entries,
                      Edition edition = Edition::kEnglish);

// The book committed with the program for `edition`, parsed once:
// engine/data/opening_book.txt (English), opening_book_russian.txt,
// opening_book_pool.txt or opening_book_international.txt, made by the
// commands engine/data/README.md gives.
const OpeningBook& Committed(Edition edition);

}  // namespace checkers::book

#endif  // CHECKERS_ENGINE_OPENING_BOOK_H_
