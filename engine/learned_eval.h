// The learned evaluation: the hand-set evaluation of the board (engine/
// eval8.h, engine/eval10.h) scaled by a fitted factor, plus fitted values
// of how the men stand in overlapping windows of the board. The values are
// fitted by `checkers train` (train/) to the results of self-play games of
// one edition, by logistic regression; docs/EVALUATION.md tells how. Each
// edition that has been fitted has its own weights; each board its layout.
//
// A window is a 4x4 block of the board at even rows and even columns: nine
// on the 8x8 board (rows and columns 0, 2 and 4), sixteen on the 10x10
// board (0, 2, 4 and 6). Its eight playable squares each hold no man, a
// man of the side to move or a man of the other side, 3^8 = 6561
// configurations. Each configuration has two values, one for a full board
// and one for an ending, mixed by the number of pieces left. Kings are the
// hand-set evaluation's business: in a window they count as empty squares.
//
// 8x8 weights may carry one table more, read as a tenth window: the
// material, each side's men (0-12) and kings (0-3, more counted as 3). Its
// values correct the hand-set prices of men against flying kings, which
// no window sees (docs/EVALUATION.md, "Russian: a second round, and a
// material table").

#ifndef CHECKERS_ENGINE_LEARNED_EVAL_H_
#define CHECKERS_ENGINE_LEARNED_EVAL_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position10.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers::learned {

// The windows of the 8x8 board and of the 10x10 board.
inline constexpr int kWindows = 9;
inline constexpr int kWindows10 = 16;
// The 8x8 board's windows with the material table, the last of them.
inline constexpr int kWindowsWithMaterial = kWindows + 1;
inline constexpr int kMaxWindows = kWindows10;
inline constexpr int kWindowConfigs = 6561;
inline constexpr int kPhases = 2;
// The values of a table of `windows` windows.
inline constexpr int TableSize(int windows) {
  return windows * kWindowConfigs * kPhases;
}
inline constexpr int kTableSize = TableSize(kWindows);

// The windows of `edition`'s board: kWindows or kWindows10.
int WindowsOf(Edition edition);

// The material table's configuration of `own` men and kings (the side to
// move's) against `other` ones: below kWindowConfigs, as a window's. Men
// beyond 12 (a set-up position may have them) count as 12, kings beyond
// 3 as 3.
inline constexpr int kMaterialMen = 13;
inline constexpr int kMaterialKings = 4;
inline constexpr int MaterialConfig(int own_men, int own_kings, int other_men,
                                    int other_kings) {
  auto cap = [](int n, int limit) { return n < limit ? n : limit - 1; };
  return ((cap(own_men, kMaterialMen) * kMaterialMen +
           cap(other_men, kMaterialMen)) *
              kMaterialKings +
          cap(own_kings, kMaterialKings)) *
             kMaterialKings +
         cap(other_kings, kMaterialKings);
}
static_assert(MaterialConfig(32, 32, 32, 32) == MaterialConfig(12, 3, 12, 3) &&
              MaterialConfig(12, 3, 12, 3) < kWindowConfigs);
// The ending's share of the mix is out of this.
inline constexpr int kPhaseScale = 256;
// The hand-set evaluation's factor is out of this.
inline constexpr int kHandScaleOne = 1024;

// What the learned evaluation reads of a position, seen from its side to
// move.
struct Features {
  // The board's hand-set evaluation under the edition's rules.
  int hand = 0;
  // The ending's share, from 0 (a full board) to kPhaseScale (8 pieces or
  // fewer on 8x8, 12 on 10x10).
  int ending = 0;
  // False when no man is left: the windows are then not used, and the
  // value is the scaled hand-set one alone.
  bool has_men = false;
  // Each window's configuration, 0..kWindowConfigs-1; the first kWindows
  // on the 8x8 board and then its MaterialConfig, all kWindows10 on the
  // 10x10 one.
  std::array<uint16_t, kMaxWindows> config{};
};

// The features of `pos` for its side to move under `edition` (an 8x8
// one), which prices its kings in the hand-set evaluation.
Features FeaturesOf(const Position& pos, Edition edition = Edition::kEnglish);
// The features of the 10x10 `pos` for its side to move (international).
Features FeaturesOf(const intl::Position& pos);

// The index in Weights::table of window `w`'s configuration `config` in
// phase `phase` (0: full board, 1: ending).
inline constexpr int TableIndex(int w, int config, int phase) {
  return (w * kWindowConfigs + config) * kPhases + phase;
}

struct Weights {
  // The board's windows: kWindows or kWindowsWithMaterial (8x8), or
  // kWindows10 (10x10).
  int windows = kWindows;
  // The hand-set evaluation's factor, out of kHandScaleOne.
  int hand_scale = kHandScaleOne;
  // TableSize(windows) values in centi-men, indexed by TableIndex.
  std::vector<int16_t> table = std::vector<int16_t>(kTableSize, 0);
};

// Weights of `edition`'s board that give its hand-set evaluation alone:
// a factor of one and every value zero.
Weights HandSetOnly(Edition edition);

// `weights` (8x8 ones) with a material table of zeros added when they
// have none: the same values, and a table for a fit to fill.
Weights WithMaterial(Weights weights);

// The value of `features`, of a board of `weights.windows` windows, in
// centi-men for the side to move.
int Evaluate(const Features& features, const Weights& weights);

// The value of `pos` for its side to move under `edition` (an 8x8 one),
// in centi-men: meant, as engine/eval8.h's, for quiet positions. Symmetric
// as that one is.
int Evaluate(const Position& pos, const Weights& weights,
             Edition edition = Edition::kEnglish);
// The same for the 10x10 `pos`, with weights of kWindows10 windows.
int Evaluate(const intl::Position& pos, const Weights& weights);

// The bytes of a weights file: a magic line naming the layout ("CKEW1\n"
// for 8x8, "CKEW2\n" for 8x8 with the material table, "CKEI1\n" for
// 10x10), the hand scale and the table as little-endian 32- and 16-bit
// integers.
std::string Serialize(const Weights& weights);

// The weights `bytes` hold for `edition`; InvalidArgument, saying what is
// wrong, when they are not a weights file of that edition's board.
absl::StatusOr<Weights> Parse(absl::string_view bytes, Edition edition);

// The weights committed with the program for `edition`, parsed once.
// engine/data/README.md names the files and the commands that made them.
const Weights* Committed(Edition edition);

}  // namespace checkers::learned

#endif  // CHECKERS_ENGINE_LEARNED_EVAL_H_
