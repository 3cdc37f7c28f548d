#include "storage/log_reader.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/crc32c.h"
#include "storage/env.h"
#include "storage/log_format.h"

namespace checkers::storage {
namespace {

using Commit = std::vector<std::string>;

// A log written the way the writer writes it, with where each record
// starts and each commit ends.
struct BuiltLog {
  std::string bytes;
  std::vector<uint64_t> record_offsets;
  std::vector<uint64_t> commit_ends;
};

BuiltLog Build(const std::vector<Commit>& commits) {
  BuiltLog log;
  log.bytes = EncodeFileHeader(NewLogId());
  uint64_t seq = 1;
  for (const Commit& commit : commits) {
    for (size_t i = 0; i < commit.size(); ++i) {
      log.record_offsets.push_back(log.bytes.size());
      AppendFrame(seq++, i + 1 == commit.size(), commit[i], &log.bytes);
    }
    log.commit_ends.push_back(log.bytes.size());
  }
  return log;
}

// A few commits of different shapes: one record, three records, an empty
// payload, a payload longer than one CRC word.
const std::vector<Commit>& SampleCommits() {
  static const auto* commits = new std::vector<Commit>{
      {"game started"},        {"turn 1"}, {"turn 2", "draw offered", ""},
      {std::string(100, 'x')}, {"turn 4"},
  };
  return *commits;
}

std::vector<std::string> Payloads(const LogContents& log) {
  std::vector<std::string> out;
  for (const Record& r : log.records) out.push_back(r.payload);
  return out;
}

std::vector<std::string> PayloadsOf(const std::vector<Commit>& commits,
                                    size_t num_commits) {
  std::vector<std::string> out;
  for (size_t c = 0; c < num_commits; ++c) {
    out.insert(out.end(), commits[c].begin(), commits[c].end());
  }
  return out;
}

// Rewrites the frame header CRC of the record at `offset`, so that a test
// can forge a frame whose fields are wrong but whose checksum is right.
void ResealFrame(std::string* bytes, uint64_t offset) {
  char* frame = bytes->data() + offset;
  PutFixed32(crc32c::Mask(crc32c::Value(frame + 4, kFrameHeaderSize - 4)),
             frame);
}

void ResealHeader(std::string* bytes) {
  PutFixed32(crc32c::Mask(crc32c::Value(bytes->data(), 28)), &(*bytes)[28]);
}

void ExpectCorrupt(const absl::StatusOr<LogContents>& log,
                   absl::string_view message_part) {
  ASSERT_FALSE(log.ok()) << "parsed " << log->records.size() << " records";
  EXPECT_EQ(log.status().code(), absl::StatusCode::kDataLoss) << log.status();
  EXPECT_TRUE(absl::StrContains(log.status().message(), message_part))
      << log.status() << "\nexpected to contain: " << message_part;
}

TEST(LogReaderTest, EmptyInputIsAnEmptyLog) {
  absl::StatusOr<LogContents> log = ParseLog("");
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(log->records.empty());
  EXPECT_EQ(log->valid_length, 0u);
  EXPECT_EQ(log->torn_bytes, 0u);
}

TEST(LogReaderTest, HeaderAloneIsALogWithNoRecords) {
  const LogId id = NewLogId();
  absl::StatusOr<LogContents> log = ParseLog(EncodeFileHeader(id));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->log_id, id);
  EXPECT_TRUE(log->records.empty());
  EXPECT_EQ(log->valid_length, kFileHeaderSize);
  EXPECT_EQ(log->torn_bytes, 0u);
}

TEST(LogReaderTest, RecordsComeBackWithSeqOffsetAndCommitEnds) {
  const BuiltLog built = Build(SampleCommits());
  absl::StatusOr<LogContents> log = ParseLog(built.bytes);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(Payloads(*log), PayloadsOf(SampleCommits(), 5));
  ASSERT_EQ(log->records.size(), built.record_offsets.size());
  const std::vector<bool> ends = {true, true, false, false, true, true, true};
  for (size_t i = 0; i < log->records.size(); ++i) {
    EXPECT_EQ(log->records[i].seq, i + 1);
    EXPECT_EQ(log->records[i].offset, built.record_offsets[i]);
    EXPECT_EQ(log->records[i].last_in_commit, ends[i]) << i;
  }
  EXPECT_EQ(log->valid_length, built.bytes.size());
  EXPECT_EQ(log->torn_bytes, 0u);
}

TEST(LogReaderTest, FramesFromTheMiddleOfALogReadAsTheWholeLogDoes) {
  const BuiltLog built = Build(SampleCommits());
  absl::StatusOr<LogContents> whole = ParseLog(built.bytes);
  ASSERT_TRUE(whole.ok()) << whole.status();
  // From the third record on: what a store that keeps frames reads.
  const uint64_t from = built.record_offsets[2];
  absl::StatusOr<LogContents> tail =
      ParseFrames(absl::string_view(built.bytes).substr(from), 3, from);
  ASSERT_TRUE(tail.ok()) << tail.status();
  EXPECT_EQ(tail->records, std::vector<Record>(whole->records.begin() + 2,
                                               whole->records.end()));
  EXPECT_EQ(tail->valid_length, built.bytes.size());
  EXPECT_EQ(tail->torn_bytes, 0u);
  // Expecting another seq is damage, named at its offset in the whole log.
  absl::StatusOr<LogContents> misnumbered =
      ParseFrames(absl::string_view(built.bytes).substr(from), 4, from);
  EXPECT_EQ(misnumbered.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::StrContains(misnumbered.status().message(),
                                absl::StrCat("at byte ", from, " (seq 4)")))
      << misnumbered.status();
}

TEST(LogReaderTest, TornTailAtEveryByteOfTheLastRecordKeepsEarlierCommits) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t last_start = built.commit_ends[3];
  for (uint64_t cut = last_start; cut < built.bytes.size(); ++cut) {
    absl::StatusOr<LogContents> log = ParseLog(built.bytes.substr(0, cut));
    ASSERT_TRUE(log.ok()) << "cut at " << cut << ": " << log.status();
    EXPECT_EQ(Payloads(*log), PayloadsOf(SampleCommits(), 4)) << cut;
    EXPECT_EQ(log->valid_length, last_start) << cut;
    EXPECT_EQ(log->torn_bytes, cut - last_start) << cut;
  }
}

TEST(LogReaderTest, TornTailAtEveryByteOfAMultiRecordCommitDropsTheCommit) {
  const std::vector<Commit> commits(SampleCommits().begin(),
                                    SampleCommits().begin() + 3);
  const BuiltLog built = Build(commits);
  const uint64_t last_start = built.commit_ends[1];
  for (uint64_t cut = last_start; cut < built.bytes.size(); ++cut) {
    absl::StatusOr<LogContents> log = ParseLog(built.bytes.substr(0, cut));
    ASSERT_TRUE(log.ok()) << "cut at " << cut << ": " << log.status();
    EXPECT_EQ(Payloads(*log), PayloadsOf(commits, 2)) << cut;
    EXPECT_EQ(log->valid_length, last_start) << cut;
    EXPECT_EQ(log->torn_bytes, cut - last_start) << cut;
  }
}

// FORMAT.md's crash model: a commit cut short at any byte, then zero bytes
// where the rest of the file's length reached the disk before its data.
TEST(LogReaderTest, CommitCutShortAndZeroFilledIsTornAtEveryCutPoint) {
  const BuiltLog built = Build(SampleCommits());
  for (size_t c : {size_t{2}, size_t{4}}) {
    const uint64_t start = built.commit_ends[c - 1];
    const uint64_t end = built.commit_ends[c];
    for (uint64_t cut = start; cut < end; ++cut) {
      for (size_t zeros : {size_t{1}, end - cut, end - cut + 30}) {
        SCOPED_TRACE(absl::StrCat("commit ", c, " cut at ", cut, ", ", zeros,
                                  " zero bytes"));
        const std::string bytes =
            built.bytes.substr(0, cut) + std::string(zeros, '\0');
        absl::StatusOr<LogContents> log = ParseLog(bytes);
        ASSERT_TRUE(log.ok()) << log.status();
        EXPECT_EQ(Payloads(*log), PayloadsOf(SampleCommits(), c));
        EXPECT_EQ(log->valid_length, start);
        EXPECT_EQ(log->torn_bytes, bytes.size() - start);
      }
    }
  }
}

// Zeros over part of a commit that later commits follow cannot be a crash:
// only the last commit is ever being written.
TEST(LogReaderTest, CommitCutShortAndZeroFilledBeforeGoodCommitsIsCorruption) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t start = built.commit_ends[1];
  const uint64_t end = built.commit_ends[2];
  for (uint64_t cut = start; cut < end; ++cut) {
    SCOPED_TRACE(absl::StrCat("cut at ", cut));
    std::string bytes = built.bytes;
    for (uint64_t i = cut; i < end; ++i) bytes[i] = '\0';
    ExpectCorrupt(ParseLog(bytes), "corrupt record at byte ");
  }
}

TEST(LogReaderTest, CommitWithoutItsLastRecordIsTorn) {
  BuiltLog built = Build({{"a"}});
  const uint64_t commit_start = built.bytes.size();
  AppendFrame(2, false, "b", &built.bytes);
  AppendFrame(3, false, "c", &built.bytes);
  absl::StatusOr<LogContents> log = ParseLog(built.bytes);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"a"});
  EXPECT_EQ(log->valid_length, commit_start);
  EXPECT_EQ(log->torn_bytes, built.bytes.size() - commit_start);
}

TEST(LogReaderTest, ZeroBytesAfterTheLastCommitAreTorn) {
  const BuiltLog built = Build(SampleCommits());
  for (size_t zeros : {1, 7, 23, 24, 25, 4096}) {
    absl::StatusOr<LogContents> log =
        ParseLog(built.bytes + std::string(zeros, '\0'));
    ASSERT_TRUE(log.ok()) << zeros << ": " << log.status();
    EXPECT_EQ(log->records.size(), 7u);
    EXPECT_EQ(log->valid_length, built.bytes.size());
    EXPECT_EQ(log->torn_bytes, zeros);
  }
}

TEST(LogReaderTest, ZeroBytesWhereTheLastRecordWasToBeWrittenAreTorn) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t last_start = built.commit_ends[3];
  std::string bytes = built.bytes;
  for (size_t i = last_start; i < bytes.size(); ++i) bytes[i] = '\0';
  absl::StatusOr<LogContents> log = ParseLog(bytes);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->records.size(), 6u);
  EXPECT_EQ(log->torn_bytes, bytes.size() - last_start);
}

TEST(LogReaderTest, HeaderCutShortIsAnEmptyLogWithEveryByteTorn) {
  const std::string header = EncodeFileHeader(NewLogId());
  for (size_t length = 1; length < kFileHeaderSize; ++length) {
    absl::StatusOr<LogContents> log = ParseLog(header.substr(0, length));
    ASSERT_TRUE(log.ok()) << length << ": " << log.status();
    EXPECT_TRUE(log->records.empty());
    EXPECT_EQ(log->valid_length, 0u);
    EXPECT_EQ(log->torn_bytes, length);
  }
}

TEST(LogReaderTest, FileOfZeroBytesIsAnEmptyLogWithEveryByteTorn) {
  for (size_t length : {1, 31, 32, 33, 500}) {
    absl::StatusOr<LogContents> log = ParseLog(std::string(length, '\0'));
    ASSERT_TRUE(log.ok()) << length << ": " << log.status();
    EXPECT_EQ(log->valid_length, 0u);
    EXPECT_EQ(log->torn_bytes, length);
  }
}

TEST(LogReaderTest, BlankHeaderFollowedByDataIsCorrupt) {
  std::string bytes = Build(SampleCommits()).bytes;
  for (size_t i = 0; i < kFileHeaderSize; ++i) bytes[i] = '\0';
  ExpectCorrupt(ParseLog(bytes), "corrupt header at byte 0");
}

TEST(LogReaderTest, HeaderWithBadChecksumAndNothingAfterItIsTorn) {
  std::string header = EncodeFileHeader(NewLogId());
  header[14] ^= 0x10;
  for (const std::string& bytes : {header, header + std::string(50, '\0')}) {
    absl::StatusOr<LogContents> log = ParseLog(bytes);
    ASSERT_TRUE(log.ok()) << log.status();
    EXPECT_EQ(log->valid_length, 0u);
    EXPECT_EQ(log->torn_bytes, bytes.size());
  }
}

TEST(LogReaderTest, FlippedByteAnywhereInTheHeaderOfALogWithRecordsIsAnError) {
  const BuiltLog built = Build(SampleCommits());
  for (size_t i = 0; i < kFileHeaderSize; ++i) {
    for (uint8_t pattern : {0x01, 0x80, 0xff}) {
      std::string bytes = built.bytes;
      bytes[i] ^= static_cast<char>(pattern);
      absl::StatusOr<LogContents> log = ParseLog(bytes);
      ASSERT_FALSE(log.ok()) << "byte " << i << " pattern " << int{pattern};
      EXPECT_EQ(log.status().code(), absl::StatusCode::kDataLoss);
    }
  }
}

TEST(LogReaderTest, FileThatIsNotASaveIsRefused) {
  for (const std::string& bytes :
       {std::string("hello"), std::string("# not a save file at all\n"),
        std::string(100, 'x'), std::string("\x89") + "CKLOX"}) {
    ExpectCorrupt(ParseLog(bytes), "not a checkers save");
  }
}

TEST(LogReaderTest, NewerFormatVersionIsRefusedWithAClearMessage) {
  std::string bytes = Build(SampleCommits()).bytes;
  PutFixed32(2, &bytes[8]);
  ResealHeader(&bytes);
  ExpectCorrupt(ParseLog(bytes),
                "the save is in format version 2, but this checkers reads "
                "versions up to 1; use a newer checkers to open it");
  // Even when its header would not check as a version-1 header.
  PutFixed32(7, &bytes[8]);
  ExpectCorrupt(ParseLog(bytes), "format version 7");
}

TEST(LogReaderTest, FormatVersionZeroIsRefused) {
  std::string bytes = Build(SampleCommits()).bytes;
  PutFixed32(0, &bytes[8]);
  ResealHeader(&bytes);
  ExpectCorrupt(ParseLog(bytes), "format version 0");
}

// Every single-byte change to a complete record must be corruption naming
// that record, whichever record it is: the last one is acknowledged as much
// as the earlier ones.
TEST(LogReaderTest, FlippedByteAtEveryPositionOfEveryRecordIsCorruption) {
  const BuiltLog built = Build(SampleCommits());
  for (size_t r = 0; r < built.record_offsets.size(); ++r) {
    const uint64_t start = built.record_offsets[r];
    const uint64_t end = r + 1 < built.record_offsets.size()
                             ? built.record_offsets[r + 1]
                             : built.bytes.size();
    const std::string expected =
        absl::StrCat("corrupt record at byte ", start, " (seq ", r + 1, "): ");
    for (uint64_t i = start; i < end; ++i) {
      for (uint8_t pattern : {0x01, 0x10, 0x80, 0xff, 0x5a}) {
        std::string bytes = built.bytes;
        bytes[i] ^= static_cast<char>(pattern);
        SCOPED_TRACE(absl::StrCat("byte ", i, " pattern ", pattern));
        ExpectCorrupt(ParseLog(bytes), expected);
      }
    }
  }
}

TEST(LogReaderTest, PayloadChecksumMismatchSaysChecksumMismatch) {
  const BuiltLog built = Build(SampleCommits());
  std::string bytes = built.bytes;
  bytes[built.record_offsets[1] + kFrameHeaderSize] ^= 1;
  ExpectCorrupt(ParseLog(bytes),
                absl::StrCat("corrupt record at byte ", built.record_offsets[1],
                             " (seq 2): checksum mismatch"));
}

TEST(LogReaderTest, ChangedLengthIsCorruptionNotATornTail) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t last = built.record_offsets.back();
  for (uint32_t length : {0u, 5u, 1000u, 1u << 20, 0xffffffffu}) {
    std::string bytes = built.bytes;
    PutFixed32(length, &bytes[last + 4]);
    ExpectCorrupt(ParseLog(bytes),
                  absl::StrCat("corrupt record at byte ", last,
                               " (seq 7): checksum mismatch in record header"));
  }
}

TEST(LogReaderTest, LengthOverTheCapIsCorruptionEvenWithAValidChecksum) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t last = built.record_offsets.back();
  for (uint32_t length : {uint32_t{kMaxPayloadSize + 1}, 0xffffffffu}) {
    std::string bytes = built.bytes;
    PutFixed32(length, &bytes[last + 4]);
    ResealFrame(&bytes, last);
    ExpectCorrupt(
        ParseLog(bytes),
        absl::StrCat("corrupt record at byte ", last, " (seq 7): length ",
                     length, " is over the 1048576-byte limit"));
  }
}

TEST(LogReaderTest, LengthWithinTheCapRunningPastTheEndIsTorn) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t last = built.record_offsets.back();
  std::string bytes = built.bytes;
  PutFixed32(kMaxPayloadSize, &bytes[last + 4]);
  ResealFrame(&bytes, last);
  absl::StatusOr<LogContents> log = ParseLog(bytes);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->records.size(), 6u);
  EXPECT_EQ(log->valid_length, last);
}

TEST(LogReaderTest, DuplicatedRecordIsCorruption) {
  BuiltLog built = Build({{"a"}, {"b"}});
  const uint64_t third = built.bytes.size();
  built.bytes.append(built.bytes.substr(built.record_offsets[1]));
  ExpectCorrupt(ParseLog(built.bytes),
                absl::StrCat("corrupt record at byte ", third,
                             " (seq 3): the record is numbered 2"));
}

TEST(LogReaderTest, ReorderedRecordsAreCorruption) {
  const BuiltLog built = Build({{"a"}, {"b"}, {"c"}});
  const std::string second =
      built.bytes.substr(built.record_offsets[1],
                         built.record_offsets[2] - built.record_offsets[1]);
  const std::string third = built.bytes.substr(built.record_offsets[2]);
  const std::string bytes =
      built.bytes.substr(0, built.record_offsets[1]) + third + second;
  ExpectCorrupt(ParseLog(bytes),
                absl::StrCat("corrupt record at byte ", built.record_offsets[1],
                             " (seq 2): the record is numbered 3"));
}

TEST(LogReaderTest, MissingRecordIsCorruption) {
  const BuiltLog built = Build({{"a"}, {"b"}, {"c"}});
  const std::string bytes = built.bytes.substr(0, built.record_offsets[1]) +
                            built.bytes.substr(built.record_offsets[2]);
  ExpectCorrupt(ParseLog(bytes), "(seq 2): the record is numbered 3");
}

TEST(LogReaderTest, UnknownFlagsAreCorruption) {
  const BuiltLog built = Build(SampleCommits());
  const uint64_t first = built.record_offsets[0];
  for (size_t byte : {16, 17, 19}) {
    std::string bytes = built.bytes;
    bytes[first + byte] |= 0x04;
    ResealFrame(&bytes, first);
    ExpectCorrupt(ParseLog(bytes), "(seq 1): unknown flags");
  }
}

// ReadLog on real files.
std::string TestPath(absl::string_view name) {
  const char* base = std::getenv("TEST_TMPDIR");
  return absl::StrCat(base != nullptr ? base : "/tmp", "/", name);
}

void WriteFile(const std::string& path, const std::string& bytes) {
  auto file = Env::Default()->OpenForAppend(path, OpenMode::kCreateEmpty);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_TRUE((*file)->Append(bytes).ok());
}

TEST(LogReaderTest, ReadLogOfAMissingFileIsNotFound) {
  EXPECT_EQ(ReadLog(Env::Default(), TestPath("missing.log")).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(LogReaderTest, ReadLogReportsATornTailAndLeavesTheFileAlone) {
  const std::string path = TestPath("torn.log");
  const BuiltLog built = Build(SampleCommits());
  const std::string bytes = built.bytes.substr(0, built.bytes.size() - 3);
  WriteFile(path, bytes);
  absl::StatusOr<LogContents> log = ReadLog(Env::Default(), path);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->records.size(), 6u);
  EXPECT_EQ(log->torn_bytes, bytes.size() - built.commit_ends[3]);
  EXPECT_EQ(*Env::Default()->ReadFile(path, kMaxLogSize), bytes);
}

TEST(LogReaderTest, ReadLogErrorsNameThePath) {
  const std::string path = TestPath("corrupt.log");
  std::string bytes = Build(SampleCommits()).bytes;
  bytes[40] ^= 1;
  WriteFile(path, bytes);
  ExpectCorrupt(ReadLog(Env::Default(), path),
                absl::StrCat(path, ": corrupt record at byte 32 (seq 1)"));
}

}  // namespace
}  // namespace checkers::storage
