// `checkers match`: an engine match over the edition's 3-move ballot,
// every opening played with both colours.

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/endgame_db.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "engine/search.h"
#include "events/game_state.h"
#include "match/ballot_file.h"
#include "match/default_ballots.h"
#include "match/match.h"
#include "match/match_engine.h"
#include "match/match_score.h"
#include "replay/game_record.h"
#include "replay/log_record.h"
#include "replay/pdn.h"
#include "replay/pdn_writer.h"
#include "storage/book_file.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "storage/weights_file.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"

ABSL_FLAG(std::vector<std::string>, engine, {},
          "easy|medium|hard|LIBRARY|hub:PROGRAM: an engine, given twice: a "
          "level (with "
          "+egdb: consulting the endgame database, e.g. hard+egdb; +time: "
          "searching for --time a move instead of the level's nodes; "
          "+handset: with the hand-set evaluation, not the learned one; "
          "+nobook: searching every move, never playing the opening book's; "
          "+book=FILE: playing from the opening book in FILE, as book "
          "writes it; +weights=FILE, last: with the learned weights in FILE, "
          "as train writes them) "
          "a CheckerBoard engine library (english) or hub: and the command "
          "line of a Hub engine program (international), e.g. "
          "\"hub:/opt/scan/scan hub\"");
ABSL_FLAG(std::string, openings, "",
          "FILE: a ballot file (JSON: set -> opening name -> FEN); default "
          "the edition's built-in 3-move ballot (match/ballots/; on 10x10: "
          "every two-ply start)");
ABSL_FLAG(std::string, ballot, "standard",
          "NAME: the set of the ballot file to play (default standard)");
ABSL_FLAG(int, games, 0,
          "N: the number of games (match: default every opening twice; "
          "train: default 4000)");
ABSL_FLAG(double, time, 0.1,
          "SECONDS: time per move for CheckerBoard engines and levels "
          "with +time (default 0.1)");
ABSL_FLAG(int, turn_cap, 300,
          "N: a game still going after N turns is a draw (default 300)");

namespace checkers::cli {
namespace {

using match::DefaultBallots;
using match::MakeEngine;
using match::MatchEngine;
using match::MatchGame;
using match::MatchScore;
using match::Opening;
using match::ParseBallots;
using match::PlayMatchGame;
using match::ScoreOf;
using match::TimeUse;
using match::TimeUseOf;

// An engine that plays as another does under a name of the match's own.
class RenamedEngine : public MatchEngine {
 public:
  RenamedEngine(std::unique_ptr<MatchEngine> engine, std::string name)
      : engine_(std::move(engine)), name_(std::move(name)) {}

  const std::string& name() const override { return name_; }
  void NewGame(uint64_t game_seed) override { engine_->NewGame(game_seed); }
  absl::StatusOr<GameMove> ChooseMove(const events::GameState& state,
                                      const std::vector<GameMove>& game_moves,
                                      double seconds) override {
    return engine_->ChooseMove(state, game_moves, seconds);
  }

 private:
  std::unique_ptr<MatchEngine> engine_;
  std::string name_;
};

absl::StatusOr<std::string> ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

replay::GameRecord RecordOf(const MatchGame& g, int number) {
  replay::GameRecord record;
  const bool first_black = g.start.side_to_move() == Color::kBlack;
  record.tags = {{"Event", "checkers match"},
                 {"Round", absl::StrCat(number)},
                 {"Black", first_black ? g.first_engine : g.second_engine},
                 {"White", first_black ? g.second_engine : g.first_engine},
                 {"Opening", g.opening},
                 {"Termination", g.how}};
  record.start = g.start;
  record.moves = g.moves;
  record.result = replay::PdnResultOf(g.result);
  return record;
}

int RunMatch(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("match takes no word \"", positional[0],
                     "\"; use --engine=A --engine=B")));
  }
  const std::vector<std::string> specs = absl::GetFlag(FLAGS_engine);
  if (specs.size() != 2) {
    return Fail(absl::InvalidArgumentError(
        "match needs two engines: --engine=A --engine=B (easy, medium, hard, "
        "a library path or hub:PROGRAM)"));
  }
  const double seconds = absl::GetFlag(FLAGS_time);
  const int games_wanted = absl::GetFlag(FLAGS_games);
  const int turn_cap = absl::GetFlag(FLAGS_turn_cap);
  if (seconds <= 0 || games_wanted < 0 || turn_cap < 1) {
    return Fail(absl::InvalidArgumentError(
        "--time must be above 0, --games 0 or more, --turn-cap 1 or more"));
  }
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(edition.status());
  const std::string file = absl::GetFlag(FLAGS_openings);
  absl::StatusOr<std::vector<Opening>> openings;
  if (file.empty() && TraitsOf(*edition).board_size == 10) {
    // The built-in ballots are of the 8x8 editions; on 10x10 every
    // two-ply start is an opening.
    openings = match::OpeningsOfPlies(*edition, 2);
  } else {
    std::string ballots(DefaultBallots(*edition));
    if (!file.empty()) {
      absl::StatusOr<std::string> text = ReadText(file);
      if (!text.ok()) return Fail(text.status());
      ballots = *std::move(text);
    }
    openings = ParseBallots(ballots, absl::GetFlag(FLAGS_ballot));
  }
  if (!openings.ok()) return Fail(openings.status());
  if (openings->empty())
    return Fail(absl::InvalidArgumentError("the ballot has no openings"));

  // Each kind of outside engine plays one edition: a CheckerBoard library
  // English, a Hub program international.
  for (const std::string& spec : specs) {
    if (match::IsLevelSpec(spec)) continue;
    const bool hub = absl::StartsWith(spec, match::kHubPrefix);
    const Edition plays = hub ? Edition::kInternational : Edition::kEnglish;
    if (*edition != plays) {
      return Fail(absl::InvalidArgumentError(
          absl::StrCat("--rules=", EditionName(*edition), ": ", spec, " is a ",
                       hub ? "Hub engine, which plays international only"
                           : "CheckerBoard library, which plays english only",
                       "; use the levels easy, medium or hard")));
    }
  }
  // An engine such as hard+egdb consults the endgame database in the
  // default directory.
  std::unique_ptr<egdb::Database> endgame_db;
  if (absl::c_any_of(specs, [](const std::string& spec) {
        return absl::StrContains(spec, match::kWithEndgameDb);
      })) {
    absl::StatusOr<std::unique_ptr<egdb::Database>> loaded =
        storage::LoadDefaultEndgameDatabase();
    if (!loaded.ok()) return Fail(loaded.status());
    endgame_db = *std::move(loaded);
  }
  const match::ReadWeightsFn read_weights = [](const std::string& path,
                                               Edition edition) {
    return storage::ReadWeightsFile(storage::Env::Default(), path, edition);
  };
  const match::ReadBookFn read_book = [](const std::string& path,
                                         Edition edition) {
    return storage::ReadBookFile(storage::Env::Default(), path, edition);
  };
  absl::StatusOr<std::unique_ptr<MatchEngine>> a =
      MakeEngine(specs[0], endgame_db.get(), *edition, read_weights, read_book);
  if (!a.ok()) return Fail(a.status());
  absl::StatusOr<std::unique_ptr<MatchEngine>> b =
      MakeEngine(specs[1], endgame_db.get(), *edition, read_weights, read_book);
  if (!b.ok()) return Fail(b.status());
  // Two builds of one program answer with one name, as does a level
  // against itself: the lines below, the PDN and a forfeit's reason tell
  // them apart by their place on the command line.
  if ((*a)->name() == (*b)->name()) {
    const std::string name = (*a)->name();
    *a = std::make_unique<RenamedEngine>(*std::move(a),
                                         absl::StrCat(name, " (A)"));
    *b = std::make_unique<RenamedEngine>(*std::move(b),
                                         absl::StrCat(name, " (B)"));
  }
  const std::string& name_a = (*a)->name();
  const std::string& name_b = (*b)->name();

  const int total =
      games_wanted > 0 ? games_wanted : 2 * static_cast<int>(openings->size());
  std::vector<MatchGame> games;
  for (int i = 0; i < total; ++i) {
    const Opening& opening = (*openings)[(i / 2) % openings->size()];
    // Each opening twice: A moves first from it, then B.
    const bool a_first = i % 2 == 0;
    MatchEngine& first = a_first ? **a : **b;
    MatchEngine& second = a_first ? **b : **a;
    absl::StatusOr<MatchGame> game =
        PlayMatchGame(first, second, opening, /*game_seed=*/i / 2, turn_cap,
                      seconds, *edition);
    if (!game.ok()) return Fail(game.status());
    game->first_is_a = a_first;
    const bool first_black = game->start.side_to_move() == Color::kBlack;
    const std::string& black =
        first_black ? game->first_engine : game->second_engine;
    const std::string& white =
        first_black ? game->second_engine : game->first_engine;
    std::printf(
        "game %d/%d %s: %s (Black) - %s (White) %s, %s, %zu turns\n", i + 1,
        total, opening.name.c_str(), black.c_str(), white.c_str(),
        std::string(replay::ResultToken(replay::PdnResultOf(game->result)))
            .c_str(),
        game->how.c_str(), game->moves.size());
    std::fflush(stdout);
    games.push_back(*std::move(game));
  }

  if (const std::string out = absl::GetFlag(FLAGS_pdn); !out.empty()) {
    std::vector<replay::GameRecord> records;
    for (size_t i = 0; i < games.size(); ++i)
      records.push_back(RecordOf(games[i], i + 1));
    std::ofstream file(out, std::ios::binary | std::ios::trunc);
    file << replay::WritePdn(records);
    if (!file.good()) {
      return Fail(kExitCantWrite, absl::PermissionDeniedError(
                                      absl::StrCat("cannot write ", out)));
    }
  }
  // How each engine spent its time goes to stderr, as diagnostics: stdout
  // keeps to the games and the score.
  for (bool engine_a : {true, false}) {
    const TimeUse use = TimeUseOf(games, engine_a, seconds);
    std::fprintf(stderr,
                 "time %s: %d moves, of %.3f s a move used mean %.0f%%, median "
                 "%.0f%%, 95th percentile %.0f%%, max %.0f%% (game %d, turn "
                 "%d); %d over 110%%\n",
                 (engine_a ? name_a : name_b).c_str(), use.moves, seconds,
                 100 * use.mean, 100 * use.median, 100 * use.p95, 100 * use.max,
                 use.max_game, use.max_turn, use.over_110);
  }
  const MatchScore score = ScoreOf(games);
  std::printf(
      "score %s: %d wins, %d losses, %d draws, %.1f%% (95%% interval %.1f%% to "
      "%.1f%%; wins against losses, sign test p = %.3f)\n",
      name_a.c_str(), score.wins, score.losses, score.draws, score.percent,
      score.low, score.high, score.sign_p);
  return kExitOk;
}

}  // namespace

std::vector<Command> MatchCommands() {
  return {{"match",
           "match --engine=A --engine=B [--openings=FILE] [--games=N] "
           "[--time=SECONDS] [--rules=R] "
           "[--pdn=OUT]",
           {"engine", "openings", "ballot", "games", "time", "turn_cap", "pdn",
            "rules"},
           RunMatch}};
}

}  // namespace checkers::cli
