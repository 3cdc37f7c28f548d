// The CheckerBoard engine API (version 2) over our search, built as the
// shared library //cbapi:checkers_engine.so: any program that drives
// CheckerBoard engines can load it and play us.
//
// By default the engine plays to the time CheckerBoard gives it (maxtime):
// it starts no new iteration after 70% of it (95% under the "exact" flag)
// and stops at 95%, so that the poll interval and the unwinding of the
// search keep it within 110% even on a loaded machine. "set level
// easy|medium|hard" switches to the node budgets of the game's levels, which
// make every answer reproducible; "set level time" switches back. Unlike the
// pure engine library, this adapter reads the clock, and it reads the
// endgame database on a thread of its own (see DatabaseLoader).

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/call_once.h"
#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "cbapi/checkerboard.h"
#include "engine/endgame_db.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/opening_book.h"
#include "engine/position8.h"
#include "engine/search.h"
#include "storage/endgame_files.h"

namespace checkers::cb {
namespace {

constexpr int kReplySize = 1024;
constexpr int kCommandSize = 256;
constexpr int kStatusSize = 1024;
// The info bit that asks for exactly maxtime.
constexpr int kInfoExactTime = 2;
// An iteration started late is cut off at the hard share, but even a cut
// iteration can prove a better move than the last one found, so starting
// it is worth more than leaving the time unused.
constexpr double kSoftTimeShare = 0.7;
constexpr double kHardTimeShare = 0.95;
// Effectively no node limit: time mode stops by the clock.
constexpr uint64_t kUnlimitedNodes = uint64_t{1} << 50;

// The game history CheckerBoard sent with "set gamehist": the position the
// moves lead to, and what a search from it must know about the past.
struct GameHistory {
  Position end;
  std::vector<uint64_t> hashes;
  int no_progress_plies = 0;
  // The FEN's position, and whether every move after it was reversible, so
  // that the FEN's own past (which a sender short of room leaves out) is
  // still part of this history.
  uint64_t fen_hash = 0;
  bool reversible_from_fen = true;
};

// The most positions of the past a merged history keeps: more than the
// longest run without a capture or a man's move that any edition allows.
constexpr size_t kMaxHistory = 256;

struct EngineState {
  absl::Mutex mu;
  int hash_mib ABSL_GUARDED_BY(mu) = 16;
  // nullopt: play by maxtime.
  std::optional<Level> level ABSL_GUARDED_BY(mu);
  std::optional<GameHistory> history ABSL_GUARDED_BY(mu);
  // CheckerBoard's book setting, 0 (no book) to 3. Our book holds one best
  // move a position, so 1, 2 and 3 all play it (engine/opening_book.h).
  int book ABSL_GUARDED_BY(mu) = 3;
};

EngineState& State() {
  // An object, not a pointer that is never freed: a host may dlclose the
  // engine (and load it again), and the state goes with the library.
  static EngineState state;
  return state;
}

void Reply(char* reply, absl::string_view text) {
  std::snprintf(reply, kReplySize, "%.*s", static_cast<int>(text.size()),
                text.data());
}

// "FEN move move ...": the position after the last reversible moves.
absl::StatusOr<GameHistory> ParseGameHistory(absl::string_view text) {
  std::vector<absl::string_view> words =
      absl::StrSplit(text, ' ', absl::SkipWhitespace());
  if (words.empty()) return absl::InvalidArgumentError("gamehist needs a FEN");
  absl::StatusOr<Position> pos = ParseFen(words[0]);
  if (!pos.ok()) return pos.status();
  GameHistory history;
  history.fen_hash = pos->hash();
  for (size_t i = 1; i < words.size(); ++i) {
    absl::StatusOr<Move> m = ParseMove(*pos, words[i]);
    if (!m.ok()) return m.status();
    if (pos->IsIrreversible(*m)) {
      history.hashes.clear();
      history.no_progress_plies = 0;
      history.reversible_from_fen = false;
    } else {
      history.hashes.push_back(pos->hash());
      ++history.no_progress_plies;
    }
    pos->Play(*m);
  }
  history.end = *pos;
  return history;
}

// `next` with the past that `previous` knew before `next`'s FEN. A "set
// gamehist" command holds 255 characters, about 35 moves: in a long king
// ending the sender drops the oldest, and without them the engine would
// walk back into positions it cannot see. Only reversible moves lie
// between two positions of one history, so when `next`'s FEN is among
// `previous`'s positions the two are one game's past.
GameHistory Merged(const GameHistory& previous, GameHistory next) {
  if (!next.reversible_from_fen) return next;
  std::vector<uint64_t> chain = previous.hashes;
  chain.push_back(previous.end.hash());
  const auto at = std::find(chain.begin(), chain.end(), next.fen_hash);
  if (at == chain.end()) return next;
  std::vector<uint64_t> hashes(chain.begin(), at);
  hashes.insert(hashes.end(), next.hashes.begin(), next.hashes.end());
  if (hashes.size() > kMaxHistory)
    hashes.erase(hashes.begin(), hashes.end() - kMaxHistory);
  next.no_progress_plies += static_cast<int>(at - chain.begin());
  next.hashes = std::move(hashes);
  return next;
}

std::string LevelText(const std::optional<Level>& level) {
  return level.has_value() ? std::string(LevelName(*level)) : "time";
}

int HandleGet(absl::string_view what, char* reply) {
  EngineState& state = State();
  absl::MutexLock lock(&state.mu);
  if (what == "protocolversion") {
    Reply(reply, "2");
  } else if (what == "gametype") {
    Reply(reply, absl::StrCat(kGameTypeEnglish));
  } else if (what == "hashsize") {
    Reply(reply, absl::StrCat(state.hash_mib));
  } else if (what == "level") {
    Reply(reply, LevelText(state.level));
  } else if (what == "book") {
    Reply(reply, absl::StrCat(state.book));
  } else {
    Reply(reply, "?");
    return 0;
  }
  return 1;
}

int HandleSet(absl::string_view what, char* reply) {
  EngineState& state = State();
  std::pair<absl::string_view, absl::string_view> option =
      absl::StrSplit(what, absl::MaxSplits(' ', 1));
  const absl::string_view name = option.first;
  const absl::string_view value = absl::StripAsciiWhitespace(option.second);
  absl::MutexLock lock(&state.mu);
  if (name == "hashsize") {
    int mib = 0;
    if (!absl::SimpleAtoi(value, &mib) || mib < 1 || mib > 1024) {
      Reply(reply, "? hashsize must be 1 to 1024 (MiB)");
      return 0;
    }
    state.hash_mib = mib;
    Reply(reply, absl::StrCat("hashsize set to ", mib, " MiB"));
    return 1;
  }
  if (name == "gametype") {
    // Russian, pool and international are played by the game itself
    // (docs/RULES.md), not through this library: refuse them rather than
    // play English moves in another game.
    int type = 0;
    if (!absl::SimpleAtoi(value, &type) || type != kGameTypeEnglish) {
      Reply(reply,
            absl::StrCat("? this engine plays English checkers (game "
                         "type ",
                         kGameTypeEnglish, ") only, not game type ", value));
      return 0;
    }
    Reply(reply, absl::StrCat("gametype set to ", kGameTypeEnglish));
    return 1;
  }
  if (name == "level") {
    if (value == "time") {
      state.level.reset();
    } else if (std::optional<Level> level = ParseLevel(value)) {
      state.level = level;
    } else {
      Reply(reply, "? level must be easy, medium, hard or time");
      return 0;
    }
    Reply(reply, absl::StrCat("level set to ", LevelText(state.level)));
    return 1;
  }
  if (name == "book") {
    int book = 0;
    if (!absl::SimpleAtoi(value, &book) || book < 0 || book > 3) {
      Reply(reply, "? book must be 0 (none) to 3");
      return 0;
    }
    state.book = book;
    Reply(reply, absl::StrCat("book set to ", book));
    return 1;
  }
  if (name == "gamehist") {
    absl::StatusOr<GameHistory> history = ParseGameHistory(value);
    if (!history.ok()) {
      state.history.reset();
      Reply(reply, absl::StrCat("? ", history.status().message()));
      return 0;
    }
    state.history = state.history.has_value()
                        ? Merged(*state.history, *std::move(history))
                        : *std::move(history);
    Reply(reply, "gamehist set");
    return 1;
  }
  Reply(reply, "?");
  return 0;
}

// The endgame database under the state directory, read beside the
// search rather than before it: every file is read once to be checked,
// which takes most of a second from the page cache and several from disk,
// far more than a move played to a tenth of a second may spend. The first
// call from CheckerBoard (or a harness) starts the load.
class DatabaseLoader {
 public:
  void Start() {
    absl::call_once(started_, [this] {
      std::thread([this] {
        db_ = storage::LoadDefaultEndgameDatabaseIfPresent(
            storage::EndgameCheck::kAtLoad);
        loaded_.Notify();
      }).detach();
    });
  }

  // Starts the load if need be. With `wait`, returns the database once
  // loaded; without, nullptr until it is. nullptr too when there is none.
  const egdb::Database* Get(bool wait) {
    Start();
    if (wait) loaded_.WaitForNotification();
    return loaded_.HasBeenNotified() ? db_.get() : nullptr;
  }

 private:
  absl::once_flag started_;
  absl::Notification loaded_;
  std::unique_ptr<egdb::Database> db_;
};

// Never destroyed: the loading thread may outlive the caller's main().
DatabaseLoader& Loader() {
  static DatabaseLoader* const loader = new DatabaseLoader;
  return *loader;
}

int EngineCommand(const char* command, char* reply) {
  // CheckerBoard asks for the engine's name as it loads it, well before
  // the first move: time enough for the database to be ready.
  Loader().Start();
  const absl::string_view text = absl::StripAsciiWhitespace(
      absl::string_view(command, strnlen(command, kCommandSize)));
  if (text == "name") {
    Reply(reply, "checkers");
    return 1;
  }
  if (text == "about") {
    Reply(
        reply,
        "checkers: an English checkers engine\n"
        "principal-variation alpha-beta search with a transposition table\n"
        "levels: set level easy|medium|hard (node budgets) or time (maxtime)\n"
        "options: set hashsize MiB, set book 0 (none) to 3");
    return 1;
  }
  if (text == "help") {
    Reply(reply, "checkers_engine.htm");
    return 1;
  }
  absl::string_view rest = text;
  if (absl::ConsumePrefix(&rest, "get "))
    return HandleGet(absl::StripAsciiWhitespace(rest), reply);
  if (absl::ConsumePrefix(&rest, "set "))
    return HandleSet(absl::StripAsciiWhitespace(rest), reply);
  Reply(reply, "?");
  return 0;
}

void Status(char* str, absl::string_view text) {
  if (str == nullptr) return;
  std::snprintf(str, kStatusSize, "%.*s", static_cast<int>(text.size()),
                text.data());
}

int GetMove(int board[8][8], int color, double maxtime, char* str, int* playnow,
            int info, CbMove* move) {
  const absl::Time start = absl::Now();
  absl::StatusOr<Position> pos = FromBoard(board, color);
  if (!pos.ok()) {
    Status(str, absl::StrCat("bad board: ", pos.status().message()));
    return kUnknown;
  }
  if (!HasLegalMove(*pos)) {
    Status(str, "no legal move: the game is lost");
    return kLoss;
  }

  SearchRequest request;
  request.position = *pos;
  bool by_time;
  {
    EngineState& state = State();
    absl::MutexLock lock(&state.mu);
    request.limits.hash_mib = state.hash_mib;
    by_time = !state.level.has_value();
    request.level = by_time ? Level::kHard : *state.level;
    if (state.book > 0)
      request.opening_book = &book::Committed(Edition::kEnglish);
    if (state.history.has_value() && state.history->end == *pos) {
      request.history = state.history->hashes;
      request.no_progress_plies = state.history->no_progress_plies;
    }
  }
  if (by_time) {
    request.limits.max_nodes = kUnlimitedNodes;
    // Moves by the clock need not replay exactly, so each builds on the
    // table of the one before (a fixed level starts empty, as in a game).
    request.limits.keep_table = true;
  }
  // A level's answer must not depend on how far the load has got.
  request.endgame_db = Loader().Get(/*wait=*/!by_time);

  const absl::Duration budget = absl::Seconds(maxtime > 0 ? maxtime : 1.0);
  const bool exact = info & kInfoExactTime;
  const absl::Duration soft =
      exact ? budget * kHardTimeShare : budget * kSoftTimeShare;
  const absl::Duration hard = budget * kHardTimeShare;
  const PollFn poll = [&](const SearchProgress& p) {
    if (playnow != nullptr && *playnow) return PollAction::kStop;
    if (by_time) {
      const absl::Duration elapsed = absl::Now() - start;
      if (elapsed > hard || (p.between_iterations && elapsed > soft))
        return PollAction::kStop;
    }
    Status(str, absl::StrFormat("depth %d nodes %" PRIu64, p.completed_depth,
                                p.nodes));
    return PollAction::kContinue;
  };
  absl::StatusOr<SearchResult> result = Search(request, poll);
  if (!result.ok()) {
    Status(str, absl::StrCat("search failed: ", result.status().message()));
    return kUnknown;
  }

  const Position after = pos->After(result->best_move);
  ToBoard(after, board);
  if (move != nullptr) *move = ToCbMove(*pos, result->best_move);
  const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
  Status(str, absl::StrFormat("best %s%s score %d depth %d nodes %" PRIu64
                              " time %.2fs",
                              MoveToText(result->best_move),
                              result->from_book ? " (book)" : "", result->score,
                              result->depth, result->nodes, seconds));
  if (IsMateScore(result->score)) return result->score > 0 ? kWin : kLoss;
  return kUnknown;
}

}  // namespace
}  // namespace checkers::cb

extern "C" {

// CheckerBoard's two required entry points. The board is both input and
// output: on return it holds the position after the engine's move.
__attribute__((visibility("default"))) int getmove(int board[8][8], int color,
                                                   double maxtime,
                                                   char str[1024], int* playnow,
                                                   int info, int moreinfo,
                                                   checkers::cb::CbMove* move) {
  (void)moreinfo;  // Fischer clock details; maxtime already reflects them.
  return checkers::cb::GetMove(board, color, maxtime, str, playnow, info, move);
}

__attribute__((visibility("default"))) int enginecommand(char command[256],
                                                         char reply[1024]) {
  return checkers::cb::EngineCommand(command, reply);
}

}  // extern "C"
