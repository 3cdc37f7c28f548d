#include "storage/log_format.h"

#include <string>

#include "gtest/gtest.h"
#include "storage/crc32c.h"

namespace checkers::storage {
namespace {

uint32_t MaskedCrc(absl::string_view bytes) {
  return crc32c::Mask(crc32c::Value(bytes.data(), bytes.size()));
}

LogId CountingId() {
  LogId id;
  for (int i = 0; i < 16; ++i) id[i] = static_cast<uint8_t>(0xa0 + i);
  return id;
}

TEST(LogFormatTest, FileHeaderIsLaidOutAsFormatMdSays) {
  const std::string header = EncodeFileHeader(CountingId());
  ASSERT_EQ(header.size(), 32u);
  EXPECT_EQ(header.substr(0, 8),
            std::string("\x89\x43\x4b\x4c\x4f\x47\x0d\x0a", 8));
  EXPECT_EQ(header.substr(8, 4), std::string("\x01\x00\x00\x00", 4));
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(static_cast<uint8_t>(header[12 + i]), 0xa0 + i);
  }
  EXPECT_EQ(GetFixed32(&header[28]), MaskedCrc(header.substr(0, 28)));
}

TEST(LogFormatTest, FrameIsLaidOutAsFormatMdSays) {
  std::string out = "prefix";
  AppendFrame(0x0102030405060708u, true, "abc", &out);
  ASSERT_EQ(out.size(), 6 + FrameSize(3));
  const std::string frame = out.substr(6);
  EXPECT_EQ(frame.substr(4, 4), std::string("\x03\x00\x00\x00", 4));
  EXPECT_EQ(frame.substr(8, 8),
            std::string("\x08\x07\x06\x05\x04\x03\x02\x01", 8));
  EXPECT_EQ(frame.substr(16, 4), std::string("\x01\x00\x00\x00", 4));
  EXPECT_EQ(GetFixed32(&frame[20]), MaskedCrc("abc"));
  EXPECT_EQ(GetFixed32(&frame[0]), MaskedCrc(frame.substr(4, 20)));
  EXPECT_EQ(frame.substr(24), "abc");
}

TEST(LogFormatTest, RecordThatDoesNotEndACommitHasNoFlag) {
  std::string out;
  AppendFrame(1, false, "", &out);
  ASSERT_EQ(out.size(), kFrameHeaderSize);
  EXPECT_EQ(out[16], '\0');
  EXPECT_EQ(GetFixed32(&out[20]), MaskedCrc(""));
}

TEST(LogFormatTest, FixedIntegersAreLittleEndianAndRoundTrip) {
  char buffer[8];
  PutFixed32(0xdeadbeefu, buffer);
  EXPECT_EQ(std::string(buffer, 4), "\xef\xbe\xad\xde");
  EXPECT_EQ(GetFixed32(buffer), 0xdeadbeefu);
  PutFixed64(0x8877665544332211u, buffer);
  EXPECT_EQ(std::string(buffer, 8), "\x11\x22\x33\x44\x55\x66\x77\x88");
  EXPECT_EQ(GetFixed64(buffer), 0x8877665544332211u);
}

TEST(LogFormatTest, NewLogIdsAreRandomAndPrintAsHex) {
  EXPECT_NE(NewLogId(), NewLogId());
  EXPECT_EQ(LogIdHex(CountingId()), "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf");
}

}  // namespace
}  // namespace checkers::storage
