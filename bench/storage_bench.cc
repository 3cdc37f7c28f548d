#include "bench/storage_bench.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/movegen8.h"
#include "events/events.pb.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "storage/env.h"
#include "storage/event_log.h"
#include "storage/game_log.h"

namespace checkers::bench {
namespace {

using storage::Env;
using storage::FileEventLog;

// How long appends and raw syncs each run, alternating one by one.
constexpr absl::Duration kDuration = absl::Seconds(2);
constexpr int kResumeTurns = 200;
constexpr int kResumeRepeats = 50;
constexpr int kFoldGames = 2000;
constexpr int kFoldRepeats = 5;

// A game of random legal moves, as the events of its log. With automatic
// draws off it runs until a side cannot move or `max_turns` is reached.
std::vector<events::Event> RandomGame(uint64_t seed, bool automatic_draws,
                                      int max_turns) {
  events::GameStarted started;
  started.set_mode(events::TWO_PLAYER);
  started.mutable_options()->set_automatic_draws_off(!automatic_draws);
  events::GameState state;
  std::vector<events::Event> log;
  auto commit = [&](events::Event e) {
    // Random legal moves make no commit the fold refuses.
    events::CommitAndFold(std::move(e), &state, &log).IgnoreError();
  };
  commit(*events::StartEvent(started));
  while (!state.over() && state.turns < max_turns) {
    MoveList moves;
    GenerateMoves(*state.position.eight(), &moves);
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    commit(events::TurnEvent(state, moves[(seed >> 33) % moves.size()]));
  }
  return log;
}

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

}  // namespace

absl::StatusOr<Figures> StorageBench() {
  absl::StatusOr<std::unique_ptr<TempDir>> dir = TempDir::Make();
  if (!dir.ok()) return dir.status();
  Env* env = Env::Default();

  const std::string log_path = (*dir)->File("match.log");
  (*dir)->File("match.log.lock");
  absl::StatusOr<std::unique_ptr<FileEventLog>> log =
      FileEventLog::Open(env, log_path);
  if (!log.ok()) return log.status();

  const std::string raw_path = (*dir)->File("raw");
  const int raw_fd =
      open(raw_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (raw_fd < 0) return storage::IoError("create", raw_path, errno);
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
      return s;
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

  // Folding: many recorded games, every turn checked.
  std::vector<std::vector<events::Event>> games;
  int64_t fold_turns = 0;
  for (int g = 0; g < kFoldGames; ++g) {
    games.push_back(RandomGame(g, /*automatic_draws=*/true, 1000));
    for (const events::Event& e : games.back())
      fold_turns += e.has_turn_played();
  }
  const absl::Time fold_start = absl::Now();
  for (int r = 0; r < kFoldRepeats; ++r) {
    for (const std::vector<events::Event>& game : games) {
      absl::StatusOr<events::GameState> state = events::FoldEvents(game);
      if (!state.ok()) return state.status();
    }
  }
  const double fold_rate = kFoldRepeats * fold_turns /
                           absl::ToDoubleSeconds(absl::Now() - fold_start);

  // Resuming: open, recover, parse and fold the save of a 200-turn game.
  const std::string resume_path = (*dir)->File("resume.log");
  (*dir)->File("resume.log.lock");
  {
    std::vector<events::Event> game;
    for (uint64_t seed = 0; game.size() < kResumeTurns + 1; ++seed) {
      game = RandomGame(seed, /*automatic_draws=*/false, kResumeTurns);
    }
    absl::StatusOr<std::unique_ptr<FileEventLog>> file =
        FileEventLog::Open(env, resume_path);
    if (!file.ok()) return file.status();
    for (const events::Event& e : game) {
      if (absl::Status s = (*file)->Append({e.SerializeAsString()}); !s.ok())
        return s;
    }
  }
  const absl::Time resume_start = absl::Now();
  for (int i = 0; i < kResumeRepeats; ++i) {
    absl::StatusOr<std::unique_ptr<storage::GameLog>> game =
        storage::GameLog::Open(env, resume_path);
    if (!game.ok()) return game.status();
    if ((*game)->state().turns != kResumeTurns) {
      return absl::InternalError("the resumed game lost turns");
    }
  }
  const double resume_seconds =
      absl::ToDoubleSeconds(absl::Now() - resume_start) / kResumeRepeats;

  return Figures{
      {"durable_appends_per_second", absl::StrFormat("%.0f", append_rate)},
      {"raw_fdatasync_per_second", absl::StrFormat("%.0f", sync_rate)},
      {"append_to_fdatasync_ratio",
       absl::StrFormat("%.3f", append_rate / sync_rate)},
      {"fold_turns", absl::StrCat(fold_turns)},
      {"fold_turns_per_second", absl::StrFormat("%.0f", fold_rate)},
      {"resume_200_turn_seconds", absl::StrFormat("%.6f", resume_seconds)},
  };
}

}  // namespace checkers::bench
