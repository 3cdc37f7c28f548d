#include "engine/bit_count.h"

#include <bit>
#include <cstdint>
#include <random>

#include "gtest/gtest.h"

namespace checkers {
namespace {

static_assert(BitCount(uint32_t{0}) == 0);
static_assert(BitCount(~uint32_t{0}) == 32);
static_assert(BitCount(~uint64_t{0}) == 64);

TEST(BitCountTest, CountsEverySingleBit) {
  for (int i = 0; i < 32; ++i) EXPECT_EQ(BitCount(uint32_t{1} << i), 1) << i;
  for (int i = 0; i < 64; ++i) EXPECT_EQ(BitCount(uint64_t{1} << i), 1) << i;
}

TEST(BitCountTest, AgreesWithTheStandardCountOnRandomWords) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 100000; ++i) {
    const uint64_t w = random();
    // Sparse and dense words as well as uniform ones.
    for (uint64_t v : {w, w & random(), w | random()}) {
      ASSERT_EQ(BitCount(v), std::popcount(v)) << v;
      const uint32_t low = static_cast<uint32_t>(v);
      ASSERT_EQ(BitCount(low), std::popcount(low)) << low;
    }
  }
}

}  // namespace
}  // namespace checkers
