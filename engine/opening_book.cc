#include "engine/opening_book.h"

#include <cstdlib>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace checkers::book {

// The books' texts, compiled in from engine/data/opening_book.txt,
// opening_book_russian.txt, opening_book_pool.txt and
// opening_book_international.txt by the genrules opening_book_data,
// opening_book_russian_data, opening_book_pool_data and
// opening_book_international_data.
absl::string_view CommittedBookBytes();
absl::string_view CommittedRussianBookBytes();
absl::string_view CommittedPoolBookBytes();
absl::string_view CommittedInternationalBookBytes();

namespace {

// engine/search.h's kMateScore and kMaxSearchPly: the search reads the
// book, so the book cannot include the search.
constexpr int kMaxScore = 30000;
constexpr int kMaxDepth = 128;

// The English book's first words are kept from before there were others,
// so that its file is unchanged.
std::string Header(Edition edition) {
  const char* name = edition == Edition::kEnglish   ? "English checkers"
                     : edition == Edition::kRussian ? "Russian draughts"
                     : edition == Edition::kPool    ? "Pool checkers"
                                                    : "International draughts";
  return absl::StrCat(
      "# ", name,
      " opening book (engine/opening_book.h): FEN, book move,\n# score in "
      "centi-men for the side to move, depth searched.\n");
}

absl::Status LineError(int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
}

absl::StatusOr<int> Number(int line, absl::string_view field,
                           absl::string_view name, int low, int high) {
  int value = 0;
  if (!absl::SimpleAtoi(field, &value) || value < low || value > high) {
    return LineError(
        line, absl::StrCat("the ", name, " \"", field,
                           "\" is not a number from ", low, " to ", high));
  }
  return value;
}

}  // namespace

const Entry* OpeningBook::Find(const GamePosition& pos) const {
  const auto it = index_.find(pos.hash());
  if (it == index_.end()) return nullptr;
  const Entry& entry = entries_[it->second];
  // A 64-bit key can in principle be shared; the position settles it.
  return entry.position == pos ? &entry : nullptr;
}

const Entry* OpeningBook::Find(const Position& pos) const {
  return TraitsOf(edition_).board_size == 8
             ? Find(GamePosition::Of(pos, edition_))
             : nullptr;
}

const Entry* OpeningBook::Find(const intl::Position& pos) const {
  return Find(GamePosition::Of(pos));
}

absl::StatusOr<OpeningBook> Parse(absl::string_view text, Edition edition) {
  OpeningBook book;
  book.edition_ = edition;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<absl::string_view> fields =
        absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (fields.size() != 4) {
      return LineError(line_number,
                       absl::StrCat("a book line has four fields (FEN, move, "
                                    "score, depth); this one has ",
                                    fields.size()));
    }
    absl::StatusOr<GamePosition> pos =
        GamePosition::ParseFen(fields[0], edition);
    if (!pos.ok()) return LineError(line_number, pos.status().message());
    absl::StatusOr<GameMove> move = pos->ParseMove(fields[1]);
    if (!move.ok()) return LineError(line_number, move.status().message());
    absl::StatusOr<int> score =
        Number(line_number, fields[2], "score", -kMaxScore, kMaxScore);
    if (!score.ok()) return score.status();
    absl::StatusOr<int> depth =
        Number(line_number, fields[3], "depth", 0, kMaxDepth);
    if (!depth.ok()) return depth.status();
    Entry entry{*std::move(pos), *std::move(move), *score, *depth};
    const auto [it, added] =
        book.index_.emplace(entry.position.hash(), book.entries_.size());
    if (!added) {
      return LineError(line_number,
                       absl::StrCat("the position is already the book's entry ",
                                    it->second + 1));
    }
    book.entries_.push_back(std::move(entry));
  }
  return book;
}

std::string Serialize(const std::vector<Entry>& entries, Edition edition) {
  std::string out = Header(edition);
  for (const Entry& e : entries) {
    absl::StrAppend(&out, e.position.ToFen(), " ", e.move.Text(), " ", e.score,
                    " ", e.depth, "\n");
  }
  return out;
}

namespace {

const OpeningBook* ParseCommitted(absl::string_view text, Edition edition) {
  absl::StatusOr<OpeningBook> parsed = Parse(text, edition);
  // The files are checked by opening_book_test; a broken one must not
  // build a program that plays, so it fails loudly here too.
  if (!parsed.ok()) __builtin_trap();
  return new OpeningBook(*std::move(parsed));
}

}  // namespace

const OpeningBook& Committed(Edition edition) {
  switch (edition) {
    case Edition::kEnglish: {
      static const OpeningBook* book =
          ParseCommitted(CommittedBookBytes(), Edition::kEnglish);
      return *book;
    }
    case Edition::kRussian: {
      static const OpeningBook* book =
          ParseCommitted(CommittedRussianBookBytes(), Edition::kRussian);
      return *book;
    }
    case Edition::kPool: {
      static const OpeningBook* book =
          ParseCommitted(CommittedPoolBookBytes(), Edition::kPool);
      return *book;
    }
    case Edition::kInternational: {
      static const OpeningBook* book = ParseCommitted(
          CommittedInternationalBookBytes(), Edition::kInternational);
      return *book;
    }
  }
  static const OpeningBook* none = new OpeningBook();
  return *none;
}

}  // namespace checkers::book
