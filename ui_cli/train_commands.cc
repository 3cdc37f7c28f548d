// train: fits the learned evaluation (engine/learned_eval.h) to self-play
// games (train/) and writes the weights file that engine/data holds.
// book: searches the opening book's positions (train/book_builder.h) and
// writes the book that engine/data holds.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/learned_eval.h"
#include "engine/movegen8.h"
#include "engine/opening_book.h"
#include "engine/rules.h"
#include "match/ballot_builder.h"
#include "match/ballot_file.h"
#include "match/default_ballots.h"
#include "match/match.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "storage/replace_file.h"
#include "storage/weights_file.h"
#include "train/book_builder.h"
#include "train/fit.h"
#include "train/self_play.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/progress_line.h"

ABSL_DECLARE_FLAG(int, games);
ABSL_FLAG(
    int64_t, nodes, 0,
    "N: train: the nodes a self-play move may search (default 3000); "
    "book: the nodes of the search that picks a book move (default "
    "5000000); ballots: the nodes of the search that scores an opening "
    "(default 1000000); analyse: the nodes searched at each position (default "
    "200000); serve: the same for the replay page's analyses");
ABSL_FLAG(uint64_t, seed, 1, "N: train: the seed of the self-play games");
ABSL_FLAG(int, plies, 4,
          "N: book: the book holds positions fewer than N plies after a "
          "ballot opening (default 4)");
ABSL_FLAG(int, band, 50,
          "N: ballots: the standard set keeps the openings scored at most N "
          "centi-men from even (default 50)");
ABSL_FLAG(int, epochs, 300, "N: train: passes of the fit (default 300)");
ABSL_FLAG(double, l2, 0.005,
          "X: train: the fit's penalty per squared centi-man (default 0.005)");
ABSL_FLAG(double, result_weight, 1.0,
          "X: train: the share of the game's result in what each position "
          "is fitted to, the rest the search's score there (default 1)");
ABSL_FLAG(int, sample_every, 1,
          "N: train: keep every Nth quiet position of a self-play game "
          "(default 1: all)");
ABSL_FLAG(int64_t, label_nodes, 0,
          "N: train: score each kept position by a search of its own of N "
          "nodes, for --result_weight below 1 (default 0: the game's own "
          "move search)");
ABSL_FLAG(std::string, from, "",
          "FILE: train: the weights the games are played with and the fit "
          "starts from (default: the hand-set evaluation alone); DIR|URI: "
          "tables copy: the store the tables come from");
ABSL_FLAG(bool, material, false,
          "train: fit a table of each side's men and kings beside the "
          "windows (8x8 editions; docs/EVALUATION.md)");
ABSL_FLAG(bool, egdb, false,
          "train: an English self-play game ends once the endgame database "
          "in the default directory holds a quiet position of it, with the "
          "database's verdict as its result");
ABSL_FLAG(std::string, check, "",
          "FILE: train: a PDN file of games of the --rules edition whose "
          "positions, with their results, measure the fit besides the "
          "self-play check set");

namespace checkers::cli {
namespace {

// The --rules edition, for a command that `does` something to "the 8x8
// editions": InvalidArgument saying so for international.
absl::StatusOr<Edition> EightByEightEdition(absl::string_view does) {
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return edition.status();
  if (TraitsOf(*edition).board_size != 8) {
    return absl::InvalidArgumentError(
        absl::StrCat(does, " the 8x8 editions (english, russian, pool), not ",
                     EditionName(*edition)));
  }
  return edition;
}

// The positions of `openings`, of `edition`'s board.
absl::StatusOr<std::vector<GamePosition>> Positions(
    const std::vector<match::Opening>& openings, Edition edition) {
  std::vector<GamePosition> positions;
  for (const match::Opening& o : openings) {
    absl::StatusOr<GamePosition> pos = GamePosition::ParseFen(o.fen, edition);
    if (!pos.ok()) return pos.status();
    positions.push_back(*pos);
  }
  return positions;
}

// The openings of `edition`'s self-play games: the 3-move ballot's for
// English; for another edition every first move with every reply from its
// start, as the committed Russian and pool weights were fitted from
// (SelfPlayOptions::random_plies then vary them further).
absl::StatusOr<std::vector<GamePosition>> SelfPlayOpenings(Edition edition) {
  absl::StatusOr<std::vector<match::Opening>> ballots =
      edition == Edition::kEnglish
          ? match::ParseBallots(match::DefaultBallots(edition), "standard")
          : match::OpeningsOfPlies(edition, 2);
  if (!ballots.ok()) return ballots.status();
  return Positions(*ballots, edition);
}

// The openings of `edition`'s book: its own 3-move ballot (a Russian book
// from English openings would hold positions Russian games never reach);
// on 10x10, which has no ballot, the start and every two-ply start, so
// that with --plies=2 the book holds each side's first two moves of every
// game begun at the start and of every match from a two-ply start.
absl::StatusOr<std::vector<GamePosition>> BookOpenings(Edition edition) {
  const bool ten = TraitsOf(edition).board_size == 10;
  absl::StatusOr<std::vector<match::Opening>> ballot =
      ten ? match::OpeningsOfPlies(edition, 2)
          : match::ParseBallots(match::DefaultBallots(edition), "standard");
  if (!ballot.ok()) return ballot.status();
  absl::StatusOr<std::vector<GamePosition>> openings =
      Positions(*ballot, edition);
  if (ten && openings.ok()) {
    openings->insert(openings->begin(), GamePosition::Initial(edition));
  }
  return openings;
}

// The quiet positions of the games of `edition` in the PDN file `path`
// that have a result, each with its result for the side to move. A game
// without a GameType tag is read as one of `edition`, as `checkers import
// --rules` reads it: collections of Russian games rarely carry the tag.
// DataLoss when no game of the file is of use, which would otherwise
// leave the check out without a word.
absl::StatusOr<std::vector<train::Sample>> CorpusSamples(
    const std::string& path, Edition edition, int* games_read) {
  absl::StatusOr<std::string> text =
      storage::Env::Default()->ReadFile(path, 64 << 20);
  if (!text.ok()) return text.status();
  // A game the reader skips, like one that does not replay, is left out.
  const replay::PdnFile file = replay::ReadPdn(*text);
  std::vector<train::Sample> samples;
  *games_read = 0;
  for (const replay::PdnGame& game : file.games) {
    absl::StatusOr<replay::GameRecord> record =
        replay::ReplayPdnGame(game, edition);
    if (!record.ok() || record->edition() != edition ||
        record->result == replay::GameResult::kUnknown) {
      continue;
    }
    ++*games_read;
    GamePosition pos = record->start;
    const Color first = pos.side_to_move();
    for (size_t i = 0; i <= record->moves.size(); ++i) {
      if (!pos.HasCapture()) {
        train::Sample s;
        s.features = train::FeaturesOf(pos);
        s.game = *games_read;
        const bool first_to_move = pos.side_to_move() == first;
        switch (record->result) {
          case replay::GameResult::kFirstWins:
            s.result = first_to_move ? 1.0f : 0.0f;
            break;
          case replay::GameResult::kSecondWins:
            s.result = first_to_move ? 0.0f : 1.0f;
            break;
          default:
            s.result = 0.5f;
        }
        samples.push_back(s);
      }
      if (i < record->moves.size()) pos.Play(record->moves[i]);
    }
  }
  if (*games_read == 0) {
    return absl::DataLossError(
        absl::StrCat(path, " has no game of ", EditionName(edition),
                     " that replays and has a result (of ", file.games.size(),
                     " read); --check needs games of the --rules edition"));
  }
  return samples;
}

int RunTrain(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "train needs the file to write the weights to, e.g. "
                    "checkers train engine/data/eval_weights.bin"));
  }
  const int games =
      absl::GetFlag(FLAGS_games) > 0 ? absl::GetFlag(FLAGS_games) : 4000;
  // 0, the flag's default, stands for the command's own default.
  const int64_t nodes_flag = absl::GetFlag(FLAGS_nodes);
  const int64_t nodes = nodes_flag > 0 ? nodes_flag : 3000;
  const int threads = absl::GetFlag(FLAGS_threads);
  const int epochs = absl::GetFlag(FLAGS_epochs);
  const double l2 = absl::GetFlag(FLAGS_l2);
  const double result_weight = absl::GetFlag(FLAGS_result_weight);
  const int sample_every = absl::GetFlag(FLAGS_sample_every);
  const int64_t label_nodes = absl::GetFlag(FLAGS_label_nodes);
  if (nodes_flag < 0 || threads < 1 || threads > 64 || epochs < 0 || l2 < 0 ||
      !(result_weight >= 0 && result_weight <= 1) || sample_every < 1 ||
      label_nodes < 0) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "train needs --nodes of at least 1, --threads from 1 to "
                    "64, --epochs, --l2 and --label_nodes of at least 0, "
                    "--result_weight from 0 to 1, --sample_every of at "
                    "least 1"));
  }
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  learned::Weights start = learned::HandSetOnly(*edition);
  const std::string from = absl::GetFlag(FLAGS_from);
  if (!from.empty()) {
    absl::StatusOr<learned::Weights> read =
        storage::ReadWeightsFile(storage::Env::Default(), from, *edition);
    if (!read.ok()) {
      // A file that is there but holds no weights of the board is bad data.
      return read.status().code() == absl::StatusCode::kInvalidArgument
                 ? Fail(kExitBadData, read.status())
                 : Fail(read.status());
    }
    start = *std::move(read);
  }
  if (absl::GetFlag(FLAGS_material)) {
    if (TraitsOf(*edition).board_size != 8) {
      return Fail(kExitUsage, absl::InvalidArgumentError(
                                  "--material fits a table of the 8x8 "
                                  "editions; international has none"));
    }
    start = learned::WithMaterial(std::move(start));
  }
  absl::StatusOr<std::vector<GamePosition>> openings =
      SelfPlayOpenings(*edition);
  if (!openings.ok()) return Fail(openings.status());

  std::vector<train::Sample> corpus;
  int corpus_games = 0;
  const std::string check = absl::GetFlag(FLAGS_check);
  if (!check.empty()) {
    absl::StatusOr<std::vector<train::Sample>> read =
        CorpusSamples(check, *edition, &corpus_games);
    if (!read.ok()) return Fail(read.status());
    corpus = *std::move(read);
  }

  std::unique_ptr<egdb::Database> endgame_db;
  if (absl::GetFlag(FLAGS_egdb)) {
    if (*edition != Edition::kEnglish) {
      return Fail(kExitUsage,
                  absl::InvalidArgumentError(
                      "--egdb: the endgame database is of English endings"));
    }
    absl::StatusOr<std::unique_ptr<egdb::Database>> loaded =
        storage::LoadDefaultEndgameDatabase();
    if (!loaded.ok()) return Fail(loaded.status());
    endgame_db = *std::move(loaded);
  }

  const absl::Time began = absl::Now();
  train::SelfPlayOptions options;
  options.games = games;
  options.openings = *openings;
  options.nodes = static_cast<uint64_t>(nodes);
  options.seed = absl::GetFlag(FLAGS_seed);
  options.threads = threads;
  options.weights = &start;
  options.sample_every = sample_every;
  options.label_nodes = static_cast<uint64_t>(label_nodes);
  options.endgame_db = endgame_db.get();
  ProgressLine play_line("self-play");
  const train::SelfPlayResult played = train::PlaySelfPlay(
      options, [&](int done) { play_line.Count(done, games); });
  play_line.Done();
  std::printf(
      "self-play: %d games (%d won by the first mover, %d by the second, %d "
      "drawn), %llu plies, %zu quiet positions, %.0fs\n",
      games, played.wins_first, played.wins_second, played.draws,
      static_cast<unsigned long long>(played.plies), played.samples.size(),
      absl::ToDoubleSeconds(absl::Now() - began));

  train::FitOptions fit;
  fit.epochs = epochs;
  fit.l2 = l2;
  fit.result_weight = result_weight;
  ProgressLine fit_line("fit");
  const train::FitResult result =
      train::Fit(played.samples, start, fit,
                 [&](int epoch, double) { fit_line.Count(epoch, epochs); });
  fit_line.Done();
  std::printf(
      "fit: k %.5f per centi-man; %d positions fitted, %d checked (every "
      "10th game); cross-entropy fitted %.4f -> %.4f, checked %.4f -> "
      "%.4f; hand-set factor %.3f\n",
      result.k, result.fit_samples, result.check_samples,
      result.fit_loss_before, result.fit_loss_after, result.check_loss_before,
      result.check_loss_after,
      static_cast<double>(result.weights.hand_scale) / learned::kHandScaleOne);
  if (!corpus.empty()) {
    std::printf(
        "%s: %d games, %zu quiet positions, cross-entropy %.4f -> %.4f\n",
        check.c_str(), corpus_games, corpus.size(),
        train::MeanLoss(corpus, start, result.k),
        train::MeanLoss(corpus, result.weights, result.k));
  }
  if (absl::Status s =
          storage::ReplaceFile(storage::Env::Default(), positional[0],
                               learned::Serialize(result.weights));
      !s.ok()) {
    return Fail(kExitCantWrite, s);
  }
  std::printf("wrote %s (%.0fs in all)\n", positional[0].c_str(),
              absl::ToDoubleSeconds(absl::Now() - began));
  return kExitOk;
}

int RunBook(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "book needs the file to write the opening book to, e.g. "
                    "checkers book engine/data/opening_book.txt"));
  }
  train::BookOptions options;
  options.plies = absl::GetFlag(FLAGS_plies);
  options.threads = absl::GetFlag(FLAGS_threads);
  const int64_t nodes = absl::GetFlag(FLAGS_nodes);
  if (nodes < 0 || options.plies < 1 || options.plies > 8 ||
      options.threads < 1 || options.threads > 64) {
    return Fail(kExitUsage, absl::InvalidArgumentError(
                                "book needs --plies from 1 to 8, --nodes of "
                                "at least 1, --threads from 1 to 64"));
  }
  options.nodes = nodes > 0 ? static_cast<uint64_t>(nodes) : 5'000'000;
  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  absl::StatusOr<std::vector<GamePosition>> openings = BookOpenings(*edition);
  if (!openings.ok()) return Fail(openings.status());
  options.openings = *openings;

  const absl::Time began = absl::Now();
  ProgressLine line("book");
  const std::vector<book::Entry> entries =
      train::BuildBook(options, [&](int done, int known) {
        line.Show(
            static_cast<double>(done) / known,
            absl::StrCat("(", done, " searched of ", known, " found so far)"));
      });
  line.Done();
  if (absl::Status s =
          storage::ReplaceFile(storage::Env::Default(), positional[0],
                               book::Serialize(entries, *edition));
      !s.ok()) {
    return Fail(kExitCantWrite, s);
  }
  std::printf(
      "wrote %s: %zu positions from %zu openings, up to %d plies after "
      "them, each searched to %llu nodes (%.0fs)\n",
      positional[0].c_str(), entries.size(), openings->size(), options.plies,
      static_cast<unsigned long long>(options.nodes),
      absl::ToDoubleSeconds(absl::Now() - began));
  return kExitOk;
}

int RunBallots(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "ballots needs the file to write the ballot to, e.g. "
                    "checkers ballots match/ballots/3move_russian.json "
                    "--rules=russian"));
  }
  absl::StatusOr<Edition> edition =
      EightByEightEdition("ballots makes the ballots of");
  if (!edition.ok()) return Fail(kExitUsage, edition.status());
  match::BallotOptions options;
  options.edition = *edition;
  options.band = absl::GetFlag(FLAGS_band);
  const int64_t nodes = absl::GetFlag(FLAGS_nodes);
  if (nodes < 0 || options.band < 0) {
    return Fail(kExitUsage,
                absl::InvalidArgumentError(
                    "ballots needs --nodes of at least 1 and --band of 0 or "
                    "more"));
  }
  if (nodes > 0) options.nodes = static_cast<uint64_t>(nodes);

  const absl::Time began = absl::Now();
  ProgressLine line("ballots");
  const std::vector<match::ScoredOpening> openings =
      match::ScoreOpenings(options, [&](int done, int total) {
        line.Show(static_cast<double>(done) / total,
                  absl::StrCat("(", done, " of ", total, " openings)"));
      });
  line.Done();
  const std::string json = match::BallotJson(openings, options.band);
  if (absl::Status s =
          storage::ReplaceFile(storage::Env::Default(), positional[0], json);
      !s.ok()) {
    return Fail(kExitCantWrite, s);
  }
  absl::StatusOr<std::vector<match::Opening>> standard =
      match::ParseBallots(json, "standard");
  std::printf(
      "wrote %s: %zu openings of %d plies, %zu within %d centi-men of even "
      "after %llu nodes each (%.0fs)\n",
      positional[0].c_str(), openings.size(), options.plies,
      standard.ok() ? standard->size() : 0, options.band,
      static_cast<unsigned long long>(options.nodes),
      absl::ToDoubleSeconds(absl::Now() - began));
  // How far from even the openings are, to choose --band by.
  std::vector<int> distance;
  for (const match::ScoredOpening& o : openings)
    distance.push_back(std::abs(o.score));
  std::sort(distance.begin(), distance.end());
  if (!distance.empty()) {
    auto at = [&](int percent) {
      return distance[(distance.size() - 1) * percent / 100];
    };
    std::printf(
        "distance from even in centi-men: median %d, 75th percentile %d, "
        "90th %d, largest %d\n",
        at(50), at(75), at(90), distance.back());
  }
  return kExitOk;
}

}  // namespace

std::vector<Command> TrainCommands() {
  return {
      {"train",
       "train FILE [--games=N] [--nodes=N] [--seed=N] [--threads=N] "
       "[--epochs=N] [--l2=X] [--result_weight=X] [--sample_every=N] "
       "[--label_nodes=N] [--from=FILE] [--material] [--egdb] "
       "[--check=PDN] [--rules=R]  fit the learned evaluation of an edition to "
       "self-play",
       {"games", "nodes", "seed", "threads", "epochs", "l2", "result_weight",
        "sample_every", "label_nodes", "from", "material", "egdb", "check",
        "rules"},
       RunTrain},
      {"book",
       "book FILE [--plies=N] [--nodes=N] [--threads=N] [--rules=R]  search "
       "the opening book's moves for an edition",
       {"plies", "nodes", "threads", "rules"},
       RunBook},
      {"ballots",
       "ballots FILE --rules=R [--nodes=N] [--band=N]  score every 3-move "
       "opening of an 8x8 edition and write its ballot",
       {"rules", "nodes", "band"},
       RunBallots},
  };
}

}  // namespace checkers::cli
