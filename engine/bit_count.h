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
#include <concepts>
#include <cstdint>

namespace checkers {

// The number of set bits of `b`: a word of 32 bits or more (narrower ones
// would be promoted to int by the masks' arithmetic).
template <std::unsigned_integral T>
requires(sizeof(T) >= sizeof(uint32_t)) inline constexpr int BitCount(T b) {
#ifdef __POPCNT__
  return std::popcount(b);
#else
  // Pairs, then nibbles, then bytes summed in place; the multiplication
  // adds every byte into the top one.
  constexpr T kPairs = ~T{0} / 3;         // 0x55...
  constexpr T kNibbles = ~T{0} / 15 * 3;  // 0x33...
  constexpr T kBytes = ~T{0} / 255 * 15;  // 0x0F...
  constexpr T kOnes = ~T{0} / 255;        // 0x01...
  b = b - ((b >> 1) & kPairs);
  b = (b & kNibbles) + ((b >> 2) & kNibbles);
  b = (b + (b >> 4)) & kBytes;
  return static_cast<int>(static_cast<T>(b * kOnes) >> (8 * sizeof(T) - 8));
#endif
}

}  // namespace checkers

#endif  // CHECKERS_ENGINE_BIT_COUNT_H_
