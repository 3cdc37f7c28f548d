// The 3-move ballots of English checkers (match/ballots/3move_english.json),
// built into the binary as the default openings of `checkers match`.

#ifndef CHECKERS_MATCH_DEFAULT_BALLOTS_H_
#define CHECKERS_MATCH_DEFAULT_BALLOTS_H_

namespace checkers::match {

// The JSON text of the ballot file.
extern const char kDefaultBallots[];

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_DEFAULT_BALLOTS_H_
