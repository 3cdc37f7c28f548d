// A saved game as a GameRecord, the form pdn_writer writes
// (`checkers export --pdn`).

#ifndef CHECKERS_REPLAY_LOG_RECORD_H_
#define CHECKERS_REPLAY_LOG_RECORD_H_

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "events/events.pb.h"
#include "replay/game_record.h"

namespace checkers::replay {

// A log's result as PDN's (FIRST_WINS is "1-0": PDN's first score is the
// edition's first mover's, as FIRST is), and back; no result is kUnknown
// and RESULT_UNSPECIFIED.
GameResult PdnResultOf(events::Result result);
events::Result EventResultOf(GameResult result);

// The game that `events`, a whole log, records:
// - tags: those of the GameStarted when it has any (an imported game keeps
//   its own); otherwise Event "checkers game", Date of the first event
//   (YYYY.MM.DD, UTC) when its time is known, and Black and White naming
//   who played each (PDN's colours: the first side is Black in English and
//   pool, White in Russian and international): "Computer (hard)" and
//   "Player" in a game against the computer, the colour names of the game
//   (e.g. "Red", "White") between two players;
// - the edition, the start position, and every turn as a move with its
//   full route;
// - the result of the recorded end (FIRST_WINS is PDN's "1-0"), kUnknown
//   while the game goes on.
// The events are folded with their checks: DataLoss naming the seq as
// events::FoldEvents, FailedPrecondition when the log holds no game.
absl::StatusOr<GameRecord> RecordOfLog(absl::Span<const events::Event> events);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_LOG_RECORD_H_
