// Fuzzes the opening book's reader (engine/opening_book.h). The input's
// first byte picks the edition the rest is read as a book of, by its
// remainder over four (English, Russian, pool, international), so that
// each edition's move reading (men capturing backwards, kings flying, a man
// crowned mid-capture, the 10x10 board and majority capture) is fuzzed,
// not English's alone; the seeds start with '0', '1', '2' or '3'. Properties: a
// text that reads holds only moves legal under its edition; written back it
// reads as the same book; every entry is found by its position.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/game_position.h"
#include "engine/opening_book.h"
#include "engine/rules.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

constexpr Edition kBookEditions[] = {Edition::kEnglish, Edition::kRussian,
                                     Edition::kPool, Edition::kInternational};

void Check(absl::string_view input) {
  if (input.empty()) return;
  const Edition edition =
      kBookEditions[static_cast<uint8_t>(input[0]) % std::size(kBookEditions)];
  input.remove_prefix(1);
  absl::StatusOr<book::OpeningBook> book = book::Parse(input, edition);
  if (!book.ok()) return;
  FUZZ_CHECK(book->edition() == edition, "a book is of the edition read as");
  for (const book::Entry& e : book->entries()) {
    FUZZ_CHECK(e.position.edition() == edition,
               "an entry is a position of the book's edition");
    bool legal = false;
    for (const GameMove& m : e.position.LegalMoves())
      legal = legal || m == e.move;
    FUZZ_CHECK(legal, "a book move is legal");
    FUZZ_CHECK(book->Find(e.position) == &e, "an entry is found");
  }
  const std::string written = book::Serialize(book->entries(), edition);
  absl::StatusOr<book::OpeningBook> again = book::Parse(written, edition);
  FUZZ_CHECK(again.ok() && again->size() == book->size(),
             "a written book reads back");
  for (int i = 0; i < book->size(); ++i) {
    const book::Entry& a = book->entries()[i];
    const book::Entry& b = again->entries()[i];
    FUZZ_CHECK(a.position == b.position && a.move == b.move &&
                   a.score == b.score && a.depth == b.depth,
               "a written entry reads back as itself");
  }
  FUZZ_CHECK(book::Serialize(again->entries(), edition) == written,
             "writing a book is stable");
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
