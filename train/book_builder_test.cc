#include "train/book_builder.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/opening_book.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::train {
namespace {

using ::checkers::testing::FenPosition;

// Two ballot openings, White to move: 11-15 23-19 8-11 and 9-13 22-18
// 10-14.
BookOptions SmallBook(int threads) {
  BookOptions options;
  options.openings = {
      GamePosition::Of(FenPosition("W:W19,21,22,24,25,26,27,28,29,30,31,32:"
                                   "B1,2,3,4,5,6,7,9,10,11,12,15"),
                       Edition::kEnglish),
      GamePosition::Of(FenPosition("W:W18,21,23,24,25,26,27,28,29,30,31,32:"
                                   "B1,2,3,4,5,6,7,8,11,12,13,14"),
                       Edition::kEnglish)};
  options.plies = 3;
  options.nodes = 3000;
  options.threads = threads;
  return options;
}

book::OpeningBook AsBook(const std::vector<book::Entry>& entries) {
  absl::StatusOr<book::OpeningBook> book =
      book::Parse(book::Serialize(entries));
  EXPECT_TRUE(book.ok()) << book.status();
  return *std::move(book);
}

TEST(BookBuilderTest, TheBookDoesNotDependOnTheThreads) {
  EXPECT_EQ(book::Serialize(BuildBook(SmallBook(1))),
            book::Serialize(BuildBook(SmallBook(3))));
}

// The positions the book must hold for `side`, walked from `pos` at `ply`
// independently of the builder: the side's choices, followed by the book's
// move, and every move of the other side; each with its earliest ply.
void Expect(const book::OpeningBook& book, const Position& pos, Color side,
            int ply, int plies, std::map<std::string, int>* want) {
  if (ply >= plies) return;
  const std::vector<Position> children = Children(pos);
  if (pos.side_to_move() != side) {
    for (const Position& c : children)
      Expect(book, c, side, ply + 1, plies, want);
    return;
  }
  if (children.size() == 1) {
    Expect(book, children[0], side, ply + 1, plies, want);
    return;
  }
  const auto [it, added] = want->emplace(ToFen(pos), ply);
  if (!added) it->second = std::min(it->second, ply);
  const book::Entry* e = book.Find(pos);
  ASSERT_NE(e, nullptr) << "missing " << ToFen(pos);
  Expect(book, pos.After(*e->move.eight()), side, ply + 1, plies, want);
}

TEST(BookBuilderTest, HoldsEachSidesChoicesAgainstEveryReplyInPlyOrder) {
  const BookOptions options = SmallBook(2);
  const std::vector<book::Entry> entries = BuildBook(options);
  const book::OpeningBook book = AsBook(entries);
  std::map<std::string, int> want;
  for (const GamePosition& opening : options.openings) {
    for (Color side : {Color::kBlack, Color::kWhite}) {
      Expect(book, *opening.eight(), side, 0, options.plies, &want);
    }
  }
  // More than the openings: Black's first moves against every reply, and
  // White's second after the book's first (captures forced on the way make
  // many of them single, and which depends on the book's moves, so on the
  // evaluation). Black's first moves do not depend on it.
  EXPECT_GT(want.size(), options.openings.size());
  EXPECT_TRUE(std::any_of(want.begin(), want.end(), [](const auto& fen_ply) {
    return fen_ply.second == 1;
  }));
  ASSERT_EQ(entries.size(), want.size());
  std::vector<std::pair<int, std::string>> order;
  for (const book::Entry& e : entries) {
    const std::string fen = e.position.ToFen();
    ASSERT_EQ(want.count(fen), 1u) << "unexpected " << fen;
    order.emplace_back(want[fen], fen);
    EXPECT_GT(e.depth, 0) << fen;
  }
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
}

TEST(BookBuilderTest, AnInternationalBookHoldsTheStartAndEveryFirstReply) {
  BookOptions options;
  options.openings = {GamePosition::Initial(Edition::kInternational)};
  options.plies = 2;
  options.nodes = 2000;
  const std::vector<book::Entry> entries = BuildBook(options);
  // White's first move, then Black's reply to each of White's nine.
  ASSERT_EQ(entries.size(), 10u);
  EXPECT_EQ(entries[0].position, options.openings[0]);
  for (const book::Entry& e : entries) {
    const std::vector<GameMove> legal = e.position.LegalMoves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), e.move), legal.end())
        << e.position.ToFen();
  }
  absl::StatusOr<book::OpeningBook> book =
      book::Parse(book::Serialize(entries, Edition::kInternational),
                  Edition::kInternational);
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_EQ(book->size(), 10);
  EXPECT_EQ(book->Find(*entries[5].position.ten()), &book->entries()[5]);
}

TEST(BookBuilderTest, NoOpeningsOrNoPliesGiveAnEmptyBook) {
  BookOptions options = SmallBook(1);
  options.plies = 0;
  EXPECT_TRUE(BuildBook(options).empty());
  options = SmallBook(1);
  options.openings.clear();
  EXPECT_TRUE(BuildBook(options).empty());
}

}  // namespace
}  // namespace checkers::train
