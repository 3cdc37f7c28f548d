#include "replay/analysis.h"

#include <algorithm>
#include <atomic>
#include <utility>

#include "absl/time/clock.h"
#include "engine/game_search.h"
#include "engine/search.h"
#include "events/computer.h"
#include "events/game_state.h"
#include "replay/timeline.h"

namespace checkers::replay {
namespace {

int Clamped(int score) { return std::clamp(score, -kScoreClamp, kScoreClamp); }

// The finished game's score from the side to move's view.
int EndScore(const events::GameState& s) {
  switch (s.ended->result()) {
    case events::FIRST_WINS:
      return s.side_to_move() == events::FIRST ? kMateScore : -kMateScore;
    case events::SECOND_WINS:
      return s.side_to_move() == events::SECOND ? kMateScore : -kMateScore;
    default:
      return 0;
  }
}

absl::StatusOr<PositionJudgement> Judge(const Ply& ply,
                                        const AnalysisOptions& options,
                                        GameAnalysis& analysis,
                                        int budget_factor = 1) {
  const events::GameState& s = ply.state;
  PositionJudgement j;
  j.turn = ply.turn;
  j.seq = ply.seq;
  j.to_move = s.side_to_move();
  if (!events::GoesOn(s)) {
    j.raw_score = s.over() ? EndScore(s) : 0;
    j.decided = true;
  } else {
    if (options.endgame_db != nullptr && s.position.eight() != nullptr &&
        s.rules.edition == Edition::kEnglish) {
      j.database = options.endgame_db->Probe(*s.position.eight());
    }
    GameSearchRequest request =
        events::SearchRequestFor(s, Level::kHard, /*seed=*/0);
    // The analysis judges the moves; a book move would come unsearched.
    request.opening_book = nullptr;
    request.endgame_db = options.endgame_db;
    request.limits.max_nodes = options.nodes * budget_factor;
    const absl::Time deadline = absl::Now() + options.time * budget_factor;
    const absl::Time started = absl::Now();
    const std::atomic<bool>* cancel = options.cancel;
    auto cancelled = [cancel] { return cancel != nullptr && cancel->load(); };
    absl::StatusOr<GameSearchResult> result =
        SearchGame(request, [deadline, &cancelled](const SearchProgress&) {
          return absl::Now() >= deadline || cancelled()
                     ? PollAction::kStop
                     : PollAction::kContinue;
        });
    if (!result.ok()) return result.status();
    if (cancelled()) return absl::CancelledError("the analysis was cancelled");
    analysis.elapsed += absl::Now() - started;
    analysis.nodes += result->nodes;
    ++analysis.searched;
    j.raw_score = result->score;
    j.best = result->best_move.Text();
    j.depth = result->depth;
    j.nodes = result->nodes;
    j.decided = IsMateScore(result->score) || j.database.has_value();
  }
  const int mover_view = Clamped(j.raw_score);
  j.score = j.to_move == events::FIRST ? mover_view : -mover_view;
  return j;
}

}  // namespace

const char* MarkWord(Mark mark) {
  switch (mark) {
    case Mark::kNone:
      return "";
    case Mark::kMistake:
      return "mistake";
    case Mark::kBlunder:
      return "blunder";
  }
  return "";
}

absl::StatusOr<GameAnalysis> AnalyseGame(absl::Span<const events::Event> log,
                                         const AnalysisOptions& options,
                                         const AnalysisProgress& progress) {
  absl::StatusOr<std::vector<Ply>> plies = BuildTimeline(log);
  if (!plies.ok()) return plies.status();
  GameAnalysis analysis;
  analysis.edition = plies->front().state.rules.edition;
  const int total = static_cast<int>(plies->size());
  for (const Ply& ply : *plies) {
    absl::StatusOr<PositionJudgement> j = Judge(ply, options, analysis);
    if (!j.ok()) return j.status();
    analysis.positions.push_back(*std::move(j));
    if (progress &&
        !progress(static_cast<int>(analysis.positions.size()), total)) {
      return absl::CancelledError("the analysis was cancelled");
    }
  }
  // What the mover could have had, less what the move left them.
  auto loss = [&](int k) {
    if ((*plies)[k].move == analysis.positions[k - 1].best) return 0;
    return std::max(0, Clamped(analysis.positions[k - 1].raw_score) +
                           Clamped(analysis.positions[k].raw_score));
  };
  std::vector<bool> verified(total, false);
  for (int k = 1; k < total; ++k) {
    if (options.verify > 1 && 2 * loss(k) >= options.mistake) {
      for (int p : {k - 1, k}) {
        if (verified[p]) continue;
        absl::StatusOr<PositionJudgement> j =
            Judge((*plies)[p], options, analysis, options.verify);
        if (!j.ok()) return j.status();
        analysis.positions[p] = *std::move(j);
        verified[p] = true;
        // A judgement again takes `verify` times one position's budget:
        // the caller may cancel between them too.
        if (progress && !progress(total, total)) {
          return absl::CancelledError("the analysis was cancelled");
        }
      }
    }
  }
  for (int k = 1; k < total; ++k) {
    TurnJudgement t;
    t.turn = k;
    t.seq = (*plies)[k].seq;
    t.side = (*plies)[k].mover;
    t.played = (*plies)[k].move;
    t.best = analysis.positions[k - 1].best;
    t.loss = loss(k);
    t.mark = t.loss >= options.blunder   ? Mark::kBlunder
             : t.loss >= options.mistake ? Mark::kMistake
                                         : Mark::kNone;
    analysis.turns.push_back(std::move(t));
  }
  return analysis;
}

}  // namespace checkers::replay
