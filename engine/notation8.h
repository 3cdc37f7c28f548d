// Moves as PDN text: "11-15" for a step, "22x15" for a capture and
// "24x15x6" for a multi-jump with every landing square.

#ifndef CHECKERS_ENGINE_NOTATION8_H_
#define CHECKERS_ENGINE_NOTATION8_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers {

// The PDN text of `m` with its full route.
std::string MoveToText(const Move& m);

// The legal moves of `pos` as text, sorted by square numbers.
std::vector<std::string> LegalMoveTexts(
    const Position& pos, CaptureRule rule = CaptureRule::kMandatory,
    Edition edition = Edition::kEnglish);

// Finds the legal move of `pos` that `text` names. Squares may be joined by
// '-' or 'x'. A capture may leave out landing squares ("24x6" for
// "24x15x6") as long as exactly one legal route fits, or only routes of a
// flying king that are the same capture (SameCapture: they differ in where
// it paused between two captures), of which the first in text order is
// taken; the squares given must appear on the route in order.
//
// Returns InvalidArgument when `text` is not move notation, and
// FailedPrecondition, listing the legal moves or the fitting routes, when
// it names no legal move or more than one.
absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view text,
                               CaptureRule rule = CaptureRule::kMandatory,
                               Edition edition = Edition::kEnglish);

}  // namespace checkers

#endif  // CHECKERS_ENGINE_NOTATION8_H_
