#include "storage/crc32c.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace checkers::storage::crc32c {
namespace {

using ExtendFn = uint32_t (*)(uint32_t, const char*, size_t);

struct Vector {
  const char* name;
  std::string data;
  uint32_t crc;
};

// RFC 3720 (iSCSI), appendix B.4.
std::vector<Vector> Rfc3720Vectors() {
  std::vector<Vector> v;
  v.push_back({"32 zero bytes", std::string(32, '\0'), 0x8a9136aau});
  v.push_back({"32 0xff bytes", std::string(32, '\xff'), 0x62a8ab43u});
  std::string ascending, descending;
  for (int i = 0; i < 32; ++i) {
    ascending.push_back(static_cast<char>(i));
    descending.push_back(static_cast<char>(31 - i));
  }
  v.push_back({"0..31 ascending", ascending, 0x46dd794eu});
  v.push_back({"31..0 descending", descending, 0x113fdb5cu});
  const uint8_t read_command[48] = {
      0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00,
      0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18, 0x28, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  v.push_back({"iSCSI read command",
               std::string(reinterpret_cast<const char*>(read_command), 48),
               0xd9963a56u});
  // The customary check value of CRC-32C.
  v.push_back({"\"123456789\"", "123456789", 0xe3069283u});
  return v;
}

void ExpectVectors(ExtendFn extend) {
  for (const Vector& v : Rfc3720Vectors()) {
    EXPECT_EQ(extend(0, v.data.data(), v.data.size()), v.crc) << v.name;
  }
}

TEST(Crc32cTest, ValueMatchesRfc3720Vectors) {
  for (const Vector& v : Rfc3720Vectors()) {
    EXPECT_EQ(Value(v.data.data(), v.data.size()), v.crc) << v.name;
  }
}

TEST(Crc32cTest, TableImplementationMatchesRfc3720Vectors) {
  ExpectVectors(&internal::ExtendPortable);
}

TEST(Crc32cTest, Sse42ImplementationMatchesRfc3720Vectors) {
  if (!internal::HasSse42()) GTEST_SKIP() << "this CPU has no SSE4.2";
  ExpectVectors(&internal::ExtendSse42);
}

TEST(Crc32cTest, EmptyInputLeavesTheCrcUnchanged) {
  EXPECT_EQ(Value("", 0), 0u);
  EXPECT_EQ(Extend(0x12345678u, "", 0), 0x12345678u);
}

TEST(Crc32cTest, ExtendAtEverySplitEqualsValueOfTheWhole) {
  const std::string data = "a record payload that crosses several 8-byte words";
  const uint32_t whole = Value(data.data(), data.size());
  for (size_t split = 0; split <= data.size(); ++split) {
    const uint32_t first = Value(data.data(), split);
    EXPECT_EQ(Extend(first, data.data() + split, data.size() - split), whole)
        << "split at " << split;
  }
}

TEST(Crc32cTest, TableAndSse42AgreeOnRandomDataAtEveryAlignment) {
  if (!internal::HasSse42()) GTEST_SKIP() << "this CPU has no SSE4.2";
  std::mt19937_64 rng(20240611);
  std::string buffer(4096 + 16, '\0');
  for (char& c : buffer) c = static_cast<char>(rng());
  for (int trial = 0; trial < 2000; ++trial) {
    const size_t start = rng() % 16;
    const size_t length = rng() % 4096;
    const uint32_t seed = static_cast<uint32_t>(rng());
    const char* p = buffer.data() + start;
    ASSERT_EQ(internal::ExtendPortable(seed, p, length),
              internal::ExtendSse42(seed, p, length))
        << "start " << start << " length " << length;
  }
}

TEST(Crc32cTest, MaskChangesTheValueAndUnmaskRestoresIt) {
  for (uint32_t crc : {0u, 1u, 0x8a9136aau, 0xffffffffu, 0x80000000u}) {
    EXPECT_NE(Mask(crc), crc);
    EXPECT_NE(Mask(Mask(crc)), Mask(crc));
    EXPECT_EQ(Unmask(Mask(crc)), crc);
  }
}

}  // namespace
}  // namespace checkers::storage::crc32c
