#include "storage/event_log.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/event_log_contract.h"
#include "storage/fault_env.h"
#include "storage/test_logs.h"
#include "storage/log_format.h"
#include "storage/log_reader.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

const std::string kPath = "/home/ann/.local/state/checkers/match.log";

std::unique_ptr<FileEventLog> MustOpen(Env* env,
                                       const std::string& path = kPath) {
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env, path);
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? std::move(*log) : nullptr;
}

std::string FileBytes(Env& env, const std::string& path = kPath) {
  absl::StatusOr<std::string> bytes = env.ReadFile(path, kMaxLogSize);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : "";
}

// The bytes of a log holding `commits`, as FileEventLog writes it.
std::string WrittenLog(const std::vector<Commit>& commits) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : commits) EXPECT_TRUE(log->Append(c).ok());
  return FileBytes(env);
}

// --- The contract every implementation keeps (event_log_contract.h). ---

// A log on a file system in memory.
class FileLogUnderTest : public LogUnderTest {
 public:
  FileLogUnderTest() : log_(MustOpen(&env_)) {}
  EventLog& log() override { return *log_; }

 private:
  FaultEnv env_;
  std::unique_ptr<FileEventLog> log_;
};

class MemoryLogUnderTest : public LogUnderTest {
 public:
  EventLog& log() override { return log_; }

 private:
  MemoryEventLog log_;
};

INSTANTIATE_TEST_SUITE_P(
    FileAndMemory, EventLogContractTest,
    testing::Values(
        EventLogKind{"File", true,
                     [] { return std::make_unique<FileLogUnderTest>(); }},
        EventLogKind{"Memory", false,
                     [] { return std::make_unique<MemoryLogUnderTest>(); }}),
    KindName);

TEST(FileEventLogTest,
     AppendPastTheReadersLimitIsRefusedAndTheSaveStaysReadable) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  const std::string big(kMaxPayloadSize, 'x');
  absl::Status status;
  while ((status = log->Append({big})).ok()) {
  }
  EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted) << status;
  EXPECT_TRUE(absl::StrContains(status.message(), kPath)) << status;
  const size_t kept = log->records().size();
  ASSERT_GT(kept, 60u);
  // Refused, not failed: what still fits is accepted.
  ASSERT_TRUE(log->Append({"turn"}).ok());
  EXPECT_EQ(log->ReplaceWith(std::vector<std::string>(70, big)).code(),
            absl::StatusCode::kResourceExhausted);
  log.reset();

  absl::StatusOr<LogContents> read = ReadLog(&env, kPath);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->records.size(), kept + 1);
  EXPECT_EQ(read->torn_bytes, 0u);
  EXPECT_EQ(CreateLogFile(&env, "/elsewhere/big.log",
                          std::vector<Commit>(70, Commit{big}))
                .code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_FALSE(env.FileExists("/elsewhere/big.log"));
}

TEST(MemoryEventLogTest, ContinuesFromTheRecordsOfAnotherLog) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> file = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(file->Append(c).ok());
  MemoryEventLog memory(file->records());
  ASSERT_TRUE(memory.Append({"turn 4"}).ok());
  ASSERT_TRUE(file->Append({"turn 4"}).ok());
  EXPECT_EQ(memory.records(), file->records());
}

// --- FileEventLog: opening, recovery, faults. ---

TEST(FileEventLogTest, OpenCreatesTheFileAndItsDirectoriesDurably) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  EXPECT_TRUE(log->records().empty());
  EXPECT_EQ(log->recovery_notice(), "");
  const LogId id = log->log_id();
  log.reset();
  env.SimulateCrash();
  absl::StatusOr<LogContents> contents = ReadLog(&env, kPath);
  ASSERT_TRUE(contents.ok()) << contents.status();
  EXPECT_EQ(contents->log_id, id);
  EXPECT_EQ(contents->valid_length, kFileHeaderSize);
  EXPECT_EQ(contents->torn_bytes, 0u);
}

TEST(FileEventLogTest,
     OpenWithoutCreateOnAMissingFileIsNotFoundAndCreatesNothing) {
  FaultEnv env;
  FileEventLog::Options options;
  options.create_if_missing = false;
  auto log = FileEventLog::Open(&env, kPath, options);
  EXPECT_EQ(log.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(absl::StrContains(log.status().message(), kPath));
  EXPECT_FALSE(env.FileExists(ParentDir(kPath)));
}

// Opening for reading a FIFO with no writer would wait forever; a
// directory would be renamed aside, contents and all, as a damaged save.
TEST(FileEventLogTest, SaveThatIsNotARegularFileIsRefusedAtOnceAndLeftAlone) {
  const std::string dir = RunningTestDir("event_log_test");
  const std::string fifo = dir + "/fifo.log";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  const std::string directory = dir + "/directory.log";
  ASSERT_TRUE(Env::Default()->CreateDirs(directory + "/inside").ok());
  // A socket's path must fit sockaddr_un's 108 bytes, which the test's
  // own directory may not.
  char short_dir[] = "/tmp/event_log_test.XXXXXX";
  ASSERT_NE(::mkdtemp(short_dir), nullptr) << std::strerror(errno);
  const std::string socket_path = absl::StrCat(short_dir, "/socket.log");
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(socket_path.size(), sizeof(address.sun_path));
  std::strcpy(address.sun_path, socket_path.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)),
            0)
      << std::strerror(errno);
  const std::string dangling = dir + "/dangling.log";
  ASSERT_EQ(::symlink((dir + "/nothing").c_str(), dangling.c_str()), 0);

  for (const auto& [path, kind] :
       std::vector<std::pair<std::string, std::string>>{
           {fifo, "a FIFO"},
           {directory, "a directory"},
           {socket_path, "a socket"},
           {"/dev/null", "a device"},
           {dangling, "a symbolic link to nothing"}}) {
    SCOPED_TRACE(path);
    auto log = FileEventLog::Open(Env::Default(), path);
    ASSERT_FALSE(log.ok());
    EXPECT_EQ(log.status().code(), absl::StatusCode::kInternal);
    EXPECT_TRUE(absl::StrContains(
        log.status().message(), absl::StrCat(path, " as the save: it is ", kind,
                                             ", not a regular file")))
        << log.status();
    EXPECT_FALSE(Env::Default()->FileExists(path + ".lock"));
    absl::StatusOr<LogContents> read = ReadLog(Env::Default(), path);
    if (kind != "a symbolic link to nothing") {
      EXPECT_EQ(read.status().code(), absl::StatusCode::kDataLoss);
      EXPECT_TRUE(absl::StrContains(read.status().message(),
                                    absl::StrCat(path, " is ", kind)))
          << read.status();
    } else {
      EXPECT_EQ(read.status().code(), absl::StatusCode::kNotFound);
    }
  }
  EXPECT_TRUE(Env::Default()->FileExists(directory + "/inside"));
  EXPECT_FALSE(Env::Default()->FileExists(dangling));
  ::close(fd);
}

TEST(FileEventLogTest, SymlinkedSaveIsWrittenThroughToItsTarget) {
  const std::string dir = RunningTestDir("event_log_test");
  const std::string target = dir + "/target.log";
  const std::string link = dir + "/link.log";
  {
    std::unique_ptr<FileEventLog> log = MustOpen(Env::Default(), target);
    ASSERT_TRUE(log->Append({"turn 1"}).ok());
  }
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  {
    std::unique_ptr<FileEventLog> log = MustOpen(Env::Default(), link);
    ASSERT_EQ(Payloads(*log), std::vector<std::string>{"turn 1"});
    ASSERT_TRUE(log->ReplaceWith({"new game"}).ok());
    ASSERT_TRUE(log->Append({"turn 1 again"}).ok());
  }
  struct stat st;
  ASSERT_EQ(::lstat(link.c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  absl::StatusOr<LogContents> contents = ReadLog(Env::Default(), target);
  ASSERT_TRUE(contents.ok()) << contents.status();
  ASSERT_EQ(contents->records.size(), 2u);
  EXPECT_EQ(contents->records[1].payload, "turn 1 again");
}

TEST(FileEventLogTest, OpenMakesTheEntryDurableOfAFileItDidNotCreate) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs(ParentDir(kPath)).ok());
  {
    // A writer that created the file and stopped before syncing its
    // directory.
    auto file = env.OpenForAppend(kPath, OpenMode::kCreateIfMissing);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Append(EncodeFileHeader(NewLogId())).ok());
    ASSERT_TRUE((*file)->Sync().ok());
  }
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  ASSERT_TRUE(log->Append({"game started"}).ok());
  log.reset();
  env.SimulateCrash();
  log = MustOpen(&env);
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
}

TEST(FileEventLogTest, ReopenReadsBackTheRecordsAndTheLogId) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  const std::vector<Record> records = log->records();
  const LogId id = log->log_id();
  log.reset();
  log = MustOpen(&env);
  EXPECT_EQ(log->records(), records);
  EXPECT_EQ(log->log_id(), id);
  EXPECT_EQ(log->recovery_notice(), "");
}

TEST(FileEventLogTest, CommitIsOneWriteAndOneSync) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) {
    const int appends = env.append_calls(), syncs = env.sync_calls();
    ASSERT_TRUE(log->Append(c).ok());
    EXPECT_EQ(env.append_calls() - appends, 1);
    EXPECT_EQ(env.sync_calls() - syncs, 1);
  }
}

TEST(FileEventLogTest, AcknowledgedCommitsAndUndoSurviveACrash) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  ASSERT_TRUE(log->TruncateTo(4).ok());
  log.reset();
  env.SimulateCrash();
  log = MustOpen(&env);
  EXPECT_EQ(Payloads(*log), (std::vector<std::string>{"game started", "turn 1",
                                                      "turn 2", "game ended"}));
}

void ExpectTornTailIsTruncated(const std::vector<Commit>& commits) {
  const std::string full = WrittenLog(commits);
  const std::vector<Commit> kept(commits.begin(), commits.end() - 1);
  absl::StatusOr<LogContents> contents = ParseLog(full);
  ASSERT_TRUE(contents.ok());
  const std::string prefix =
      full.substr(0, contents->records[Flatten(kept).size()].offset);
  for (size_t cut = prefix.size() + 1; cut < full.size(); ++cut) {
    SCOPED_TRACE(absl::StrCat("cut at byte ", cut));
    FaultEnv env;
    env.PutFile(kPath, full.substr(0, cut));
    std::unique_ptr<FileEventLog> log = MustOpen(&env);
    ASSERT_NE(log, nullptr);
    EXPECT_EQ(log->recovery_notice(),
              absl::StrCat("dropped ", cut - prefix.size(),
                           cut - prefix.size() == 1 ? " byte" : " bytes",
                           " of an unfinished turn at the end of ", kPath));
    EXPECT_EQ(Payloads(*log), Flatten(kept));
    EXPECT_EQ(FileBytes(env), prefix);
    // The truncation was synced: a crash now does not bring the bytes back.
    log.reset();
    env.SimulateCrash();
    EXPECT_EQ(FileBytes(env), prefix);
    log = MustOpen(&env);
    ASSERT_TRUE(log->Append(commits.back()).ok());
    EXPECT_EQ(FileBytes(env).size(), full.size());
    EXPECT_EQ(Payloads(*log), Flatten(commits));
  }
}

TEST(FileEventLogTest, TornTailAtEveryByteOfTheLastRecordIsTruncatedOnOpen) {
  ExpectTornTailIsTruncated(
      {{"game started"}, {"turn 1"}, {std::string(40, 't')}});
}

TEST(FileEventLogTest,
     TornTailAtEveryByteOfAMultiRecordCommitIsTruncatedOnOpen) {
  ExpectTornTailIsTruncated(
      {{"game started"}, {"turn 1"}, {"turn 2", "draw offered", "game ended"}});
}

TEST(FileEventLogTest, ZeroFilledTailIsTruncatedOnOpen) {
  const std::string bytes = WrittenLog(SampleCommits());
  FaultEnv env;
  env.PutFile(kPath, bytes + std::string(4096, '\0'));
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  EXPECT_EQ(
      log->recovery_notice(),
      absl::StrCat("dropped 4096 bytes of an unfinished turn at the end of ",
                   kPath));
  EXPECT_EQ(FileBytes(env), bytes);
}

TEST(FileEventLogTest, InterruptedCreationIsReplacedByAFreshHeader) {
  const std::string header = EncodeFileHeader(NewLogId());
  for (size_t length : {0, 1, 8, 31}) {
    FaultEnv env;
    env.PutFile(kPath, header.substr(0, length));
    std::unique_ptr<FileEventLog> log = MustOpen(&env);
    EXPECT_EQ(log->recovery_notice(),
              length == 0 ? ""
                          : absl::StrCat("dropped ", length,
                                         length == 1 ? " byte" : " bytes",
                                         " of a save whose creation was "
                                         "interrupted: ",
                                         kPath));
    ASSERT_TRUE(log->Append({"game started"}).ok());
    log.reset();
    env.SimulateCrash();
    log = MustOpen(&env);
    EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
  }
}

TEST(FileEventLogTest,
     FlippedByteAnywhereIsCorruptionAndLeavesTheFileUntouched) {
  const std::string bytes = WrittenLog(SampleCommits());
  absl::StatusOr<LogContents> contents = ParseLog(bytes);
  ASSERT_TRUE(contents.ok());
  const std::vector<Record>& records = contents->records;
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (uint8_t pattern : {0x01, 0x80, 0xff}) {
      SCOPED_TRACE(absl::StrCat("byte ", i, " pattern ", pattern));
      std::string damaged = bytes;
      damaged[i] ^= static_cast<char>(pattern);
      FaultEnv env;
      env.PutFile(kPath, damaged);
      auto log = FileEventLog::Open(&env, kPath);
      ASSERT_FALSE(log.ok());
      EXPECT_EQ(log.status().code(), absl::StatusCode::kDataLoss);
      EXPECT_EQ(FileBytes(env), damaged);
      if (i >= kFileHeaderSize) {
        size_t r = records.size() - 1;
        while (records[r].offset > i) --r;
        EXPECT_TRUE(absl::StrContains(
            log.status().message(),
            absl::StrCat(kPath, ": corrupt record at byte ", records[r].offset,
                         " (seq ", records[r].seq, "): ")))
            << log.status();
      }
      // The failed open let go of the lock.
      EXPECT_TRUE(env.LockFile(kPath + ".lock").ok());
    }
  }
}

TEST(FileEventLogTest, FileThatIsNotASaveOrIsNewerIsRefusedUntouched) {
  std::string newer = WrittenLog(SampleCommits());
  PutFixed32(2, &newer[8]);
  for (const std::string& bytes : {std::string("my notes\n"), newer}) {
    FaultEnv env;
    env.PutFile(kPath, bytes);
    auto log = FileEventLog::Open(&env, kPath);
    EXPECT_EQ(log.status().code(), absl::StatusCode::kDataLoss);
    EXPECT_EQ(FileBytes(env), bytes);
  }
}

TEST(FileEventLogTest, SecondWriterIsUnavailableWhileTheFirstHoldsTheLock) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> first = MustOpen(&env);
  auto second = FileEventLog::Open(&env, kPath);
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_TRUE(absl::StrContains(second.status().message(),
                                "in use by another running checkers game"))
      << second.status();
  first.reset();
  EXPECT_NE(MustOpen(&env), nullptr);
}

TEST(FileEventLogTest, ReadingDoesNotNeedTheLock) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  ASSERT_TRUE(log->Append({"game started"}).ok());
  absl::StatusOr<LogContents> contents = ReadLog(&env, kPath);
  ASSERT_TRUE(contents.ok()) << contents.status();
  EXPECT_EQ(contents->records, log->records());
}

TEST(FileEventLogTest,
     ShortWriteThenEnospcRefusesLaterWritesAndReopenRecovers) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  ASSERT_TRUE(log->Append({"game started"}).ok());
  env.SetSpaceLeft(10);
  absl::Status status = log->Append({"turn 1", "game ended"});
  EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(status.message(),
            absl::StrCat("cannot write ", kPath, ": No space left on device"));
  env.SetSpaceLeft(std::nullopt);
  for (absl::Status later : {log->Append({"turn 1"}), log->TruncateTo(0),
                             log->ReplaceWith({"new game"})}) {
    EXPECT_EQ(later.code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_TRUE(absl::StrContains(later.message(), "No space left on device"))
        << later;
  }
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
  log.reset();
  log = MustOpen(&env);
  EXPECT_EQ(
      log->recovery_notice(),
      absl::StrCat("dropped 10 bytes of an unfinished turn at the end of ",
                   kPath));
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
  ASSERT_TRUE(log->Append({"turn 1"}).ok());
}

TEST(FileEventLogTest, EioOnSyncRefusesLaterWritesAndTheTurnIsNotKept) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  ASSERT_TRUE(log->Append({"game started"}).ok());
  env.SetSyncFails(true);
  absl::Status status = log->Append({"turn 1"});
  EXPECT_EQ(status.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(status.message(),
            absl::StrCat("cannot sync ", kPath, ": Input/output error"));
  env.SetSyncFails(false);
  EXPECT_EQ(log->Append({"turn 1"}).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
  log.reset();
  env.SimulateCrash();
  log = MustOpen(&env);
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"game started"});
}

TEST(FileEventLogTest, EioOnTruncateSyncRefusesLaterWrites) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  env.SetSyncFails(true);
  EXPECT_EQ(log->TruncateTo(1).code(), absl::StatusCode::kInternal);
  EXPECT_EQ(log->records().size(), 5u);
  env.SetSyncFails(false);
  EXPECT_EQ(log->Append({"x"}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(FileEventLogTest, ErofsOnCreateIsPermissionDeniedNamingThePath) {
  FaultEnv env;
  ASSERT_TRUE(env.CreateDirs(ParentDir(kPath)).ok());
  env.SetReadOnly(true);
  auto log = FileEventLog::Open(&env, kPath);
  EXPECT_EQ(log.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_TRUE(absl::StrContains(log.status().message(), kPath));
  EXPECT_TRUE(
      absl::StrContains(log.status().message(), "Read-only file system"));
  EXPECT_FALSE(env.FileExists(kPath));
}

TEST(FileEventLogTest, ErofsOnAnExistingSaveIsPermissionDeniedAndUntouched) {
  FaultEnv env;
  MustOpen(&env).reset();
  const std::string bytes = FileBytes(env);
  env.SetReadOnly(true);
  auto log = FileEventLog::Open(&env, kPath);
  EXPECT_EQ(log.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(log.status().message(),
            absl::StrCat("cannot open ", kPath, ": Read-only file system"));
  EXPECT_EQ(FileBytes(env), bytes);
}

// Runs random appends and undos, stops the machine after a random number of
// disk operations, crashes (sometimes tearing the unsynced write), and
// reopens: every acknowledged commit must be there, and nothing but the
// commit or undo that was in flight may differ.
TEST(FileEventLogTest, CrashAtRandomPointsKeepsEveryAcknowledgedCommit) {
  std::mt19937_64 rng(1234);
  int torn_recoveries = 0;
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE(absl::StrCat("round ", round));
    FaultEnv env;
    std::vector<Commit> acked;
    int next_turn = 0;
    for (int life = 0; life < 4; ++life) {
      std::unique_ptr<FileEventLog> log;
      {
        auto opened = FileEventLog::Open(&env, kPath);
        ASSERT_TRUE(opened.ok()) << opened.status();
        log = std::move(*opened);
      }
      if (!log->recovery_notice().empty()) ++torn_recoveries;
      ASSERT_EQ(Payloads(*log), Flatten(acked));
      ASSERT_EQ(CommitEnds(*log), CommitEndsOf(acked));
      env.StopAfterOperations(static_cast<int>(rng() % 12));
      // What a reopen may find besides `acked`: the in-flight change.
      std::vector<Commit> in_flight = acked;
      while (true) {
        absl::Status status;
        std::vector<Commit> after = acked;
        if (!acked.empty() && rng() % 4 == 0) {
          const size_t keep = rng() % acked.size();
          after.resize(keep);
          size_t records = 0;
          for (size_t c = 0; c < keep; ++c) records += acked[c].size();
          status = log->TruncateTo(records);
        } else {
          Commit commit;
          const int size = 1 + static_cast<int>(rng() % 3);
          for (int r = 0; r < size; ++r) {
            commit.push_back(absl::StrCat("turn ", next_turn++, " ",
                                          std::string(rng() % 50, 'p')));
          }
          after.push_back(commit);
          status = log->Append(commit);
        }
        if (!status.ok()) {
          in_flight = after;
          break;
        }
        acked = after;
      }
      log.reset();
      env.SimulateCrash(rng() % 2 == 0 ? &rng : nullptr);
      absl::StatusOr<LogContents> contents = ReadLog(&env, kPath);
      ASSERT_TRUE(contents.ok()) << contents.status();
      std::vector<std::string> found;
      for (const Record& r : contents->records) found.push_back(r.payload);
      if (found == Flatten(in_flight)) {
        acked = in_flight;
      } else {
        ASSERT_EQ(found, Flatten(acked));
      }
    }
  }
  // The rounds must have exercised the recovery of torn tails.
  EXPECT_GT(torn_recoveries, 10);
}

// --- ReplaceWith. ---

TEST(FileEventLogTest, ReplaceWithGetsANewLogIdAndSurvivesACrash) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  const LogId old_id = log->log_id();
  ASSERT_TRUE(log->ReplaceWith({"new game"}).ok());
  EXPECT_NE(log->log_id(), old_id);
  ASSERT_TRUE(log->Append({"turn 1"}).ok());
  const LogId new_id = log->log_id();
  log.reset();
  env.SimulateCrash();
  EXPECT_FALSE(env.FileExists(kPath + ".tmp"));
  log = MustOpen(&env);
  EXPECT_EQ(Payloads(*log), (std::vector<std::string>{"new game", "turn 1"}));
  EXPECT_EQ(log->log_id(), new_id);
}

TEST(FileEventLogTest, ReplaceWithIsAtomicAtEveryCrashPoint) {
  std::mt19937_64 rng(99);
  const std::vector<std::string> old_payloads = Flatten(SampleCommits());
  const std::vector<std::string> new_payloads = {"new game", "turn 1"};
  bool completed = false;
  for (int stop = 0; !completed; ++stop) {
    for (bool torn : {false, true}) {
      SCOPED_TRACE(absl::StrCat("stop after ", stop, " torn ", torn));
      FaultEnv env;
      env.PutFile(kPath, WrittenLog(SampleCommits()));
      std::unique_ptr<FileEventLog> log = MustOpen(&env);
      env.StopAfterOperations(stop);
      const absl::Status status = log->ReplaceWith(new_payloads);
      completed = status.ok();
      log.reset();
      env.SimulateCrash(torn ? &rng : nullptr);
      log = MustOpen(&env);
      ASSERT_NE(log, nullptr);
      if (status.ok()) {
        EXPECT_EQ(Payloads(*log), new_payloads);
      } else {
        EXPECT_TRUE(Payloads(*log) == old_payloads ||
                    Payloads(*log) == new_payloads);
      }
    }
  }
}

TEST(FileEventLogTest, ReplaceWithFailingBeforeTheRenameKeepsTheOldLogUsable) {
  FaultEnv env;
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log->Append(c).ok());
  const std::string before = FileBytes(env);
  env.SetSpaceLeft(20);
  EXPECT_EQ(log->ReplaceWith({"new game"}).code(),
            absl::StatusCode::kResourceExhausted);
  env.SetSpaceLeft(std::nullopt);
  EXPECT_EQ(FileBytes(env), before);
  EXPECT_FALSE(env.FileExists(kPath + ".tmp"));
  EXPECT_EQ(Payloads(*log), Flatten(SampleCommits()));
  ASSERT_TRUE(log->Append({"turn 4"}).ok());
  log.reset();
  log = MustOpen(&env);
  EXPECT_EQ(log->records().size(), 6u);
}

TEST(FileEventLogTest, ReplaceWithOverwritesATempFileLeftByACrash) {
  FaultEnv env;
  env.PutFile(kPath + ".tmp", "half a new game");
  std::unique_ptr<FileEventLog> log = MustOpen(&env);
  ASSERT_TRUE(log->Append({"old game"}).ok());
  ASSERT_TRUE(log->ReplaceWith({"new game"}).ok());
  log.reset();
  log = MustOpen(&env);
  EXPECT_EQ(Payloads(*log), std::vector<std::string>{"new game"});
}

TEST(CreateLogFileTest, WritesEveryCommitWithItsBoundaryAndNoLockFile) {
  FaultEnv env;
  const std::vector<Commit> commits = {{"start"}, {"turn"}, {"turn", "end"}};
  ASSERT_TRUE(CreateLogFile(&env, kPath, commits).ok());
  EXPECT_FALSE(env.FileExists(kPath + ".lock"));
  EXPECT_FALSE(env.FileExists(kPath + ".tmp"));
  absl::StatusOr<LogContents> contents = ReadLog(&env, kPath);
  ASSERT_TRUE(contents.ok()) << contents.status();
  ASSERT_EQ(contents->records.size(), 4u);
  EXPECT_TRUE(contents->records[0].last_in_commit);
  EXPECT_TRUE(contents->records[1].last_in_commit);
  EXPECT_FALSE(contents->records[2].last_in_commit);
  EXPECT_TRUE(contents->records[3].last_in_commit);
  EXPECT_EQ(contents->records[3].payload, "end");
  // What it wrote is an ordinary log: it opens, and undo stops at a commit.
  auto log = FileEventLog::Open(&env, kPath);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_FALSE((*log)->TruncateTo(3).ok());
  EXPECT_TRUE((*log)->TruncateTo(2).ok());
}

TEST(CreateLogFileTest, NeverOverwritesAndSurvivesACrashWholeOrNotAtAll) {
  FaultEnv env;
  ASSERT_TRUE(CreateLogFile(&env, kPath, {{"first"}}).ok());
  const std::string before = FileBytes(env);
  EXPECT_EQ(CreateLogFile(&env, kPath, {{"second"}}).code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(FileBytes(env), before);
  EXPECT_EQ(CreateLogFile(&env, kPath + "2", {{}}).code(),
            absl::StatusCode::kInvalidArgument);

  for (int stop = 0; stop < 8; ++stop) {
    FaultEnv crashing;
    const std::string path = "/data/game.log";
    crashing.StopAfterOperations(stop);
    const bool ok = CreateLogFile(&crashing, path, {{"a"}, {"b"}}).ok();
    crashing.SimulateCrash();
    if (!crashing.FileExists(path)) {
      EXPECT_FALSE(ok) << "acknowledged, then lost, at stop " << stop;
      continue;
    }
    absl::StatusOr<LogContents> contents = ReadLog(&crashing, path);
    ASSERT_TRUE(contents.ok()) << contents.status();
    EXPECT_EQ(contents->records.size(), 2u) << "stop " << stop;
  }
}

}  // namespace
}  // namespace checkers::storage
