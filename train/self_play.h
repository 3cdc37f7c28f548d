// Self-play games for fitting the learned evaluation (engine/
// learned_eval.h): the engine plays itself from given openings at a small
// node budget, and every quiet position of each game is kept with the
// game's result, seen from the side to move there.
//
// A game is decided as a real one: a side without a legal move loses; a
// position seen for the third time, the edition's turns without a capture
// or a man's move (40 each on 8x8, 25 on 10x10), or kMaxPlies plies in all
// are draws. With an endgame database (English only), a quiet position it
// holds ends the game with the database's verdict, as perfect play from
// there would: the results the positions before it learn from are then
// not the small searches' slips in the ending.

#ifndef CHECKERS_TRAIN_SELF_PLAY_H_
#define CHECKERS_TRAIN_SELF_PLAY_H_

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/endgame_db.h"
#include "engine/game_position.h"
#include "engine/game_search.h"
#include "engine/learned_eval.h"

namespace checkers::train {

inline constexpr int kMaxPlies = 300;

struct SelfPlayOptions {
  // Games to play, each from openings[game % openings.size()], under the
  // rules of the openings' edition (all of one edition).
  int games = 0;
  std::vector<GamePosition> openings;
  // Random legal plies played after the opening, before the engine plays:
  // each game draws a number from 0 to this many, by its seed.
  int random_plies = 4;
  // Nodes a move's search may visit (Hard, with this budget); each move's
  // budget varies by up to a quarter either way, by the game's seed, so
  // that two games from one start part ways.
  uint64_t nodes = 3000;
  uint64_t seed = 1;
  // Worker threads; the games and their order do not depend on it.
  int threads = 1;
  // The evaluation the engine plays with, of the openings' board; nullptr
  // for the edition's committed one.
  const learned::Weights* weights = nullptr;
  // Of a game's quiet positions, every this many (from its first) is kept;
  // fewer positions a game leave time for deeper scores.
  int sample_every = 1;
  // When above 0, a kept position's search_score is that of a search of
  // its own, of this many nodes, rather than the game's move search: a
  // deeper opinion to fit to (FitOptions::result_weight) than the small
  // searches that keep the games fast.
  uint64_t label_nodes = 0;
  // The endgame database that decides English games once it holds a
  // quiet position, or nullptr to play every game out.
  const egdb::Database* endgame_db = nullptr;
};

// A position to learn from: its features and the result of its game for
// its side to move (1 won, 0.5 drawn, 0 lost).
struct Sample {
  learned::Features features;
  float result = 0.5f;
  // The score of the engine's search from it, in centi-men for its side to
  // move (SelfPlayOptions::label_nodes): a second, nearer opinion of who
  // stands better.
  float search_score = 0;
  // The game it came from, so that a check set can hold whole games.
  int game = 0;
};

struct SelfPlayResult {
  std::vector<Sample> samples;
  int wins_first = 0;  // games won by the side that moved first
  int wins_second = 0;
  int draws = 0;
  uint64_t plies = 0;
};

// Called after each finished game with the number finished so far.
using GamesDoneFn = std::function<void(int done)>;

// What the learned evaluation reads of `pos`, on either board, under its
// edition's rules.
learned::Features FeaturesOf(const GamePosition& pos);

// Hard's move in `pos` for a self-play game: a search of `nodes` nodes,
// varied by up to a quarter either way by `rng` so that two games from one
// start part ways, with `weights` (nullptr: the edition's committed ones).
// `history` and `no_progress_plies` are GameSearchRequest's. Fails as
// SearchGame does.
absl::StatusOr<GameSearchResult> SelfPlaySearch(
    const GamePosition& pos, const std::vector<uint64_t>& history,
    int no_progress_plies, uint64_t nodes, const learned::Weights* weights,
    std::mt19937_64& rng);

// Plays `options.games` games. The result depends only on the options
// (not on `threads` or timing): each game has its own seed.
SelfPlayResult PlaySelfPlay(const SelfPlayOptions& options,
                            const GamesDoneFn& done = nullptr);

}  // namespace checkers::train

#endif  // CHECKERS_TRAIN_SELF_PLAY_H_
