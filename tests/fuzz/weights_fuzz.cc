// Fuzzes the learned evaluation's weights reader (engine/learned_eval.h).
// The input's first byte picks the edition (its remainder over four:
// English, Russian, pool, international) and the second the file's form:
// even, the rest of the input is the whole file, so the magic lines and
// the size checks are reached; odd, it is laid over the start of a sound
// file of the edition's board (the material table too when the byte's
// second bit is set), since a whole file is larger than the fuzzer's
// inputs, so the factor and the values are reached with the size right.
// Properties: what reads is of the edition's board and writes back as the
// same bytes; its values evaluate every test position without fault.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/fen10.h"
#include "engine/fen8.h"
#include "engine/learned_eval.h"
#include "engine/rules.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

constexpr Edition kEditions[] = {Edition::kEnglish, Edition::kRussian,
                                 Edition::kPool, Edition::kInternational};

constexpr const char* kFens8[] = {
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,22,K26:B6,10,15,K1,K3",
    "W:WK3,K20:BK12",
};
constexpr const char* kFens10[] = {
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    "B:W27,28,32,33,K38,41,44:B6,12,13,K17,19,23",
};

// A sound file of `edition`'s board, with the material table when
// `material` and the board has one; made once each, as a file is hundreds
// of kilobytes.
const std::string& SoundFile(Edition edition, bool material) {
  static const auto* files = [] {
    auto* made = new std::array<std::string, 2 * std::size(kEditions)>;
    for (size_t e = 0; e < std::size(kEditions); ++e) {
      learned::Weights base = learned::HandSetOnly(kEditions[e]);
      (*made)[2 * e] = learned::Serialize(base);
      if (base.windows == learned::kWindows)
        base = learned::WithMaterial(std::move(base));
      (*made)[2 * e + 1] = learned::Serialize(base);
    }
    return made;
  }();
  const size_t e =
      std::find(std::begin(kEditions), std::end(kEditions), edition) -
      std::begin(kEditions);
  return (*files)[2 * e + (material ? 1 : 0)];
}

void Check(absl::string_view input) {
  if (input.size() < 2) return;
  const Edition edition =
      kEditions[static_cast<uint8_t>(input[0]) % std::size(kEditions)];
  const uint8_t form = static_cast<uint8_t>(input[1]);
  input.remove_prefix(2);
  std::string bytes(input);
  if (form & 1) {
    bytes = SoundFile(edition, (form & 2) != 0);
    std::copy_n(input.begin(), std::min(input.size(), bytes.size()),
                bytes.begin());
  }
  absl::StatusOr<learned::Weights> weights = learned::Parse(bytes, edition);
  if (!weights.ok()) return;
  const bool ten = TraitsOf(edition).board_size == 10;
  FUZZ_CHECK(ten ? weights->windows == learned::kWindows10
                 : weights->windows == learned::kWindows ||
                       weights->windows == learned::kWindowsWithMaterial,
             "weights that read are of the edition's board");
  FUZZ_CHECK(weights->table.size() ==
                 static_cast<size_t>(learned::TableSize(weights->windows)),
             "the table has the layout's size");
  FUZZ_CHECK(learned::Serialize(*weights) == bytes,
             "weights that read write back as the same bytes");
  if (ten) {
    for (const char* fen : kFens10) {
      absl::StatusOr<intl::Position> pos = intl::ParseFen(fen);
      FUZZ_CHECK(pos.ok(), "a test position reads");
      learned::Evaluate(*pos, *weights);
    }
  } else {
    for (const char* fen : kFens8) {
      absl::StatusOr<Position> pos = ParseFen(fen);
      FUZZ_CHECK(pos.ok(), "a test position reads");
      learned::Evaluate(*pos, *weights, edition);
    }
  }
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
