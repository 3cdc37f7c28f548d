#include "replay/pdn_replay.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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

}  // namespace

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

absl::StatusOr<GameRecord> ReplayPdnGame(const PdnGame& game) {
  const absl::string_view game_type = TagOrEmpty(game, "GameType");
  if (!game_type.empty()) {
    const absl::StatusOr<int> type = ParseGameType(game_type);
    if (!type.ok()) {
      return absl::DataLossError(
          absl::StrCat(Where(game, game.line), type.status().message()));
    }
    if (*type != 21) {
      return absl::FailedPreconditionError(
          absl::StrCat(Where(game, game.line), "GameType \"", game_type,
                       "\": only English checkers (GameType 21) is supported"));
    }
  }

  GameRecord record;
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
    absl::StatusOr<Move> move = ParseMove(pos, m.text);
    if (!move.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(Where(game, m.line),
                       pos.side_to_move() == Color::kBlack ? "Black" : "White",
                       "'s move ", m.number, ": ", move.status().message()));
    }
    pos.Play(*move);
    record.moves.push_back(*move);
  }
  record.tags = game.tags;
  record.result = ClaimedResult(game);
  return record;
}

}  // namespace checkers::replay
