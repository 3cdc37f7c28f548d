// Endgame databases for English checkers: the game-theoretic value (win,
// draw or loss for the side to move, with best play and no draw by
// repetition or the no-progress count) of every position with few pieces,
// computed by retrograde analysis (docs/ENDGAME.md).
//
// The positions are split into slices by material: how many men and kings
// each side has. A slice holds the positions of one material with either
// side to move, and also stands for its colour-reversed twin (the board
// turned round and the colours swapped), so only one of the two is built.
// Every move that leaves a slice (a capture, a man crowned) leads to a
// slice with fewer pieces or fewer men, which is built first.
//
// Pure computation: building, probing and (de)serialising a slice's values
// as bytes. Files are storage's (storage/endgame_files.h).

#ifndef CHECKERS_ENGINE_ENDGAME_DB_H_
#define CHECKERS_ENGINE_ENDGAME_DB_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/call_once.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position8.h"

namespace checkers::egdb {

// The most pieces a database may cover: beyond it the slices outgrow
// memory, and the index arithmetic is checked only this far.
inline constexpr int kMaxPieces = 8;

// The value of a position for its side to move. The numbers are the
// two-bit codes stored in a slice.
enum class Wdl : uint8_t { kDraw = 0, kWin = 1, kLoss = 2 };

// The material of a slice: each side's men and kings.
struct Material {
  int black_men = 0;
  int black_kings = 0;
  int white_men = 0;
  int white_kings = 0;

  int pieces() const {
    return black_men + black_kings + white_men + white_kings;
  }
  int men() const { return black_men + white_men; }
  // The colour-reversed material: White's pieces become Black's.
  Material Reversed() const {
    return {white_men, white_kings, black_men, black_kings};
  }
  // Whether this is the material that stands for itself and its reverse:
  // Black has at least White's men, and as many men and at least White's
  // kings.
  bool IsCanonical() const;
  // "2011": black men, black kings, white men, white kings (file names,
  // progress lines).
  std::string Name() const;

  friend bool operator==(const Material& a, const Material& b) {
    return a.black_men == b.black_men && a.black_kings == b.black_kings &&
           a.white_men == b.white_men && a.white_kings == b.white_kings;
  }
};

// The material of `pos`.
Material MaterialOf(const Position& pos);

// The material named by `name` as Material::Name spells it, or nullopt.
std::optional<Material> MaterialNamed(absl::string_view name);

// The canonical slices with 2 to `max_pieces` pieces (at least one per
// side), in an order in which each slice's successors come before it;
// none when `max_pieces` is below 2, and only up to kMaxPieces.
std::vector<Material> SlicesUpTo(int max_pieces);

// The number of positions a slice stores: both sides to move, including
// index entries that name no position (men of both sides on one square),
// which hold a draw and are never probed.
uint64_t SliceEntries(const Material& material);

// The size in bytes of a slice's values at two bits a position.
inline uint64_t SlicePackedBytes(const Material& material) {
  return (SliceEntries(material) + 3) / 4;
}

// The index of `pos`, whose material must be the canonical `material`, in
// its slice; and back. PositionAt returns nullopt for an entry that names
// no position.
uint64_t IndexOf(const Material& material, const Position& pos);
std::optional<Position> PositionAt(const Material& material, uint64_t index);

// The position turned round (square s becomes 33 - s) with the colours and
// the side to move swapped: the same game seen from the other side.
Position Reversed(const Position& pos);

// Reports progress: `done` of `total` units of one slice's work.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

// The values of every slice up to some number of pieces. Immutable once
// built or loaded, so one database may be probed by many searches at once.
class Database {
 public:
  Database() = default;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Adds a slice's packed values (SlicePackedBytes(material) bytes, two
  // bits a position, the first position in the low bits of the first
  // byte). InvalidArgument when the material is not canonical or has more
  // than kMaxPieces pieces, or the size is wrong; AlreadyExists when the
  // slice is there.
  absl::Status AddSlice(const Material& material, std::string packed);

  // Whether a slice's packed values are sound (a checksum over them).
  using CheckFn = std::function<bool(absl::string_view packed)>;

  // As AddSlice, for values held elsewhere (a mapped file): `packed` must
  // stay valid and unchanged while `keeper` lives, and the database keeps
  // `keeper` for as long as it holds the slice. With `check`, the values
  // are checked once, when a probe or PackedSlice first reads them, not
  // here: a program maps every file at once and reads only the slices its
  // searches reach. A slice the check rejects reads as absent from then on.
  absl::Status AddSliceView(const Material& material, absl::string_view packed,
                            std::shared_ptr<const void> keeper,
                            CheckFn check = nullptr);

  // Computes the slice of the canonical `material` from the slices its
  // moves lead to, which must all be present (add them in SlicesUpTo
  // order), and adds it. FailedPrecondition naming a missing slice;
  // ResourceExhausted for a slice of 2^32 positions or more (8 pieces).
  absl::Status BuildSlice(const Material& material,
                          const ProgressFn& progress = nullptr);

  // The packed values of a slice held (and, for a slice added with a
  // check, found sound), or nullopt.
  std::optional<absl::string_view> PackedSlice(const Material& material) const;

  // Checks every stored position of a slice against one ply of play: a win
  // has a move to a loss, a loss (or a position without moves) has only
  // moves to wins, a draw neither. Returns the number of positions that
  // disagree; FailedPrecondition when a slice it needs is missing.
  absl::StatusOr<uint64_t> VerifySlice(
      const Material& material, const ProgressFn& progress = nullptr,
      std::string* first_wrong = nullptr) const;

  // How many positions of a slice are won, drawn and lost for their side
  // to move (entries that name no position are not counted).
  struct Counts {
    uint64_t wins = 0, draws = 0, losses = 0;
  };
  // The counts of a slice held (found sound, as PackedSlice), or nullopt.
  std::optional<Counts> CountSlice(const Material& material) const;

  // The largest N such that every slice of up to N pieces is held; 0 when
  // none is (not even 2 pieces). Slices whose check has not run yet count
  // as held.
  int complete_pieces() const { return complete_pieces_; }

  // The slices held, smallest first.
  std::vector<Material> slices() const;

  // The value of `pos` for its side to move, or nullopt when its slice is
  // not held (or was rejected by its check). A side without pieces to move
  // has lost. Safe to call from many threads at once, a slice's first
  // check included.
  std::optional<Wdl> Probe(const Position& pos) const;

 private:
  struct Slice {
    Material material;
    absl::string_view packed;
    // What holds `packed`'s bytes: the built slice's string or the file.
    std::shared_ptr<const void> keeper;
    // Run at most once, under `checked`, which also publishes `sound`.
    CheckFn check;
    mutable absl::once_flag checked;
    mutable bool sound = true;
  };
  const Slice* Find(const Material& material) const;
  // Find, then the slice's check on its first use: nullptr when absent or
  // rejected.
  const Slice* FindSound(const Material& material) const;
  void UpdateComplete();

  std::vector<std::unique_ptr<Slice>> slices_;
  // slice_of_[bm][bk][wm][wk]: index into slices_ + 1, 0 when absent.
  uint16_t slice_of_[kMaxPieces + 1][kMaxPieces + 1][kMaxPieces + 1]
                    [kMaxPieces + 1] = {};
  int complete_pieces_ = 0;
};

}  // namespace checkers::egdb

#endif  // CHECKERS_ENGINE_ENDGAME_DB_H_
