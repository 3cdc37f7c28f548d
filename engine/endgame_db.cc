#include "engine/endgame_db.h"

#include <algorithm>
#include <array>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "absl/base/call_once.h"
#include "absl/strings/str_cat.h"
#include "engine/board8.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"

namespace checkers::egdb {
namespace {

// Men never stand on the row where they would be crowned: Black's on
// squares 1-28, White's on 5-32. Each side's men are indexed among those
// 28 squares; kings among the squares the men leave free.
constexpr Bitboard kBlackManSquares = 0x0FFFFFFFu;
constexpr int kManSquares = 28;

// binomial[n][k] = n choose k, for the colex ranks of square sets.
constexpr auto kBinomial = [] {
  std::array<std::array<uint64_t, kNumSquares + 1>, kNumSquares + 1> c{};
  for (int n = 0; n <= kNumSquares; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();

uint64_t Choose(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  return kBinomial[n][k];
}

// The colex rank of a set of numbers below 32 given as bits: the sum over
// its members, in increasing order, of C(member, position + 1).
uint64_t ColexRank(Bitboard set) {
  uint64_t rank = 0;
  int i = 1;
  for (; set; set = PopLowest(set), ++i) rank += Choose(LowestSquare(set), i);
  return rank;
}

// Every set of `k` squares in colex order. Colex order among sets of one
// size is the order of their bitboards as numbers, so each set is the next
// larger number with `k` bits. Built on first use: a build unranks every
// index of a slice and most of them again on its way back, and unranking
// by a search over the binomials took most of a build's time.
const std::vector<Bitboard>& SetsInColexOrder(int k) {
  static absl::once_flag built[kMaxPieces + 1];
  static const std::vector<Bitboard>* sets[kMaxPieces + 1] = {};
  absl::call_once(built[k], [k] {
    auto* all = new std::vector<Bitboard>();
    all->reserve(Choose(kNumSquares, k));
    uint64_t set = (uint64_t{1} << k) - 1;
    while (set < (uint64_t{1} << kNumSquares)) {
      all->push_back(static_cast<Bitboard>(set));
      if (set == 0) break;
      // The lowest run of ones moves up a place, the rest of it to the
      // bottom (Gosper).
      const uint64_t lowest = set & -set;
      const uint64_t carried = set + lowest;
      set = carried | (((set ^ carried) >> 2) / lowest);
    }
    sets[k] = all;
  });
  return *sets[k];
}

// The set of `k` numbers whose colex rank is `rank`.
Bitboard ColexUnrank(uint64_t rank, int k) { return SetsInColexOrder(k)[rank]; }

// The squares of `set` numbered among the squares outside `blockers`: a
// square's number is how many free squares lie below it.
Bitboard Compress(Bitboard set, Bitboard blockers) {
#ifdef __BMI2__
  return _pext_u32(set, ~blockers);
#else
  Bitboard out = 0;
  for (; set; set = PopLowest(set)) {
    const Square s = LowestSquare(set);
    out |= SquareBit(s - PopCount(blockers & (SquareBit(s) - 1)));
  }
  return out;
#endif
}

// The inverse of Compress: the free squares with the numbers in `set`.
Bitboard Expand(Bitboard set, Bitboard blockers) {
#ifdef __BMI2__
  return _pdep_u32(set, ~blockers);
#else
  Bitboard out = 0;
  Bitboard free = ~blockers;
  int number = 0;
  for (; set; set = PopLowest(set)) {
    const int wanted = LowestSquare(set);
    while (number < wanted) {
      free = PopLowest(free);
      ++number;
    }
    out |= SquareBit(LowestSquare(free));
  }
  return out;
#endif
}

// The sizes of the four factors of a slice's index, one side to move.
struct Factors {
  uint64_t black_men, white_men, black_kings, white_kings;
  uint64_t product() const {
    return black_men * white_men * black_kings * white_kings;
  }
};

Factors FactorsOf(const Material& m) {
  const int men = m.black_men + m.white_men;
  return {Choose(kManSquares, m.black_men), Choose(kManSquares, m.white_men),
          Choose(kNumSquares - men, m.black_kings),
          Choose(kNumSquares - men - m.black_kings, m.white_kings)};
}

int Code(Wdl wdl) { return static_cast<int>(wdl); }

Wdl ValueAt(absl::string_view packed, uint64_t index) {
  const int code =
      (static_cast<uint8_t>(packed[index / 4]) >> (2 * (index % 4))) & 3;
  return static_cast<Wdl>(code);
}

// What one ply of play says a position is worth, given its successors'
// values: a win when a move leads to a loss, a loss when every move leads
// to a win (or there is none), else a draw. Nullopt when a successor's
// slice is missing.
absl::StatusOr<Wdl> OnePlyValue(const Database& db, const Position& pos) {
  MoveList moves;
  GenerateMoves(pos, &moves);
  bool all_wins = true;
  for (const Move& m : moves) {
    const Position child = pos.After(m);
    const std::optional<Wdl> v = db.Probe(child);
    if (!v.has_value()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the endgame slice ", MaterialOf(child).Name(),
          " is missing; build the slices in order (checkers egdb build)"));
    }
    if (*v == Wdl::kLoss) return Wdl::kWin;
    if (*v != Wdl::kWin) all_wins = false;
  }
  return all_wins ? Wdl::kLoss : Wdl::kDraw;
}

// IndexOf and PositionAt for a slice whose factors are `f`, which a build
// computes once rather than for every position.
uint64_t IndexWith(const Factors& f, const Position& pos) {
  const Bitboard black_men = pos.men(Color::kBlack);
  const Bitboard white_men = pos.men(Color::kWhite);
  const Bitboard men = black_men | white_men;
  const Bitboard black_kings = pos.kings(Color::kBlack);
  uint64_t index = ColexRank(black_men);
  index = index * f.white_men + ColexRank(white_men >> 4);
  index = index * f.black_kings + ColexRank(Compress(black_kings, men));
  index = index * f.white_kings +
          ColexRank(Compress(pos.kings(Color::kWhite), men | black_kings));
  if (pos.side_to_move() == Color::kWhite) index += f.product();
  return index;
}

std::optional<Position> PositionWith(const Material& material, const Factors& f,
                                     uint64_t index) {
  const uint64_t half = f.product();
  const Color to_move = index >= half ? Color::kWhite : Color::kBlack;
  index %= half;
  const uint64_t white_king_rank = index % f.white_kings;
  index /= f.white_kings;
  const uint64_t black_king_rank = index % f.black_kings;
  index /= f.black_kings;
  const uint64_t white_man_rank = index % f.white_men;
  const uint64_t black_man_rank = index / f.white_men;
  const Bitboard black_men = ColexUnrank(black_man_rank, material.black_men);
  const Bitboard white_men = ColexUnrank(white_man_rank, material.white_men)
                             << 4;
  if (black_men & white_men) return std::nullopt;
  const Bitboard men = black_men | white_men;
  const Bitboard black_kings =
      Expand(ColexUnrank(black_king_rank, material.black_kings), men);
  const Bitboard white_kings = Expand(
      ColexUnrank(white_king_rank, material.white_kings), men | black_kings);
  return Position::FromBitboards(black_men | black_kings,
                                 white_men | white_kings,
                                 black_kings | white_kings, to_move);
}

// Calls visit(index, position) for every entry of the slice of `m`, whose
// factors are `f`, in the order of their indices, the position nullptr for
// an entry that names none; as PositionAt would, without its divisions,
// each set unranked once for all the entries below it. Stops, returning
// false, when `visit` does.
template <typename Visit>
bool ForEachEntry(const Material& m, const Factors& f, Visit visit) {
  const std::vector<Bitboard>& black_man_sets = SetsInColexOrder(m.black_men);
  const std::vector<Bitboard>& white_man_sets = SetsInColexOrder(m.white_men);
  const std::vector<Bitboard>& black_king_sets =
      SetsInColexOrder(m.black_kings);
  const std::vector<Bitboard>& white_king_sets =
      SetsInColexOrder(m.white_kings);
  uint64_t index = 0;
  for (const Color to_move : {Color::kBlack, Color::kWhite}) {
    for (uint64_t bm = 0; bm < f.black_men; ++bm) {
      const Bitboard black_men = black_man_sets[bm];
      for (uint64_t wm = 0; wm < f.white_men; ++wm) {
        const Bitboard white_men = white_man_sets[wm] << 4;
        const Bitboard men = black_men | white_men;
        for (uint64_t bk = 0; bk < f.black_kings; ++bk) {
          const Bitboard black_kings = Expand(black_king_sets[bk], men);
          for (uint64_t wk = 0; wk < f.white_kings; ++wk, ++index) {
            if (black_men & white_men) {
              if (!visit(index, nullptr)) return false;
              continue;
            }
            const Bitboard white_kings =
                Expand(white_king_sets[wk], men | black_kings);
            const Position pos = Position::FromBitboards(
                black_men | black_kings, white_men | white_kings,
                black_kings | white_kings, to_move);
            if (!visit(index, &pos)) return false;
          }
        }
      }
    }
  }
  return true;
}

}  // namespace

bool Material::IsCanonical() const {
  return std::tie(black_men, black_kings) >= std::tie(white_men, white_kings);
}

std::string Material::Name() const {
  return absl::StrCat(black_men, black_kings, white_men, white_kings);
}

std::optional<Material> MaterialNamed(absl::string_view name) {
  if (name.size() != 4) return std::nullopt;
  int counts[4];
  for (int i = 0; i < 4; ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    counts[i] = name[i] - '0';
  }
  return Material{counts[0], counts[1], counts[2], counts[3]};
}

Material MaterialOf(const Position& pos) {
  return {PopCount(pos.men(Color::kBlack)), PopCount(pos.kings(Color::kBlack)),
          PopCount(pos.men(Color::kWhite)), PopCount(pos.kings(Color::kWhite))};
}

std::vector<Material> SlicesUpTo(int max_pieces) {
  max_pieces = std::min(max_pieces, kMaxPieces);
  std::vector<Material> slices;
  for (int bm = 0; bm <= max_pieces; ++bm)
    for (int bk = 0; bm + bk <= max_pieces; ++bk)
      for (int wm = 0; bm + bk + wm <= max_pieces; ++wm)
        for (int wk = 0; bm + bk + wm + wk <= max_pieces; ++wk) {
          const Material m{bm, bk, wm, wk};
          if (bm + bk > 0 && wm + wk > 0 && m.IsCanonical())
            slices.push_back(m);
        }
  // A capture removes a piece and a crowning turns a man into a king, so
  // fewer pieces, then fewer men, come first.
  std::stable_sort(slices.begin(), slices.end(),
                   [](const Material& a, const Material& b) {
                     return std::make_pair(a.pieces(), a.men()) <
                            std::make_pair(b.pieces(), b.men());
                   });
  return slices;
}

uint64_t SliceEntries(const Material& material) {
  return 2 * FactorsOf(material).product();
}

uint64_t IndexOf(const Material& material, const Position& pos) {
  return IndexWith(FactorsOf(material), pos);
}

std::optional<Position> PositionAt(const Material& material, uint64_t index) {
  return PositionWith(material, FactorsOf(material), index);
}

Position Reversed(const Position& pos) {
  const auto turn = [](Bitboard b) {
    Bitboard out = 0;
    for (; b; b = PopLowest(b))
      out |= SquareBit(kNumSquares - 1 - LowestSquare(b));
    return out;
  };
  return Position::FromBitboards(
      turn(pos.pieces(Color::kWhite)), turn(pos.pieces(Color::kBlack)),
      turn(pos.all_kings()), Opponent(pos.side_to_move()));
}

absl::Status Database::AddSlice(const Material& material, std::string packed) {
  auto owned = std::make_shared<const std::string>(std::move(packed));
  const absl::string_view view = *owned;
  return AddSliceView(material, view, std::move(owned));
}

absl::Status Database::AddSliceView(const Material& material,
                                    absl::string_view packed,
                                    std::shared_ptr<const void> keeper,
                                    CheckFn check) {
  if (material.pieces() > kMaxPieces || !material.IsCanonical() ||
      material.black_men + material.black_kings == 0 ||
      material.white_men + material.white_kings == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("no endgame slice has the material ", material.Name()));
  }
  if (packed.size() != SlicePackedBytes(material)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the endgame slice ", material.Name(), " holds ",
        SlicePackedBytes(material), " bytes, not ", packed.size()));
  }
  if (Find(material) != nullptr) {
    return absl::AlreadyExistsError(absl::StrCat(
        "the endgame slice ", material.Name(), " is loaded twice"));
  }
  auto slice = std::make_unique<Slice>();
  slice->material = material;
  slice->packed = packed;
  slice->keeper = std::move(keeper);
  slice->check = std::move(check);
  slices_.push_back(std::move(slice));
  slice_of_[material.black_men][material.black_kings][material.white_men]
           [material.white_kings] = static_cast<uint16_t>(slices_.size());
  UpdateComplete();
  return absl::OkStatus();
}

const Database::Slice* Database::Find(const Material& m) const {
  if (m.pieces() > kMaxPieces) return nullptr;
  const uint16_t i =
      slice_of_[m.black_men][m.black_kings][m.white_men][m.white_kings];
  return i == 0 ? nullptr : slices_[i - 1].get();
}

const Database::Slice* Database::FindSound(const Material& m) const {
  const Slice* slice = Find(m);
  if (slice == nullptr || slice->check == nullptr) return slice;
  absl::call_once(slice->checked,
                  [slice] { slice->sound = slice->check(slice->packed); });
  return slice->sound ? slice : nullptr;
}

std::optional<absl::string_view> Database::PackedSlice(
    const Material& material) const {
  const Slice* slice = FindSound(material);
  if (slice == nullptr) return std::nullopt;
  return slice->packed;
}

void Database::UpdateComplete() {
  complete_pieces_ = 0;
  for (int n = 2; n <= kMaxPieces; ++n) {
    for (const Material& m : SlicesUpTo(n)) {
      if (m.pieces() == n && Find(m) == nullptr) return;
    }
    complete_pieces_ = n;
  }
}

std::vector<Material> Database::slices() const {
  std::vector<Material> out;
  for (const Material& m : SlicesUpTo(kMaxPieces)) {
    if (Find(m) != nullptr) out.push_back(m);
  }
  return out;
}

std::optional<Wdl> Database::Probe(const Position& pos) const {
  const Color us = pos.side_to_move();
  if (pos.pieces(us) == 0) return Wdl::kLoss;
  if (pos.pieces(Opponent(us)) == 0) return Wdl::kWin;
  Material m = MaterialOf(pos);
  if (m.pieces() > kMaxPieces) return std::nullopt;
  if (m.IsCanonical()) {
    const Slice* slice = FindSound(m);
    if (slice == nullptr) return std::nullopt;
    return ValueAt(slice->packed, IndexOf(m, pos));
  }
  m = m.Reversed();
  const Slice* slice = FindSound(m);
  if (slice == nullptr) return std::nullopt;
  return ValueAt(slice->packed, IndexOf(m, Reversed(pos)));
}

absl::Status Database::BuildSlice(const Material& material,
                                  const ProgressFn& progress) {
  if (!material.IsCanonical() || material.pieces() > kMaxPieces) {
    return absl::InvalidArgumentError(
        absl::StrCat("no endgame slice has the material ", material.Name()));
  }
  // Per position, while it is unknown: how many of its moves do not yet
  // lead to a win for the opponent; then its value.
  constexpr uint8_t kWin = 255, kLoss = 254, kNoPosition = 253;
  const uint64_t entries = SliceEntries(material);
  const uint64_t total = 2 * entries;
  constexpr uint64_t kReportEvery = uint64_t{1} << 18;
  // The queue of decided positions holds 32-bit indices: it grows to a
  // slice's size, and halving it is what lets 6 pieces build in a few GB.
  if (entries > std::numeric_limits<uint32_t>::max()) {
    return absl::ResourceExhaustedError(
        absl::StrCat("the endgame slice ", material.Name(), " has ", entries,
                     " positions, more than one build can index"));
  }
  std::vector<uint8_t> state(entries);
  std::vector<uint32_t> resolved;

  // Forward: each position's moves out of the slice (captures, crownings)
  // have known values; those within it are counted.
  const Factors factors = FactorsOf(material);
  absl::Status missing;
  ForEachEntry(material, factors, [&](uint64_t i, const Position* pos) {
    if (progress && i % kReportEvery == 0) progress(i, total);
    if (pos == nullptr) {
      state[i] = kNoPosition;
      return true;
    }
    MoveList moves;
    GenerateMoves(*pos, &moves);
    int open = 0;
    bool win = false;
    for (const Move& m : moves) {
      const Position child = pos->After(m);
      if (MaterialOf(child) == material) {
        ++open;
        continue;
      }
      const std::optional<Wdl> v = Probe(child);
      if (!v.has_value()) {
        missing = absl::FailedPreconditionError(
            absl::StrCat("the endgame slice ", MaterialOf(child).Name(),
                         " is needed to build ", material.Name(),
                         "; build the slices in order"));
        return false;
      }
      if (*v == Wdl::kLoss) {
        win = true;
        break;
      }
      if (*v == Wdl::kDraw) ++open;
    }
    if (win || open == 0) {
      state[i] = win ? kWin : kLoss;
      resolved.push_back(static_cast<uint32_t>(i));
    } else {
      state[i] = static_cast<uint8_t>(open);
    }
    return true;
  });
  if (!missing.ok()) return missing;

  // Backward: each position just decided decides or counts down the
  // positions one quiet move before it.
  for (size_t next = 0; next < resolved.size(); ++next) {
    if (progress && next % kReportEvery == 0) progress(entries + next, total);
    const uint64_t i = resolved[next];
    const bool child_lost = state[i] == kLoss;
    const Position child = *PositionWith(material, factors, i);
    const Color mover = Opponent(child.side_to_move());
    const Bitboard empty = child.empty();
    const Bitboard ours = child.pieces(mover);
    const Bitboard theirs = child.pieces(child.side_to_move());
    const Bitboard kings = child.all_kings();
    for (Bitboard b = ours; b; b = PopLowest(b)) {
      const Square to = LowestSquare(b);
      const Bitboard to_bit = SquareBit(to);
      const bool king = kings & to_bit;
      // A man came from behind it: north for Black, whose men move south.
      Bitboard froms =
          king ? Neighbours(to_bit)
          : mover == Color::kBlack
              ? Steps<false>::By4(to_bit) | Steps<false>::By35(to_bit)
              : Steps<true>::By4(to_bit) | Steps<true>::By35(to_bit);
      for (froms &= empty; froms; froms = PopLowest(froms)) {
        const Bitboard from_bit = SquareBit(LowestSquare(froms));
        const Bitboard moved = (ours & ~to_bit) | from_bit;
        const Bitboard moved_kings =
            king ? (kings & ~to_bit) | from_bit : kings;
        const Position before =
            mover == Color::kBlack
                ? Position::FromBitboards(moved, theirs, moved_kings, mover)
                : Position::FromBitboards(theirs, moved, moved_kings, mover);
        const uint64_t p = IndexWith(factors, before);
        if (state[p] >= kNoPosition) continue;
        // With a capture on the board the quiet move was not legal.
        if (HasCapture(before)) continue;
        if (child_lost) {
          state[p] = kWin;
          resolved.push_back(static_cast<uint32_t>(p));
        } else if (--state[p] == 0) {
          state[p] = kLoss;
          resolved.push_back(static_cast<uint32_t>(p));
        }
      }
    }
  }

  std::string packed(SlicePackedBytes(material), '\0');
  for (uint64_t i = 0; i < entries; ++i) {
    const int code = state[i] == kWin    ? Code(Wdl::kWin)
                     : state[i] == kLoss ? Code(Wdl::kLoss)
                                         : Code(Wdl::kDraw);
    packed[i / 4] = static_cast<char>(static_cast<uint8_t>(packed[i / 4]) |
                                      (code << (2 * (i % 4))));
  }
  if (progress) progress(total, total);
  return AddSlice(material, std::move(packed));
}

std::optional<Database::Counts> Database::CountSlice(
    const Material& material) const {
  const Slice* slice = FindSound(material);
  if (slice == nullptr) return std::nullopt;
  Counts counts;
  ForEachEntry(material, FactorsOf(material),
               [&](uint64_t i, const Position* pos) {
                 if (pos == nullptr) return true;
                 const Wdl v = ValueAt(slice->packed, i);
                 (v == Wdl::kWin    ? counts.wins
                  : v == Wdl::kDraw ? counts.draws
                                    : counts.losses)++;
                 return true;
               });
  return counts;
}

absl::StatusOr<uint64_t> Database::VerifySlice(const Material& material,
                                               const ProgressFn& progress,
                                               std::string* first_wrong) const {
  const Slice* slice = FindSound(material);
  if (slice == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("the endgame slice ", material.Name(), " is not loaded"));
  }
  const uint64_t entries = SliceEntries(material);
  uint64_t wrong = 0;
  absl::Status missing;
  ForEachEntry(material, FactorsOf(material),
               [&](uint64_t i, const Position* pos) {
                 if (progress && i % (uint64_t{1} << 18) == 0)
                   progress(i, entries);
                 if (pos == nullptr) return true;
                 absl::StatusOr<Wdl> expected = OnePlyValue(*this, *pos);
                 if (!expected.ok()) {
                   missing = expected.status();
                   return false;
                 }
                 if (*expected != ValueAt(slice->packed, i)) {
                   if (wrong == 0 && first_wrong != nullptr)
                     *first_wrong = ToFen(*pos);
                   ++wrong;
                 }
                 return true;
               });
  if (!missing.ok()) return missing;
  if (progress) progress(entries, entries);
  return wrong;
}

}  // namespace checkers::egdb
