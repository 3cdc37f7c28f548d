// The byte layout of the save file, shared by the reader and the writer.
// FORMAT.md describes it byte by byte and says why it is shaped this way;
// the constants here must agree with it.
//
//   file    := header frame*
//   header  := magic[8] version:u32 log_id[16] header_crc:u32        (32 bytes)
//   frame   := frame_crc:u32 length:u32 seq:u64 flags:u8 reserved[3]
//              payload_crc:u32 payload[length]                   (24 + length)
//
// Integers are little-endian. CRCs are masked CRC32C (crc32c::Mask).

#ifndef CHECKERS_STORAGE_LOG_FORMAT_H_
#define CHECKERS_STORAGE_LOG_FORMAT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::storage {

// The first 8 bytes of every save: a non-ASCII byte, then "CKLOG", then
// CR LF, so that a file mangled by a 7-bit or line-ending conversion is
// recognised as such rather than misread.
inline constexpr absl::string_view kMagic(
    "\x89"
    "CKLOG\r\n",
    8);

// The format version this build writes, and the newest it reads.
inline constexpr uint32_t kFormatVersion = 1;

// The file header: magic, version, log id, header CRC.
inline constexpr size_t kFileHeaderSize = 32;
// A record's frame before its payload: frame CRC, length, seq, flags,
// reserved bytes, payload CRC.
inline constexpr size_t kFrameHeaderSize = 24;

// The largest payload a record may carry. A reader checks a record's
// length against it before allocating anything for the record, so a
// damaged or hostile file cannot make it allocate gigabytes. Game events
// are tens of bytes.
inline constexpr size_t kMaxPayloadSize = 1 << 20;

// The largest file a reader reads. A long game is tens of kilobytes; this
// bound only stops a wrong path (a huge file, a device) from exhausting
// memory.
inline constexpr uint64_t kMaxLogSize = uint64_t{64} << 20;

// Bit 0 of a frame's flags: this record ends a commit. Bits 1-7 are zero in
// format version 1.
inline constexpr uint8_t kLastInCommitFlag = 0x01;

// The random identity of one game's log, written in its header. A new game
// gets a new id, so two saves (or a save and an export) can be told apart.
using LogId = std::array<uint8_t, 16>;

// One record of a log as the reader and writer hand it to callers.
struct Record {
  // 1 for the first record of the log, then +1 for each record.
  uint64_t seq = 0;
  // The offset of the record's frame in the file. For a MemoryEventLog,
  // where the frame would be if the log were written out.
  uint64_t offset = 0;
  // Whether this record ends a commit (the records of one Append).
  bool last_in_commit = false;
  // The caller's bytes, opaque to storage.
  std::string payload;

  friend bool operator==(const Record&, const Record&) = default;
};

// A fresh random log id.
LogId NewLogId();

// The log id as 32 lower-case hex digits.
std::string LogIdHex(const LogId& id);

// The 32-byte file header of a log with id `id`, in format kFormatVersion.
std::string EncodeFileHeader(const LogId& id);

// Appends the frame of one record to `out`. The payload must be at most
// kMaxPayloadSize bytes.
void AppendFrame(uint64_t seq, bool last_in_commit, absl::string_view payload,
                 std::string* out);

// Appends the frames of `payloads` as one commit whose first record has
// seq `first_seq`, the last marked as the end of the commit.
void AppendCommit(const std::vector<std::string>& payloads, uint64_t first_seq,
                  std::string* out);

// A whole log file: the header with `id`, then `commits` in order, each
// commit's records numbered on from the last and the last of each marked.
std::string EncodeLog(const LogId& id,
                      const std::vector<std::vector<std::string>>& commits);

// The number of bytes AppendFrame writes for a payload of `payload_size`.
inline constexpr uint64_t FrameSize(size_t payload_size) {
  return kFrameHeaderSize + payload_size;
}

// Little-endian integer encoding, as every integer in the file is stored.
void PutFixed32(uint32_t value, char* out);
void PutFixed64(uint64_t value, char* out);
uint32_t GetFixed32(const char* in);
uint64_t GetFixed64(const char* in);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_LOG_FORMAT_H_
