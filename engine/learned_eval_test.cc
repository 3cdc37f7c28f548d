#include "engine/learned_eval.h"

#include <cstdint>
#include <random>
#include <string>

#include "engine/eval10.h"
#include "engine/eval8.h"
#include "engine/fen10.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::learned {
namespace {

using ::checkers::testing::FenPosition;

Weights RandomWeights(uint32_t seed, Edition edition = Edition::kEnglish) {
  std::mt19937 rng(seed);
  Weights w = HandSetOnly(edition);
  w.hand_scale = 900;
  for (int16_t& v : w.table) v = static_cast<int16_t>(rng() % 61) - 30;
  return w;
}

const char* const kPositions[] = {
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,22,23,K26,31:B6,10,K14,15",
    "B:W14,K30:B1,5,K27",
    "W:WK3,K20:BK12",
};

TEST(LearnedEvalTest, ZeroWeightsGiveTheHandSetEvaluation) {
  const Weights zero;
  for (const char* fen : kPositions) {
    const Position pos = FenPosition(fen);
    EXPECT_EQ(Evaluate(pos, zero), checkers::Evaluate(pos, Edition::kEnglish))
        << fen;
  }
}

TEST(LearnedEvalTest, IsTheSameForTheMirroredPosition) {
  const Weights w = RandomWeights(7);
  for (const char* fen : kPositions) {
    const Position pos = FenPosition(fen);
    EXPECT_EQ(Evaluate(pos, w), Evaluate(Mirrored(pos), w)) << fen;
  }
}

TEST(LearnedEvalTest, AWindowReadsItsSquaresAsBaseThreeDigits) {
  // Black to move, its man on 1 (the first square of the first window)
  // and a white man on 6 (that window's fourth square: row 1, second).
  const Features f = FeaturesOf(FenPosition("B:W6:B1"));
  EXPECT_EQ(f.config[0], 1 + 2 * 27);
  for (int w = 1; w < kWindows; ++w) {
    // Square 1 and 6 are in no other window, save 6 in the window one
    // offset to the right (its first square of row 1).
    EXPECT_EQ(f.config[w], w == 1 ? 2 * 9 : 0) << w;
  }
  // White to move sees the board turned: its man on 6 is then square 27
  // (row 6, third) and Black's man on 1 is square 32 (row 7, fourth), in
  // the windows of rows 4-7.
  const Features g = FeaturesOf(FenPosition("W:W6:B1"));
  EXPECT_EQ(g.config[6], 0);
  EXPECT_EQ(g.config[7], 243);
  EXPECT_EQ(g.config[8], 81 + 2 * 2187);
}

TEST(LearnedEvalTest, KingsOnlyPositionsUseTheHandSetValueScaled) {
  Weights w = RandomWeights(3);
  w.hand_scale = 512;
  const Position pos = FenPosition("W:WK3,K20:BK12");
  EXPECT_EQ(Evaluate(pos, w),
            checkers::Evaluate(pos, Edition::kEnglish) * 512 / 1024);
}

TEST(LearnedEvalTest, TheEndingTableWeighsMoreAsPiecesLeave) {
  Weights w;
  for (int i = 0; i < kTableSize; ++i) w.table[i] = i % 2 == 0 ? 0 : 10;
  const Position full = FenPosition(kPositions[0]);
  const Position few = FenPosition("B:W14,K30:B1,5,K27");
  EXPECT_EQ(Evaluate(full, w) - checkers::Evaluate(full, Edition::kEnglish), 0);
  EXPECT_EQ(Evaluate(few, w) - checkers::Evaluate(few, Edition::kEnglish),
            10 * kWindows);
}

TEST(LearnedEvalTest, SerializedWeightsParseBack) {
  const Weights w = RandomWeights(11);
  absl::StatusOr<Weights> back = Parse(Serialize(w), Edition::kEnglish);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->hand_scale, w.hand_scale);
  EXPECT_EQ(back->table, w.table);
}

TEST(LearnedEvalTest, ParseRefusesAWrongMagicASizeAndAScale) {
  const std::string good = Serialize(RandomWeights(5));
  std::string bad_magic = good;
  bad_magic[2] ^= 1;
  EXPECT_FALSE(Parse(bad_magic, Edition::kPool).ok());
  EXPECT_FALSE(Parse(good.substr(0, good.size() - 1), Edition::kPool).ok());
  EXPECT_FALSE(Parse(good + "x", Edition::kPool).ok());
  std::string zero_scale = good;
  for (int i = 6; i < 10; ++i) zero_scale[i] = 0;
  absl::StatusOr<Weights> parsed = Parse(zero_scale, Edition::kPool);
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.status().message().find("factor"), std::string::npos);
}

TEST(LearnedEvalTest, TheMaterialTableIsReadByTheCountsOfTheSideToMove) {
  // White to move with two men and a king against Black's three men and
  // two kings; the table's value for that balance, in both phases, is
  // added whole.
  const Position pos = FenPosition("W:W18,22,K26:B6,10,15,K1,K3");
  Weights w = WithMaterial(HandSetOnly(Edition::kRussian));
  ASSERT_EQ(w.windows, kWindowsWithMaterial);
  const int config = MaterialConfig(2, 1, 3, 2);
  EXPECT_EQ(FeaturesOf(pos, Edition::kRussian).config[kWindows], config);
  const int before = Evaluate(pos, w, Edition::kRussian);
  EXPECT_EQ(before, checkers::Evaluate(pos, Edition::kRussian));
  w.table[TableIndex(kWindows, config, 0)] = 40;
  w.table[TableIndex(kWindows, config, 1)] = 40;
  EXPECT_EQ(Evaluate(pos, w, Edition::kRussian), before + 40);
  // The mirror image (colours and the side to move swapped) has the same
  // balance for its side to move; the other side's view of it is another
  // configuration.
  EXPECT_EQ(Evaluate(Mirrored(pos), w, Edition::kRussian), before + 40);
  EXPECT_NE(MaterialConfig(3, 2, 2, 1), config);
  // Weights without the table ignore it.
  EXPECT_EQ(Evaluate(pos, HandSetOnly(Edition::kRussian), Edition::kRussian),
            before);
}

TEST(LearnedEvalTest, WeightsWithTheMaterialTableParseBackOnTheEightByEight) {
  Weights w = WithMaterial(RandomWeights(17, Edition::kPool));
  w.table.back() = -77;
  const std::string bytes = Serialize(w);
  EXPECT_EQ(bytes.substr(0, 6), "CKEW2\n");
  absl::StatusOr<Weights> back = Parse(bytes, Edition::kPool);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->windows, kWindowsWithMaterial);
  EXPECT_EQ(back->hand_scale, w.hand_scale);
  EXPECT_EQ(back->table, w.table);
  // Adding the table again changes nothing.
  EXPECT_EQ(WithMaterial(*back).table, w.table);
  // A CKEW1 size under the CKEW2 line is refused, as is the 10x10 board.
  EXPECT_FALSE(Parse(bytes.substr(0, Serialize(RandomWeights(17)).size()),
                     Edition::kPool)
                   .ok());
  absl::StatusOr<Weights> ten = Parse(bytes, Edition::kInternational);
  ASSERT_FALSE(ten.ok());
  EXPECT_NE(ten.status().message().find("8x8"), std::string::npos);
}

TEST(LearnedEvalTest, TheCommittedWeightsAreSound) {
  for (Edition edition : {Edition::kEnglish, Edition::kRussian, Edition::kPool,
                          Edition::kInternational}) {
    const Weights* w = Committed(edition);
    ASSERT_NE(w, nullptr) << EditionName(edition);
    EXPECT_GT(w->hand_scale, 0);
    EXPECT_EQ(w->table.size(), static_cast<size_t>(TableSize(w->windows)));
  }
  // Russian's and pool's are fitted with the material table
  // (docs/EVALUATION.md); the others with the board's windows alone.
  EXPECT_EQ(Committed(Edition::kEnglish)->windows, kWindows);
  EXPECT_EQ(Committed(Edition::kRussian)->windows, kWindowsWithMaterial);
  EXPECT_EQ(Committed(Edition::kPool)->windows, kWindowsWithMaterial);
  EXPECT_EQ(Committed(Edition::kInternational)->windows,
            WindowsOf(Edition::kInternational));
  // Each edition its own table, fitted to its own games.
  EXPECT_NE(Committed(Edition::kEnglish)->table,
            Committed(Edition::kRussian)->table);
  EXPECT_NE(Committed(Edition::kRussian)->table,
            Committed(Edition::kPool)->table);
}

intl::Position Fen10(const char* fen) {
  absl::StatusOr<intl::Position> pos = intl::ParseFen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.ok() ? *pos : intl::Position::Initial();
}

const char* const kPositions10[] = {
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    "B:W27,28,32,33,K38,41,44:B6,12,13,K17,19,23",
    "W:W26,K50:B5,10,K15",
    "B:WK3,K47:BK28",
};

TEST(LearnedEvalTest, ZeroTenByTenWeightsGiveTheHandSetEvaluation) {
  const Weights zero = HandSetOnly(Edition::kInternational);
  EXPECT_EQ(zero.windows, kWindows10);
  EXPECT_EQ(zero.table.size(), static_cast<size_t>(TableSize(kWindows10)));
  for (const char* fen : kPositions10) {
    const intl::Position pos = Fen10(fen);
    EXPECT_EQ(Evaluate(pos, zero), intl::Evaluate(pos)) << fen;
  }
}

TEST(LearnedEvalTest, TenByTenValueIsTheSameForTheMirroredPosition) {
  const Weights w = RandomWeights(9, Edition::kInternational);
  for (const char* fen : kPositions10) {
    const intl::Position pos = Fen10(fen);
    EXPECT_EQ(Evaluate(pos, w), Evaluate(intl::Mirrored(pos), w)) << fen;
  }
}

TEST(LearnedEvalTest, ATenByTenWindowReadsItsSquaresAsBaseThreeDigits) {
  // Black to move, its man on 1 (the first square of the first window's
  // first row) and a white man on 6 (the first of its second row: the
  // window's third square).
  const Features f = FeaturesOf(Fen10("B:W6:B1"));
  EXPECT_EQ(f.config[0], 1 + 2 * 9);
  for (int w = 1; w < kWindows10; ++w) EXPECT_EQ(f.config[w], 0) << w;
  // White to move sees the board turned: its man on 6 is then square 45
  // (row 8, fifth) and Black's man on 1 is square 50 (row 9, fifth), both
  // in the last window, of rows 6-9 and the last two squares of each row.
  const Features g = FeaturesOf(Fen10("W:W6:B1"));
  EXPECT_EQ(g.config[15], 243 + 2 * 2187);
  for (int w = 0; w < 15; ++w) EXPECT_EQ(g.config[w], 0) << w;
}

TEST(LearnedEvalTest, TenByTenWeightsParseBackAndOnlyForTheirBoard) {
  const Weights w = RandomWeights(13, Edition::kInternational);
  const std::string bytes = Serialize(w);
  absl::StatusOr<Weights> back = Parse(bytes, Edition::kInternational);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->windows, kWindows10);
  EXPECT_EQ(back->hand_scale, w.hand_scale);
  EXPECT_EQ(back->table, w.table);
  absl::StatusOr<Weights> wrong = Parse(bytes, Edition::kEnglish);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.status().message().find("10x10"), std::string::npos);
  EXPECT_FALSE(
      Parse(Serialize(RandomWeights(13)), Edition::kInternational).ok());
}

}  // namespace
}  // namespace checkers::learned
