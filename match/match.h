// Engine matches: two engines play a set of openings, each with both
// colours, every move checked against our rules and every game ended by
// the same fold that ends a person's game.

#ifndef CHECKERS_MATCH_MATCH_H_
#define CHECKERS_MATCH_MATCH_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/endgame_db.h"
#include "engine/game_position.h"
#include "engine/learned_eval.h"
#include "engine/move8.h"
#include "engine/opening_book.h"
#include "engine/position8.h"
#include "engine/rules.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "match/match_engine.h"

namespace checkers::match {

// Suffixes of a level, in any order. kWithEndgameDb consults the endgame
// database: "hard+egdb". kByTime searches until the match's time per move
// is spent rather than to the level's node budget: "hard+time". kHandSetEval
// plays with the hand-set evaluation (engine/eval8.h) where the edition
// has a learned one: "hard+time+handset", to measure the learned one
// against it (docs/EVALUATION.md). kWithoutBook never plays from the
// opening book, but searches every move, even where the edition's book has
// one: "hard+time+nobook", to measure the book by the engine with it
// against the same engine without (docs/OPENING_BOOK.md). An engine is named
// by its level and then its suffixes in the order they are declared here.
inline constexpr absl::string_view kWithEndgameDb = "+egdb";
inline constexpr absl::string_view kByTime = "+time";
inline constexpr absl::string_view kHandSetEval = "+handset";
inline constexpr absl::string_view kWithoutBook = "+nobook";
// Last in a level's spec, then a path: plays with the learned evaluation's
// weights in that file (engine/learned_eval.h, as `checkers train` writes
// them) instead of the edition's committed ones, to measure a new fit
// against them: "hard+time+weights=/tmp/round2.bin", an engine named
// "hard+time+weights=round2.bin".
inline constexpr absl::string_view kWeightsFile = "+weights=";
// Then a path, before kWeightsFile when both are given: plays from the
// opening book in that file (engine/opening_book.h, as `checkers book`
// writes it) instead of the edition's committed one, so that a book just
// searched meets the committed one in one program:
// "hard+time+book=/tmp/pool.txt", named "hard+time+book=pool.txt".
inline constexpr absl::string_view kBookFile = "+book=";

// Whether `spec` names one of our own levels, with any suffixes.
bool IsLevelSpec(absl::string_view spec);

// What names a Hub engine program: "hub:" then its command line.
inline constexpr absl::string_view kHubPrefix = "hub:";

// "easy", "medium" or "hard" for our own levels, with the suffixes above
// (kWithEndgameDb consults `endgame_db`, which must then be given, and
// outlive the engine); kHubPrefix and a command for a Hub engine program
// (which plays international draughts on the 10x10 board only), started as
// StartHubEngine (match/hub_engine.h) says; anything else is the path of a
// CheckerBoard-API shared library (which plays English checkers on the 8x8
// board only), loaded with dlopen. InvalidArgument for a library that
// cannot be loaded or lacks getmove/enginecommand, or that plays another
// game type than English checkers (21), and for "+egdb" without a level or
// a database; for kWeightsFile, InvalidArgument when there is no
// `read_weights`, else its errors (it reads the weights of `edition`'s
// board from the file: the shell passes storage::ReadWeightsFile, which
// this package does not reach); for kBookFile the same with `read_book`
// (storage::ReadBookFile), and InvalidArgument beside kWithoutBook;
// StartHubEngine's errors for a Hub engine.
using ReadWeightsFn = std::function<absl::StatusOr<learned::Weights>(
    const std::string& path, Edition edition)>;
using ReadBookFn = std::function<absl::StatusOr<book::OpeningBook>(
    const std::string& path, Edition edition)>;
absl::StatusOr<std::unique_ptr<MatchEngine>> MakeEngine(
    absl::string_view spec, const egdb::Database* endgame_db = nullptr,
    Edition edition = Edition::kEnglish, const ReadWeightsFn& read_weights = {},
    const ReadBookFn& read_book = {});

struct Opening {
  std::string name;
  std::string fen;
};

// The openings of `plies` plies from the start of `edition`: every line of
// that many legal moves, named by their texts ("32-28 19-23"), in the
// order of their square numbers; a position that two lines reach is kept
// once, under the first. With 2 plies, the openings of a match on the
// 10x10 board, for which there is no ballot; with 3, those the ballots of
// Russian and pool are chosen from (match/ballot_builder.h).
std::vector<Opening> OpeningsOfPlies(Edition edition, int plies);

struct MatchGame {
  // The engine that moved first from the opening, and the other.
  std::string first_engine;
  std::string second_engine;
  // Whether the first engine is the match's engine A (set by the match).
  bool first_is_a = true;
  std::string opening;
  // The engine colour of the FIRST side under the game's edition.
  Color first_mover = Color::kBlack;
  GamePosition start;
  std::vector<GameMove> moves;
  // The wall time each move of `moves` took its engine, in seconds.
  std::vector<double> move_seconds;
  events::Result result = events::RESULT_UNSPECIFIED;
  // Why the game ended, in words: the fold's reason, a ply cap, or an
  // engine's illegal move or failure.
  std::string how;
};

// Plays one game of `edition` from `opening` (a FEN of the edition's
// board) with `first` playing the side to move of the opening position.
// Draws as in a game; a game still going after `turn_cap` turns is a draw;
// an engine that fails or plays an illegal move loses. DataLoss for a bad
// opening FEN.
absl::StatusOr<MatchGame> PlayMatchGame(MatchEngine& first, MatchEngine& second,
                                        const Opening& opening,
                                        uint64_t game_seed, int turn_cap,
                                        double seconds,
                                        Edition edition = Edition::kEnglish);

// The size of a CheckerBoard engine's command buffer, its last byte the
// terminating zero.
inline constexpr size_t kCommandSize = 256;

// The "set gamehist" command a CheckerBoard engine is sent before a move:
// the position `start` reaches after all but the last `reversible` of
// `moves` as FEN, then those moves. Shorter than kCommandSize: when the
// moves do not fit, the oldest are left out and the FEN is of a later
// position.
std::string GameHistoryCommand(const Position& start,
                               const std::vector<Move>& moves,
                               size_t reversible);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_MATCH_H_
