// The engine's judgement of a whole game: every position searched with the
// same bounded budget, the engine's preferred move beside the move played,
// and the turns that lost more than a threshold marked as mistakes or
// blunders for the side that played them. `checkers analyse` prints it and
// the web's replay page draws it as a graph over the turns.
//
// Scores are in centi-men (a man is 100). A position's score is the
// search's from the side to move's view; the graph reads them all from the
// first side's view, clamped to ±kScoreClamp, so a forced win reads as the
// clamp. How much a turn lost is the difference between the score of the
// position it was played in and the negated score of the position it
// left: what the mover could have had, less what they got.

#ifndef CHECKERS_REPLAY_ANALYSIS_H_
#define CHECKERS_REPLAY_ANALYSIS_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "engine/endgame_db.h"
#include "engine/rules.h"
#include "events/events.pb.h"

namespace checkers::replay {

// The graph's bound: ten men. A larger advantage is drawn as this.
inline constexpr int kScoreClamp = 1000;

struct AnalysisOptions {
  // Each position's search: at most this many nodes, and at most this
  // long (the search stops with the best move found so far).
  uint64_t nodes = 200000;
  absl::Duration time = absl::Seconds(2);
  // A turn that loses at least this much (centi-men) is a mistake, at
  // least `blunder` a blunder.
  int mistake = 100;
  int blunder = 300;
  // A turn that looks as if it lost half a mistake or more at the budget
  // above is judged again, both positions searched with this many times
  // the budget, before it is marked or not: a bounded search's horizon
  // otherwise marks close calls either way. 1 judges once.
  int verify = 8;
  // Consulted for English endings with few pieces, when given: a position
  // it holds is judged by it rather than searched. Must outlive the call.
  const egdb::Database* endgame_db = nullptr;
  // When given, read during every search: once it is true the search under
  // way stops and the analysis is Cancelled, without waiting for the
  // position's budget. Must outlive the call.
  const std::atomic<bool>* cancel = nullptr;
};

// A turn's mark, for the side that played it.
enum class Mark { kNone, kMistake, kBlunder };

// The word of `mark` in JSON and the catalogues: "", "mistake", "blunder".
const char* MarkWord(Mark mark);

// One position of the game: the start (turn 0), then after each turn.
struct PositionJudgement {
  // Turns played before it, and the seq of the event that made it (the
  // GameStarted for turn 0).
  int turn = 0;
  uint64_t seq = 0;
  events::Side to_move = events::SIDE_UNSPECIFIED;
  // From the first side's view, clamped to ±kScoreClamp.
  int score = 0;
  // The search's own score, from the side to move's view, unclamped.
  int raw_score = 0;
  // A win or loss proven by the search or the endgame database, not a
  // judgement of the evaluation.
  bool decided = false;
  // The endgame database's verdict for the side to move, when it holds the
  // position.
  std::optional<egdb::Wdl> database;
  // The engine's preferred move ("24x15x6"); empty once the game is over.
  std::string best;
  int depth = 0;
  uint64_t nodes = 0;
};

// One turn, judged: what was played, what the engine preferred in the
// position it was played in, and what it cost.
struct TurnJudgement {
  int turn = 0;
  uint64_t seq = 0;
  events::Side side = events::SIDE_UNSPECIFIED;
  std::string played;
  std::string best;
  // Centi-men the mover gave up, at least 0; 0 when they played the best.
  int loss = 0;
  Mark mark = Mark::kNone;
};

struct GameAnalysis {
  Edition edition = Edition::kEnglish;
  // positions[k] is the game after k turns; turns[k] is turn k + 1.
  std::vector<PositionJudgement> positions;
  std::vector<TurnJudgement> turns;
  // Searched positions, and their nodes and time in all.
  int searched = 0;
  uint64_t nodes = 0;
  absl::Duration elapsed;
};

// Called after each position with the number judged and the total, and
// with (total, total) after each position judged again; false cancels the
// analysis.
using AnalysisProgress = std::function<bool(int done, int total)>;

// Judges the game of `log` (a checked log's events, as a save or an
// import holds them). DataLoss or FailedPrecondition as BuildTimeline;
// Cancelled when `progress` returns false or `options.cancel` is set; the
// search's errors otherwise.
absl::StatusOr<GameAnalysis> AnalyseGame(absl::Span<const events::Event> log,
                                         const AnalysisOptions& options,
                                         const AnalysisProgress& progress = {});

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_ANALYSIS_H_
