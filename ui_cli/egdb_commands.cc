// egdb build|verify|info: the endgame database (engine/endgame_db.h) made,
// checked and described; its files are storage's (storage/
// endgame_files.h).

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/progress_line.h"

ABSL_FLAG(int, pieces, 4,
          "N: egdb build: every position with up to N pieces, 2 to 8 (on two "
          "threads 5 take seconds, 6 about six minutes and 2 GB)");
ABSL_FLAG(std::string, dir, "",
          "DIR: the endgame database's directory (default: egdb beside the "
          "default save)");

namespace checkers::cli {
namespace {

using egdb::Material;

absl::StatusOr<std::string> DirFlag() {
  const std::string dir = absl::GetFlag(FLAGS_dir);
  if (!dir.empty()) return dir;
  return storage::DefaultEndgameDir();
}

// The build's or the check's progress: the slice last reported, its place
// in the run and the share of the whole work done, each slice weighing its
// entries. Slices built at once on several threads report to one bar.
class ProgressBar {
 public:
  ProgressBar(absl::string_view verb, uint64_t total_work)
      : line_(verb), total_(total_work) {}

  // Reports `done` of the `slice_work` units of the slice `m`, the
  // `index`-th of `count`.
  void Show(const Material& m, int index, int count, uint64_t done,
            uint64_t slice_work) {
    absl::MutexLock lock(&mu_);
    active_[m.Name()] = static_cast<double>(done) /
                        std::max<uint64_t>(slice_work, 1) *
                        egdb::SliceEntries(m);
    double share = finished_;
    for (const auto& [name, work] : active_) share += work;
    line_.Show(total_ == 0 ? 1.0 : share / total_,
               absl::StrCat("slice ", m.Name(), " (", index, "/", count, ")"));
  }
  void EndSlice(const Material& m) {
    absl::MutexLock lock(&mu_);
    active_.erase(m.Name());
    finished_ += egdb::SliceEntries(m);
  }
  void Done() {
    absl::MutexLock lock(&mu_);
    line_.Done();
  }

 private:
  absl::Mutex mu_;
  ProgressLine line_ ABSL_GUARDED_BY(mu_);
  const uint64_t total_;
  double finished_ ABSL_GUARDED_BY(mu_) = 0;
  // The work done so far in each slice begun and not ended.
  absl::flat_hash_map<std::string, double> active_ ABSL_GUARDED_BY(mu_);
};

uint64_t TotalEntries(const std::vector<Material>& slices) {
  uint64_t total = 0;
  for (const Material& m : slices) total += egdb::SliceEntries(m);
  return total;
}

// Builds the slices `wanted` (indices into `slices`), none of which a move
// of another leads to, on up to `threads` threads, and writes each to
// `dir`; then adds them to `db`, which holds every slice their moves lead
// to. Each thread builds in a database of its own that views `db`'s
// slices, since `db` itself may not change while it is read.
absl::Status BuildTogether(const std::vector<Material>& slices,
                           std::vector<int> wanted, int threads,
                           const std::string& dir, egdb::Database* db,
                           ProgressBar* bar) {
  // The largest first, so that the last to start are the shortest.
  std::stable_sort(wanted.begin(), wanted.end(), [&](int a, int b) {
    return egdb::SliceEntries(slices[a]) > egdb::SliceEntries(slices[b]);
  });
  std::vector<std::shared_ptr<egdb::Database>> built(wanted.size());
  std::vector<absl::Status> results(wanted.size());
  std::atomic<size_t> next = 0;
  const auto work = [&] {
    for (size_t k = next++; k < wanted.size(); k = next++) {
      const int i = wanted[k];
      const Material& m = slices[i];
      auto own = std::make_shared<egdb::Database>();
      for (const Material& done : db->slices()) {
        results[k] = own->AddSliceView(done, *db->PackedSlice(done), nullptr);
        if (!results[k].ok()) return;
      }
      results[k] = own->BuildSlice(m, [&](uint64_t done, uint64_t total) {
        bar->Show(m, i + 1, slices.size(), done, total);
      });
      if (!results[k].ok()) {
        results[k] = absl::InternalError(results[k].message());
        return;
      }
      results[k] =
          storage::WriteEndgameSlice(storage::Env::Default(), dir, m, *own);
      if (!results[k].ok()) return;
      bar->EndSlice(m);
      built[k] = std::move(own);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::min<int>(threads, wanted.size()); ++t) {
    workers.emplace_back(work);
  }
  work();
  for (std::thread& t : workers) t.join();
  for (size_t k = 0; k < wanted.size(); ++k) {
    if (!results[k].ok()) return results[k];
    const Material& m = slices[wanted[k]];
    const absl::string_view packed = *built[k]->PackedSlice(m);
    if (absl::Status s = db->AddSliceView(m, packed, built[k]); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

int Build(const std::string& dir) {
  const int pieces = absl::GetFlag(FLAGS_pieces);
  if (pieces < 2 || pieces > egdb::kMaxPieces) {
    return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                "--pieces must be 2 to ", egdb::kMaxPieces,
                                ", not ", pieces)));
  }
  const int threads = absl::GetFlag(FLAGS_threads);
  if (threads < 1 || threads > 64) {
    return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                "--threads must be 1 to 64, not ", threads)));
  }
  storage::Env* env = storage::Env::Default();
  const std::vector<Material> slices = egdb::SlicesUpTo(pieces);
  egdb::Database db;
  ProgressBar bar("egdb build", TotalEntries(slices));
  const absl::Time start = absl::Now();
  int built = 0, kept = 0;
  // Slices of as many pieces and men lead to none of each other (a move
  // out of a slice takes a piece or crowns a man), so each such run of
  // SlicesUpTo's order is built at once.
  for (size_t first = 0; first < slices.size();) {
    size_t end = first + 1;
    while (end < slices.size() &&
           slices[end].pieces() == slices[first].pieces() &&
           slices[end].men() == slices[first].men()) {
      ++end;
    }
    std::vector<int> wanted;
    for (size_t i = first; i < end; ++i) {
      const Material& m = slices[i];
      // A sound file from an earlier build is kept: a stopped build
      // resumes.
      absl::Status loaded = storage::LoadEndgameSlice(env, dir, m, &db);
      if (loaded.ok()) {
        // Counted, not shown: a build that keeps every slice, as
        // tools/play.sh's does after the first, stays silent.
        ++kept;
        bar.EndSlice(m);
        continue;
      }
      if (loaded.code() != absl::StatusCode::kNotFound) {
        std::fprintf(stderr, "\ncheckers: %s; building it again\n",
                     PrintableLine(loaded.message()).c_str());
      }
      wanted.push_back(i);
    }
    if (absl::Status s = BuildTogether(slices, wanted, threads, dir, &db, &bar);
        !s.ok()) {
      return absl::IsInternal(s) ? Fail(s) : Fail(kExitCantWrite, s);
    }
    built += wanted.size();
    first = end;
  }
  bar.Done();
  uint64_t bytes = 0;
  for (const Material& m : slices) {
    bytes += storage::kEndgameHeaderSize + egdb::SlicePackedBytes(m);
  }
  std::printf("built %d slices, kept %d, up to %d pieces in %s: %" PRIu64
              " bytes, %.1fs\n",
              built, kept, pieces, dir.c_str(), bytes,
              absl::ToDoubleSeconds(absl::Now() - start));
  return kExitOk;
}

absl::StatusOr<std::unique_ptr<egdb::Database>> Load(const std::string& dir) {
  return storage::LoadEndgameDatabase(storage::Env::Default(), dir);
}

int Verify(const std::string& dir) {
  absl::StatusOr<std::unique_ptr<egdb::Database>> db = Load(dir);
  if (!db.ok()) return Fail(db.status());
  const std::vector<Material> slices = (*db)->slices();
  ProgressBar bar("egdb verify", TotalEntries(slices));
  uint64_t wrong_total = 0;
  for (size_t i = 0; i < slices.size(); ++i) {
    const Material& m = slices[i];
    std::string first;
    absl::StatusOr<uint64_t> wrong = (*db)->VerifySlice(
        m,
        [&](uint64_t done, uint64_t total) {
          bar.Show(m, i + 1, slices.size(), done, total);
        },
        &first);
    if (!wrong.ok()) return Fail(kExitBadData, wrong.status());
    if (*wrong > 0) {
      std::fprintf(stderr,
                   "\nslice %s: %" PRIu64
                   " positions disagree with "
                   "their moves, the first %s\n",
                   m.Name().c_str(), *wrong, first.c_str());
    }
    wrong_total += *wrong;
    bar.EndSlice(m);
  }
  bar.Done();
  if (wrong_total > 0) {
    return Fail(kExitBadData,
                absl::DataLossError(absl::StrCat(
                    wrong_total, " positions of the endgame database in ", dir,
                    " disagree with one ply of play; delete the slices named "
                    "above and run checkers egdb build")));
  }
  std::printf(
      "verified %zu slices up to %d pieces: every position agrees "
      "with its moves\n",
      slices.size(), (*db)->complete_pieces());
  return kExitOk;
}

int Info(const std::string& dir) {
  absl::StatusOr<std::unique_ptr<egdb::Database>> db = Load(dir);
  if (!db.ok()) return Fail(db.status());
  uint64_t bytes = 0;
  for (const Material& m : (*db)->slices()) {
    const egdb::Database::Counts counts = *(*db)->CountSlice(m);
    const uint64_t size =
        storage::kEndgameHeaderSize + egdb::SlicePackedBytes(m);
    bytes += size;
    std::printf("%s %s: %" PRIu64 " positions (%" PRIu64 " wins, %" PRIu64
                " draws, %" PRIu64 " losses for the side to move), %" PRIu64
                " bytes\n",
                m.Name().c_str(), storage::EndgameSliceFileName(m).c_str(),
                counts.wins + counts.draws + counts.losses, counts.wins,
                counts.draws, counts.losses, size);
  }
  std::printf("%zu slices, complete up to %d pieces, %" PRIu64 " bytes in %s\n",
              (*db)->slices().size(), (*db)->complete_pieces(), bytes,
              dir.c_str());
  return kExitOk;
}

int RunEgdb(const std::vector<std::string>& positional) {
  if (positional.size() != 1 ||
      (positional[0] != "build" && positional[0] != "verify" &&
       positional[0] != "info")) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "egdb needs one of: build, verify, info; e.g. checkers "
                    "egdb build --pieces=4"));
  }
  if (positional[0] != "build" &&
      (FlagGiven("pieces") || FlagGiven("threads"))) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "only egdb build takes --pieces and --threads"));
  }
  absl::StatusOr<std::string> dir = DirFlag();
  if (!dir.ok()) return Fail(dir.status());
  if (positional[0] == "build") return Build(*dir);
  if (positional[0] == "verify") return Verify(*dir);
  return Info(*dir);
}

}  // namespace

std::vector<Command> EgdbCommands() {
  return {
      {"egdb",
       "egdb build|verify|info [--pieces=N] [--threads=N] [--dir=DIR]  "
       "endgame databases",
       {"pieces", "threads", "dir"},
       RunEgdb},
  };
}

}  // namespace checkers::cli
