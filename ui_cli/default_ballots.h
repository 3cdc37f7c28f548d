// The 3-move ballots of English checkers
// (tests/data/ballots_3move_english.json), built into the binary as the default
// openings of `checkers match`.

#ifndef CHECKERS_UI_CLI_DEFAULT_BALLOTS_H_
#define CHECKERS_UI_CLI_DEFAULT_BALLOTS_H_

namespace checkers::cli {

// The JSON text of the ballot file.
extern const char kDefaultBallots[];

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_DEFAULT_BALLOTS_H_
