#include "engine/learned_eval.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/bit_count.h"
#include "engine/board10.h"
#include "engine/board8.h"
#include "engine/eval10.h"
#include "engine/eval8.h"
#include "engine/rules.h"

namespace checkers::learned {

// The weights files' bytes, compiled in from engine/data/eval_weights.bin,
// eval_weights_russian.bin, eval_weights_pool.bin and
// eval_weights_international.bin by the genrules eval_weights_data,
// eval_weights_russian_data, eval_weights_pool_data and
// eval_weights_international_data.
absl::string_view CommittedWeightBytes();
absl::string_view CommittedRussianWeightBytes();
absl::string_view CommittedPoolWeightBytes();
absl::string_view CommittedInternationalWeightBytes();

namespace {

// The magic lines of the weights files' layouts, of equal length.
constexpr absl::string_view kMagic8 = "CKEW1\n";
constexpr absl::string_view kMagic8WithMaterial = "CKEW2\n";
constexpr absl::string_view kMagic10 = "CKEI1\n";
constexpr size_t kMagicSize = kMagic8.size();

// The base-3 number whose digits are the bits of `bits`: a window's eight
// squares, one digit each.
constexpr std::array<uint16_t, 256> MakeBase3() {
  std::array<uint16_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int value = 0;
    for (int i = 7; i >= 0; --i) value = value * 3 + ((b >> i) & 1);
    t[b] = static_cast<uint16_t>(value);
  }
  return t;
}
constexpr std::array<uint16_t, 256> kBase3 = MakeBase3();

// The windows of one row band, both sides at once. `rows` holds the side
// to move's men of rows row0 .. row0 + 3 in its low 16 bits and the other
// side's in its high 16 (engine/board8.h's layout: four bits a row). The
// window at in-row offset `offset` takes the neighbouring squares `offset`
// and `offset` + 1 of each of those rows; the result holds the side to
// move's eight squares in bits 0-7 and the other side's in bits 16-23, two
// bits a row. Done as a few word-wide shifts rather than a loop over the
// rows, as it runs at every leaf.
inline uint32_t BandWindows(uint32_t rows, int offset) {
  const uint32_t pairs = (rows >> offset) & 0x33333333u;
  const uint32_t nibbles = (pairs | (pairs >> 2)) & 0x0F0F0F0Fu;
  return (nibbles | (nibbles >> 4)) & 0x00FF00FFu;
}

// The 10x10 windows of one row band: `rows` holds the band's four rows
// from its low bit in engine/board10.h's layout (two rows in eleven bits,
// five squares each, then a ghost), shifted down by the window's in-row
// offset. The window takes the neighbouring squares 0 and 1 of each row:
// bits 0, 1, 5, 6, 11, 12, 16 and 17, gathered into bits 0-7.
inline uint32_t BandWindow10(uint64_t rows) {
  const uint32_t v = static_cast<uint32_t>(rows) & 0x31863u;
  return (v & 0x3u) | ((v >> 3) & 0xCu) | ((v >> 7) & 0x30u) |
         ((v >> 10) & 0xC0u);
}

// The ending's share when `pieces` of `full` are left: none on a full
// board, all of it with `ending` or fewer.
int EndingShare(int pieces, int full, int ending) {
  return std::clamp((full - pieces) * kPhaseScale / (full - ending), 0,
                    kPhaseScale);
}

void PutInt(std::string* out, uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out->push_back(static_cast<char>(v >> (8 * i)));
}

uint32_t GetInt(absl::string_view in, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= static_cast<uint32_t>(static_cast<unsigned char>(in[at + i]))
         << (8 * i);
  return v;
}

}  // namespace

Features FeaturesOf(const Position& pos, Edition edition) {
  Features f;
  f.hand = checkers::Evaluate(pos, edition);
  // Seen from the side to move, whose men then move towards square 32: for
  // White the board turned round, as engine/eval8.h's Mirrored turns it but
  // without building a position at every leaf.
  const bool black = pos.side_to_move() == Color::kBlack;
  const Bitboard own =
      black ? pos.men(Color::kBlack) : Rotated(pos.men(Color::kWhite));
  const Bitboard other =
      black ? pos.men(Color::kWhite) : Rotated(pos.men(Color::kBlack));
  f.ending = EndingShare(BitCount(pos.occupied()), 24, 8);
  f.has_men = (own | other) != 0;
  int w = 0;
  for (int row0 = 0; row0 <= 4; row0 += 2) {
    const uint32_t rows = ((own >> (4 * row0)) & 0xFFFFu) |
                          (((other >> (4 * row0)) & 0xFFFFu) << 16);
    for (int offset = 0; offset <= 2; ++offset) {
      const uint32_t bits = BandWindows(rows, offset);
      f.config[w++] =
          static_cast<uint16_t>(kBase3[bits & 0xFF] + 2 * kBase3[bits >> 16]);
    }
  }
  const Color us = pos.side_to_move();
  f.config[kWindows] = static_cast<uint16_t>(MaterialConfig(
      BitCount(pos.men(us)), BitCount(pos.kings(us)),
      BitCount(pos.men(Opponent(us))), BitCount(pos.kings(Opponent(us)))));
  return f;
}

Features FeaturesOf(const intl::Position& pos) {
  Features f;
  f.hand = intl::Evaluate(pos);
  const bool black = pos.side_to_move() == Color::kBlack;
  const intl::Bitboard own =
      black ? pos.men(Color::kBlack) : intl::Rotated(pos.men(Color::kWhite));
  const intl::Bitboard other =
      black ? pos.men(Color::kWhite) : intl::Rotated(pos.men(Color::kBlack));
  f.ending = EndingShare(intl::PopCount(pos.occupied()), 40, 12);
  f.has_men = (own | other) != 0;
  int w = 0;
  // Bands start at rows 0, 2, 4 and 6: every eleven bits.
  for (int band = 0; band < 44; band += 11) {
    for (int offset = 0; offset <= 3; ++offset) {
      f.config[w++] = static_cast<uint16_t>(
          kBase3[BandWindow10(own >> (band + offset))] +
          2 * kBase3[BandWindow10(other >> (band + offset))]);
    }
  }
  return f;
}

int WindowsOf(Edition edition) {
  return TraitsOf(edition).board_size == 10 ? kWindows10 : kWindows;
}

Weights HandSetOnly(Edition edition) {
  Weights weights;
  weights.windows = WindowsOf(edition);
  weights.table.assign(TableSize(weights.windows), 0);
  return weights;
}

Weights WithMaterial(Weights weights) {
  if (weights.windows == kWindows) {
    weights.windows = kWindowsWithMaterial;
    weights.table.resize(TableSize(kWindowsWithMaterial), 0);
  }
  return weights;
}

int Evaluate(const Features& f, const Weights& weights) {
  const int hand = f.hand * weights.hand_scale / kHandScaleOne;
  if (!f.has_men) return hand;
  int full = 0;
  int ending = 0;
  for (int w = 0; w < weights.windows; ++w) {
    full += weights.table[TableIndex(w, f.config[w], 0)];
    ending += weights.table[TableIndex(w, f.config[w], 1)];
  }
  return hand +
         (full * (kPhaseScale - f.ending) + ending * f.ending) / kPhaseScale;
}

int Evaluate(const Position& pos, const Weights& weights, Edition edition) {
  return Evaluate(FeaturesOf(pos, edition), weights);
}

int Evaluate(const intl::Position& pos, const Weights& weights) {
  return Evaluate(FeaturesOf(pos), weights);
}

std::string Serialize(const Weights& weights) {
  std::string out(weights.windows == kWindows10 ? kMagic10
                  : weights.windows == kWindowsWithMaterial
                      ? kMagic8WithMaterial
                      : kMagic8);
  PutInt(&out, static_cast<uint32_t>(weights.hand_scale), 4);
  for (int16_t v : weights.table) PutInt(&out, static_cast<uint16_t>(v), 2);
  return out;
}

absl::StatusOr<Weights> Parse(absl::string_view bytes, Edition edition) {
  Weights weights = HandSetOnly(edition);
  const bool ten = weights.windows == kWindows10;
  const absl::string_view magic = bytes.substr(0, kMagicSize);
  if (ten ? (magic == kMagic8 || magic == kMagic8WithMaterial)
          : magic == kMagic10) {
    return absl::InvalidArgumentError(
        absl::StrCat("these evaluation weights are of the ",
                     ten ? "8x8" : "10x10", " board; ", EditionName(edition),
                     " is played on the ", ten ? "10x10" : "8x8", " one"));
  }
  if (!ten && magic == kMagic8WithMaterial) {
    weights = WithMaterial(std::move(weights));
  } else if (magic != (ten ? kMagic10 : kMagic8)) {
    return absl::InvalidArgumentError(
        "not an evaluation weights file: it does not start with CKEW1, CKEW2 "
        "or CKEI1");
  }
  const size_t expected =
      kMagicSize + 4 + 2 * static_cast<size_t>(weights.table.size());
  if (bytes.size() != expected) {
    return absl::InvalidArgumentError(
        absl::StrCat("an evaluation weights file of this layout has ", expected,
                     " bytes; this one has ", bytes.size()));
  }
  weights.hand_scale = static_cast<int32_t>(GetInt(bytes, kMagicSize, 4));
  if (weights.hand_scale <= 0 || weights.hand_scale > 8 * kHandScaleOne) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the hand-set evaluation's factor ", weights.hand_scale, "/",
        kHandScaleOne, " is out of range (above 0, at most 8)"));
  }
  for (size_t i = 0; i < weights.table.size(); ++i) {
    weights.table[i] =
        static_cast<int16_t>(GetInt(bytes, kMagicSize + 4 + 2 * i, 2));
  }
  return weights;
}

namespace {

// The weights `bytes` hold, which were compiled in: the files are checked
// by learned_eval_test, and a broken one must not build a program that
// plays, so it fails loudly here too.
const Weights* CompiledIn(absl::string_view bytes, Edition edition) {
  absl::StatusOr<Weights> parsed = Parse(bytes, edition);
  if (!parsed.ok()) __builtin_trap();
  return new Weights(*std::move(parsed));
}

}  // namespace

const Weights* Committed(Edition edition) {
  switch (edition) {
    case Edition::kEnglish: {
      static const Weights* weights =
          CompiledIn(CommittedWeightBytes(), Edition::kEnglish);
      return weights;
    }
    case Edition::kRussian: {
      static const Weights* weights =
          CompiledIn(CommittedRussianWeightBytes(), Edition::kRussian);
      return weights;
    }
    case Edition::kPool: {
      static const Weights* weights =
          CompiledIn(CommittedPoolWeightBytes(), Edition::kPool);
      return weights;
    }
    case Edition::kInternational: {
      static const Weights* weights = CompiledIn(
          CommittedInternationalWeightBytes(), Edition::kInternational);
      return weights;
    }
  }
  return nullptr;
}

}  // namespace checkers::learned
