// Checks that a damaged or forged record length never makes the reader
// allocate for it. This binary replaces the global operator new to record
// the largest allocation made while a test watches.

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "storage/crc32c.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"

namespace {

std::atomic<bool> watching{false};
std::atomic<size_t> largest{0};

}  // namespace

void* operator new(size_t size) {
  if (watching.load(std::memory_order_relaxed)) {
    size_t seen = largest.load(std::memory_order_relaxed);
    while (size > seen && !largest.compare_exchange_weak(seen, size)) {
    }
  }
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) std::abort();
  return p;
}
void* operator new[](size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace checkers::storage {
namespace {

// The largest single allocation ParseLog makes on `bytes`, and its status.
size_t LargestAllocationParsing(const std::string& bytes,
                                absl::StatusCode* code) {
  largest = 0;
  watching = true;
  absl::StatusOr<LogContents> log = ParseLog(bytes);
  watching = false;
  *code = log.status().code();
  return largest;
}

// A log whose last record claims `length` bytes but holds only 10.
std::string LogWithLength(uint32_t length, bool reseal) {
  std::string bytes = EncodeFileHeader(NewLogId());
  AppendFrame(1, true, "first", &bytes);
  const size_t last = bytes.size();
  AppendFrame(2, true, "0123456789", &bytes);
  PutFixed32(length, &bytes[last + 4]);
  if (reseal) {
    PutFixed32(crc32c::Mask(crc32c::Value(&bytes[last + 4], 20)), &bytes[last]);
  }
  return bytes;
}

constexpr size_t kSmall = 4096;

TEST(LogReaderAllocationTest, ValidLargeRecordIsAllocatedSoTheProbeWorks) {
  std::string bytes = EncodeFileHeader(NewLogId());
  AppendFrame(1, true, std::string(kMaxPayloadSize, 'p'), &bytes);
  absl::StatusCode code;
  EXPECT_GE(LargestAllocationParsing(bytes, &code), kMaxPayloadSize);
  EXPECT_EQ(code, absl::StatusCode::kOk);
}

TEST(LogReaderAllocationTest, OverCapLengthIsRefusedWithoutALargeAllocation) {
  for (uint32_t length :
       {uint32_t{kMaxPayloadSize + 1}, 0x7fffffffu, 0xffffffffu}) {
    absl::StatusCode code;
    EXPECT_LT(LargestAllocationParsing(LogWithLength(length, true), &code),
              kSmall);
    EXPECT_EQ(code, absl::StatusCode::kDataLoss);
  }
}

TEST(LogReaderAllocationTest, DamagedLengthIsRefusedWithoutALargeAllocation) {
  for (uint32_t length : {uint32_t{kMaxPayloadSize}, 0xffffffffu}) {
    absl::StatusCode code;
    EXPECT_LT(LargestAllocationParsing(LogWithLength(length, false), &code),
              kSmall);
    EXPECT_EQ(code, absl::StatusCode::kDataLoss);
  }
}

TEST(LogReaderAllocationTest, TornRecordClaimingTheCapIsNotAllocated) {
  absl::StatusCode code;
  EXPECT_LT(
      LargestAllocationParsing(LogWithLength(kMaxPayloadSize, true), &code),
      kSmall);
  EXPECT_EQ(code, absl::StatusCode::kOk);
}

}  // namespace
}  // namespace checkers::storage
