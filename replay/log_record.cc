#include "replay/log_record.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "events/fold.h"
#include "events/game_state.h"

namespace checkers::replay {
namespace {

using events::GameStarted;
using events::Side;

// Who played `side` when the game started.
std::string PlayerName(const GameStarted& g, Side side) {
  if (g.mode() != events::VS_COMPUTER) {
    return std::string(events::SideName(&g, side));
  }
  const Side human = g.human_side() == events::SIDE_UNSPECIFIED
                         ? events::FIRST
                         : g.human_side();
  if (side == human) return "Player";
  const events::Difficulty level =
      g.difficulty() == events::DIFFICULTY_UNSPECIFIED ? events::MEDIUM
                                                       : g.difficulty();
  return absl::StrCat(
      "Computer (", absl::AsciiStrToLower(events::Difficulty_Name(level)), ")");
}

}  // namespace

GameResult PdnResultOf(events::Result result) {
  switch (result) {
    case events::FIRST_WINS:
      return GameResult::kFirstWins;
    case events::SECOND_WINS:
      return GameResult::kSecondWins;
    case events::DRAW:
      return GameResult::kDraw;
    default:
      return GameResult::kUnknown;
  }
}

events::Result EventResultOf(GameResult result) {
  switch (result) {
    case GameResult::kFirstWins:
      return events::FIRST_WINS;
    case GameResult::kSecondWins:
      return events::SECOND_WINS;
    case GameResult::kDraw:
      return events::DRAW;
    case GameResult::kUnknown:
      break;
  }
  return events::RESULT_UNSPECIFIED;
}

absl::StatusOr<GameRecord> RecordOfLog(absl::Span<const events::Event> events) {
  GameRecord record;
  absl::StatusOr<events::GameState> state = events::FoldChecked(
      events,
      [&record](const events::CheckedEvent& checked, const events::GameState&) {
        if (checked.event().has_game_started()) record.start = checked.start();
        if (checked.event().has_turn_played())
          record.moves.push_back(checked.move());
      });
  if (!state.ok()) return state.status();
  if (state->started == nullptr) {
    return absl::FailedPreconditionError("the log holds no game");
  }
  const GameStarted& g = *state->started;

  if (g.tags_size() > 0) {
    for (const events::Tag& t : g.tags())
      record.tags.push_back({t.name(), t.value()});
  } else {
    record.tags.push_back({"Event", "checkers game"});
    if (const int64_t millis = events.front().unix_millis(); millis > 0) {
      record.tags.push_back(
          {"Date", absl::FormatTime("%Y-%m-%d", absl::FromUnixMillis(millis),
                                    absl::UTCTimeZone())});
    }
    // Between two devices, the names the players took their seats with.
    for (const Side side : {events::FIRST, events::SECOND}) {
      const events::SeatTaken* seat = state->seat(side);
      record.tags.push_back(
          {state->ColorOf(side) == Color::kBlack ? "Black" : "White",
           seat != nullptr ? seat->name() : PlayerName(g, side)});
    }
  }
  record.result = state->over() ? PdnResultOf(state->ended->result())
                                : GameResult::kUnknown;
  return record;
}

}  // namespace checkers::replay
