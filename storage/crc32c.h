// CRC32C (the Castagnoli polynomial, as in iSCSI, RFC 3720): the checksum of
// every header and record in the save file. Debian 12 ships no library for
// it and Abseil 20220623 has no absl/crc, so it is written here: a
// slicing-by-8 table implementation, and the SSE4.2 crc32 instruction when
// the CPU has it (chosen at run time, so the binary needs no -msse4.2).

#ifndef CHECKERS_STORAGE_CRC32C_H_
#define CHECKERS_STORAGE_CRC32C_H_

#include <cstddef>
#include <cstdint>

namespace checkers::storage::crc32c {

// The CRC32C of data[0, n) appended to a message whose CRC32C is `crc`:
// Extend(Value(a), b) == Value(a + b). Extend(0, ...) starts a new message.
uint32_t Extend(uint32_t crc, const char* data, size_t n);

// The CRC32C of data[0, n).
inline uint32_t Value(const char* data, size_t n) { return Extend(0, data, n); }

// A CRC stored in the file is masked, because the CRC of a string that
// itself contains CRCs is weak (a record whose payload embeds its own CRC
// would check trivially). Unmask(Mask(c)) == c.
inline uint32_t Mask(uint32_t crc) {
  constexpr uint32_t kMaskDelta = 0xa282ead8u;
  return ((crc >> 15) | (crc << 17)) + kMaskDelta;
}

// The CRC that Mask() turned into `masked`.
inline uint32_t Unmask(uint32_t masked) {
  constexpr uint32_t kMaskDelta = 0xa282ead8u;
  const uint32_t rotated = masked - kMaskDelta;
  return (rotated >> 17) | (rotated << 15);
}

// The two implementations behind Extend, exposed so that tests can check
// each against the RFC vectors and against each other.
namespace internal {

// The table implementation; runs on any CPU.
uint32_t ExtendPortable(uint32_t crc, const char* data, size_t n);

// Whether this CPU has SSE4.2 (CPUID leaf 1, ECX bit 20). Always false
// when the build does not target x86-64.
bool HasSse42();

// The SSE4.2 implementation. Call only when HasSse42() is true: on other
// CPUs it executes an illegal instruction, and on non-x86 builds it is the
// table implementation.
uint32_t ExtendSse42(uint32_t crc, const char* data, size_t n);

}  // namespace internal
}  // namespace checkers::storage::crc32c

#endif  // CHECKERS_STORAGE_CRC32C_H_
