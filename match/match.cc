#include "match/match.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "cbapi/checkerboard.h"
#include "engine/fen8.h"
#include "engine/game_position.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/search.h"
#include "events/computer.h"
#include "events/fold.h"
#include "events/validate.h"
#include "match/hub_engine.h"

namespace checkers::match {
namespace {

using events::GameState;

// The board of a game a CheckerBoard engine plays: English, on 8x8
// (MakeEngine refuses a library of another game type, and the match
// command another edition for a library).
const Position& Board(const GameState& state) {
  return *state.position.eight();
}

// An iteration started late is cut off at the hard share, but even a cut
// iteration can prove a better move than the last one found, so starting
// it is worth more than leaving the time unused (the CheckerBoard
// library's shares, cbapi/checkerboard_engine.cc).
constexpr double kSoftTimeShare = 0.7;
constexpr double kHardTimeShare = 0.95;
// Effectively no node limit: an engine by the clock stops by the clock.
constexpr uint64_t kUnlimitedNodes = uint64_t{1} << 50;

// What an engine spec of our own levels asks for (MakeEngine).
struct LevelSpec {
  Level level = Level::kHard;
  bool endgame_db = false;
  bool by_time = false;
  bool hand_set_eval = false;
  bool no_book = false;
  std::string book_file;
  std::string weights_file;
};

// The LevelSpec `spec` names, or nullopt when it names no level.
std::optional<LevelSpec> ParseLevelSpec(absl::string_view spec) {
  LevelSpec parsed;
  if (const size_t at = spec.find(kWeightsFile); at != spec.npos) {
    parsed.weights_file = std::string(spec.substr(at + kWeightsFile.size()));
    if (parsed.weights_file.empty()) return std::nullopt;
    spec = spec.substr(0, at);
  }
  if (const size_t at = spec.find(kBookFile); at != spec.npos) {
    parsed.book_file = std::string(spec.substr(at + kBookFile.size()));
    if (parsed.book_file.empty()) return std::nullopt;
    spec = spec.substr(0, at);
  }
  for (;;) {
    if (absl::ConsumeSuffix(&spec, kWithEndgameDb)) {
      parsed.endgame_db = true;
    } else if (absl::ConsumeSuffix(&spec, kByTime)) {
      parsed.by_time = true;
    } else if (absl::ConsumeSuffix(&spec, kHandSetEval)) {
      parsed.hand_set_eval = true;
    } else if (absl::ConsumeSuffix(&spec, kWithoutBook)) {
      parsed.no_book = true;
    } else {
      break;
    }
  }
  const std::optional<Level> level = ParseLevel(spec);
  if (!level.has_value()) return std::nullopt;
  parsed.level = *level;
  return parsed;
}

// The last part of `path`: an engine's name keeps its weights file's name
// but not the directory, which would crowd every game line.
absl::string_view FileName(absl::string_view path) {
  return path.substr(path.find_last_of('/') + 1);
}

// One of our own levels.
class BuiltinEngine final : public MatchEngine {
 public:
  // `weights` and `book`, when given, replace the edition's committed ones.
  BuiltinEngine(const LevelSpec& spec, const egdb::Database* endgame_db,
                std::optional<learned::Weights> weights,
                std::optional<book::OpeningBook> book)
      : spec_(spec),
        endgame_db_(endgame_db),
        weights_(std::move(weights)),
        book_(std::move(book)),
        name_(absl::StrCat(
            LevelName(spec.level), endgame_db != nullptr ? kWithEndgameDb : "",
            spec.by_time ? kByTime : "", spec.hand_set_eval ? kHandSetEval : "",
            spec.no_book ? kWithoutBook : "",
            spec.book_file.empty() ? "" : kBookFile, FileName(spec.book_file),
            spec.weights_file.empty() ? "" : kWeightsFile,
            FileName(spec.weights_file))) {}

  const std::string& name() const override { return name_; }
  void NewGame(uint64_t game_seed) override { seed_ = game_seed; }

  absl::StatusOr<GameMove> ChooseMove(const GameState& state,
                                      const std::vector<GameMove>&,
                                      double seconds) override {
    const auto start = std::chrono::steady_clock::now();
    GameSearchRequest request = events::SearchRequestFor(
        state, spec_.level, events::TurnSeed(seed_, state));
    request.endgame_db = endgame_db_;
    request.hand_set_eval = spec_.hand_set_eval;
    if (spec_.no_book) request.opening_book = nullptr;
    if (book_.has_value()) request.opening_book = &*book_;
    if (weights_.has_value()) request.eval_weights = &*weights_;
    PollFn poll;
    if (spec_.by_time) {
      // Each search starts from an empty table: the two engines of a match
      // share this thread, and so would share a kept one.
      request.limits.max_nodes = kUnlimitedNodes;
      poll = [start, seconds](const SearchProgress& p) {
        const std::chrono::duration<double> elapsed =
            std::chrono::steady_clock::now() - start;
        if (elapsed.count() > seconds * kHardTimeShare ||
            (p.between_iterations &&
             elapsed.count() > seconds * kSoftTimeShare)) {
          return PollAction::kStop;
        }
        return PollAction::kContinue;
      };
    }
    absl::StatusOr<GameSearchResult> result = SearchGame(request, poll);
    if (!result.ok()) return result.status();
    return result->best_move;
  }

 private:
  const LevelSpec spec_;
  const egdb::Database* const endgame_db_;
  const std::optional<learned::Weights> weights_;
  const std::optional<book::OpeningBook> book_;
  const std::string name_;
  uint64_t seed_ = 0;
};

using GetMoveFn = int (*)(int board[8][8], int color, double maxtime,
                          char str[1024], int* playnow, int info, int moreinfo,
                          cb::CbMove* move);
using EngineCommandFn = int (*)(char command[256], char reply[1024]);

// A CheckerBoard-API library, driven as CheckerBoard drives it: "set
// gamehist" before each getmove, then the board of the position.
class CheckerBoardEngine final : public MatchEngine {
 public:
  static absl::StatusOr<std::unique_ptr<MatchEngine>> Load(
      const std::string& path) {
    // The same library named twice is one instance; that is safe, as each
    // move is asked with the game's whole history ("set gamehist").
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot load engine ", path, ": ", dlerror(),
                       "; an engine is easy, medium, hard or a CheckerBoard "
                       "engine library"));
    }
    auto getmove = reinterpret_cast<GetMoveFn>(dlsym(handle, "getmove"));
    auto command =
        reinterpret_cast<EngineCommandFn>(dlsym(handle, "enginecommand"));
    if (getmove == nullptr || command == nullptr) {
      dlclose(handle);
      return absl::InvalidArgumentError(absl::StrCat(
          path,
          " is not a CheckerBoard engine: it lacks getmove or enginecommand"));
    }
    auto engine = std::unique_ptr<CheckerBoardEngine>(
        new CheckerBoardEngine(handle, getmove, command));
    std::string type = engine->Command("get gametype");
    if (!type.empty() && absl::StripAsciiWhitespace(type) != "21") {
      return absl::InvalidArgumentError(absl::StrCat(
          path, " plays game type ", type, ", not English checkers (21)"));
    }
    engine->name_ =
        std::string(absl::StripAsciiWhitespace(engine->Command("name")));
    if (engine->name_.empty()) engine->name_ = path;
    return engine;
  }

  ~CheckerBoardEngine() override { dlclose(handle_); }

  const std::string& name() const override { return name_; }
  void NewGame(uint64_t) override { new_game_ = true; }

  absl::StatusOr<GameMove> ChooseMove(const GameState& state,
                                      const std::vector<GameMove>& game_moves,
                                      double seconds) override {
    if (state.position.eight() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(name_, " plays on the 8x8 board only"));
    }
    std::vector<Move> history;
    for (const GameMove& m : game_moves) history.push_back(*m.eight());
    Command(GameHistory(state, history));
    int board[8][8];
    cb::ToBoard(Board(state), board);
    int before[8][8];
    std::memcpy(before, board, sizeof(board));
    const Color mover = Board(state).side_to_move();
    char status[1024] = "";
    int playnow = 0;
    cb::CbMove move{};
    // Bit 0 of info told old engines that a new game began.
    const int info = new_game_ ? 1 : 0;
    new_game_ = false;
    getmove_(board, mover == Color::kBlack ? cb::kBlack : cb::kWhite, seconds,
             status, &playnow, info, 0, &move);
    absl::StatusOr<Move> answer = ReadAnswer(state, board, before, move);
    if (!answer.ok()) return answer.status();
    return GameMove(*answer, Board(state).IsIrreversible(*answer));
  }

 private:
  CheckerBoardEngine(void* handle, GetMoveFn getmove, EngineCommandFn command)
      : handle_(handle), getmove_(getmove), command_(command) {}

  // The legal move an engine's answer names. The API says the engine writes
  // the position after its move into the board; some engines (Cake 1.22
  // among them) leave the board alone and fill only the CBmove record, so
  // either is read, and when both are given they must name the same move.
  absl::StatusOr<Move> ReadAnswer(const GameState& state, const int board[8][8],
                                  const int before[8][8],
                                  const cb::CbMove& move) const {
    const bool board_changed =
        std::memcmp(board, before, sizeof(int) * 64) != 0;
    const cb::CbMove untouched{};
    const bool move_given = std::memcmp(&move, &untouched, sizeof(move)) != 0;
    if (!board_changed && !move_given) {
      return absl::FailedPreconditionError(absl::StrCat(
          name_,
          " returned no move: it left the board unchanged and the CBmove "
          "record empty"));
    }
    MoveList moves;
    GenerateMoves(Board(state), &moves, state.rules.capture,
                  state.rules.edition);
    std::optional<Move> from_board;
    if (board_changed) {
      absl::StatusOr<Move> m = MoveLeavingBoard(state, moves, board);
      if (!m.ok()) return m.status();
      from_board = *m;
    }
    if (!move_given) return *from_board;
    absl::StatusOr<Move> from_record = MoveOfRecord(state, moves, move);
    if (!from_record.ok()) return from_record.status();
    if (from_board.has_value() &&
        !SamePosition(Board(state).After(*from_board),
                      Board(state).After(*from_record))) {
      return absl::FailedPreconditionError(absl::StrCat(
          name_, " gave two different moves from ", state.position.ToFen(),
          ": its board shows ", MoveToText(*from_board),
          " but its CBmove record shows ", MoveToText(*from_record)));
    }
    return *from_record;
  }

  static bool SamePosition(const Position& a, const Position& b) {
    return a.pieces(Color::kBlack) == b.pieces(Color::kBlack) &&
           a.pieces(Color::kWhite) == b.pieces(Color::kWhite) &&
           a.all_kings() == b.all_kings();
  }

  // The legal move that leaves `board`, with the opponent to move.
  absl::StatusOr<Move> MoveLeavingBoard(const GameState& state,
                                        const MoveList& moves,
                                        const int board[8][8]) const {
    const Color mover = Board(state).side_to_move();
    absl::StatusOr<Position> after =
        cb::FromBoard(board, mover == Color::kBlack ? cb::kWhite : cb::kBlack);
    if (!after.ok()) {
      return absl::FailedPreconditionError(absl::StrCat(
          name_, " returned an impossible board: ", after.status().message()));
    }
    for (const Move& m : moves) {
      if (SamePosition(Board(state).After(m), *after)) return m;
    }
    return absl::FailedPreconditionError(
        absl::StrCat(name_, " played an illegal move (it left ", ToFen(*after),
                     ") from ", state.position.ToFen()));
  }

  // The legal move the CBmove record describes: its from and to squares,
  // and for a capture the squares of the jumped pieces when two captures
  // share both ends, then its landings.
  absl::StatusOr<Move> MoveOfRecord(const GameState& state,
                                    const MoveList& moves,
                                    const cb::CbMove& record) const {
    auto same = [](cb::Coor a, cb::Coor b) { return a.x == b.x && a.y == b.y; };
    auto jumped = [](const cb::CbMove& m) {
      std::vector<Square> squares;
      for (int i = 0; i < std::min(m.jumps, 12); ++i) {
        squares.push_back(cb::SquareAt(m.del[i].x, m.del[i].y));
      }
      std::sort(squares.begin(), squares.end());
      return squares;
    };
    std::vector<Move> ends;
    for (const Move& m : moves) {
      const cb::CbMove ours = cb::ToCbMove(Board(state), m);
      if (same(ours.from, record.from) && same(ours.to, record.to)) {
        ends.push_back(m);
      }
    }
    if (ends.size() > 1) {
      std::vector<Move> by_jumped;
      for (const Move& m : ends) {
        if (jumped(cb::ToCbMove(Board(state), m)) == jumped(record)) {
          by_jumped.push_back(m);
        }
      }
      // Captures with the same ends and jumped pieces leave the same
      // position; the landings only pick the route to record.
      for (const Move& m : by_jumped) {
        const cb::CbMove ours = cb::ToCbMove(Board(state), m);
        bool route = true;
        for (int i = 1; i <= std::min<int>(m.num_jumps, 11); ++i) {
          route = route && same(ours.path[i], record.path[i]);
        }
        if (route) return m;
      }
      if (!by_jumped.empty()) return by_jumped.front();
    }
    if (ends.size() == 1) return ends.front();
    auto square = [](cb::Coor c) {
      const Square s = cb::SquareAt(c.x, c.y);
      return s < 0 ? absl::StrCat("(", c.x, ",", c.y, ")")
                   : absl::StrCat(s + 1);
    };
    return absl::FailedPreconditionError(absl::StrCat(
        name_, " played an illegal move (its CBmove record goes from ",
        square(record.from), " to ", square(record.to), ") from ",
        state.position.ToFen()));
  }

  std::string Command(const std::string& text) {
    char command[kCommandSize] = {};
    char reply[1024] = {};
    std::strncpy(command, text.c_str(), sizeof(command) - 1);
    command_(command, reply);
    reply[sizeof(reply) - 1] = '\0';
    return reply;
  }

  // "set gamehist FEN moves...": the position after the last irreversible
  // move and the reversible moves since, so the engine sees repetitions.
  static std::string GameHistory(const GameState& state,
                                 const std::vector<Move>& game_moves) {
    const Position start = state.started->start_fen().empty()
                               ? Position::Initial()
                               : ParseFen(state.started->start_fen())
                                     .value_or(Position::Initial());
    return GameHistoryCommand(start, game_moves,
                              static_cast<size_t>(state.no_progress_turns));
  }

  void* const handle_;
  const GetMoveFn getmove_;
  const EngineCommandFn command_;
  std::string name_;
  bool new_game_ = true;
};

std::string ReasonText(const events::GameEnded& end) {
  return absl::AsciiStrToLower(events::EndReason_Name(end.reason()));
}

// What `read` makes of the file `path` that `spec` names for a level
// (a kWeightsFile or kBookFile path), or nullopt when it names none.
// InvalidArgument, naming the `kind` of file, when the caller gave no
// reader.
template <typename T>
absl::StatusOr<std::optional<T>> ReadNamedFile(
    absl::string_view spec, absl::string_view kind, const std::string& path,
    Edition edition,
    const std::function<absl::StatusOr<T>(const std::string&, Edition)>& read) {
  if (path.empty()) return std::optional<T>();
  if (!read) {
    return absl::InvalidArgumentError(
        absl::StrCat(spec, ": this caller reads no ", kind, " files"));
  }
  absl::StatusOr<T> file = read(path, edition);
  if (!file.ok()) return file.status();
  return std::optional<T>(*std::move(file));
}

}  // namespace

std::string GameHistoryCommand(const Position& start,
                               const std::vector<Move>& moves,
                               size_t reversible) {
  Position p = start;
  size_t first = moves.size() - std::min(reversible, moves.size());
  for (size_t i = 0; i < first; ++i) p = p.After(moves[i]);
  // When the moves do not fit, the oldest are left out and the FEN starts
  // later, so that the engine still sees the recent past (and can join it
  // to what it was sent before).
  for (;;) {
    std::string text = absl::StrCat("set gamehist ", ToFen(p));
    for (size_t i = first; i < moves.size(); ++i) {
      absl::StrAppend(&text, " ", MoveToText(moves[i]));
    }
    if (text.size() < kCommandSize || first == moves.size()) return text;
    p = p.After(moves[first++]);
  }
}

bool IsLevelSpec(absl::string_view spec) {
  return ParseLevelSpec(spec).has_value();
}

absl::StatusOr<std::unique_ptr<MatchEngine>> MakeEngine(
    absl::string_view spec, const egdb::Database* endgame_db, Edition edition,
    const ReadWeightsFn& read_weights, const ReadBookFn& read_book) {
  if (absl::ConsumePrefix(&spec, kHubPrefix)) return StartHubEngine(spec);
  const std::optional<LevelSpec> level = ParseLevelSpec(spec);
  if (!level.has_value()) {
    if (absl::StrContains(spec, kWithEndgameDb)) {
      return absl::InvalidArgumentError(absl::StrCat(
          spec,
          ": an engine with the endgame database is a level and +egdb, "
          "e.g. hard+egdb"));
    }
    return CheckerBoardEngine::Load(std::string(spec));
  }
  if (level->endgame_db && endgame_db == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(spec,
                     ": an engine with the endgame database needs a database "
                     "(checkers egdb build)"));
  }
  if (level->hand_set_eval && !level->weights_file.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        spec, ": +handset plays without learned weights, so it takes no ",
        kWeightsFile));
  }
  if (level->no_book && !level->book_file.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        spec, ": +nobook plays without a book, so it takes no ", kBookFile));
  }
  absl::StatusOr<std::optional<learned::Weights>> weights = ReadNamedFile(
      spec, "weights", level->weights_file, edition, read_weights);
  if (!weights.ok()) return weights.status();
  absl::StatusOr<std::optional<book::OpeningBook>> book =
      ReadNamedFile(spec, "book", level->book_file, edition, read_book);
  if (!book.ok()) return book.status();
  return std::unique_ptr<MatchEngine>(
      new BuiltinEngine(*level, level->endgame_db ? endgame_db : nullptr,
                        *std::move(weights), *std::move(book)));
}

absl::StatusOr<MatchGame> PlayMatchGame(MatchEngine& first, MatchEngine& second,
                                        const Opening& opening,
                                        uint64_t game_seed, int turn_cap,
                                        double seconds, Edition edition) {
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(edition));
  started.set_mode(events::TWO_PLAYER);
  started.set_start_fen(opening.fen);
  absl::StatusOr<events::Event> start = events::StartEvent(started);
  if (!start.ok()) {
    return absl::DataLossError(absl::StrCat("opening \"", opening.name,
                                            "\": ", start.status().message()));
  }
  GameState state;
  auto commit = [&state](events::Event event) {
    return events::CommitAndFold(std::move(event), &state, nullptr);
  };
  if (absl::Status st = commit(*std::move(start)); !st.ok()) return st;

  MatchGame game;
  game.first_engine = first.name();
  game.second_engine = second.name();
  game.opening = opening.name;
  game.start = state.position;
  game.first_mover = state.rules.first_mover;
  // The engine that moves first in the opening position plays that side.
  const events::Side first_side = state.side_to_move();
  first.NewGame(game_seed);
  second.NewGame(game_seed);
  while (!state.over()) {
    if (state.turns >= turn_cap) {
      game.result = events::DRAW;
      game.how = absl::StrCat("turn cap of ", turn_cap);
      return game;
    }
    const bool first_moves = state.side_to_move() == first_side;
    MatchEngine& engine = first_moves ? first : second;
    const auto asked = std::chrono::steady_clock::now();
    absl::StatusOr<GameMove> move =
        engine.ChooseMove(state, game.moves, seconds);
    const std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - asked;
    absl::Status st =
        move.ok() ? commit(events::TurnEvent(state, *move)) : move.status();
    if (!st.ok()) {
      // An engine that fails or breaks the rules loses the game.
      const bool first_is_black = first_side == events::FIRST;
      game.result = first_moves == first_is_black ? events::SECOND_WINS
                                                  : events::FIRST_WINS;
      game.how = absl::StrCat(engine.name(), " forfeits: ", st.message());
      return game;
    }
    game.moves.push_back(*move);
    game.move_seconds.push_back(took.count());
  }
  game.result = state.ended->result();
  game.how = ReasonText(*state.ended);
  return game;
}

namespace {

// The legal moves of `p` in the order of their square numbers.
std::vector<GameMove> SortedMoves(const GamePosition& p) {
  std::vector<GameMove> moves = p.LegalMoves();
  std::sort(
      moves.begin(), moves.end(), [](const GameMove& a, const GameMove& b) {
        return std::lexicographical_compare(a.route().begin(), a.route().end(),
                                            b.route().begin(), b.route().end());
      });
  return moves;
}

// Appends every line of `plies` moves from `p` that reaches a position not
// in `seen`, named by `line` and the moves' texts.
void AddLines(const GamePosition& p, int plies, const std::string& line,
              absl::flat_hash_set<uint64_t>* seen,
              std::vector<Opening>* openings) {
  if (plies == 0) {
    if (seen->insert(p.hash()).second) openings->push_back({line, p.ToFen()});
    return;
  }
  for (const GameMove& m : SortedMoves(p)) {
    AddLines(p.After(m), plies - 1,
             line.empty() ? m.Text() : absl::StrCat(line, " ", m.Text()), seen,
             openings);
  }
}

}  // namespace

std::vector<Opening> OpeningsOfPlies(Edition edition, int plies) {
  std::vector<Opening> openings;
  absl::flat_hash_set<uint64_t> seen;
  AddLines(GamePosition::Initial(edition), plies, "", &seen, &openings);
  return openings;
}

}  // namespace checkers::match
