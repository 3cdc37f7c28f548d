// The learned evaluation of the 8x8 editions: the hand-set evaluation of
// engine/eval8.h scaled by a fitted factor, plus fitted values of how the
// men stand in nine overlapping windows of the board. The values are fitted
// by `checkers train` (train/) to the results of self-play games of one
// edition, by logistic regression; docs/EVALUATION.md tells how. Each
// edition that has been fitted has its own weights; the layout is the same.
//
// A window is a 4x4 block of the board, at rows 0, 2 or 4 and columns 0, 2
// or 4: its eight playable squares each hold no man, a man of the side to
// move or a man of the other side, 3^8 = 6561 configurations. Each
// configuration has two values, one for a full board and one for an
// ending, mixed by the number of pieces left. Kings are the hand-set
// evaluation's business: in a window they count as empty squares.

#ifndef CHECKERS_ENGINE_LEARNED_EVAL_H_
#define CHECKERS_ENGINE_LEARNED_EVAL_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers::learned {

inline constexpr int kWindows = 9;
inline constexpr int kWindowConfigs = 6561;
inline constexpr int kPhases = 2;
inline constexpr int kTableSize = kWindows * kWindowConfigs * kPhases;
// The ending's share of the mix is out of this.
inline constexpr int kPhaseScale = 256;
// The hand-set evaluation's factor is out of this.
inline constexpr int kHandScaleOne = 1024;

// What the learned evaluation reads of a position, seen from its side to
// move.
struct Features {
  // engine/eval8.h's Evaluate under the edition's rules.
  int hand = 0;
  // The ending's share, 0 (24 pieces) to kPhaseScale (8 or fewer).
  int ending = 0;
  // False when no man is left: the windows are then not used, and the
  // value is the scaled hand-set one alone.
  bool has_men = false;
  // Each window's configuration, 0..kWindowConfigs-1.
  std::array<uint16_t, kWindows> config{};
};

// The features of `pos` for its side to move under `edition` (an 8x8
// one), which prices its kings in the hand-set evaluation.
Features FeaturesOf(const Position& pos, Edition edition = Edition::kEnglish);

// The index in Weights::table of window `w`'s configuration `config` in
// phase `phase` (0: full board, 1: ending).
inline constexpr int TableIndex(int w, int config, int phase) {
  return (w * kWindowConfigs + config) * kPhases + phase;
}

struct Weights {
  // The hand-set evaluation's factor, out of kHandScaleOne.
  int hand_scale = kHandScaleOne;
  // kTableSize values in centi-men, indexed by TableIndex.
  std::vector<int16_t> table = std::vector<int16_t>(kTableSize, 0);
};

// The value of `features`, in centi-men for the side to move.
int Evaluate(const Features& features, const Weights& weights);

// The value of `pos` for its side to move under `edition` (an 8x8 one),
// in centi-men: meant, as engine/eval8.h's, for quiet positions. Symmetric
// as that one is.
int Evaluate(const Position& pos, const Weights& weights,
             Edition edition = Edition::kEnglish);

// The bytes of a weights file: "CKEW1\n", the hand scale and the table as
// little-endian 32- and 16-bit integers.
std::string Serialize(const Weights& weights);

// The weights `bytes` hold; InvalidArgument, saying what is wrong, when
// they are not a weights file of this layout.
absl::StatusOr<Weights> Parse(absl::string_view bytes);

// The weights committed with the program for `edition`, parsed once, or
// nullptr for an edition that has none (it plays with the hand-set
// evaluation alone). engine/data/README.md names the files and the
// commands that made them.
const Weights* Committed(Edition edition);

}  // namespace checkers::learned

#endif  // CHECKERS_ENGINE_LEARNED_EVAL_H_
