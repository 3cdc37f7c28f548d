// The game commands: new, move, undo, show, moves (of the saved game),
// resign and draw. Each opens the save, turns the command into events
// through the fold's checks, and prints what the fold then shows.

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/notation8.h"
#include "engine/rules.h"
#include "events/computer.h"
#include "events/events.pb.h"
#include "events/validate.h"
#include "lang/catalogue.h"
#include "session/play_text.h"
#include "session/session.h"
#include "storage/endgame_files.h"
#include "storage/env.h"
#include "storage/game_log.h"
#include "terminal/board_text.h"
#include "terminal/text_wrap.h"
#include "ui_cli/args.h"
#include "ui_cli/command.h"
#include "ui_cli/common_flags.h"
#include "ui_cli/exit_codes.h"
#include "ui_cli/game_view.h"
#include "ui_cli/language_flag.h"
#include "ui_cli/save_flag.h"

ABSL_FLAG(std::string, side, "first",
          "first|second: your side against the computer; first moves first "
          "(default first)");
ABSL_FLAG(bool, yes, false,
          "replace a saved game that has turns without asking");
ABSL_FLAG(std::string, capture, "forced",
          "forced|optional: whether a capture may be declined (default "
          "forced, as the WCDF plays)");
ABSL_FLAG(std::string, colours, "red-white",
          "red-white|black-white|black-red: the colour names, the dark side's "
          "first (default red-white)");
ABSL_FLAG(bool, light_first, false, "the light side moves first");
ABSL_FLAG(int, no_progress, 40,
          "N: turns without a capture or a man's move that draw, 1 to 1000 "
          "(default 40)");
ABSL_FLAG(std::string, no_progress_count, "each",
          "each|total: count those turns for each side or in total (default "
          "each)");
ABSL_FLAG(int, turn_limit, 0,
          "N: turns in all after which the game is drawn; 0 for none "
          "(default 0)");
ABSL_FLAG(bool, swap, false, "swap who plays first at every new game");
ABSL_FLAG(std::string, preset, "",
          "wcdf|qdan: a named set of the english house options, WCDF "
          "tournament or the Qdan site's; the option flags given change it");
ABSL_FLAG(bool, quiet, false, "print the turns only, not the board after them");

namespace checkers::cli {

using session::EndText;
using session::RulesText;
using session::RulesTitle;
using session::SideText;
using session::ToMoveText;
using terminal::ShowText;
using terminal::WrapText;
namespace {

using events::Event;
using events::GameState;

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// The interface language of a command; --lang must name one.
absl::StatusOr<const lang::Catalogue*> Words() { return InterfaceLanguage(); }

// Words() for a command that takes no positional words; a usage error
// (`usage`: what it takes instead) when it was given some.
absl::StatusOr<const lang::Catalogue*> WordsWithoutArguments(
    const std::vector<std::string>& positional, absl::string_view usage) {
  absl::StatusOr<const lang::Catalogue*> t = Words();
  if (t.ok() && !positional.empty()) return Usage(usage);
  return t;
}

// A save that could not be opened or read, in the command's words. The
// status code (and so the exit code) stays the storage's: Unavailable for
// a save another running game holds, DataLoss for a damaged one
// (session::Session::OpenForCommand); other errors keep the system's words.
absl::Status SaveError(const lang::Catalogue& t, const std::string& path,
                       const absl::Status& error) {
  switch (error.code()) {
    case absl::StatusCode::kUnavailable:
      return absl::UnavailableError(t.Get("cmd.locked", {{"path", path}}));
    case absl::StatusCode::kDataLoss:
      return absl::DataLossError(
          t.Get("cmd.damaged",
                {{"path", path}, {"detail", std::string(error.message())}}));
    default:
      return error;
  }
}

// A --fen that is not a position, in the command's words; `error` is the
// reader's, naming the part it could not read.
absl::Status BadFen(const lang::Catalogue& t, const std::string& fen,
                    const absl::Status& error) {
  return absl::InvalidArgumentError(t.Get(
      "cmd.bad_fen", {{"fen", fen}, {"detail", std::string(error.message())}}));
}

// The options of a command's session: the computer's turns consult the
// endgame database as in `checkers play`, its files mapped once per
// command and a slice read only when a search reaches it, so a command
// whose search meets no ending pays milliseconds for it.
session::Session::Options SessionOptions() {
  static const egdb::Database* const db =
      storage::LoadDefaultEndgameDatabaseIfPresent(
          storage::EndgameCheck::kOnFirstRead)
          .release();
  session::Session::Options options;
  options.endgame_db = db;
  return options;
}

// The save behind a command that changes the game: opened through a
// session that refuses to go on in memory, so that a command either saves
// what it did or fails. Only `new` creates a save that does not exist.
absl::StatusOr<std::unique_ptr<session::Session>> OpenSession(
    const lang::Catalogue& t, bool create) {
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return path.status();
  auto s = std::make_unique<session::Session>(SessionOptions());
  absl::Status opened = s->OpenForCommand(*path, create);
  if (absl::IsNotFound(opened)) {
    return absl::FailedPreconditionError(t.Get("cmd.no_game"));
  }
  if (!opened.ok()) return SaveError(t, *path, opened);
  return s;
}

// The refusal of a command that needs a game going on, or OK.
absl::Status CheckGoesOn(const lang::Catalogue& t, const GameState& s) {
  if (s.started == nullptr) {
    return absl::FailedPreconditionError(t.Get("cmd.no_game"));
  }
  if (s.over()) {
    return absl::FailedPreconditionError(
        t.Get("cmd.over", {{"end", EndText(t, s)}}));
  }
  return absl::OkStatus();
}

// Opens the save and checks that it holds a game that goes on.
absl::StatusOr<std::unique_ptr<session::Session>> OpenOngoingGame(
    const lang::Catalogue& t) {
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenSession(t, false);
  if (!s.ok()) return s.status();
  if (absl::Status st = CheckGoesOn(t, (*s)->state()); !st.ok()) return st;
  return s;
}

// Prints what the session reports in the command's words: a repaired
// save's notice on stderr, each turn played as "Red: 11-15" or
// "White (computer): 24-20", the draw offers and answers. The end of the
// game is printed by the caller, with the board.
void PrintReports(const lang::Catalogue& t, session::Session& s) {
  using Kind = session::Report::Kind;
  for (const session::Report& r : s.TakeReports()) {
    switch (r.kind) {
      case Kind::kRecovered:
        std::fprintf(stderr, "checkers: %s\n",
                     ReportText(t, s.state(), r).c_str());
        break;
      case Kind::kTurn:
      case Kind::kDrawOffered:
      case Kind::kDrawAccepted:
      case Kind::kDrawDeclined:
        std::printf("%s\n", ReportText(t, s.state(), r).c_str());
        break;
      default:
        break;
    }
  }
}

// Runs the computer's due turns and answers, printing each.
absl::Status FinishComputerWork(const lang::Catalogue& t, session::Session& s) {
  const absl::Status st = s.FinishComputerWork();
  PrintReports(t, s);
  return st;
}

// The board and counters after a command, unless --quiet; the end of a
// finished game either way.
void PrintAfter(const lang::Catalogue& t, const GameState& s) {
  if (!absl::GetFlag(FLAGS_quiet)) {
    std::printf("%s", ShowText(t, s).c_str());
  } else if (s.over()) {
    std::printf("%s\n",
                t.Get("report.game_over", {{"end", EndText(t, s)}}).c_str());
  }
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

  absl::StatusOr<Edition> edition = EditionFlag();
  if (!edition.ok()) return edition.status();
  g.set_edition(events::RulesEditionOf(*edition));
  const bool english = *edition == Edition::kEnglish;

  events::RuleOptions* o = g.mutable_options();
  const std::string capture = absl::GetFlag(FLAGS_capture);
  if (capture != "forced" && capture != "optional") {
    return Usage("--capture must be forced or optional");
  }
  o->set_capture_optional(capture == "optional");
  // The variants' own boards are black and white.
  const std::string colours = english || FlagGiven("colours")
                                  ? absl::GetFlag(FLAGS_colours)
                                  : "black-white";
  if (colours == "red-white") {
    o->set_colour_names(events::RED_WHITE);
  } else if (colours == "black-white") {
    o->set_colour_names(events::BLACK_WHITE);
  } else if (colours == "black-red") {
    o->set_colour_names(events::BLACK_RED);
  } else {
    o->set_colour_names(static_cast<events::ColourNames>(-1));
  }
  if (!english && absl::GetFlag(FLAGS_light_first)) {
    return Usage(absl::StrCat(
        "--light-first is an option of the english rules; in ",
        EditionName(*edition), " the edition decides who moves first"));
  }
  o->set_light_moves_first(absl::GetFlag(FLAGS_light_first));
  // Out-of-range numbers go through as values the start refuses, so that
  // the range and its message live in events::StartEvent alone.
  // Russian draughts has no no-progress draw unless one is asked for.
  // International draughts draws after 25 moves each with kings only.
  if (*edition != Edition::kRussian || FlagGiven("no_progress")) {
    const int no_progress =
        *edition == Edition::kInternational && !FlagGiven("no_progress")
            ? kInternationalNoProgressTurns
            : absl::GetFlag(FLAGS_no_progress);
    o->set_no_progress_turns(no_progress < 1 ? events::kMaxNoProgressTurns + 1
                                             : no_progress);
  }
  const std::string count = absl::GetFlag(FLAGS_no_progress_count);
  o->set_no_progress_count(count == "total" ? events::TOTAL
                           : count == "each"
                               ? events::PER_SIDE
                               : static_cast<events::NoProgressCount>(-1));
  const int turn_limit = absl::GetFlag(FLAGS_turn_limit);
  o->set_turn_limit(turn_limit < 0 ? events::kMaxTurnLimit + 1 : turn_limit);
  o->set_swap_first_player(absl::GetFlag(FLAGS_swap));
  if (const std::string name = absl::GetFlag(FLAGS_preset); !name.empty()) {
    std::optional<events::RuleOptions> preset = events::PresetOptions(name);
    if (!preset.has_value()) return Usage("--preset must be wcdf or qdan");
    if (!english) {
      return Usage(absl::StrCat("--preset names english house options; ",
                                EditionName(*edition),
                                " plays by its own rules"));
    }
    // The preset, with each option flag given on top of it.
    if (FlagGiven("capture"))
      preset->set_capture_optional(o->capture_optional());
    if (FlagGiven("colours")) preset->set_colour_names(o->colour_names());
    if (FlagGiven("light_first"))
      preset->set_light_moves_first(o->light_moves_first());
    if (FlagGiven("no_progress"))
      preset->set_no_progress_turns(o->no_progress_turns());
    if (FlagGiven("no_progress_count"))
      preset->set_no_progress_count(o->no_progress_count());
    if (FlagGiven("turn_limit")) preset->set_turn_limit(o->turn_limit());
    if (FlagGiven("swap"))
      preset->set_swap_first_player(o->swap_first_player());
    *o = *preset;
  }

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

// The exit code and message of a refused action: the session's refusal
// in the command's words, with the exit code of the error behind it.
int FailRefused(const lang::Catalogue& t, session::Session& s,
                const session::Outcome& o) {
  std::string words;
  for (const session::Report& r : s.TakeReports()) {
    if (r.kind == session::Report::Kind::kRefused)
      words = ReportText(t, s.state(), r);
  }
  const int code = o.status.ok() ? kExitRefused : ExitCodeFor(o.status);
  return Fail(code, absl::Status(absl::StatusCode::kUnknown, words));
}

int RunNew(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = Words();
  if (!t.ok()) return Fail(t.status());
  if (!positional.empty()) {
    return Fail(
        Usage(absl::StrCat("new takes no word \"", positional[0], "\"")));
  }
  // Every flag, the FEN and the rule options are checked before the save
  // is touched: a refused command creates nothing.
  absl::StatusOr<events::GameStarted> started = StartFromFlags(GameState());
  if (!started.ok()) return Fail(started.status());
  if (!started->start_fen().empty()) {
    if (absl::StatusOr<GamePosition> p = GamePosition::ParseFen(
            started->start_fen(), events::EditionOf(started->edition()));
        !p.ok())
      return Fail(kExitBadData, BadFen(**t, started->start_fen(), p.status()));
  }
  if (absl::StatusOr<events::Event> start = events::StartEvent(*started);
      !start.ok()) {
    return Fail(kExitUsage, start.status());
  }
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return Fail(path.status());
  session::Session s(SessionOptions());
  absl::Status opened = s.OpenForCommand(*path, /*create=*/true);
  if (absl::IsDataLoss(opened)) {
    // A damaged save is kept aside, never overwritten.
    if (!absl::GetFlag(FLAGS_yes)) {
      return Fail(
          kExitBadData,
          absl::DataLossError((*t)->Get(
              "cmd.damaged_new",
              {{"path", *path}, {"detail", std::string(opened.message())}})));
    }
    absl::StatusOr<std::string> kept = s.SetDamagedSaveAside();
    if (!kept.ok()) return Fail(kept.status());
    std::fprintf(stderr, "checkers: %s\n",
                 (*t)->Get("notice.damaged_kept", {{"path", *kept}}).c_str());
    opened = s.OpenForCommand(*path, /*create=*/true);
  }
  if (!opened.ok()) return Fail(SaveError(**t, *path, opened));
  PrintReports(**t, s);

  // The side the person plays may follow from the game it replaces.
  started = StartFromFlags(s.state());
  if (!started.ok()) return Fail(started.status());
  if (s.has_turns() && !absl::GetFlag(FLAGS_yes) &&
      !AskYesNo((*t)->Plural("cmd.confirm_new", s.state().turns))) {
    return Fail(absl::FailedPreconditionError(
        (*t)->Plural("cmd.kept", s.state().turns)));
  }
  if (session::Outcome o = s.NewGame(*std::move(started)); !o.ok()) {
    return Fail(o.status.code() == absl::StatusCode::kInvalidArgument
                    ? kExitUsage
                    : ExitCodeFor(o.status),
                o.status);
  }
  s.TakeReports();
  if (absl::Status st = FinishComputerWork(**t, s); !st.ok()) return Fail(st);
  std::printf("%s", ShowText(**t, s.state()).c_str());
  return kExitOk;
}

int RunMove(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = Words();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() != 1) {
    return Fail(Usage("move needs one move, e.g. `checkers move 11-15`"));
  }
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame(**t);
  if (!s.ok()) return Fail(s.status());
  // A reply lost to a crash is simply chosen again.
  if (absl::Status st = FinishComputerWork(**t, **s); !st.ok()) return Fail(st);
  if (absl::Status st = CheckGoesOn(**t, (*s)->state()); !st.ok())
    return Fail(st);
  if (session::Outcome o = (*s)->PlayText(positional[0]); !o.ok()) {
    return FailRefused(**t, **s, o);
  }
  PrintReports(**t, **s);
  if (absl::Status st = FinishComputerWork(**t, **s); !st.ok()) return Fail(st);
  PrintAfter(**t, (*s)->state());
  return kExitOk;
}

int RunUndo(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t =
      WordsWithoutArguments(positional, "undo takes no words");
  if (!t.ok()) return Fail(t.status());
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenSession(**t, false);
  if (!s.ok()) return Fail(s.status());
  PrintReports(**t, **s);
  if (session::Outcome o = (*s)->Undo(); !o.ok())
    return FailRefused(**t, **s, o);
  std::printf("%s", ShowText(**t, (*s)->state()).c_str());
  return kExitOk;
}

absl::StatusOr<storage::LoadedGame> LoadSave(const lang::Catalogue& t) {
  absl::StatusOr<std::string> path = SavePath();
  if (!path.ok()) return path.status();
  absl::StatusOr<storage::LoadedGame> game =
      storage::LoadGame(storage::Env::Default(), *path);
  if (game.status().code() == absl::StatusCode::kNotFound) {
    return absl::NotFoundError(t.Get("cmd.no_save", {{"path", *path}}));
  }
  if (!game.ok()) return SaveError(t, *path, game.status());
  return game;
}

int RunShow(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = WordsWithoutArguments(
      positional, "show takes no words; use --json or --save");
  if (!t.ok()) return Fail(t.status());
  absl::StatusOr<storage::LoadedGame> game = LoadSave(**t);
  if (!game.ok()) return Fail(game.status());
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", ShowJson(game->state).c_str());
  } else {
    std::printf("%s", ShowText(**t, game->state).c_str());
  }
  return kExitOk;
}

int RunGameMoves(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t =
      WordsWithoutArguments(positional, "moves takes no words; use --fen=FEN");
  if (!t.ok()) return Fail(t.status());
  const std::string fen = absl::GetFlag(FLAGS_fen);
  // An empty --fen= is a bad FEN, not "no FEN": never the save instead.
  if (!fen.empty() || FlagGiven("fen")) {
    absl::StatusOr<Edition> edition = EditionFlag();
    if (!edition.ok()) return Fail(kExitUsage, edition.status());
    absl::StatusOr<GamePosition> pos = GamePosition::ParseFen(fen, *edition);
    if (!pos.ok()) return Fail(kExitBadData, BadFen(**t, fen, pos.status()));
    const std::vector<std::string> moves = pos->LegalMoveTexts();
    for (const std::string& m : moves) std::printf("%s\n", m.c_str());
    if (moves.empty()) {
      // The list stays empty for scripts; the person learns why.
      const events::Side loser = events::SideOf(
          pos->side_to_move(), Position::Initial(*edition).side_to_move());
      const GameState none;
      std::fprintf(
          stderr, "checkers: %s\n",
          (*t)->Get("cmd.no_legal_move",
                    {{"loser", SideText(**t, none, loser)},
                     {"winner", SideText(**t, none, events::OtherSide(loser))}})
              .c_str());
    }
    return kExitOk;
  }
  absl::StatusOr<storage::LoadedGame> game = LoadSave(**t);
  if (!game.ok()) return Fail(game.status());
  const GameState& s = game->state;
  if (absl::Status st = CheckGoesOn(**t, s); !st.ok()) return Fail(st);
  for (const std::string& m : s.position.LegalMoveTexts(s.rules.capture)) {
    std::printf("%s\n", m.c_str());
  }
  return kExitOk;
}

int RunResign(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t =
      WordsWithoutArguments(positional, "resign takes no words");
  if (!t.ok()) return Fail(t.status());
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame(**t);
  if (!s.ok()) return Fail(s.status());
  if (session::Outcome o = (*s)->Resign(); !o.ok())
    return FailRefused(**t, **s, o);
  PrintAfter(**t, (*s)->state());
  return kExitOk;
}

int RunDraw(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t = Words();
  if (!t.ok()) return Fail(t.status());
  if (positional.size() != 1 ||
      (positional[0] != "offer" && positional[0] != "accept" &&
       positional[0] != "decline")) {
    return Fail(Usage("draw needs one of: offer, accept, decline"));
  }
  absl::StatusOr<std::unique_ptr<session::Session>> s = OpenOngoingGame(**t);
  if (!s.ok()) return Fail(s.status());
  session::Session& game = **s;
  game.TakeReports();
  const session::Outcome o = positional[0] == "offer"
                                 ? game.OfferDraw()
                                 : game.AnswerDraw(positional[0] == "accept");
  if (!o.ok()) return FailRefused(**t, game, o);
  PrintReports(**t, game);
  if (absl::Status st = FinishComputerWork(**t, game); !st.ok())
    return Fail(st);
  if (game.state().over()) {
    std::printf("%s\n", (*t)->Get("report.game_over",
                                  {{"end", EndText(**t, game.state())}})
                            .c_str());
  } else {
    std::printf("%s\n", ToMoveText(**t, game.state()).c_str());
  }
  return kExitOk;
}

// `checkers rules`: the rules of the edition with the rule options of the
// saved game, or the defaults when there is none.
int RunRules(const std::vector<std::string>& positional) {
  absl::StatusOr<const lang::Catalogue*> t =
      WordsWithoutArguments(positional, "rules takes no words");
  if (!t.ok()) return Fail(t.status());
  std::optional<storage::LoadedGame> game;
  if (absl::StatusOr<std::string> path = SavePath(); path.ok()) {
    absl::StatusOr<storage::LoadedGame> loaded =
        storage::LoadGame(storage::Env::Default(), *path);
    if (loaded.ok()) game = *std::move(loaded);
  }
  const events::GameStarted* started =
      game.has_value() ? game->state.started.get() : nullptr;
  std::printf("%s\n\n", RulesTitle(**t, started).c_str());
  for (const std::string& paragraph : RulesText(**t, started)) {
    for (const std::string& line : WrapText(paragraph, 78))
      std::printf("%s\n", line.c_str());
  }
  return kExitOk;
}

}  // namespace

std::vector<Command> GameCommands() {
  const std::vector<absl::string_view> new_flags = {"save",
                                                    "mode",
                                                    "difficulty",
                                                    "side",
                                                    "fen",
                                                    "yes",
                                                    "capture",
                                                    "colours",
                                                    "light_first",
                                                    "no_progress",
                                                    "no_progress_count",
                                                    "turn_limit",
                                                    "swap",
                                                    "preset",
                                                    "lang",
                                                    "rules"};
  return {
      {"new",
       "new --mode=computer|two-player [--difficulty=easy|medium|hard] "
       "[--rules=english|russian|pool|international] [--fen=FEN] [--yes] "
       "[--preset=wcdf|qdan] [rule options: see --help]",
       new_flags, RunNew},
      {"move",
       "move MOVE [--quiet]            play one turn (e.g. 11-15, 24x15x6)",
       {"save", "quiet", "lang"},
       RunMove},
      {"undo",
       "undo                           take back your last turn",
       {"save", "lang"},
       RunUndo},
      {"show",
       "show [--json]                  the board, counters and result",
       {"save", "json", "lang"},
       RunShow},
      {"moves",
       "moves [--fen=FEN] [--rules=R]  the legal moves, one per line",
       {"save", "fen", "lang", "rules"},
       RunGameMoves},
      {"resign", "resign", {"save", "quiet", "lang"}, RunResign},
      {"draw", "draw offer|accept|decline", {"save", "lang"}, RunDraw},
      {"rules",
       "rules                          the rules and the rule options in force",
       {"save", "lang"},
       RunRules},
  };
}

}  // namespace checkers::cli
