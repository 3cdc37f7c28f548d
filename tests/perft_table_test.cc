// Perft from the start position against the published English table
// (OEIS A133046, "keep" convention), depths 1-11. Deeper depths belong to
// `checkers bench perft`.

#include <cstdint>

#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "engine/rules.h"
#include "gtest/gtest.h"

namespace checkers {
namespace {

TEST(PerftTableTest, StartPositionMatchesPublishedCountsToDepthEleven) {
  const uint64_t expected[] = {1,      7,       49,       302,
                               1469,   7361,    36768,    179740,
                               845931, 3963680, 18391564, 85242128};
  for (int depth = 1; depth <= 11; ++depth) {
    EXPECT_EQ(Perft(Position::Initial(), depth), expected[depth])
        << "depth " << depth;
  }
}

// reference/perft.md (the dctl tables): Russian and pool, "keep" and
// "drop", to depth 11: the whole table, in about ten seconds.
constexpr int kVariantDepth = 11;

struct VariantRow {
  uint64_t keep;
  uint64_t drop;
};

void ExpectVariantTable(Edition edition, const VariantRow* rows) {
  for (int depth = 1; depth <= kVariantDepth; ++depth) {
    const Position start = Position::Initial(edition);
    EXPECT_EQ(
        Perft(start, depth, CaptureRule::kMandatory, edition, Routes::kKeep),
        rows[depth].keep)
        << EditionName(edition) << " keep, depth " << depth;
    EXPECT_EQ(
        Perft(start, depth, CaptureRule::kMandatory, edition, Routes::kDrop),
        rows[depth].drop)
        << EditionName(edition) << " drop, depth " << depth;
  }
}

TEST(PerftTableTest, RussianStartMatchesPublishedCounts) {
  const VariantRow rows[] = {{1, 1},
                             {7, 7},
                             {49, 49},
                             {302, 302},
                             {1469, 1469},
                             {7482, 7482},
                             {37986, 37986},
                             {190146, 190146},
                             {929905, 929899},
                             {4570667, 4570586},
                             {22450628, 22444032},
                             {110961169, 110917189}};
  ExpectVariantTable(Edition::kRussian, rows);
}

TEST(PerftTableTest, PoolStartMatchesPublishedCounts) {
  const VariantRow rows[] = {{1, 1},
                             {7, 7},
                             {49, 49},
                             {302, 302},
                             {1469, 1469},
                             {7482, 7482},
                             {37986, 37986},
                             {190146, 190146},
                             {929902, 929896},
                             {4570615, 4570534},
                             {22442551, 22435955},
                             {110877932, 110833952}};
  ExpectVariantTable(Edition::kPool, rows);
}

TEST(PerftTableTest, PerftFromTheStartFenEqualsPerftFromInitial) {
  EXPECT_EQ(Perft(*ParseFen(kInitialFen), 6), 36768u);
}

}  // namespace
}  // namespace checkers
