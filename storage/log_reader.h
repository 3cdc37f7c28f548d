// Reading a save file and deciding, byte by byte, what is an acknowledged
// record, what is the harmless remains of a write that a crash cut short
// (a torn tail), and what is damage. FORMAT.md states the rules.

#ifndef CHECKERS_STORAGE_LOG_READER_H_
#define CHECKERS_STORAGE_LOG_READER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "storage/env.h"
#include "storage/log_format.h"

namespace checkers::storage {

// What a log holds.
struct LogContents {
  // The id in the header; all zero when the file holds no complete header.
  LogId log_id{};
  // The records of every complete commit, in order: records[i].seq == i+1.
  std::vector<Record> records;
  // The length of the header plus every complete commit. 0 when there is
  // no complete header: the file is empty, or its creation was cut short.
  uint64_t valid_length = 0;
  // The bytes after valid_length: a commit (or a header) that a crash cut
  // short, or zero bytes of a file extended but never written. They were
  // never acknowledged, so a writer drops them.
  uint64_t torn_bytes = 0;
};

// Parses a whole log held in memory (a file's contents, or standard input
// for `audit -`). A torn tail is not an error: it is reported in
// torn_bytes. Anything that a cut-short write cannot explain is DataLoss
// naming the byte offset and the seq, e.g. "corrupt record at byte 1234
// (seq 17): checksum mismatch": a checksum mismatch in a record that is
// complete, a sequence number that is not the previous one plus one, a
// length over kMaxPayloadSize, a damaged header with data after it, a file
// that is not a save, or a format version newer than this build reads.
absl::StatusOr<LogContents> ParseLog(absl::string_view bytes);

// Parses `frames`, the frames of a log from the record numbered `first_seq`
// on, which starts at byte `first_offset` of the log's file form (a store
// that keeps frames rather than files reads them this way), by the rules
// of ParseLog: records get their seqs and offsets in the whole log,
// valid_length is the offset where the last complete commit ends, and
// errors name offsets in the whole log. log_id is left zero.
absl::StatusOr<LogContents> ParseFrames(absl::string_view frames,
                                        uint64_t first_seq,
                                        uint64_t first_offset);

// Reads and parses the log at `path`. Takes no lock and never modifies the
// file, so it may run while a game is writing. NotFound when the file does
// not exist; DataLoss, without opening it, when `path` is not a regular
// file (a FIFO, device, directory or socket), and when it is over
// kMaxLogSize bytes; PermissionDenied when it may not be read; errors of
// ParseLog are prefixed with the path.
absl::StatusOr<LogContents> ReadLog(Env* env, const std::string& path);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_LOG_READER_H_
