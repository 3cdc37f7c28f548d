// The ballot files a match plays (match/ballots/README.md): named sets of
// openings, each an object from opening name to FEN or a list of names
// that other sets define.

#ifndef CHECKERS_MATCH_BALLOT_FILE_H_
#define CHECKERS_MATCH_BALLOT_FILE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "match/match.h"

namespace checkers::match {

// The openings of a ballot file: a JSON object whose members are sets of
// openings, each an object from opening name to FEN (the format of the
// 3-move ballots in match/ballots). `set` picks one ("standard", "all",
// "lost"). DataLoss for text that is not such JSON; InvalidArgument for an
// unknown set, naming the sets there are.
absl::StatusOr<std::vector<Opening>> ParseBallots(absl::string_view json,
                                                  absl::string_view set);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_BALLOT_FILE_H_
