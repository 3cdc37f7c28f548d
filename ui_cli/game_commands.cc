// The game commands: new, move, undo, show, moves (of the saved game),
// resign and draw. Each opens the save, turns the command into events
// through the fold's checks, and prints what the fold then shows.

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "events/computer.h"
#include "events/events.pb.h"
#include "events/validate.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/game_view.h"
#include "ui_cli/save_flag.h"

ABSL_FLAG(
    std::string, side, "first",
    "new --mode=computer: the side you play, first (moves first) or second");
ABSL_FLAG(bool, yes, false,
          "new: replace a saved game that has turns without asking");
ABSL_FLAG(std::string, capture, "forced",
          "new: forced (WCDF) or optional capture");
ABSL_FLAG(
    std::string, colours, "red-white",
    "new: colour names, dark side first: red-white, black-white or black-red");
ABSL_FLAG(bool, light_first, false, "new: the light side moves first");
ABSL_FLAG(int, no_progress, 40,
          "new: turns without a capture or a man's move that draw");
ABSL_FLAG(std::string, no_progress_count, "each",
          "new: count the no-progress turns for each side or in total");
ABSL_FLAG(int, turn_limit, 0,
          "new: turns in all after which the game is drawn (0: none)");
ABSL_FLAG(bool, swap, false, "new: swap who plays first at every new game");

namespace checkers::cli {
namespace {

using events::Event;
using events::GameState;

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// Opens the save for writing, never creating one: these commands refuse
// without a game and a refusal leaves the disk alone.
absl::StatusOr<std::unique_ptr<storage::GameLog>> OpenSave() {
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return path.status();
  return storage::GameLog::OpenExisting(storage::Env::Default(), *path);
}

// Opens the save and checks that it holds a game that goes on.
absl::StatusOr<std::unique_ptr<storage::GameLog>> OpenOngoingGame() {
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log = OpenSave();
  if (!log.ok()) return log.status();
  const GameState& s = (*log)->state();
  if (s.started == nullptr) {
    return absl::FailedPreconditionError(
        "there is no game yet; start one with `checkers new`");
  }
  if (s.over()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the game is over (", EndText(s),
                     "); start a new one with `checkers new`"));
  }
  return log;
}

void PrintNotice(const storage::GameLog& log) {
  if (!log.notice().empty())
    std::fprintf(stderr, "checkers: %s\n", log.notice().c_str());
}

std::string TurnsText(int turns) {
  return absl::StrCat(turns, turns == 1 ? " turn" : " turns");
}

bool AskYesNo(const std::string& question) {
  if (!isatty(STDIN_FILENO)) return false;
  std::fprintf(stderr, "%s [y/N] ", question.c_str());
  std::string answer;
  if (!std::getline(std::cin, answer)) return false;
  answer = absl::AsciiStrToLower(absl::StripAsciiWhitespace(answer));
  return answer == "y" || answer == "yes";
}

absl::StatusOr<events::GameStarted> StartFromFlags(const GameState& previous) {
  events::GameStarted g;
  const std::string mode = absl::GetFlag(FLAGS_mode);
  if (mode == "computer") {
    g.set_mode(events::VS_COMPUTER);
  } else if (mode == "two-player") {
    g.set_mode(events::TWO_PLAYER);
  } else {
    return Usage("new needs --mode=computer or --mode=two-player");
  }
  const std::string level = absl::GetFlag(FLAGS_difficulty);
  absl::StatusOr<events::Difficulty> difficulty =
      events::ParseDifficulty(level);
  if (!difficulty.ok()) return difficulty.status();
  g.set_difficulty(*difficulty);

  events::RuleOptions* o = g.mutable_options();
  const std::string capture = absl::GetFlag(FLAGS_capture);
  if (capture != "forced" && capture != "optional") {
    return Usage("--capture must be forced or optional");
  }
  o->set_capture_optional(capture == "optional");
  const std::string colours = absl::GetFlag(FLAGS_colours);
  if (colours == "red-white") {
    o->set_colour_names(events::RED_WHITE);
  } else if (colours == "black-white") {
    o->set_colour_names(events::BLACK_WHITE);
  } else if (colours == "black-red") {
    o->set_colour_names(events::BLACK_RED);
  } else {
    return Usage("--colours must be red-white, black-white or black-red");
  }
  o->set_light_moves_first(absl::GetFlag(FLAGS_light_first));
  const int no_progress = absl::GetFlag(FLAGS_no_progress);
  if (no_progress < 1 || no_progress > 1000) {
    return Usage("--no-progress must be a number of turns from 1 to 1000");
  }
  o->set_no_progress_turns(no_progress);
  const std::string count = absl::GetFlag(FLAGS_no_progress_count);
  if (count != "each" && count != "total") {
    return Usage("--no-progress-count must be each or total");
  }
  o->set_no_progress_count(count == "total" ? events::TOTAL : events::PER_SIDE);
  const int turn_limit = absl::GetFlag(FLAGS_turn_limit);
  if (turn_limit < 0) return Usage("--turn-limit must be 0 (none) or more");
  o->set_turn_limit(turn_limit);
  o->set_swap_first_player(absl::GetFlag(FLAGS_swap));

  const std::string side = absl::GetFlag(FLAGS_side);
  if (side != "first" && side != "second")
    return Usage("--side must be first or second");
  if (g.mode() == events::VS_COMPUTER) {
    g.set_human_side(events::NewGameHumanSide(
        previous, *o, side == "first" ? events::FIRST : events::SECOND));
  }

  g.set_start_fen(absl::GetFlag(FLAGS_fen));
  g.set_engine_seed(absl::Uniform<uint64_t>(absl::BitGen()));
  return g;
}

// Plays the computer's turns while it is the computer's move, printing
// each; returns the first error.
absl::Status PlayComputerTurns(storage::GameLog* log) {
  while (events::IsComputersTurn(log->state())) {
    absl::StatusOr<Event> turn = events::ChooseComputerTurn(log->state());
    if (!turn.ok()) return turn.status();
    const std::string text = TurnText(turn->turn_played());
    if (absl::Status st = log->Commit(*std::move(turn)); !st.ok()) return st;
    std::printf("%s (computer): %s\n",
                std::string(events::SideName(
                                log->state().started.get(),
                                events::OtherSide(log->state().side_to_move())))
                    .c_str(),
                text.c_str());
  }
  return absl::OkStatus();
}

void PrintEndIfOver(const GameState& s) {
  if (s.over()) std::printf("Game over: %s\n", EndText(s).c_str());
}

int RunNew(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(
        Usage(absl::StrCat("new takes no word \"", positional[0], "\"")));
  }
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return Fail(path.status());
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log =
      storage::GameLog::Open(storage::Env::Default(), *path);
  if (!log.ok() && log.status().code() == absl::StatusCode::kDataLoss) {
    // A damaged save is kept aside, never overwritten.
    if (!absl::GetFlag(FLAGS_yes)) {
      return Fail(kExitBadData,
                  absl::DataLossError(absl::StrCat(
                      log.status().message(),
                      "; `checkers new --yes` keeps the damaged save as ",
                      *path, ".damaged and starts a new game")));
    }
    absl::StatusOr<std::string> kept =
        storage::KeepDamagedSaveAside(storage::Env::Default(), *path);
    if (!kept.ok()) return Fail(kept.status());
    std::fprintf(stderr, "checkers: the damaged save was kept as %s\n",
                 kept->c_str());
    log = storage::GameLog::Open(storage::Env::Default(), *path);
  }
  if (!log.ok()) return Fail(log.status());
  PrintNotice(**log);

  absl::StatusOr<events::GameStarted> started = StartFromFlags((*log)->state());
  if (!started.ok()) return Fail(started.status());
  if ((*log)->has_turns() && !absl::GetFlag(FLAGS_yes) &&
      !AskYesNo(absl::StrCat("Replace the saved game (",
                             TurnsText((*log)->state().turns), " played)?"))) {
    return Fail(absl::FailedPreconditionError(
        absl::StrCat("the saved game has ", TurnsText((*log)->state().turns),
                     "; add --yes to replace it (it is kept otherwise)")));
  }
  if (absl::Status st = (*log)->NewGame(*std::move(started)); !st.ok()) {
    return Fail(st.code() == absl::StatusCode::kInvalidArgument
                    ? kExitBadData
                    : ExitCodeFor(st),
                st);
  }
  if (absl::Status st = PlayComputerTurns(log->get()); !st.ok())
    return Fail(st);
  std::printf("%s", ShowText((*log)->state()).c_str());
  return kExitOk;
}

int RunMove(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(Usage("move needs one move, e.g. `checkers move 11-15`"));
  }
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log = OpenOngoingGame();
  if (!log.ok()) return Fail(log.status());
  PrintNotice(**log);
  if (events::IsComputersTurn((*log)->state())) {
    // A reply lost to a crash is simply chosen again.
    if (absl::Status st = PlayComputerTurns(log->get()); !st.ok())
      return Fail(st);
  }
  absl::StatusOr<Event> turn =
      events::TurnEvent((*log)->state(), positional[0]);
  if (!turn.ok()) return Fail(turn.status());
  const events::Side side = (*log)->state().side_to_move();
  const std::string text = TurnText(turn->turn_played());
  if (absl::Status st = (*log)->Commit(*std::move(turn)); !st.ok())
    return Fail(st);
  std::printf("%s: %s\n",
              std::string(events::SideName((*log)->state().started.get(), side))
                  .c_str(),
              text.c_str());
  if (absl::Status st = PlayComputerTurns(log->get()); !st.ok())
    return Fail(st);
  PrintEndIfOver((*log)->state());
  return kExitOk;
}

int RunUndo(const std::vector<std::string>& positional) {
  if (!positional.empty()) return Fail(Usage("undo takes no words"));
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log = OpenSave();
  if (!log.ok()) return Fail(log.status());
  PrintNotice(**log);
  if (absl::Status st = (*log)->Undo(); !st.ok()) return Fail(st);
  std::printf("%s", ShowText((*log)->state()).c_str());
  return kExitOk;
}

absl::StatusOr<storage::LoadedGame> LoadSave() {
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return path.status();
  absl::StatusOr<storage::LoadedGame> game =
      storage::LoadGame(storage::Env::Default(), *path);
  if (game.status().code() == absl::StatusCode::kNotFound) {
    return absl::NotFoundError(absl::StrCat("no saved game at ", *path,
                                            "; start one with `checkers new`"));
  }
  return game;
}

int RunShow(const std::vector<std::string>& positional) {
  if (!positional.empty())
    return Fail(Usage("show takes no words; use --json or --save"));
  absl::StatusOr<storage::LoadedGame> game = LoadSave();
  if (!game.ok()) return Fail(game.status());
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", ShowJson(game->state).c_str());
  } else {
    std::printf("%s", ShowText(game->state).c_str());
  }
  return kExitOk;
}

int RunGameMoves(const std::vector<std::string>& positional) {
  if (!positional.empty())
    return Fail(Usage("moves takes no words; use --fen=FEN"));
  const std::string fen = absl::GetFlag(FLAGS_fen);
  // An empty --fen= is a bad FEN, not "no FEN": never the save instead.
  if (!fen.empty() || FlagGiven("fen")) {
    absl::StatusOr<Position> pos = ParseFen(fen);
    if (!pos.ok()) return Fail(kExitBadData, pos.status());
    for (const std::string& m : LegalMoveTexts(*pos))
      std::printf("%s\n", m.c_str());
    return kExitOk;
  }
  absl::StatusOr<storage::LoadedGame> game = LoadSave();
  if (!game.ok()) return Fail(game.status());
  const GameState& s = game->state;
  if (s.started == nullptr)
    return Fail(absl::FailedPreconditionError("there is no game yet"));
  if (s.over()) {
    return Fail(absl::FailedPreconditionError(
        absl::StrCat("the game is over: ", EndText(s))));
  }
  for (const std::string& m : LegalMoveTexts(s.position, s.rules.capture)) {
    std::printf("%s\n", m.c_str());
  }
  return kExitOk;
}

int RunResign(const std::vector<std::string>& positional) {
  if (!positional.empty()) return Fail(Usage("resign takes no words"));
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log = OpenOngoingGame();
  if (!log.ok()) return Fail(log.status());
  const GameState& s = (*log)->state();
  absl::StatusOr<Event> event =
      events::ResignEvent(s, events::ResigningSide(s));
  if (!event.ok()) return Fail(event.status());
  if (absl::Status st = (*log)->Commit(*std::move(event)); !st.ok())
    return Fail(st);
  PrintEndIfOver((*log)->state());
  return kExitOk;
}

int RunDraw(const std::vector<std::string>& positional) {
  if (positional.size() != 1 ||
      (positional[0] != "offer" && positional[0] != "accept" &&
       positional[0] != "decline")) {
    return Fail(Usage("draw needs one of: offer, accept, decline"));
  }
  absl::StatusOr<std::unique_ptr<storage::GameLog>> log = OpenOngoingGame();
  if (!log.ok()) return Fail(log.status());
  const GameState& s = (*log)->state();
  absl::StatusOr<Event> event =
      positional[0] == "offer"    ? events::OfferDrawEvent(s)
      : positional[0] == "accept" ? events::AcceptDrawEvent(s)
                                  : events::DeclineDrawEvent(s);
  if (!event.ok()) return Fail(event.status());
  if (absl::Status st = (*log)->Commit(*std::move(event)); !st.ok())
    return Fail(st);
  if (positional[0] == "offer" && events::IsComputersAnswer((*log)->state())) {
    absl::StatusOr<Event> answer = events::AnswerDrawOffer((*log)->state());
    if (!answer.ok()) return Fail(answer.status());
    const bool accepted = answer->has_draw_accepted();
    if (absl::Status st = (*log)->Commit(*std::move(answer)); !st.ok())
      return Fail(st);
    std::printf("The computer %s the draw.\n",
                accepted ? "accepts" : "declines");
  } else if (positional[0] == "offer") {
    std::printf("%s offers a draw.\n",
                std::string(events::SideName(s.started.get(),
                                             *(*log)->state().draw_offer))
                    .c_str());
  }
  PrintEndIfOver((*log)->state());
  return kExitOk;
}

}  // namespace

std::vector<Command> GameCommands() {
  const std::vector<absl::string_view> new_flags = {
      "save",        "mode",        "difficulty",        "side",
      "fen",         "yes",         "capture",           "colours",
      "light_first", "no_progress", "no_progress_count", "turn_limit",
      "swap"};
  return {
      {"new",
       "new --mode=computer|two-player [--difficulty=easy|medium|hard] "
       "[--fen=FEN] [--yes]",
       new_flags, RunNew},
      {"move",
       "move MOVE                      play one turn (e.g. 11-15, 24x15x6)",
       {"save"},
       RunMove},
      {"undo",
       "undo                           take back your last turn",
       {"save"},
       RunUndo},
      {"show",
       "show [--json]                  the board, counters and result",
       {"save", "json"},
       RunShow},
      {"moves",
       "moves [--fen=FEN]              the legal moves, one per line",
       {"save", "fen"},
       RunGameMoves},
      {"resign", "resign", {"save"}, RunResign},
      {"draw", "draw offer|accept|decline", {"save"}, RunDraw},
  };
}

}  // namespace checkers::cli
