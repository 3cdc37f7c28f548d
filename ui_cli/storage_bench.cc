// `bench log`: what saving a turn costs. A turn is acknowledged only after
// fdatasync, so durable appends are bounded by the disk's fdatasync rate;
// the bench measures both in the same directory and run, alternating so
// that a change in the machine's load hits both alike, and reports their
// ratio (target >= 0.95: the append path adds nothing to the sync).

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "storage/env.h"
#include "storage/event_log.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"

namespace checkers::cli {
namespace {

using storage::Env;
using storage::FileEventLog;

// How long appends and raw syncs each run, alternating one by one.
constexpr absl::Duration kDuration = absl::Seconds(2);
constexpr int kResumeTurns = 200;
constexpr int kResumeRepeats = 50;

// About the size of a serialized turn event.
std::string Payload(int n) {
  std::string payload = absl::StrCat("turn ", n, " ");
  payload.resize(64, 'x');
  return payload;
}

// A fresh directory under $TMPDIR (or /tmp), removed with its files when
// the bench ends.
class TempDir {
 public:
  static absl::StatusOr<std::unique_ptr<TempDir>> Make() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        absl::StrCat(tmp != nullptr && tmp[0] != '\0' ? tmp : "/tmp",
                     "/checkers-bench-XXXXXX");
    if (mkdtemp(pattern.data()) == nullptr) {
      return storage::IoError("create directory", pattern, errno);
    }
    return std::unique_ptr<TempDir>(new TempDir(pattern));
  }
  ~TempDir() {
    for (const std::string& name : files_) unlink((path_ + "/" + name).c_str());
    rmdir(path_.c_str());
  }
  // The path of `name` in the directory, removed at the end.
  std::string File(const std::string& name) {
    files_.push_back(name);
    return path_ + "/" + name;
  }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  const std::string path_;
  std::vector<std::string> files_;
};

int BenchLog() {
  absl::StatusOr<std::unique_ptr<TempDir>> dir = TempDir::Make();
  if (!dir.ok()) return Fail(dir.status());
  Env* env = Env::Default();

  const std::string log_path = (*dir)->File("match.log");
  (*dir)->File("match.log.lock");
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env, log_path);
  if (!log.ok()) return Fail(log.status());

  const std::string raw_path = (*dir)->File("raw");
  const int raw_fd =
      open(raw_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (raw_fd < 0) return Fail(storage::IoError("create", raw_path, errno));
  const std::string raw_bytes = Payload(0);

  // One append, then one raw write and sync, and so on: whatever else the
  // machine is doing slows both alike.
  int64_t rounds = 0;
  absl::Duration append_time, sync_time;
  const absl::Time end = absl::Now() + 2 * kDuration;
  for (absl::Time now = absl::Now(); now < end; ++rounds) {
    absl::Status s = (*log)->Append({Payload(static_cast<int>(rounds))});
    const absl::Time appended = absl::Now();
    if (s.ok() && write(raw_fd, raw_bytes.data(), raw_bytes.size()) !=
                      static_cast<ssize_t>(raw_bytes.size())) {
      s = storage::IoError("write", raw_path, errno);
    }
    if (s.ok() && fdatasync(raw_fd) != 0) {
      s = storage::IoError("sync", raw_path, errno);
    }
    if (!s.ok()) {
      close(raw_fd);
      return Fail(s);
    }
    const absl::Time synced = absl::Now();
    append_time += appended - now;
    sync_time += synced - appended;
    now = synced;
  }
  close(raw_fd);
  log->reset();
  const double append_rate = rounds / absl::ToDoubleSeconds(append_time);
  const double sync_rate = rounds / absl::ToDoubleSeconds(sync_time);

  // Resuming: open and recover a log of a 200-turn game.
  const std::string resume_path = (*dir)->File("resume.log");
  (*dir)->File("resume.log.lock");
  {
    absl::StatusOr<std::unique_ptr<FileEventLog>> game =
        FileEventLog::Open(env, resume_path);
    if (!game.ok()) return Fail(game.status());
    for (int turn = 0; turn < kResumeTurns; ++turn) {
      if (absl::Status s = (*game)->Append({Payload(turn)}); !s.ok()) {
        return Fail(s);
      }
    }
  }
  const absl::Time resume_start = absl::Now();
  for (int i = 0; i < kResumeRepeats; ++i) {
    absl::StatusOr<std::unique_ptr<FileEventLog>> game =
        FileEventLog::Open(env, resume_path);
    if (!game.ok()) return Fail(game.status());
    if ((*game)->records().size() != kResumeTurns) {
      return Fail(absl::InternalError("the resumed game lost turns"));
    }
  }
  const double resume_seconds =
      absl::ToDoubleSeconds(absl::Now() - resume_start) / kResumeRepeats;

  std::printf("durable_appends_per_second: %.0f\n", append_rate);
  std::printf("raw_fdatasync_per_second: %.0f\n", sync_rate);
  std::printf("append_to_fdatasync_ratio: %.3f\n", append_rate / sync_rate);
  std::printf("resume_200_turn_seconds: %.6f\n", resume_seconds);
  return kExitOk;
}

}  // namespace

std::vector<Bench> StorageBenches() { return {{"log", BenchLog}}; }

}  // namespace checkers::cli
