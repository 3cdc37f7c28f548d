// Writing games as standard PDN, the form other checkers programs read.

#ifndef CHECKERS_REPLAY_PDN_WRITER_H_
#define CHECKERS_REPLAY_PDN_WRITER_H_

#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/rules.h"
#include "replay/game_record.h"

namespace checkers::replay {

// Writes `record` as one PDN game, ending with a line end:
// - the seven-tag roster in order: Event, Site, Date, Round, Black, White
//   (values from the record's tags; "?" and Date "????-??-??" when absent
//   or empty) and Result (ResultTokenOf `record.result`, whatever the tags
//   say);
// - GameType of the record's edition ("21" English, "25" Russian, "23"
//   pool, "20" international), then SetUp "1" and the FEN of
//   `record.start` (50 squares on 10x10) when it is not the edition's
//   start; any GameType, SetUp or FEN tags of the record are replaced by
//   these;
// - the record's other tags in their order;
// - a blank line and the numbered moves with full routes ("24x15x6",
//   "28x19x10" on 10x10; in
//   Russian, algebraic as its files write them, "c3-d4", "e3:c5:e7"), a
//   number before each of the edition's first mover's moves and "1..."
//   before the first move when the other side makes it, lines kept under
//   80 columns, and the result token last (ResultTokenOf the edition:
//   "1-0" or, in international draughts, "2-0" when the first mover won).
//
// Values are escaped (\" and \\); line ends and other control characters
// in a value become spaces. Tag names must be letters, digits and '_', as
// ParsePdn reads them. ParsePdn reads the output back to the same moves,
// tags and result. Lines end in LF (readers accept either).
std::string WritePdnGame(const GameRecord& record);

// The token PDN files of `edition` write for `result`: in international
// draughts, where a game is worth two points, "2-0", "0-2" and "1-1" (the
// PDN 3.0 standard's result type of GameType 20); in the other editions
// ResultToken's "1-0", "0-1" and "1/2-1/2". "*" for kUnknown.
absl::string_view ResultTokenOf(GameResult result, Edition edition);

// Writes the games one after another, separated by blank lines: a
// multi-game PDN file.
std::string WritePdn(absl::Span<const GameRecord> records);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_PDN_WRITER_H_
