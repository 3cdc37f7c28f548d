// The endgame database on disk: one file per slice (engine/endgame_db.h)
// in one directory, each a 32-byte header with checksums followed by the
// slice's packed values (byte layout in storage/FORMAT.md). A file is
// written to a temporary name, synced and renamed into place, so a crash
// leaves either the old file or the whole new one, never half of it.

#ifndef CHECKERS_STORAGE_ENDGAME_FILES_H_
#define CHECKERS_STORAGE_ENDGAME_FILES_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/endgame_db.h"
#include "storage/env.h"

namespace checkers::storage {

// The header's size in bytes.
inline constexpr int kEndgameHeaderSize = 32;

// Where the endgame database lives when no --dir is given: the directory
// "egdb" beside the default save (storage/save_path.h). Fails as
// DefaultSavePath does.
absl::StatusOr<std::string> DefaultEndgameDir();

// The file name of a slice in its directory: "english-2011.wdl" (black
// men, black kings, white men, white kings).
std::string EndgameSliceFileName(const egdb::Material& material);

// The bytes of a slice's file: header, then `packed`, which must be
// SlicePackedBytes(material) bytes.
std::string EncodeEndgameSlice(const egdb::Material& material,
                               absl::string_view packed);

// The packed values in the bytes of a file that should hold the slice of
// `material`: a view into `bytes`. DataLoss naming `name` and what is
// wrong when the magic, the material, the size or a checksum does not
// match.
absl::StatusOr<absl::string_view> DecodeEndgameSlice(
    const egdb::Material& material, absl::string_view bytes,
    absl::string_view name);

// Writes the slice of `material` from `db` into `dir` (created if
// missing), crash-safely. FailedPrecondition when `db` does not hold it;
// otherwise the Env's errors (PermissionDenied, ResourceExhausted,
// Internal), after which the old file, if any, is intact.
absl::Status WriteEndgameSlice(Env* env, const std::string& dir,
                               const egdb::Material& material,
                               const egdb::Database& db);

// When a loaded slice's values are read whole to check their checksum.
enum class EndgameCheck {
  // Before the load returns, which a damaged file fails: for the tools
  // that report damage, and for a player on a clock, whose moves must not
  // pay for a slice's first read (six pieces: 745 MB).
  kAtLoad,
  // When a search first reaches the slice (egdb::Database::AddSliceView):
  // the load reads only the headers, in milliseconds at any size, and a
  // slice whose values prove damaged is played without.
  kOnFirstRead,
};

// Adds the slice of `material` from its file in `dir` to `db`, which
// reads the values from the file mapped into memory (Env::MapFile: the
// pages are shared by every program that loads the file, so two engines
// in a match hold one copy). The header is checked now, the values as
// `check` says. NotFound when the file is missing, DataLoss when it is
// found damaged (DecodeEndgameSlice).
absl::Status LoadEndgameSlice(Env* env, const std::string& dir,
                              const egdb::Material& material,
                              egdb::Database* db,
                              EndgameCheck check = EndgameCheck::kAtLoad);

// Every slice file of up to `max_pieces` pieces found in `dir`, loaded in
// build order; missing files are skipped. NotFound when `dir` holds no
// slice at all; DataLoss for the first file found damaged.
absl::StatusOr<std::unique_ptr<egdb::Database>> LoadEndgameDatabase(
    Env* env, const std::string& dir, int max_pieces = egdb::kMaxPieces,
    EndgameCheck check = EndgameCheck::kAtLoad);

// The database in the default directory (DefaultEndgameDir), as
// LoadEndgameDatabase loads it, for a command that needs one: its errors,
// and DefaultEndgameDir's.
absl::StatusOr<std::unique_ptr<egdb::Database>> LoadDefaultEndgameDatabase(
    EndgameCheck check = EndgameCheck::kAtLoad);

// For the players (the game, the CheckerBoard engine): the database in the
// default directory when one is there and found sound, else nullptr, since
// the game plays without it.
std::unique_ptr<egdb::Database> LoadDefaultEndgameDatabaseIfPresent(
    EndgameCheck check);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_ENDGAME_FILES_H_
