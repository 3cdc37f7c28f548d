// An opening book file (engine/opening_book.h), as `checkers book` writes
// it: what `checkers match`'s +book=FILE plays from, so that a book just
// searched can meet the committed one in one program.

#ifndef CHECKERS_STORAGE_BOOK_FILE_H_
#define CHECKERS_STORAGE_BOOK_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/opening_book.h"
#include "engine/rules.h"
#include "storage/env.h"

namespace checkers::storage {

// The book of `edition` in the file at `path`. The Env's read errors
// (NotFound for a missing file), or InvalidArgument naming `path` and the
// line when the text is not a book of that edition (book::Parse: a FEN of
// the other board, a move illegal under `edition`'s rules).
absl::StatusOr<book::OpeningBook> ReadBookFile(Env* env,
                                               const std::string& path,
                                               Edition edition);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_BOOK_FILE_H_
