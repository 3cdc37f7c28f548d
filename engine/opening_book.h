// The opening book of English checkers: for positions that games reach in
// their first moves, the move a search far longer than a game allows chose
// there. `checkers book` (train/book_builder.h) makes it;
// docs/OPENING_BOOK.md tells how. Medium and Hard play the book's move
// where it has one (engine/search.h's SearchRequest::opening_book).
//
// The book is text, one position a line, so that a change to it reads as
// a diff:
//
//   # a comment
//   FEN MOVE SCORE DEPTH
//
// FEN is the position (engine/fen8.h), MOVE its book move with its full
// route (engine/notation8.h), SCORE the search's value in centi-men for the
// side to move and DEPTH the iteration it completed.

#ifndef CHECKERS_ENGINE_OPENING_BOOK_H_
#define CHECKERS_ENGINE_OPENING_BOOK_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/move8.h"
#include "engine/position8.h"

namespace checkers::book {

struct Entry {
  Position position;
  Move move;
  int score = 0;
  int depth = 0;
};

class OpeningBook {
 public:
  OpeningBook() = default;

  // The entry of `pos`, or nullptr when the book has none.
  const Entry* Find(const Position& pos) const;

  int size() const { return static_cast<int>(entries_.size()); }
  // In the order of the text they were read from.
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  friend absl::StatusOr<OpeningBook> Parse(absl::string_view text);

  std::vector<Entry> entries_;
  // Position::hash to the index in entries_.
  absl::flat_hash_map<uint64_t, int> index_;
};

// The book `text` holds. InvalidArgument, naming the line and what is
// wrong with it, for a line that is not four fields, a FEN that does not
// parse, a move that is not legal there, a number out of range or a
// position given twice.
absl::StatusOr<OpeningBook> Parse(absl::string_view text);

// The text of `entries`, after a comment that says what the fields are;
// Parse reads it back.
std::string Serialize(const std::vector<Entry>& entries);

// The book committed with the program (engine/data/opening_book.txt, made
// by the command engine/data/README.md gives), parsed once.
const OpeningBook& Committed();

}  // namespace checkers::book

#endif  // CHECKERS_ENGINE_OPENING_BOOK_H_
