#include "match/ballot_builder.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game_position.h"
#include "engine/search.h"

namespace checkers::match {

std::vector<ScoredOpening> ScoreOpenings(const BallotOptions& options,
                                         const BallotProgressFn& progress) {
  const std::vector<Opening> openings =
      OpeningsOfPlies(options.edition, options.plies);
  std::vector<ScoredOpening> scored;
  for (size_t i = 0; i < openings.size(); ++i) {
    // The openings are the edition's own positions, so the FEN parses.
    const GamePosition position =
        *GamePosition::ParseFen(openings[i].fen, options.edition);
    SearchRequest request;
    request.position = *position.eight();
    request.rules.edition = options.edition;
    request.level = Level::kHard;
    request.limits.max_nodes = options.nodes;
    absl::StatusOr<SearchResult> result = Search(request);
    // A search of an 8x8 position to a node budget does not fail; an
    // opening that could not be scored is left out rather than guessed.
    if (result.ok()) {
      scored.push_back(
          {{absl::StrFormat("%03d %s", scored.size() + 1, openings[i].name),
            openings[i].fen},
           result->score});
    }
    if (progress) progress(static_cast<int>(i) + 1, openings.size());
  }
  return scored;
}

std::string BallotJson(const std::vector<ScoredOpening>& openings, int band) {
  // Names and FENs are move texts, square numbers and letters: nothing in
  // them needs escaping.
  std::string all;
  std::string standard;
  for (const ScoredOpening& o : openings) {
    absl::StrAppend(&all, all.empty() ? "" : ",\n", "    \"", o.opening.name,
                    "\": \"", o.opening.fen, "\"");
    if (std::abs(o.score) <= band) {
      absl::StrAppend(&standard, standard.empty() ? "" : ",\n", "    \"",
                      o.opening.name, "\"");
    }
  }
  return absl::StrCat("{\n  \"all\": {\n", all, "\n  },\n  \"standard\": [\n",
                      standard, "\n  ]\n}\n");
}

}  // namespace checkers::match
