// The 8×8 positions of tests, written as PDN FEN strings.

#ifndef CHECKERS_TESTS_FEN_POSITION_H_
#define CHECKERS_TESTS_FEN_POSITION_H_

#include "absl/strings/string_view.h"
#include "engine/position8.h"

namespace checkers::testing {

// The position `fen` describes. A FEN the engine refuses fails the calling
// test and gives the initial position, so that the test goes on to report
// what else is wrong instead of crashing.
Position FenPosition(absl::string_view fen);

}  // namespace checkers::testing

#endif  // CHECKERS_TESTS_FEN_POSITION_H_
