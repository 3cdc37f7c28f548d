// Fuzzes the opening book's reader (engine/opening_book.h). Properties: a
// text that reads holds only legal moves; written back it reads as the
// same book; every entry is found by its position.

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/movegen8.h"
#include "engine/opening_book.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

void Check(absl::string_view input) {
  absl::StatusOr<book::OpeningBook> book = book::Parse(input);
  if (!book.ok()) return;
  for (const book::Entry& e : book->entries()) {
    MoveList moves;
    GenerateMoves(e.position, &moves);
    bool legal = false;
    for (const Move& m : moves) legal = legal || m == e.move;
    FUZZ_CHECK(legal, "a book move is legal");
    FUZZ_CHECK(book->Find(e.position) == &e, "an entry is found");
  }
  const std::string written = book::Serialize(book->entries());
  absl::StatusOr<book::OpeningBook> again = book::Parse(written);
  FUZZ_CHECK(again.ok() && again->size() == book->size(),
             "a written book reads back");
  for (int i = 0; i < book->size(); ++i) {
    const book::Entry& a = book->entries()[i];
    const book::Entry& b = again->entries()[i];
    FUZZ_CHECK(a.position == b.position && a.move == b.move &&
                   a.score == b.score && a.depth == b.depth,
               "a written entry reads back as itself");
  }
  FUZZ_CHECK(book::Serialize(again->entries()) == written,
             "writing a book is stable");
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
