#include "replay/import.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game_position.h"
#include "events/fold.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "replay/log_record.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "replay/pdn_writer.h"
#include "storage/event_log.h"
#include "storage/log_format.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameState;

// PDN's name of `c`.
absl::string_view ColourName(Color c) {
  return c == Color::kBlack ? "Black" : "White";
}

// "Black's move 12" for the ply-th move (from 0) of a game that starts
// with `to_move` to move, where `first` is the edition's first mover; PDN
// numbers a pair of moves, the first mover's then the other's.
std::string MoveName(Color first, Color to_move, size_t ply) {
  const size_t half = ply + (to_move == first ? 0 : 1);
  const Color side = half % 2 == 0 ? first : Opponent(first);
  return absl::StrCat(ColourName(side), "'s move ", half / 2 + 1);
}

// The payloads of `events`, commit by commit.
std::vector<std::vector<std::string>> CommitPayloads(
    const std::vector<Event>& events) {
  std::vector<std::vector<std::string>> commits;
  for (const std::vector<Event>& commit : events::SplitIntoCommits(events)) {
    std::vector<std::string>& payloads = commits.emplace_back();
    for (const Event& e : commit) payloads.push_back(e.SerializeAsString());
  }
  return commits;
}

// FailedPrecondition when the log of `events` could not be stored, or
// would not read back as what was written: a record over the size a save
// holds, a log over the size a reader reads, or an event that does not
// parse back. Such a game is refused like an illegal one, never written.
absl::Status CheckStorable(const std::vector<Event>& events) {
  uint64_t size = storage::kFileHeaderSize;
  uint64_t seq = 0;
  for (const std::vector<std::string>& commit : CommitPayloads(events)) {
    for (const std::string& payload : commit) {
      ++seq;
      if (payload.size() > storage::kMaxPayloadSize) {
        return absl::FailedPreconditionError(absl::StrCat(
            "the game is too large to store: its event ", seq, " is ",
            payload.size(), " bytes, over the ", storage::kMaxPayloadSize,
            " bytes a record of a save holds"));
      }
      size += storage::FrameSize(payload.size());
      if (absl::StatusOr<Event> back = events::ParseEvent(payload, seq);
          !back.ok()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "the game's log would not read back: ", back.status().message()));
      }
    }
  }
  if (size > storage::kMaxLogSize) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the game is too large to store: its log would be ", size,
        " bytes, over the ", storage::kMaxLogSize, " bytes a save holds"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<Event>> EventsOfRecord(const GameRecord& record) {
  events::GameStarted started;
  started.set_edition(events::RulesEditionOf(record.edition()));
  started.set_mode(events::TWO_PLAYER);
  started.mutable_options()->set_colour_names(events::BLACK_WHITE);
  started.mutable_options()->set_automatic_draws_off(true);
  if (!(record.start == GamePosition::Initial(record.edition()))) {
    started.set_start_fen(record.start.ToFen());
  }
  for (const PdnTag& tag : record.tags) {
    events::Tag* t = started.add_tags();
    t->set_name(tag.name);
    t->set_value(tag.value);
  }
  absl::StatusOr<Event> start = events::StartEvent(std::move(started));
  if (!start.ok()) return start.status();

  std::vector<Event> events;
  events.reserve(record.moves.size() + 2);
  GameState state;
  if (absl::Status st =
          events::CommitAndFold(*std::move(start), &state, &events);
      !st.ok()) {
    return st;
  }

  for (size_t i = 0; i < record.moves.size(); ++i) {
    if (absl::Status st = events::CommitAndFold(
            events::TurnEvent(state, record.moves[i]), &state, &events);
        !st.ok()) {
      return absl::FailedPreconditionError(absl::StrCat(
          MoveName(state.rules.first_mover, record.start.side_to_move(), i),
          ": ", record.moves[i].Text(), ": ", st.message()));
    }
  }

  const events::Result claimed = EventResultOf(record.result);
  if (claimed == events::RESULT_UNSPECIFIED) return events;
  if (state.over()) {
    if (state.ended->result() == claimed) return events;
    return absl::FailedPreconditionError(absl::StrCat(
        "the result ", ResultTokenOf(record.result, record.edition()),
        " contradicts the moves: after the last one ",
        ColourName(state.ColorOf(state.side_to_move())),
        " has no legal move, so ",
        ColourName(state.ColorOf(state.ended->result() == events::FIRST_WINS
                                     ? events::FIRST
                                     : events::SECOND)),
        " wins"));
  }
  Event end;
  end.mutable_game_ended()->set_result(claimed);
  end.mutable_game_ended()->set_reason(events::RECORDED);
  if (absl::Status st = events::CommitAndFold(std::move(end), &state, &events);
      !st.ok()) {
    return st;
  }
  return events;
}

PdnImport ImportPdn(absl::string_view pdn_text, Edition edition) {
  const std::string text = DecodePdnText(pdn_text);
  const PdnFile file =
      ReadPdn(text, TraitsOf(edition).light_moves_first ? Color::kWhite
                                                        : Color::kBlack);
  PdnImport result;
  result.games.reserve(file.games.size());
  for (const PdnSkip& skip : file.skipped) {
    if (skip.game.index == 0) {
      result.skipped_text.push_back(DescribeSkip(skip));
    } else {
      result.refused.push_back({skip.game.index, DescribeSkip(skip),
                                /*unreadable=*/true});
    }
  }
  for (const PdnGame& game : file.games) {
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game, edition);
    if (!record.ok()) {
      result.refused.push_back(
          {game.index, std::string(record.status().message())});
      continue;
    }
    absl::StatusOr<std::vector<Event>> events = EventsOfRecord(*record);
    if (!events.ok()) {
      // ReplayPdnGame has checked every move, so what EventsOfRecord
      // refuses is the result the game claims.
      result.refused.push_back(
          {game.index,
           absl::StrCat(DescribeGame(game), ", line ", ResultLine(game), ": ",
                        events.status().message())});
      continue;
    }
    if (absl::Status st = CheckStorable(*events); !st.ok()) {
      result.refused.push_back(
          {game.index, absl::StrCat(DescribeGame(game), ", line ", game.line,
                                    ": ", st.message())});
      continue;
    }
    result.games.push_back({game.index, *std::move(events),
                            static_cast<int>(record->moves.size())});
  }
  std::stable_sort(result.refused.begin(), result.refused.end(),
                   [](const RefusedGame& a, const RefusedGame& b) {
                     return a.index < b.index;
                   });
  return result;
}

std::string LogFileName(int index) {
  return absl::StrFormat("game-%04d.log", index);
}

absl::Status WriteNewLog(storage::Env* env, const std::string& path,
                         const std::vector<Event>& events) {
  absl::Status st = storage::CreateLogFile(env, path, CommitPayloads(events));
  if (st.code() == absl::StatusCode::kAlreadyExists) {
    return absl::AlreadyExistsError(absl::StrCat(
        path, " already exists; an import never overwrites a log"));
  }
  return st;
}

std::string EncodeLog(const std::vector<Event>& events) {
  return storage::EncodeLog(storage::NewLogId(), CommitPayloads(events));
}

}  // namespace checkers::replay
