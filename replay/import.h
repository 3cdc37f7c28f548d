// Turning PDN games into event logs (`checkers import`): each game becomes
// the events a log would hold had it been played here, every one checked
// by the fold's own rules (events::CommitAndFold), so an imported log is
// audited, replayed and exported like any other.

#ifndef CHECKERS_REPLAY_IMPORT_H_
#define CHECKERS_REPLAY_IMPORT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "replay/game_record.h"
#include "storage/env.h"

namespace checkers::replay {

// The events of a log holding `record`:
// - a GameStarted: the record's edition, two players, Black/White colour
//   names
//   (PDN's), the record's start position as start_fen when it is not the
//   edition's start, the record's tags as read, and automatic draws off,
//   because a recorded game ends as recorded, not by our conveniences;
// - one TurnPlayed per move, each through events::CommitAndFold, so the end
//   the rules impose (a side left without a legal move) is recorded where
//   it happens;
// - the record's result as a claim, a GameEnded with reason RECORDED,
//   unless the result is unknown ("*") or the rules already ended the game
//   with that result.
// Every event carries unix_millis 0 (the time is not known).
// FailedPrecondition naming the move (its number and side) when the fold
// refuses one, or when the recorded result contradicts the end the moves
// reach (e.g. "1/2-1/2" where White is left without a legal move).
absl::StatusOr<std::vector<events::Event>> EventsOfRecord(
    const GameRecord& record);

// A game of a PDN file as a log's events.
struct ImportedGame {
  // The game's place in the file, from 1.
  int index = 0;
  std::vector<events::Event> events;
  // Turns played.
  int plies = 0;
};

// A game of a PDN file that is not imported.
struct RefusedGame {
  int index = 0;
  // One line naming the game (its number and tags), the line in the file
  // and why: the side, move number and move, and the legal moves there;
  // or, for a game the reader could not read, the column and the problem
  // (see DescribeSkip).
  std::string reason;
  // Whether the reader skipped the game as text it could not read, rather
  // than the rules refusing it.
  bool unreadable = false;
};

struct PdnImport {
  std::vector<ImportedGame> games;
  // In file order.
  std::vector<RefusedGame> refused;
  // Text outside every game that is not PDN, skipped: one line each naming
  // where it is and what (see DescribeSkip).
  std::vector<std::string> skipped_text;

  // The games of the file: imported or refused.
  int total() const { return static_cast<int>(games.size() + refused.size()); }
  // Whether the whole file was imported.
  bool whole() const { return refused.empty() && skipped_text.empty(); }
};

// Reads every game of `pdn_text` (see ParsePdn for what is tolerated) and
// turns each into events: ReplayPdnGame resolves the moves under the
// edition of the game's GameType tag, else under `edition`, then
// EventsOfRecord. A game the reader cannot read (skipped, see ParsePdn) or
// the rules refuse (an illegal or ambiguous move, a GameType this version
// does not play, a 10x10 game without the tag under an 8x8 `edition`, a
// FEN tag that cannot be read, a result that contradicts the moves) is
// listed in `refused`; the others are still imported.
PdnImport ImportPdn(absl::string_view pdn_text,
                    Edition edition = Edition::kEnglish);

// The file name of the log of the game at `index` of a PDN file:
// "game-0001.log" for 1. Numbered by the game's place in the file, so a
// refused game leaves a gap rather than shifting the names of the rest.
std::string LogFileName(int index);

// Writes `events` as a new log at `path` (storage's CreateLogFile), one
// commit per turn as a game played here would have them, so undo works on
// an imported game; the file appears whole or not at all, and no lock file
// is left beside it. AlreadyExists, without touching anything, when
// something is already at `path`: an import never overwrites a log.
absl::Status WriteNewLog(storage::Env* env, const std::string& path,
                         const std::vector<events::Event>& events);

// The bytes of a log file that holds `events`, as WriteNewLog would write
// them (with a fresh log id): for auditing and
// benchmarking an import without the disk.
std::string EncodeLog(const std::vector<events::Event>& events);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_IMPORT_H_
