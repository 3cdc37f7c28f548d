// egdb build|verify|info: the endgame database (engine/endgame_db.h) made,
// checked and described; its files are storage's (storage/
// endgame_files.h).

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/progress_line.h"

ABSL_FLAG(int, pieces, 4,
          "N: egdb build: every position with up to N pieces, 2 to 8 (5 takes "
          "minutes, 6 about half an hour)");
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

// The build's or the check's progress: the slice, its place in the run
// and the share of the whole work done.
class ProgressBar {
 public:
  ProgressBar(absl::string_view verb, uint64_t total_work)
      : line_(verb), total_(total_work) {}

  // Reports `done` of the `slice_work` units of the slice `m`, the
  // `index`-th of `count`.
  void Show(const Material& m, int index, int count, uint64_t done,
            uint64_t slice_work) {
    const double share =
        total_ == 0
            ? 1.0
            : (finished_ + static_cast<double>(done) /
                               std::max<uint64_t>(slice_work, 1) * weight_) /
                  total_;
    line_.Show(share,
               absl::StrCat("slice ", m.Name(), " (", index, "/", count, ")"));
  }
  void StartSlice(uint64_t weight) { weight_ = weight; }
  void EndSlice() { finished_ += weight_; }
  void Done() { line_.Done(); }

 private:
  ProgressLine line_;
  uint64_t total_;
  double finished_ = 0;
  uint64_t weight_ = 0;
};

uint64_t TotalEntries(const std::vector<Material>& slices) {
  uint64_t total = 0;
  for (const Material& m : slices) total += egdb::SliceEntries(m);
  return total;
}

int Build(const std::string& dir) {
  const int pieces = absl::GetFlag(FLAGS_pieces);
  if (pieces < 2 || pieces > egdb::kMaxPieces) {
    return Fail(kExitUsage, absl::InvalidArgumentError(absl::StrCat(
                                "--pieces must be 2 to ", egdb::kMaxPieces,
                                ", not ", pieces)));
  }
  storage::Env* env = storage::Env::Default();
  const std::vector<Material> slices = egdb::SlicesUpTo(pieces);
  egdb::Database db;
  ProgressBar bar("egdb build", TotalEntries(slices));
  const absl::Time start = absl::Now();
  uint64_t bytes = 0;
  int built = 0, kept = 0;
  for (size_t i = 0; i < slices.size(); ++i) {
    const Material& m = slices[i];
    bar.StartSlice(egdb::SliceEntries(m));
    // A sound file from an earlier build is kept: a stopped build resumes.
    absl::Status loaded = storage::LoadEndgameSlice(env, dir, m, &db);
    if (loaded.ok()) {
      ++kept;
    } else {
      if (loaded.code() != absl::StatusCode::kNotFound) {
        std::fprintf(stderr, "\ncheckers: %s; building it again\n",
                     PrintableLine(loaded.message()).c_str());
      }
      absl::Status s = db.BuildSlice(m, [&](uint64_t done, uint64_t total) {
        bar.Show(m, i + 1, slices.size(), done, total);
      });
      if (!s.ok()) return Fail(absl::InternalError(s.message()));
      s = storage::WriteEndgameSlice(env, dir, m, db);
      if (!s.ok()) return Fail(kExitCantWrite, s);
      ++built;
    }
    bar.Show(m, i + 1, slices.size(), 1, 1);
    bar.EndSlice();
    bytes += storage::kEndgameHeaderSize + egdb::SlicePackedBytes(m);
  }
  bar.Done();
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
    bar.StartSlice(egdb::SliceEntries(m));
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
    bar.EndSlice();
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
    const std::optional<absl::string_view> packed = (*db)->PackedSlice(m);
    uint64_t wins = 0, draws = 0, losses = 0;
    for (uint64_t i = 0; i < egdb::SliceEntries(m); ++i) {
      const std::optional<Position> pos = egdb::PositionAt(m, i);
      if (!pos.has_value()) continue;
      const egdb::Wdl v = *(*db)->Probe(*pos);
      (v == egdb::Wdl::kWin ? wins : v == egdb::Wdl::kLoss ? losses : draws)++;
    }
    const uint64_t size = storage::kEndgameHeaderSize + packed->size();
    bytes += size;
    std::printf("%s %s: %" PRIu64 " positions (%" PRIu64 " wins, %" PRIu64
                " draws, %" PRIu64 " losses for the side to move), %" PRIu64
                " bytes\n",
                m.Name().c_str(), storage::EndgameSliceFileName(m).c_str(),
                wins + draws + losses, wins, draws, losses, size);
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
  if (positional[0] != "build" && FlagGiven("pieces")) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError("only egdb build takes --pieces"));
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
       "egdb build|verify|info [--pieces=N] [--dir=DIR]  endgame databases",
       {"pieces", "dir"},
       RunEgdb},
  };
}

}  // namespace checkers::cli
