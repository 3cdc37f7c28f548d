#include "storage/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <nmmintrin.h>
#endif

namespace checkers::storage::crc32c {
namespace internal {
namespace {

// CRC32C's polynomial 0x1EDC6F41, bit-reversed: the CRC is computed
// least-significant bit first, as RFC 3720 specifies.
constexpr uint32_t kReversedPolynomial = 0x82f63b78u;

// kTables[k][b] is the CRC register after feeding byte b followed by k zero
// bytes into a zero register. Slicing-by-8 folds eight input bytes per step
// by looking each one up at its distance from the end of the step.
using Tables = std::array<std::array<uint32_t, 256>, 8>;

constexpr Tables MakeTables() {
  Tables t{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t crc = b;
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc >> 1) ^ ((crc & 1) ? kReversedPolynomial : 0);
    }
    t[0][b] = crc;
  }
  for (int k = 1; k < 8; ++k) {
    for (uint32_t b = 0; b < 256; ++b) {
      t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xff];
    }
  }
  return t;
}

constexpr Tables kTables = MakeTables();

inline uint32_t LoadLittleEndian32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) |
         (static_cast<uint32_t>(p[3]) << 24);
}

}  // namespace

uint32_t ExtendPortable(uint32_t crc, const char* data, size_t n) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(data);
  uint32_t c = ~crc;
  for (; n >= 8; n -= 8, p += 8) {
    const uint32_t low = c ^ LoadLittleEndian32(p);
    c = kTables[7][low & 0xff] ^ kTables[6][(low >> 8) & 0xff] ^
        kTables[5][(low >> 16) & 0xff] ^ kTables[4][low >> 24] ^
        kTables[3][p[4]] ^ kTables[2][p[5]] ^ kTables[1][p[6]] ^
        kTables[0][p[7]];
  }
  for (; n > 0; --n, ++p) c = kTables[0][(c ^ *p) & 0xff] ^ (c >> 8);
  return ~c;
}

#if defined(__x86_64__)

bool HasSse42() {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  return (ecx & bit_SSE4_2) != 0;
}

__attribute__((target("sse4.2"))) uint32_t ExtendSse42(uint32_t crc,
                                                       const char* data,
                                                       size_t n) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(data);
  uint64_t c = static_cast<uint32_t>(~crc);
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t word;
    std::memcpy(&word, p, sizeof(word));
    c = _mm_crc32_u64(c, word);
  }
  uint32_t c32 = static_cast<uint32_t>(c);
  for (; n > 0; --n, ++p) c32 = _mm_crc32_u8(c32, *p);
  return ~c32;
}

#else

bool HasSse42() { return false; }

uint32_t ExtendSse42(uint32_t crc, const char* data, size_t n) {
  return ExtendPortable(crc, data, n);
}

#endif

}  // namespace internal

uint32_t Extend(uint32_t crc, const char* data, size_t n) {
  static const auto implementation =
      internal::HasSse42() ? &internal::ExtendSse42 : &internal::ExtendPortable;
  return implementation(crc, data, n);
}

}  // namespace checkers::storage::crc32c
