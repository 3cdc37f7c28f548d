#include "replay/pdn_replay.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/fen.h"
#include "engine/notation.h"

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
    "(25) and pool checkers (23)";

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
  for (const Edition e :
       {Edition::kEnglish, Edition::kRussian, Edition::kPool}) {
    if (GameTypeOf(e) == *type) edition = e;
  }
  if (*type == GameTypeOf(Edition::kInternational)) {
    return absl::FailedPreconditionError(absl::StrCat(
        quoted,
        " is international draughts, whose 10x10 games are not playable in "
        "this version; ",
        kPlayedTypes));
  }
  if (!edition.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        quoted, " is not a game this version plays; ", kPlayedTypes));
  }
  const std::vector<absl::string_view> fields =
      absl::StrSplit(absl::StripAsciiWhitespace(value), ',');
  if (fields.size() >= 4 && (absl::StripAsciiWhitespace(fields[2]) != "8" ||
                             absl::StripAsciiWhitespace(fields[3]) != "8")) {
    return absl::FailedPreconditionError(
        absl::StrCat(quoted, " names a board other than 8x8; ", kPlayedTypes,
                     ", all on 8x8"));
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

std::string DescribeGame(const PdnGame& game) {
  std::vector<std::string> parts;
  const absl::string_view event = TagOrEmpty(game, "Event");
  const absl::string_view black = TagOrEmpty(game, "Black");
  const absl::string_view white = TagOrEmpty(game, "White");
  if (!event.empty()) parts.push_back(absl::StrCat("\"", event, "\""));
  if (!black.empty() || !white.empty()) {
    parts.push_back(absl::StrCat(black.empty() ? "?" : black, " vs ",
                                 white.empty() ? "?" : white));
  }
  std::string text = absl::StrCat("game ", game.index);
  if (!parts.empty())
    absl::StrAppend(&text, " (", absl::StrJoin(parts, ", "), ")");
  return text;
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
  } else if (TraitsOf(edition).board_size != 8) {
    return absl::FailedPreconditionError(
        absl::StrCat(Where(game, game.line), "a game of ", GameName(edition),
                     " is played on 10x10, which this version does not play; ",
                     kPlayedTypes));
  }

  // A game of the 10x10 board without its GameType tag would otherwise
  // fail at its first move as if it were a wrong 8x8 one.
  for (const PdnMove& m : game.moves) {
    const std::optional<std::string> numeric = NumericMoveText(m.text, 8);
    if (!numeric.has_value()) continue;
    for (const absl::string_view part :
         absl::StrSplit(*numeric, absl::ByAnyChar("-x"))) {
      int square = 0;
      if (absl::SimpleAtoi(part, &square) && square > 32) {
        return absl::FailedPreconditionError(absl::StrCat(
            Where(game, m.line), m.side == Color::kBlack ? "Black" : "White",
            "'s move ", m.number, ": \"", m.text,
            "\" is not a move on the 8x8 board (square ", square,
            " is beyond 32): a game of international draughts (10x10, "
            "GameType 20) is not playable in this version"));
      }
    }
  }

  GameRecord record;
  record.edition = edition;
  record.start = Position::Initial(edition);
  if (const std::optional<absl::string_view> fen = FindTag(game.tags, "FEN");
      fen.has_value()) {
    absl::StatusOr<Position> start = ParseFen(*fen);
    if (!start.ok()) {
      int line = game.line;
      for (const PdnTag& tag : game.tags) {
        if (absl::EqualsIgnoreCase(tag.name, "FEN")) {
          line = tag.line;
          break;
        }
      }
      return absl::DataLossError(
          absl::StrCat(Where(game, line), start.status().message()));
    }
    record.start = *start;
  } else if (TagOrEmpty(game, "SetUp") == "1") {
    return absl::DataLossError(absl::StrCat(
        Where(game, game.line),
        "the SetUp \"1\" tag needs a FEN tag giving the position"));
  }

  Position pos = record.start;
  record.moves.reserve(game.moves.size());
  for (const PdnMove& m : game.moves) {
    const std::string mover =
        absl::StrCat(Where(game, m.line),
                     pos.side_to_move() == Color::kBlack ? "Black" : "White",
                     "'s move ", m.number, ": ");
    const std::optional<std::string> numeric = NumericMoveText(m.text, 8);
    if (!numeric.has_value()) {
      return absl::FailedPreconditionError(
          absl::StrCat(mover, m.text,
                       " names a square that is not a dark square of the "
                       "8x8 board"));
    }
    absl::StatusOr<Move> move =
        ParseMove(pos, *numeric, CaptureRule::kMandatory, edition);
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
    record.moves.push_back(*move);
  }
  record.tags = game.tags;
  record.result = ClaimedResult(game);
  return record;
}

}  // namespace checkers::replay
