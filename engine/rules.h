// The edition of the rules a game is played under, as a value, and the
// traits in which the editions differ (docs/RULES.md). Move generation,
// perft and the search dispatch on the edition once, at their entry, and
// are compiled per edition from these constants: no rule is decided per
// square.

#ifndef CHECKERS_ENGINE_RULES_H_
#define CHECKERS_ENGINE_RULES_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace checkers {

enum class Edition : uint8_t {
  // American/English checkers, WCDF rules: the default.
  kEnglish,
  // Russian draughts.
  kRussian,
  // Pool checkers.
  kPool,
  // International draughts on the 10x10 board.
  kInternational,
};

// What a man does when a capture brings it to the far row while the
// capture could go on.
enum class CrownedMidCapture : uint8_t {
  // It is crowned and the turn ends there (English).
  kStops,
  // It is crowned and goes on capturing as a king (Russian).
  kGoesOnAsKing,
  // It goes on capturing as a man and is crowned only if its move ends on
  // the far row (pool, international).
  kGoesOnAsMan,
};

struct RuleTraits {
  // Squares per side of the board: 8 or 10.
  int board_size;
  bool men_capture_backward;
  // Kings move and capture any distance along a diagonal.
  bool flying_kings;
  CrownedMidCapture crowned_mid_capture;
  // Only the capture routes that take the most pieces are legal.
  bool majority_capture;
  // Whether a man moves before its opponent's men do: the side on squares
  // 1-12 (the engine's Color::kBlack) in English and pool; the light side
  // on the high squares (Color::kWhite) in Russian and international.
  bool light_moves_first;
};

inline constexpr RuleTraits TraitsOf(Edition e) {
  switch (e) {
    case Edition::kRussian:
      return {8, true, true, CrownedMidCapture::kGoesOnAsKing, false, true};
    case Edition::kPool:
      return {8, true, true, CrownedMidCapture::kGoesOnAsMan, false, false};
    case Edition::kInternational:
      return {10, true, true, CrownedMidCapture::kGoesOnAsMan, true, true};
    case Edition::kEnglish:
      break;
  }
  return {8, false, false, CrownedMidCapture::kStops, false, false};
}

// The no-progress draw (docs/RULES.md): this many turns by each side
// without a capture or a man's move, unless a game's options set another
// count. International's is the FMJD's 25 moves with only kings moved;
// Russian has none of its own, and a game under its rules applies the
// default only when its options ask for one.
inline constexpr int kDefaultNoProgressTurns = 40;
inline constexpr int kInternationalNoProgressTurns = 25;

// The edition's name in commands and logs: "english", "russian", "pool",
// "international".
absl::string_view EditionName(Edition e);

// The edition named `name` (as EditionName gives it, any case), or nullopt
// when no edition has that name.
std::optional<Edition> EditionNamed(absl::string_view name);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_RULES_H_
