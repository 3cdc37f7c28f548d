#include "storage/log_reader.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "storage/crc32c.h"

namespace checkers::storage {
namespace {

bool AllZero(absl::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(),
                     [](char c) { return c == '\0'; });
}

uint32_t MaskedCrc(absl::string_view bytes) {
  return crc32c::Mask(crc32c::Value(bytes.data(), bytes.size()));
}

// Whether `rest`, from byte `from` on, holds nothing but zero bytes.
bool ZeroFrom(absl::string_view rest, size_t from) {
  return from >= rest.size() || AllZero(rest.substr(from));
}

absl::Status CorruptRecord(uint64_t offset, uint64_t seq,
                           absl::string_view problem) {
  return absl::DataLossError(absl::StrCat("corrupt record at byte ", offset,
                                          " (seq ", seq, "): ", problem));
}

// Checks the 32-byte file header. Returns true with the id when the header
// is sound, false when the file is a save whose creation was cut short
// (everything in it is torn), or an error.
absl::StatusOr<bool> ParseHeader(absl::string_view bytes, LogId* id) {
  const absl::string_view head = bytes.substr(0, kFileHeaderSize);
  const absl::string_view rest = bytes.substr(head.size());
  // The header is written and synced before any record, so a blank or
  // partial header can only be a creation that never finished, and then
  // nothing but zeros can follow it.
  if (AllZero(head)) {
    if (AllZero(rest)) return false;
    return absl::DataLossError(
        absl::StrCat("corrupt header at byte 0: the header is blank but ",
                     rest.size(), " bytes follow it"));
  }
  const size_t magic_length = std::min(head.size(), kMagic.size());
  if (head.substr(0, magic_length) != kMagic.substr(0, magic_length)) {
    return absl::DataLossError(
        "not a checkers save: it does not start with the save signature");
  }
  if (head.size() < kFileHeaderSize) return false;
  const uint32_t version = GetFixed32(head.data() + 8);
  // A newer format may lay out the rest of its header differently, so its
  // version is checked before the checksum.
  if (version > kFormatVersion) {
    return absl::DataLossError(absl::StrFormat(
        "the save is in format version %u, but this checkers reads versions "
        "up to %u; use a newer checkers to open it",
        version, kFormatVersion));
  }
  if (GetFixed32(head.data() + 28) != MaskedCrc(head.substr(0, 28))) {
    if (AllZero(rest)) return false;
    return absl::DataLossError(
        "corrupt header at byte 0: checksum mismatch in the file header");
  }
  if (version == 0) {
    return absl::DataLossError(
        "corrupt header at byte 0: format version 0 does not exist");
  }
  std::memcpy(id->data(), head.data() + 12, id->size());
  return true;
}

}  // namespace

absl::StatusOr<LogContents> ParseFrames(absl::string_view frames,
                                        uint64_t first_seq,
                                        uint64_t first_offset) {
  LogContents log;
  // Offsets are those of the whole log, of which `frames` starts at
  // first_offset.
  size_t at = 0;
  // The end of the last complete commit, and its number of records.
  size_t commit_end = 0;
  size_t committed = 0;
  while (at < frames.size()) {
    const absl::string_view rest = frames.substr(at);
    const uint64_t offset = first_offset + at;
    const uint64_t seq = first_seq + log.records.size();
    // A frame header cut short, or zeros where a commit was to be written:
    // a crash during a write that was never acknowledged. A complete frame
    // header is covered by its own checksum, so from here on a torn write
    // and damage can be told apart.
    if (AllZero(rest) || rest.size() < kFrameHeaderSize) break;
    const char* frame = rest.data();
    if (GetFixed32(frame) !=
        MaskedCrc(absl::string_view(frame + 4, kFrameHeaderSize - 4))) {
      // A frame header cut short and then zero-filled (the file's length
      // reached the disk before its data): its last byte and everything
      // after it are zero. Anything non-zero later is damage.
      if (ZeroFrom(rest, kFrameHeaderSize - 1)) break;
      return CorruptRecord(offset, seq, "checksum mismatch in record header");
    }
    const uint32_t length = GetFixed32(frame + 4);
    const uint64_t stored_seq = GetFixed64(frame + 8);
    const uint8_t flags = static_cast<uint8_t>(frame[16]);
    if (length > kMaxPayloadSize) {
      return CorruptRecord(offset, seq,
                           absl::StrCat("length ", length, " is over the ",
                                        kMaxPayloadSize, "-byte limit"));
    }
    if (stored_seq != seq) {
      return CorruptRecord(
          offset, seq,
          absl::StrCat("the record is numbered ", stored_seq,
                       " (a duplicated, missing or reordered record)"));
    }
    if ((flags & ~kLastInCommitFlag) != 0 || frame[17] != 0 || frame[18] != 0 ||
        frame[19] != 0) {
      return CorruptRecord(
          offset, seq,
          absl::StrFormat("unknown flags 0x%02x%02x%02x%02x",
                          static_cast<uint8_t>(frame[19]),
                          static_cast<uint8_t>(frame[18]),
                          static_cast<uint8_t>(frame[17]), flags));
    }
    if (rest.size() < FrameSize(length)) break;
    const absl::string_view payload = rest.substr(kFrameHeaderSize, length);
    if (GetFixed32(frame + 20) != MaskedCrc(payload)) {
      // A payload cut short and zero-filled, as above: its last byte and
      // everything after it are zero.
      if (length > 0 && ZeroFrom(rest, FrameSize(length) - 1)) break;
      return CorruptRecord(offset, seq, "checksum mismatch");
    }
    const bool last_in_commit = (flags & kLastInCommitFlag) != 0;
    log.records.push_back(
        Record{seq, offset, last_in_commit, std::string(payload)});
    at += FrameSize(length);
    if (last_in_commit) {
      commit_end = at;
      committed = log.records.size();
    }
  }
  // Records of a commit whose last record never arrived were not
  // acknowledged: they are part of the torn tail.
  log.records.resize(committed);
  log.valid_length = first_offset + commit_end;
  log.torn_bytes = frames.size() - commit_end;
  return log;
}

absl::StatusOr<LogContents> ParseLog(absl::string_view bytes) {
  LogId log_id{};
  absl::StatusOr<bool> has_header = ParseHeader(bytes, &log_id);
  if (!has_header.ok()) return has_header.status();
  if (!*has_header) {
    LogContents log;
    log.torn_bytes = bytes.size();
    return log;
  }
  absl::StatusOr<LogContents> log =
      ParseFrames(bytes.substr(kFileHeaderSize), 1, kFileHeaderSize);
  if (log.ok()) log->log_id = log_id;
  return log;
}

absl::StatusOr<LogContents> ReadLog(Env* env, const std::string& path) {
  // Checked before opening: opening a FIFO for reading waits for a writer,
  // and a directory or device is no save whatever it holds.
  absl::StatusOr<FileKind> kind = env->KindOf(path);
  if (!kind.ok()) return kind.status();
  if (*kind != FileKind::kRegular && *kind != FileKind::kMissing &&
      *kind != FileKind::kDanglingLink) {
    return absl::DataLossError(
        absl::StrCat(path, " is ", FileKindName(*kind), ", not a save file"));
  }
  absl::StatusOr<std::string> bytes = env->ReadFile(path, kMaxLogSize);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<LogContents> log = ParseLog(*bytes);
  if (!log.ok()) {
    return absl::Status(log.status().code(),
                        absl::StrCat(path, ": ", log.status().message()));
  }
  return log;
}

}  // namespace checkers::storage
