#include "storage/log_format.h"

#include <cstring>

#include "absl/random/random.h"
#include "absl/strings/escaping.h"
#include "storage/crc32c.h"

namespace checkers::storage {

void PutFixed32(uint32_t value, char* out) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>(value >> (8 * i));
}

void PutFixed64(uint64_t value, char* out) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>(value >> (8 * i));
}

uint32_t GetFixed32(const char* in) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) {
    value |= static_cast<uint32_t>(static_cast<uint8_t>(in[i])) << (8 * i);
  }
  return value;
}

uint64_t GetFixed64(const char* in) {
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) {
    value |= static_cast<uint64_t>(static_cast<uint8_t>(in[i])) << (8 * i);
  }
  return value;
}

LogId NewLogId() {
  absl::BitGen gen;
  LogId id;
  for (uint8_t& byte : id) byte = absl::Uniform<uint8_t>(gen);
  return id;
}

std::string LogIdHex(const LogId& id) {
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(id.data()), id.size()));
}

std::string EncodeFileHeader(const LogId& id) {
  std::string header(kFileHeaderSize, '\0');
  std::memcpy(header.data(), kMagic.data(), kMagic.size());
  PutFixed32(kFormatVersion, &header[8]);
  std::memcpy(&header[12], id.data(), id.size());
  PutFixed32(crc32c::Mask(crc32c::Value(header.data(), 28)), &header[28]);
  return header;
}

void AppendFrame(uint64_t seq, bool last_in_commit, absl::string_view payload,
                 std::string* out) {
  char frame[kFrameHeaderSize] = {};
  PutFixed32(static_cast<uint32_t>(payload.size()), frame + 4);
  PutFixed64(seq, frame + 8);
  frame[16] = last_in_commit ? kLastInCommitFlag : 0;
  PutFixed32(crc32c::Mask(crc32c::Value(payload.data(), payload.size())),
             frame + 20);
  PutFixed32(crc32c::Mask(crc32c::Value(frame + 4, kFrameHeaderSize - 4)),
             frame);
  out->append(frame, kFrameHeaderSize);
  out->append(payload.data(), payload.size());
}

void AppendCommit(const std::vector<std::string>& payloads, uint64_t first_seq,
                  std::string* out) {
  for (size_t i = 0; i < payloads.size(); ++i) {
    AppendFrame(first_seq + i, i + 1 == payloads.size(), payloads[i], out);
  }
}

std::string EncodeLog(const LogId& id,
                      const std::vector<std::vector<std::string>>& commits) {
  std::string bytes = EncodeFileHeader(id);
  uint64_t seq = 1;
  for (const std::vector<std::string>& commit : commits) {
    AppendCommit(commit, seq, &bytes);
    seq += commit.size();
  }
  return bytes;
}

}  // namespace checkers::storage
