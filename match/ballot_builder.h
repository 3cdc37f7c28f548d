// Makes the 3-move ballot of an 8x8 edition that has none of its own
// (Russian, pool): every opening of a few plies from the edition's start,
// each searched by Hard to a fixed number of nodes, and the set of those
// the search finds balanced. match/ballots/README.md tells why it is made
// this way; `checkers ballots` writes the file.

#ifndef CHECKERS_MATCH_BALLOT_BUILDER_H_
#define CHECKERS_MATCH_BALLOT_BUILDER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "match/match.h"

namespace checkers::match {

struct BallotOptions {
  // An 8x8 edition.
  Edition edition = Edition::kRussian;
  // The openings are the positions this many plies from the start.
  int plies = 3;
  // Nodes of the Hard search that scores each opening.
  uint64_t nodes = 1'000'000;
  // The standard set keeps the openings whose score, in centi-men, is at
  // most this far from even.
  int band = 50;
};

struct ScoredOpening {
  Opening opening;
  // The search's score in centi-men for the side to move.
  int score = 0;
};

// Called after each finished search with the number finished and the total.
using BallotProgressFn = std::function<void(int done, int total)>;

// Every distinct position `options.plies` plies from the start of
// `options.edition`, named by its number and its moves ("001 c3-d4 f6-g5
// g3-h4"), in the order of the moves' square numbers; a position that two
// orders of moves reach is kept once, under its first name. Each comes
// with its score. The result depends only on the options (the searches
// are bounded by nodes, not time).
std::vector<ScoredOpening> ScoreOpenings(
    const BallotOptions& options, const BallotProgressFn& progress = nullptr);

// The ballot file of `openings` in the format ParseBallots reads: the set
// "all" with every opening and its FEN, and the set "standard" naming
// those whose score is within `band` centi-men of even.
std::string BallotJson(const std::vector<ScoredOpening>& openings, int band);

}  // namespace checkers::match

#endif  // CHECKERS_MATCH_BALLOT_BUILDER_H_
