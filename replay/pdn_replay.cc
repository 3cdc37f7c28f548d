#include "replay/pdn_replay.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/game_position.h"

namespace checkers::replay {
namespace {

absl::string_view TagOrEmpty(const PdnGame& game, absl::string_view name) {
  const std::optional<absl::string_view> value = FindTag(game.tags, name);
  return value.has_value() ? absl::StripAsciiWhitespace(*value)
                           : absl::string_view();
}

std::string Where(const PdnGame& game, int line) {
  return absl::StrCat(DescribeGame(game), ", line ", line, ": ");
}

// The game `edition` plays, as PDN's GameType table names it.
absl::string_view GameName(Edition edition) {
  switch (edition) {
    case Edition::kRussian:
      return "Russian draughts";
    case Edition::kPool:
      return "pool checkers";
    case Edition::kInternational:
      return "international draughts";
    case Edition::kEnglish:
      break;
  }
  return "English checkers";
}

constexpr absl::string_view kPlayedTypes =
    "this version plays English checkers (GameType 21), Russian draughts "
    "(25), pool checkers (23) and international draughts (20)";

// The first number above 32 that `text` holds ("33-28", "W:W31-50:B1-20"),
// or 0: only the 10x10 board has such squares.
int SquareBeyond32(absl::string_view text) {
  for (const absl::string_view part : absl::StrSplit(
           text, absl::ByAnyChar("-x:,WBK. \t"), absl::SkipEmpty())) {
    int square = 0;
    if (absl::SimpleAtoi(part, &square) && square > 32) return square;
  }
  return 0;
}

// The line of the first tag called `name`, else the line where the game
// starts.
int TagLine(const PdnGame& game, absl::string_view name) {
  for (const PdnTag& tag : game.tags) {
    if (absl::EqualsIgnoreCase(tag.name, name)) return tag.line;
  }
  return game.line;
}

// A square above 32 in a game's FEN or moves, which no 8x8 board has.
struct TenByTen {
  // 0 when the game names no such square.
  int line = 0;
  std::string what;
};

TenByTen TenByTenEvidence(const PdnGame& game) {
  if (const std::optional<absl::string_view> fen = FindTag(game.tags, "FEN");
      fen.has_value()) {
    if (const int square = SquareBeyond32(*fen); square > 0) {
      return {TagLine(game, "FEN"),
              absl::StrCat("its FEN names square ", square)};
    }
  }
  for (const PdnMove& m : game.moves) {
    const std::optional<std::string> numeric = NumericMoveText(m.text, 8);
    if (!numeric.has_value()) continue;
    if (const int square = SquareBeyond32(*numeric); square > 0) {
      // The side is not named: the sides were counted from the caller's
      // edition's first mover, which may not be this game's.
      return {m.line, absl::StrCat("its move ", m.number, ", ", m.text,
                                   ", names square ", square)};
    }
  }
  return {};
}

}  // namespace

int GameTypeOf(Edition edition) {
  switch (edition) {
    case Edition::kRussian:
      return 25;
    case Edition::kPool:
      return 23;
    case Edition::kInternational:
      return 20;
    case Edition::kEnglish:
      break;
  }
  return 21;
}

absl::StatusOr<Edition> EditionOfGameType(absl::string_view value) {
  const absl::StatusOr<int> type = ParseGameType(value);
  if (!type.ok()) return type.status();
  const std::string quoted =
      absl::StrCat("GameType \"", absl::StripAsciiWhitespace(value), "\"");
  std::optional<Edition> edition;
  for (const Edition e : {Edition::kEnglish, Edition::kRussian, Edition::kPool,
                          Edition::kInternational}) {
    if (GameTypeOf(e) == *type) edition = e;
  }
  if (!edition.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        quoted, " is not a game this version plays; ", kPlayedTypes));
  }
  const std::vector<absl::string_view> fields =
      absl::StrSplit(absl::StripAsciiWhitespace(value), ',');
  const std::string size = absl::StrCat(TraitsOf(*edition).board_size);
  if (fields.size() >= 4 && (absl::StripAsciiWhitespace(fields[2]) != size ||
                             absl::StripAsciiWhitespace(fields[3]) != size)) {
    return absl::FailedPreconditionError(
        absl::StrCat(quoted, " names a board other than ", size, "x", size,
                     "; this version plays ", GameName(*edition), " on ", size,
                     "x", size, " only"));
  }
  const Color first =
      TraitsOf(*edition).light_moves_first ? Color::kWhite : Color::kBlack;
  if (GameTypeFirstMover(value) != first) {
    return absl::FailedPreconditionError(absl::StrCat(
        quoted, " has ", first == Color::kWhite ? "Black" : "White",
        " move first; this version plays ", GameName(*edition), " with ",
        first == Color::kWhite ? "White" : "Black", " first only"));
  }
  return *edition;
}

absl::StatusOr<GameRecord> ReplayPdnGame(const PdnGame& game, Edition edition) {
  const absl::string_view game_type = TagOrEmpty(game, "GameType");
  if (!game_type.empty()) {
    const absl::StatusOr<Edition> typed = EditionOfGameType(game_type);
    if (!typed.ok()) {
      return absl::Status(
          typed.status().code() == absl::StatusCode::kFailedPrecondition
              ? absl::StatusCode::kFailedPrecondition
              : absl::StatusCode::kDataLoss,
          absl::StrCat(Where(game, game.line), typed.status().message()));
    }
    edition = *typed;
  } else if (TraitsOf(edition).board_size == 8) {
    // The edition of a game without the tag is the caller's, never a
    // guess: said before the first move that fails, with the way out.
    if (const TenByTen evidence = TenByTenEvidence(game); evidence.line > 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          Where(game, evidence.line), evidence.what,
          ", which only the 10x10 board of international draughts has; the "
          "game has no GameType tag, so it is read as ",
          GameName(edition),
          ": import it with --rules=international, or give it the tag "
          "[GameType \"20\"]"));
    }
  }

  GameRecord record;
  record.start = GamePosition::Initial(edition);
  if (const std::optional<absl::string_view> fen = FindTag(game.tags, "FEN");
      fen.has_value()) {
    absl::StatusOr<GamePosition> start = GamePosition::ParseFen(*fen, edition);
    if (!start.ok()) {
      return absl::DataLossError(absl::StrCat(Where(game, TagLine(game, "FEN")),
                                              start.status().message()));
    }
    record.start = *start;
  } else if (TagOrEmpty(game, "SetUp") == "1") {
    return absl::DataLossError(absl::StrCat(
        Where(game, game.line),
        "the SetUp \"1\" tag needs a FEN tag giving the position"));
  }

  const int columns = record.start.board_size();
  GamePosition pos = record.start;
  record.moves.reserve(game.moves.size());
  for (const PdnMove& m : game.moves) {
    const std::string mover =
        absl::StrCat(Where(game, m.line),
                     pos.side_to_move() == Color::kBlack ? "Black" : "White",
                     "'s move ", m.number, ": ");
    const std::optional<std::string> numeric = NumericMoveText(m.text, columns);
    if (!numeric.has_value()) {
      return absl::FailedPreconditionError(absl::StrCat(
          mover, m.text, " names a square that is not a dark square of the ",
          columns, "x", columns, " board"));
    }
    absl::StatusOr<GameMove> move =
        pos.ParseMove(*numeric, CaptureRule::kMandatory);
    if (!move.ok()) {
      // Algebraic text is named as written and in the square numbers the
      // legal moves are listed in.
      return absl::FailedPreconditionError(absl::StrCat(
          mover,
          *numeric == m.text ? ""
                             : absl::StrCat(m.text, " is ", *numeric, ": "),
          move.status().message()));
    }
    pos.Play(*move);
    record.moves.push_back(*std::move(move));
  }
  record.tags = game.tags;
  record.result = ClaimedResult(game);
  return record;
}

}  // namespace checkers::replay
