// The computer opponent: an iterative-deepening principal-variation
// alpha-beta search over the rules engine (docs/SEARCH.md).
//
// A search is bounded by a node budget, never by wall time, so its answer
// is a pure function of its request: the same position, history, rules,
// level and seed give the same move on every machine. Callers that do want
// a time limit (the CheckerBoard adapter) or pausing (the search thread)
// get it through the poll callback, which the search calls every few
// thousand nodes.

#ifndef CHECKERS_ENGINE_SEARCH_H_
#define CHECKERS_ENGINE_SEARCH_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/move10.h"
#include "engine/move8.h"
#include "engine/movegen8.h"
#include "engine/position10.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers {

namespace egdb {
class Database;
}  // namespace egdb
namespace learned {
struct Weights;
}  // namespace learned
namespace book {
class OpeningBook;
}  // namespace book

// The playing strength the user picks. The levels differ by node budget;
// Easy also chooses, by its seed, among near-best moves and sometimes
// looks only one move ahead, so that a beginner can beat it.
enum class Level { kEasy, kMedium, kHard };

// "easy", "medium", "hard".
absl::string_view LevelName(Level level);

// The level named by `name` (as LevelName spells it, any case), or nullopt.
std::optional<Level> ParseLevel(absl::string_view name);

// The number of nodes a search at `level` may visit.
uint64_t NodeBudget(Level level);

// The game rules a search must respect besides the moves themselves.
struct RuleOptions {
  // An 8x8 edition; the search refuses another with InvalidArgument.
  Edition edition = Edition::kEnglish;
  CaptureRule capture_rule = CaptureRule::kMandatory;
  // Plies without a capture or a man's move after which the game is drawn;
  // 80 is 40 turns by each side. 0 turns the rule off.
  int no_progress_limit_plies = 80;
};

// Optional overrides of what the level decides; 0 keeps the level's value.
struct SearchLimits {
  uint64_t max_nodes = 0;
  // The deepest iteration (nominal plies; captures and forced replies are
  // searched beyond it). Benchmarks use it for a fixed-depth search.
  int max_depth = 0;
  // Transposition table size in MiB, 1 to 1024.
  int hash_mib = 0;
  // Start from what the calling thread's last search of the same table
  // size left in its table, instead of from an empty one. A search that
  // plays to a clock then builds on the one before it (the reply it
  // expected was searched there already); its answer depends on the
  // searches before it, so the levels of a game, whose moves replay
  // exactly, leave it off.
  bool keep_table = false;
};

struct SearchRequest {
  Position position;
  // The hashes (Position::hash) of the game's earlier positions since the
  // last capture or man's move, oldest first, not including `position`. A
  // line that returns to one of them, or repeats itself, is scored a draw.
  std::vector<uint64_t> history;
  // Plies played since the last capture or man's move.
  int no_progress_plies = 0;
  RuleOptions rules;
  Level level = Level::kMedium;
  // Chooses among Easy's imprecisions; the other levels do not use it.
  uint64_t seed = 0;
  SearchLimits limits;
  // The endgame database to consult, owned by the caller and alive for the
  // whole search, or nullptr for none (docs/ENDGAME.md). Used only under
  // English rules with captures forced, and not by Easy.
  const egdb::Database* endgame_db = nullptr;
  // The learned evaluation's weights (engine/learned_eval.h) for
  // `rules.edition`, owned by the caller, or nullptr for the edition's
  // committed ones (where it has none, the hand-set evaluation of
  // engine/eval8.h). Not used by Easy, which keeps the hand-set one.
  const learned::Weights* eval_weights = nullptr;
  // Play with the hand-set evaluation alone, as before the edition had a
  // learned one: what `checkers match` measures the learned one against.
  bool hand_set_eval = false;
  // The opening book to play from (engine/opening_book.h), owned by the
  // caller, or nullptr for none. Where it holds the position, the search
  // answers with the book's move, score and depth and visits no node. Used
  // only when the book's edition is `rules.edition`, with captures forced,
  // and not by Easy.
  const book::OpeningBook* opening_book = nullptr;
};

// Scores are centi-men from the side to move's view. A win in n plies
// scores kMateScore - n, a loss -(kMateScore - n); a draw 0.
inline constexpr int kMateScore = 30000;
inline constexpr int kMaxSearchPly = 128;

// Whether `score` announces a forced win or loss.
inline constexpr bool IsMateScore(int score) {
  return score >= kMateScore - kMaxSearchPly ||
         score <= -(kMateScore - kMaxSearchPly);
}

// A search's answer; MoveT is the Move of the board searched (engine/
// move8.h or engine/move10.h).
template <typename MoveT>
struct BasicSearchResult {
  MoveT best_move;
  int score = 0;
  // The deepest iteration completed (0 when the move was forced or the
  // search was stopped before its first iteration ended).
  int depth = 0;
  uint64_t nodes = 0;
  // The expected line, starting with best_move.
  std::vector<MoveT> pv;
  // True when the move is the opening book's (SearchRequest::opening_book).
  bool from_book = false;
};
using SearchResult = BasicSearchResult<Move>;

// How far a running search has got, as reported to the poll callback.
struct SearchProgress {
  // The deepest iteration completed, and the one under way.
  int completed_depth = 0;
  int current_depth = 0;
  uint64_t nodes = 0;
  // True when called between two iterations, where stopping wastes no work.
  bool between_iterations = false;
};

enum class PollAction {
  kContinue,
  // Finish now with the best move found so far.
  kStop,
  // Abandon the search: Search returns CancelledError.
  kCancel,
};

// Called by the search every kPollIntervalNodes nodes and between
// iterations. It may block (that is how a search is paused). The interval
// is short because a caller that plays to the clock can overrun by one
// interval, and on a loaded machine 2048 nodes took a third of a 0.1 s
// move; a poll costs far less than the nodes between two.
using PollFn = std::function<PollAction(const SearchProgress&)>;
inline constexpr uint64_t kPollIntervalNodes = 256;

// Finds a move for the side to move of `request.position` on the 8x8
// board.
//
// Returns InvalidArgument for out-of-range options or counters or a 10x10
// edition,
// FailedPrecondition when the side to move has no legal move (the game is
// over), and CancelledError when `poll` cancelled it. Uses one thread (the
// caller's) and a transposition table that is allocated and cleared per
// call, so earlier calls never influence the result.
absl::StatusOr<SearchResult> Search(const SearchRequest& request,
                                    const PollFn& poll = nullptr);

// International draughts (10x10) through the same search: the same
// algorithm, levels and limits over the board of engine/board10.h, with
// the evaluation of engine/eval10.h. Captures are always mandatory and the
// majority rule is the generator's (engine/movegen10.h).
namespace intl {

// The nodes a 10x10 search at `level` may visit: Easy's and Medium's are
// the 8x8 ones; a 10x10 node costs up to twice as much (more moves, flying
// kings), so Hard's is smaller, for the same second of thought. Call it
// qualified, intl::NodeBudget: Level lives in namespace checkers, so an
// unqualified call finds the 8x8 NodeBudget too and is ambiguous.
uint64_t NodeBudget(Level level);

struct SearchRequest {
  Position position;
  // As in the 8x8 request: the hashes of the game's earlier positions since
  // the last capture or man's move, oldest first, not including `position`.
  std::vector<uint64_t> history;
  // Plies played since the last capture or man's move.
  int no_progress_plies = 0;
  // Plies of king moves without a capture after which the game is drawn:
  // 50 is the FMJD rule of 25 moves by each side (docs/RULES.md). 0 turns
  // the rule off.
  int no_progress_limit_plies = 50;
  Level level = Level::kMedium;
  uint64_t seed = 0;
  SearchLimits limits;
  // As in the 8x8 request: the opening book to play from, read only when
  // it is international's, and not by Easy.
  const book::OpeningBook* opening_book = nullptr;
  // As in the 8x8 request: the learned evaluation's weights for the 10x10
  // board, owned by the caller, or nullptr for international's committed
  // ones (where there are none, the hand-set evaluation of engine/
  // eval10.h); not used by Easy, nor with `hand_set_eval`.
  const learned::Weights* eval_weights = nullptr;
  bool hand_set_eval = false;
};

using SearchResult = BasicSearchResult<Move>;

// Finds a move for the side to move of `request.position`; the move is one
// of GenerateMoves(request.position). Fails as the 8x8 Search does:
// InvalidArgument for out-of-range options or counters, FailedPrecondition
// when the side to move has no legal move, CancelledError when `poll`
// cancelled it.
absl::StatusOr<SearchResult> Search(const SearchRequest& request,
                                    const PollFn& poll = nullptr);

}  // namespace intl
}  // namespace checkers

#endif  // CHECKERS_ENGINE_SEARCH_H_
