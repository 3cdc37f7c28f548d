// The 3-move ballots of the 8x8 editions (match/ballots/), built into the
// binary as the default openings of `checkers match`.

#ifndef CHECKERS_MATCH_DEFAULT_BALLOTS_H_
#define CHECKERS_MATCH_DEFAULT_BALLOTS_H_

#include "absl/strings/string_view.h"
#include "engine/rules.h"

namespace checkers::match {

// The JSON text of `edition`'s ballot file: 3move_english.json,
// 3move_russian.json or 3move_pool.json; empty for international, which
// has none.
absl::string_view DefaultBallots(Edition edition);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_DEFAULT_BALLOTS_H_
