// FileEventLog on real files across processes: a writer killed with
// SIGKILL at random moments keeps every commit it acknowledged, and the
// lock keeps a second process from writing.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/event_log.h"
#include "storage/log_format.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

// A path in a fresh directory under $TEST_TMPDIR for the running test.
std::string FreshPath() {
  const std::string path = RunningTestDir("process_test") + "/match.log";
  Env::Default()->RemoveFile(path).IgnoreError();
  return path;
}

// The payload of record `seq`: mostly short like real events, sometimes
// large enough that a kill can land in the middle of writing it.
std::string PayloadFor(uint64_t seq) {
  const size_t length = seq % 11 == 0 ? 300000 : seq % 97;
  return absl::StrCat("event ", seq, ":",
                      std::string(length, static_cast<char>('a' + seq % 26)));
}

// Commits hold one to three records, by the seq they start at.
size_t CommitSizeFrom(uint64_t first_seq) { return 1 + first_seq % 3; }

// What one round's writer adds at most before it stops appending, so that
// every round together stays far below kMaxLogSize at any disk speed: a
// fast disk only means the kill more often finds the writer idle.
constexpr uint64_t kRoundBudget = 512 << 10;
constexpr int kRoundsPerSeed = 12;
// Fixed, so a failure reproduces the same kill delays.
constexpr uint64_t kSeeds[] = {650519723, 20261130, 4177};

// The child: appends commits until it has written kRoundBudget bytes,
// writing the last seq of each to `ack_fd` once Append has returned, then
// waits to be killed. Never returns.
[[noreturn]] void AppendUntilKilled(const std::string& path, int ack_fd) {
  auto log = FileEventLog::Open(Env::Default(), path);
  if (!log.ok()) _exit(2);
  uint64_t written = 0;
  while (written < kRoundBudget) {
    const uint64_t first = (*log)->records().size() + 1;
    std::vector<std::string> commit;
    for (size_t i = 0; i < CommitSizeFrom(first); ++i) {
      commit.push_back(PayloadFor(first + i));
      written += FrameSize(commit.back().size());
    }
    if (!(*log)->Append(std::move(commit)).ok()) _exit(3);
    const uint64_t acked = (*log)->records().size();
    if (write(ack_fd, &acked, sizeof(acked)) != sizeof(acked)) _exit(4);
  }
  while (true) pause();
}

// A child process running `child` with the write end of a pipe to this
// one: its pid (-1 when pipe or fork failed) and the pipe's read end.
struct Child {
  pid_t pid = -1;
  int from_child = -1;
};

template <typename Body>
Child ForkWithPipe(Body child) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    close(fds[0]);
    child(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  return {pid, fds[0]};
}

TEST(EventLogProcessTest, KillNineAtRandomMomentsKeepsEveryAcknowledgedCommit) {
  const std::string path = FreshPath();
  uint64_t acked = 0;
  int recovered_tails = 0;
  int round = 0;
  for (const uint64_t seed : kSeeds) {
    SCOPED_TRACE(absl::StrCat("seed ", seed));
    std::mt19937_64 rng(seed);
    for (int i = 0; i < kRoundsPerSeed; ++i, ++round) {
      SCOPED_TRACE(absl::StrCat("round ", round));
      const Child child =
          ForkWithPipe([&](int ack_fd) { AppendUntilKilled(path, ack_fd); });
      const pid_t pid = child.pid;
      ASSERT_GE(pid, 0);
      // Let at least one commit through, then kill at a random moment.
      uint64_t seq;
      const bool first_ack =
          read(child.from_child, &seq, sizeof(seq)) == sizeof(seq);
      if (first_ack) acked = seq;
      usleep(static_cast<useconds_t>(rng() % 20000));
      kill(pid, SIGKILL);
      int status;
      ASSERT_EQ(waitpid(pid, &status, 0), pid);
      ASSERT_TRUE(first_ack) << "the writer exited with status " << status;
      EXPECT_TRUE(WIFSIGNALED(status))
          << "the writer exited with status " << WEXITSTATUS(status);
      while (read(child.from_child, &seq, sizeof(seq)) == sizeof(seq)) {
        acked = seq;
      }
      close(child.from_child);

      auto log = FileEventLog::Open(Env::Default(), path);
      ASSERT_TRUE(log.ok()) << log.status();
      if (!(*log)->recovery_notice().empty()) ++recovered_tails;
      const std::vector<Record>& records = (*log)->records();
      // Every acknowledged commit, and at most the one in flight after it.
      ASSERT_GE(records.size(), acked);
      ASSERT_LE(records.size(), acked + CommitSizeFrom(acked + 1));
      for (const Record& r : records) {
        ASSERT_EQ(r.payload, PayloadFor(r.seq)) << "seq " << r.seq;
      }
      acked = records.size();
    }
  }
  RecordProperty("recovered_tails", recovered_tails);
  EXPECT_GT(acked, static_cast<uint64_t>(round));
}

TEST(EventLogProcessTest, SecondWriterInAnotherProcessIsUnavailable) {
  const std::string path = FreshPath();
  auto first = FileEventLog::Open(Env::Default(), path);
  ASSERT_TRUE(first.ok()) << first.status();
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    auto second = FileEventLog::Open(Env::Default(), path);
    _exit(absl::IsUnavailable(second.status()) ? 0 : 1);
  }
  int status;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(EventLogProcessTest, LockOfAKilledWriterIsReleased) {
  const std::string path = FreshPath();
  const Child child = ForkWithPipe([&](int to_parent) {
    auto log = FileEventLog::Open(Env::Default(), path);
    const char ready = log.ok() ? 'y' : 'n';
    if (write(to_parent, &ready, 1) != 1) _exit(1);
    pause();
  });
  const pid_t pid = child.pid;
  ASSERT_GE(pid, 0);
  char ready = 0;
  ASSERT_EQ(read(child.from_child, &ready, 1), 1);
  close(child.from_child);
  ASSERT_EQ(ready, 'y');

  auto blocked = FileEventLog::Open(Env::Default(), path);
  EXPECT_EQ(blocked.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_TRUE(absl::StrContains(blocked.status().message(), path));

  kill(pid, SIGKILL);
  int status;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  auto after = FileEventLog::Open(Env::Default(), path);
  EXPECT_TRUE(after.ok()) << after.status();
}

}  // namespace
}  // namespace checkers::storage
