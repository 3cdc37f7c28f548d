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
#include "session/session.h"
#include "storage/game_log.h"
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

// The save behind a command that changes the game: opened through a
// session that refuses to go on in memory, so that a command either saves
// what it did or fails. Only `new` creates a save that does not exist.
absl::StatusOr<std::unique_ptr<session::Session>> OpenSession(bool create) {
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return path.status();
  auto s = std::make_unique<session::Session>(session::Session::Options());
  absl::Status opened = s->OpenForCommand(*path, create);
  if (absl::IsNotFound(opened)) {
    return absl::FailedPreconditionError(
        "there is no game yet; start one with `checkers new`");
  }
  if (!opened.ok()) return opened;
  return s;
}

// The refusal of a command that needs a game going on, or OK.
absl::Status CheckGoesOn(const GameState& s) {
  if (s.started == nullptr) {
    return absl::FailedPreconditionError(
        "there is no game yet; start one with `checkers new`");
  }
  if (s.over()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the game is over (", EndText(s),
                     "); start a new one with `checkers new`"));
  }
  return absl::OkStatus();
}

// Opens the save and checks that it holds a game that goes on.
absl::StatusOr<std::unique_ptr<session::Session>> OpenOngoingGame() {
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenSession(false);
  if (!s.ok()) return s.status();
  if (absl::Status st = CheckGoesOn((*s)->state()); !st.ok()) return st;
  return s;
}

// Prints what the session reports in the command's words: a repaired
// save's notice on stderr, each turn played as "Red: 11-15" or
// "White (computer): 24-20", the computer's answer to a draw offer.
void PrintReports(session::Session& s) {
  const GameState& state = s.state();
  for (const session::Report& r : s.TakeReports()) {
    switch (r.kind) {
      case session::Report::Kind::kRecovered:
        std::fprintf(stderr, "checkers: %s\n", r.detail.c_str());
        break;
      case session::Report::Kind::kTurn:
        std::printf("%s%s: %s\n",
                    std::string(events::SideName(state.started.get(), r.side))
                        .c_str(),
                    r.turn.has_computer() ? " (computer)" : "",
                    MoveToText(r.move).c_str());
        break;
      case session::Report::Kind::kDrawAccepted:
      case session::Report::Kind::kDrawDeclined:
        if (state.vs_computer() && r.side != state.human_side) {
          std::printf("The computer %s the draw.\n",
                      r.kind == session::Report::Kind::kDrawAccepted
                          ? "accepts"
                          : "declines");
        }
        break;
      case session::Report::Kind::kDrawOffered:
        if (!state.vs_computer()) {
          std::printf("%s offers a draw.\n",
                      std::string(events::SideName(state.started.get(), r.side))
                          .c_str());
        }
        break;
      default:
        break;
    }
  }
}

// Runs the computer's due turns and answers, printing each.
absl::Status FinishComputerWork(session::Session& s) {
  const absl::Status st = s.FinishComputerWork();
  PrintReports(s);
  return st;
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
  absl::StatusOr<events::Mode> mode =
      events::ParseMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) {
    return Usage("new needs --mode=computer or --mode=two-player");
  }
  g.set_mode(*mode);
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
    o->set_colour_names(static_cast<events::ColourNames>(-1));
  }
  o->set_light_moves_first(absl::GetFlag(FLAGS_light_first));
  // Out-of-range numbers go through as values the start refuses, so that
  // the range and its message live in events::StartEvent alone.
  const int no_progress = absl::GetFlag(FLAGS_no_progress);
  o->set_no_progress_turns(no_progress < 1 ? events::kMaxNoProgressTurns + 1
                                           : no_progress);
  const std::string count = absl::GetFlag(FLAGS_no_progress_count);
  o->set_no_progress_count(count == "total"  ? events::TOTAL
                           : count == "each" ? events::PER_SIDE
                               : static_cast<events::NoProgressCount>(-1));
  const int turn_limit = absl::GetFlag(FLAGS_turn_limit);
  o->set_turn_limit(turn_limit < 0 ? events::kMaxTurnLimit + 1 : turn_limit);
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

void PrintEndIfOver(const GameState& s) {
  if (s.over()) std::printf("Game over: %s\n", EndText(s).c_str());
}

// The exit code and message of a refused action: the error behind it.
int FailRefused(const session::Outcome& o) {
  if (o.refusal == session::Refusal::kNoOffer) {
    return Fail(absl::FailedPreconditionError("no draw offer stands"));
  }
  return Fail(o.status);
}

int RunNew(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(
        Usage(absl::StrCat("new takes no word \"", positional[0], "\"")));
  }
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return Fail(path.status());
  session::Session s({});
  absl::Status opened = s.OpenForCommand(*path, /*create=*/true);
  if (absl::IsDataLoss(opened)) {
    // A damaged save is kept aside, never overwritten.
    if (!absl::GetFlag(FLAGS_yes)) {
      return Fail(kExitBadData,
                  absl::DataLossError(absl::StrCat(
                      opened.message(),
                      "; `checkers new --yes` keeps the damaged save as ",
                      *path, ".damaged and starts a new game")));
    }
    absl::StatusOr<std::string> kept = s.SetDamagedSaveAside();
    if (!kept.ok()) return Fail(kept.status());
    std::fprintf(stderr, "checkers: the damaged save was kept as %s\n",
                 kept->c_str());
    opened = s.OpenForCommand(*path, /*create=*/true);
  }
  if (!opened.ok()) return Fail(opened);
  PrintReports(s);

  absl::StatusOr<events::GameStarted> started = StartFromFlags(s.state());
  if (!started.ok()) return Fail(started.status());
  if (s.has_turns() && !absl::GetFlag(FLAGS_yes) &&
      !AskYesNo(absl::StrCat("Replace the saved game (",
                             TurnsText(s.state().turns), " played)?"))) {
    return Fail(absl::FailedPreconditionError(
        absl::StrCat("the saved game has ", TurnsText(s.state().turns),
                     "; add --yes to replace it (it is kept otherwise)")));
  }
  if (!started->start_fen().empty()) {
    if (absl::StatusOr<Position> p = ParseFen(started->start_fen()); !p.ok())
      return Fail(kExitBadData, p.status());
  }
  if (session::Outcome o = s.NewGame(*std::move(started)); !o.ok()) {
    return Fail(o.status.code() == absl::StatusCode::kInvalidArgument
                    ? kExitUsage
                    : ExitCodeFor(o.status),
                o.status);
  }
  s.TakeReports();
  if (absl::Status st = FinishComputerWork(s); !st.ok()) return Fail(st);
  std::printf("%s", ShowText(s.state()).c_str());
  return kExitOk;
}

int RunMove(const std::vector<std::string>& positional) {
  if (positional.size() != 1) {
    return Fail(Usage("move needs one move, e.g. `checkers move 11-15`"));
  }
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame();
  if (!s.ok()) return Fail(s.status());
  // A reply lost to a crash is simply chosen again.
  if (absl::Status st = FinishComputerWork(**s); !st.ok()) return Fail(st);
  if (absl::Status st = CheckGoesOn((*s)->state()); !st.ok()) return Fail(st);
  if (session::Outcome o = (*s)->PlayText(positional[0]); !o.ok()) {
    return FailRefused(o);
  }
  PrintReports(**s);
  if (absl::Status st = FinishComputerWork(**s); !st.ok()) return Fail(st);
  PrintEndIfOver((*s)->state());
  return kExitOk;
}

int RunUndo(const std::vector<std::string>& positional) {
  if (!positional.empty()) return Fail(Usage("undo takes no words"));
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenSession(false);
  if (!s.ok()) return Fail(s.status());
  PrintReports(**s);
  if (session::Outcome o = (*s)->Undo(); !o.ok()) return FailRefused(o);
  std::printf("%s", ShowText((*s)->state()).c_str());
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
  if (!fen.empty()) {
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
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame();
  if (!s.ok()) return Fail(s.status());
  if (session::Outcome o = (*s)->Resign(); !o.ok()) return FailRefused(o);
  PrintEndIfOver((*s)->state());
  return kExitOk;
}

int RunDraw(const std::vector<std::string>& positional) {
  if (positional.size() != 1 ||
      (positional[0] != "offer" && positional[0] != "accept" &&
       positional[0] != "decline")) {
    return Fail(Usage("draw needs one of: offer, accept, decline"));
  }
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame();
  if (!s.ok()) return Fail(s.status());
  session::Session& game = **s;
  game.TakeReports();
  const session::Outcome o = positional[0] == "offer"
                                 ? game.OfferDraw()
                                 : game.AnswerDraw(positional[0] == "accept");
  if (!o.ok()) return FailRefused(o);
  PrintReports(game);
  if (absl::Status st = FinishComputerWork(game); !st.ok()) return Fail(st);
  PrintEndIfOver(game.state());
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
