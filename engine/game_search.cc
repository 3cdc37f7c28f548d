#include "engine/game_search.h"

namespace checkers {

absl::StatusOr<GameSearchResult> SearchGame(const GameSearchRequest& request,
                                            const PollFn& poll) {
  const GamePosition& position = request.position;
  if (const intl::Position* p = position.ten()) {
    intl::SearchRequest r;
    r.position = *p;
    r.history = request.history;
    r.no_progress_plies = request.no_progress_plies;
    r.no_progress_limit_plies = request.no_progress_limit_plies;
    r.level = request.level;
    r.seed = request.seed;
    r.limits = request.limits;
    r.eval_weights = request.eval_weights;
    r.hand_set_eval = request.hand_set_eval;
    r.opening_book = request.opening_book;
    absl::StatusOr<intl::SearchResult> result = intl::Search(r, poll);
    if (!result.ok()) return result.status();
    return GameSearchResult{
        GameMove(result->best_move, p->IsIrreversible(result->best_move)),
        result->score, result->depth, result->nodes, result->from_book};
  }
  const Position& p = *position.eight();
  SearchRequest r;
  r.position = p;
  r.history = request.history;
  r.no_progress_plies = request.no_progress_plies;
  r.rules.edition = position.edition();
  r.rules.capture_rule = request.capture_rule;
  r.rules.no_progress_limit_plies = request.no_progress_limit_plies;
  r.level = request.level;
  r.seed = request.seed;
  r.limits = request.limits;
  r.endgame_db = request.endgame_db;
  r.opening_book = request.opening_book;
  r.hand_set_eval = request.hand_set_eval;
  r.eval_weights = request.eval_weights;
  absl::StatusOr<SearchResult> result = Search(r, poll);
  if (!result.ok()) return result.status();
  return GameSearchResult{
      GameMove(result->best_move, p.IsIrreversible(result->best_move)),
      result->score, result->depth, result->nodes, result->from_book};
}

}  // namespace checkers
