// A Hub engine program as a player of international matches: Scan, for
// one, run as `scan hub` (match/hub_protocol.h has the protocol's text;
// docs/STRENGTH.md the matches played with it).

#ifndef CHECKERS_MATCH_HUB_ENGINE_H_
#define CHECKERS_MATCH_HUB_ENGINE_H_

#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "match/match_engine.h"

namespace checkers::match {

// Starts `command`, a program's path and then its arguments separated by
// spaces ("/opt/scan/scan hub"), in the program's own directory (where
// engines such as Scan read their settings and data), talks to it over
// its standard input and output, and waits for it to say it is ready.
// Either version of the protocol is spoken, the one the engine answers
// "hub" in: version 1 (Scan 2.0) or version 2 (Scan 3.1). The engine is
// named as it names itself ("Scan 2.0"). It plays the 10x10 board only:
// each move is asked with the position after the last capture or man's
// move and the king moves since (so that it sees repetitions), the time
// per move and "go", and the move it answers read back as one of our
// legal moves. InvalidArgument for an empty command or a program that
// cannot be started, Unavailable for one that exits or falls silent
// before it is ready. The program is told to quit, and then killed if it
// lingers, when the engine is destroyed.
absl::StatusOr<std::unique_ptr<MatchEngine>> StartHubEngine(
    absl::string_view command);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_HUB_ENGINE_H_
