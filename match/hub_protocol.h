// The text of the Hub protocol, version 2, through which Scan and other
// 10x10 engines are driven (docs/STRENGTH.md, "Against Scan"): its lines,
// its positions and its moves. Pure functions; match/hub_engine.h runs the
// engine, and says where version 1 differs.
//
// A line is a command and arguments, `name=value` or a bare flag, a value
// in double quotes when it holds a space or '=' or is empty:
//   pos pos=Wbbbb...www moves="32-28 19-23"
// A position is the side to move, 'W' or 'B', then one letter per square
// 1 to 50: 'w' and 'b' men, 'W' and 'B' kings, 'e' empty. A move is
// "from-to" for a step, and "fromxto" followed by "xsquare" for every
// piece it takes, in any order, for a capture ("28x19x23").

#ifndef CHECKERS_MATCH_HUB_PROTOCOL_H_
#define CHECKERS_MATCH_HUB_PROTOCOL_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_position.h"

namespace checkers::match {

// One line of the protocol, split.
struct HubLine {
  std::string command;
  // In the order given; a flag's value is empty.
  std::vector<std::pair<std::string, std::string>> args;

  // The value of the first argument called `name`, or nullopt.
  std::optional<std::string> Get(absl::string_view name) const;
};

// `line` split into its command and arguments. A quote left open runs to
// the end of the line; an empty line has an empty command.
HubLine ParseHubLine(absl::string_view line);

// `value` as an argument value: quoted when it is empty or holds a space,
// a quote or '='.
std::string HubValue(absl::string_view value);

// The protocol's text of `position`, which must be on the 10x10 board.
std::string HubPosition(const GamePosition& position);

// The international position `text` gives, its side to move in either
// case (version 1 of the protocol writes 'w' and 'b'). InvalidArgument
// naming the fault when it is not 51 letters of the forms above.
absl::StatusOr<GamePosition> ParseHubPosition(absl::string_view text);

// The protocol's text of `move`: "32-28", or "28x19x23" (the captured
// squares in the order taken).
std::string HubMoveText(const GameMove& move);

// The legal move of `position` that `text` names: the same start and end
// and, for a capture, the same pieces taken. InvalidArgument when `text` is
// not of the form above, FailedPrecondition listing the legal moves when it
// names none of them.
absl::StatusOr<GameMove> ParseHubMove(const GamePosition& position,
                                      absl::string_view text);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_HUB_PROTOCOL_H_
