#include "train/self_play.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/status/statusor.h"
#include "engine/rules.h"
#include "train/parallel.h"

namespace checkers::train {
namespace {

// The plies without a capture or a man's move after which a game is drawn:
// the edition's turns each (engine/rules.h). Russian self-play uses the
// default too, which keeps its games from wandering.
int NoProgressLimit(const GamePosition& pos) {
  return 2 * (pos.edition() == Edition::kInternational
                  ? kInternationalNoProgressTurns
                  : kDefaultNoProgressTurns);
}

struct GameRecord {
  std::vector<Sample> samples;
  // +1 the first mover won, -1 it lost, 0 a draw.
  int outcome = 0;
  int plies = 0;
};

// Hard's search of `pos` to `nodes` nodes with `weights`, the game's past
// given by `history` and `no_progress_plies` as in GameSearchRequest.
absl::StatusOr<GameSearchResult> HardSearch(
    const GamePosition& pos, const std::vector<uint64_t>& history,
    int no_progress_plies, uint64_t nodes, const learned::Weights* weights) {
  GameSearchRequest request;
  request.position = pos;
  request.history = history;
  request.no_progress_plies = no_progress_plies;
  request.no_progress_limit_plies = NoProgressLimit(pos);
  request.level = Level::kHard;
  request.limits.max_nodes = nodes;
  request.eval_weights = weights;
  return SearchGame(request);
}

// The database's verdict on `pos` for its side to move, when `db` holds
// it under English rules and no capture is pending (`moves` are its legal
// moves); nullopt otherwise.
std::optional<egdb::Wdl> Adjudicated(const GamePosition& pos,
                                     const std::vector<GameMove>& moves,
                                     const egdb::Database* db) {
  if (db == nullptr || pos.edition() != Edition::kEnglish ||
      moves.front().is_capture()) {
    return std::nullopt;
  }
  return db->Probe(*pos.eight());
}

GameRecord PlayOne(const SelfPlayOptions& options, int game) {
  std::mt19937_64 rng(options.seed * 0x9E3779B97F4A7C15ull + game);
  GamePosition pos = options.openings[game % options.openings.size()];
  const int no_progress_limit = NoProgressLimit(pos);
  const Color first = pos.side_to_move();
  std::vector<uint64_t> history;
  int no_progress = 0;
  const int random_plies =
      static_cast<int>(rng() % static_cast<uint64_t>(options.random_plies + 1));
  // The side to move of each of record.samples, whose results are known
  // only at the end.
  std::vector<Color> sides;
  GameRecord record;
  int quiet = 0;
  Color loser = first;
  bool decided = false;
  for (int ply = 0; ply < kMaxPlies; ++ply) {
    const std::vector<GameMove> moves = pos.LegalMoves();
    if (moves.empty()) {
      loser = pos.side_to_move();
      decided = true;
      break;
    }
    if (std::count(history.begin(), history.end(), pos.hash()) >= 2) break;
    if (no_progress >= no_progress_limit) break;
    if (const std::optional<egdb::Wdl> verdict =
            Adjudicated(pos, moves, options.endgame_db)) {
      if (*verdict != egdb::Wdl::kDraw) {
        decided = true;
        loser = *verdict == egdb::Wdl::kLoss ? pos.side_to_move()
                                             : Opponent(pos.side_to_move());
      }
      break;
    }
    std::optional<GameMove> move;
    if (ply < random_plies) {
      move = moves[rng() % moves.size()];
    } else {
      absl::StatusOr<GameSearchResult> result = SelfPlaySearch(
          pos, history, no_progress, options.nodes, options.weights, rng);
      // The position has a legal move and the request is well formed, so
      // the search answers; should it not, the game stops undecided.
      if (!result.ok()) break;
      // Captures are forced, so a capture is pending exactly when the first
      // legal move is one; no second generation is needed.
      const bool kept = !moves.front().is_capture() &&
                        quiet++ % std::max(1, options.sample_every) == 0;
      if (kept) {
        Sample s;
        s.features = FeaturesOf(pos);
        s.search_score = static_cast<float>(result->score);
        if (options.label_nodes > 0) {
          // Not varied like the move's budget: the score is the label,
          // not a move that must part two games.
          absl::StatusOr<GameSearchResult> label = HardSearch(
              pos, history, no_progress, options.label_nodes, options.weights);
          if (!label.ok()) break;
          s.search_score = static_cast<float>(label->score);
        }
        s.game = game;
        record.samples.push_back(s);
        sides.push_back(pos.side_to_move());
      }
      move = result->best_move;
    }
    if (move->irreversible()) {
      history.clear();
      no_progress = 0;
    } else {
      history.push_back(pos.hash());
      ++no_progress;
    }
    pos.Play(*move);
    ++record.plies;
  }
  record.outcome = !decided ? 0 : loser == first ? -1 : 1;
  for (size_t i = 0; i < record.samples.size(); ++i) {
    record.samples[i].result = !decided            ? 0.5f
                               : sides[i] == loser ? 0.0f
                                                   : 1.0f;
  }
  return record;
}

}  // namespace

learned::Features FeaturesOf(const GamePosition& pos) {
  if (const intl::Position* ten = pos.ten()) return learned::FeaturesOf(*ten);
  return learned::FeaturesOf(*pos.eight(), pos.edition());
}

absl::StatusOr<GameSearchResult> SelfPlaySearch(
    const GamePosition& pos, const std::vector<uint64_t>& history,
    int no_progress_plies, uint64_t nodes, const learned::Weights* weights,
    std::mt19937_64& rng) {
  const uint64_t quarter = nodes / 4;
  const uint64_t budget =
      nodes - quarter + (quarter == 0 ? 0 : rng() % (2 * quarter));
  return HardSearch(pos, history, no_progress_plies, budget, weights);
}

SelfPlayResult PlaySelfPlay(const SelfPlayOptions& options,
                            const GamesDoneFn& done) {
  SelfPlayResult result;
  if (options.games <= 0 || options.openings.empty()) return result;
  std::vector<GameRecord> records(options.games);
  ParallelFor(
      options.games, options.threads,
      [&](int g) { records[g] = PlayOne(options, g); }, done);
  for (GameRecord& r : records) {
    if (r.outcome > 0) ++result.wins_first;
    if (r.outcome < 0) ++result.wins_second;
    if (r.outcome == 0) ++result.draws;
    result.plies += r.plies;
    result.samples.insert(result.samples.end(), r.samples.begin(),
                          r.samples.end());
  }
  return result;
}

}  // namespace checkers::train
