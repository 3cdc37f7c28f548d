// Counting the squares of a bitboard, for both boards.
//
// Debian builds for the x86-64 baseline, which lacks the POPCNT
// instruction; there std::popcount compiles to a call into libgcc. The
// evaluation counts pieces at every leaf, and that call took 7% of a
// CheckerBoard engine search's time in a profile, so without POPCNT the
// bits are summed in registers instead. A build for a CPU that has it
// (`bazel build --config=opt`, -march=native) uses the instruction.

#ifndef CHECKERS_ENGINE_BIT_COUNT_H_
#define CHECKERS_ENGINE_BIT_COUNT_H_

#include <bit>
#include <cstdint>

namespace checkers {

// The number of set bits of `b`.
inline constexpr int BitCount(uint32_t b) {
#ifdef __POPCNT__
  return std::popcount(b);
#else
  b = b - ((b >> 1) & 0x55555555u);
  b = (b & 0x33333333u) + ((b >> 2) & 0x33333333u);
  b = (b + (b >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((b * 0x01010101u) >> 24);
#endif
}

// The number of set bits of `b`.
inline constexpr int BitCount(uint64_t b) {
#ifdef __POPCNT__
  return std::popcount(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555u);
  b = (b & 0x3333333333333333u) + ((b >> 2) & 0x3333333333333333u);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<int>((b * 0x0101010101010101u) >> 56);
#endif
}

}  // namespace checkers

#endif  // CHECKERS_ENGINE_BIT_COUNT_H_
