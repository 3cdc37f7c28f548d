#include "replay/audit.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "engine/bitboard.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "events/fold.h"
#include "events/validate.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameEnded;
using events::GameState;
using events::Side;

std::string Name(const GameState& s, Side side) {
  return std::string(events::SideName(s.started.get(), side));
}

// "seq 7 follows" or "seqs 7-12 (6 events) follow", with the verb given
// in its singular and plural forms.
std::string Span(uint64_t first, uint64_t last, absl::string_view one,
                 absl::string_view many) {
  if (first == last) return absl::StrCat("seq ", first, " ", one);
  return absl::StrCat("seqs ", first, "-", last, " (", last - first + 1,
                      " events) ", many);
}

// "Red wins by no legal move", "a draw by threefold repetition".
std::string EndWords(const GameState& s, const GameEnded& e) {
  std::string result;
  switch (e.result()) {
    case events::FIRST_WINS:
      result = absl::StrCat(Name(s, events::FIRST), " wins");
      break;
    case events::SECOND_WINS:
      result = absl::StrCat(Name(s, events::SECOND), " wins");
      break;
    case events::DRAW:
      result = "a draw";
      break;
    default:
      result = "no result";
      break;
  }
  std::string reason =
      absl::AsciiStrToLower(events::EndReason_Name(e.reason()));
  absl::StrReplaceAll({{"_", " "}}, &reason);
  if (e.reason() == events::RECORDED) reason = "recorded result";
  return absl::StrCat(result, " by ", reason);
}

// What the audit remembers of the events it accepted, to justify an end.
struct Witnesses {
  uint64_t offer_seq = 0;
  Side offer_side = events::SIDE_UNSPECIFIED;
  uint64_t accept_seq = 0;
  Side accept_side = events::SIDE_UNSPECIFIED;
  uint64_t resign_seq = 0;
  Side resign_side = events::SIDE_UNSPECIFIED;

  void Note(const Event& e, uint64_t seq) {
    switch (e.kind_case()) {
      case Event::kDrawOffered:
        offer_seq = seq;
        offer_side = e.draw_offered().side();
        break;
      case Event::kDrawAccepted:
        accept_seq = seq;
        accept_side = e.draw_accepted().side();
        break;
      case Event::kResigned:
        resign_seq = seq;
        resign_side = e.resigned().side();
        break;
      default:
        break;
    }
  }
};

std::string LegalMovesText(const GameState& s) {
  const std::vector<std::string> legal =
      LegalMoveTexts(s.position, s.rules.capture, s.rules.edition);
  return absl::StrCat(legal.size(),
                      legal.size() == 1 ? " legal move (" : " legal moves (",
                      absl::StrJoin(legal, " "), ")");
}

// Why the rules impose `e`, an end DueEnd gives for `s`.
std::string Justify(const GameState& s, const GameEnded& e,
                    const Witnesses& w) {
  const Side mover = s.side_to_move();
  switch (e.reason()) {
    case events::NO_LEGAL_MOVE: {
      const int pieces = PopCount(s.position.pieces(s.ColorOf(mover)));
      return absl::StrCat(
          Name(s, mover), ", to move after seq ", s.last_seq,
          ", has no legal move (",
          pieces == 0
              ? std::string("no pieces left")
              : absl::StrCat("all ", pieces, pieces == 1 ? " piece" : " pieces",
                             " blocked"),
          ")");
    }
    case events::THREEFOLD_REPETITION:
      return absl::StrCat("the position ", ToFen(s.position), " (",
                          Name(s, mover), " to move) stood after seqs ",
                          absl::StrJoin(e.repetition_seqs(), ", "));
    case events::NO_PROGRESS:
      return absl::StrCat(s.no_progress_turns,
                          " turns without a capture or a man's move since seq ",
                          e.no_progress_since_seq(), " (the limit is ",
                          s.rules.no_progress_limit, ")");
    case events::TURN_LIMIT:
      return absl::StrCat(s.turns,
                          " turns played, the limit of the house rules");
    case events::LONE_KING_HELD:
      return absl::StrCat(
          "the lone king stood against three kings or more from seq ",
          e.lone_king_since_seq(), " through ", s.lone_king_turns,
          " turns of the kings' side (the limit is ", s.rules.lone_king_turns,
          ")");
    case events::KING_AGAINST_KING:
      return absl::StrCat("one king against one king after seq ", s.last_seq,
                          " (", ToFen(s.position), "), and no capture");
    case events::AGREEMENT:
      return absl::StrCat(Name(s, w.offer_side), " offered a draw at seq ",
                          w.offer_seq, " and ", Name(s, w.accept_side),
                          " accepted it at seq ", w.accept_seq);
    case events::RESIGNATION:
      return absl::StrCat(Name(s, w.resign_side), " resigned at seq ",
                          w.resign_seq);
    default:
      return "";
  }
}

// Why a recorded end that Check accepted holds.
std::string JustifyRecorded(const GameState& s, const GameEnded& e,
                            const Witnesses& w) {
  if (e.reason() != events::RECORDED) return Justify(s, e, w);
  if (std::optional<GameEnded> due = events::DueEnd(s)) {
    return absl::StrCat("the moves confirm it: ", Justify(s, *due, w));
  }
  return absl::StrCat("the moves do not contradict it: after seq ", s.last_seq,
                      " ", Name(s, s.side_to_move()), " was to move with ",
                      LegalMovesText(s));
}

// What the state shows against a claimed end that the rules do not give.
std::string Evidence(const GameState& s, const GameEnded& claim) {
  const bool automatic = !s.started->options().automatic_draws_off();
  switch (claim.reason()) {
    case events::NO_LEGAL_MOVE:
      return absl::StrCat(Name(s, s.side_to_move()), ", to move, has ",
                          LegalMovesText(s));
    case events::THREEFOLD_REPETITION: {
      if (!automatic) return "this game has automatic draws off";
      std::vector<uint64_t> seqs;
      for (const events::Occurrence& o : s.since_irreversible) {
        if (o.hash == s.position.hash()) seqs.push_back(o.seq);
      }
      return absl::StrCat("the position after seq ", s.last_seq, " has stood ",
                          seqs.size(), seqs.size() == 1 ? " time" : " times",
                          " since the last capture or man's move (after seqs ",
                          absl::StrJoin(seqs, ", "), ")");
    }
    case events::NO_PROGRESS:
      if (!automatic || s.rules.no_progress_limit == 0) {
        return "this game has no no-progress draw";
      }
      return absl::StrCat(s.no_progress_turns,
                          " turns without a capture or a man's move since seq ",
                          s.no_progress_since_seq, "; the limit is ",
                          s.rules.no_progress_limit);
    case events::LONE_KING_HELD:
      if (!automatic || s.rules.lone_king_turns == 0)
        return "this game has no lone-king draw";
      if (!s.lone_king_hunter.has_value())
        return "no side has three kings or more against a lone king";
      return absl::StrCat("the lone king has stood since seq ",
                          s.lone_king_since_seq, " through ", s.lone_king_turns,
                          " turns of the kings' side; the "
                          "limit is ",
                          s.rules.lone_king_turns);
    case events::KING_AGAINST_KING:
      if (!automatic || !s.rules.king_against_king_draws)
        return "this game has no king-against-king draw";
      return absl::StrCat("the position after seq ", s.last_seq, " is ",
                          ToFen(s.position));
    case events::TURN_LIMIT:
      if (s.rules.turn_limit == 0) return "this game has no turn limit";
      return absl::StrCat(s.turns, " turns played; the limit is ",
                          s.rules.turn_limit);
    case events::AGREEMENT:
      return "no draw offer was accepted";
    case events::RESIGNATION:
      return "no side resigned";
    default:
      return "";
  }
}

class Auditor {
 public:
  explicit Auditor(const storage::LogContents& contents) : contents_(contents) {
    report_.records = contents.records.size();
    report_.torn_bytes = contents.torn_bytes;
    report_.valid_length = contents.valid_length;
  }

  AuditReport Run() {
    for (const storage::Record& record : contents_.records) {
      if (!Judge(record)) break;
    }
    GameState& s = report_.state;
    if (stopped_at_ == 0) {
      report_.audited = report_.records;
      if (!rest_judged_ && s.started != nullptr && !s.over()) {
        s.last_seq = report_.records;
        if (std::optional<GameEnded> due = events::DueEnd(s)) {
          Find(FindingKind::kUnrecordedEnd, s.last_seq,
               absl::StrCat("the rules ended the game after this record (",
                            EndWords(s, *due), ": ",
                            Justify(s, *due, witnesses_),
                            "), but the log ends without recording it"));
        }
      }
    } else {
      report_.audited = stopped_at_;
      if (stopped_at_ < report_.records) {
        report_.notices.push_back(
            {NoticeKind::kNotAudited, stopped_at_ + 1,
             absl::StrCat(Span(stopped_at_ + 1, report_.records,
                               "is not audited", "are not audited"),
                          ": nothing after seq ", stopped_at_,
                          " can be judged, since the game departed from the "
                          "rules there")});
      }
    }
    if (report_.records == 0) {
      report_.notices.push_back(
          {NoticeKind::kEmpty, 0, "the log holds no events: no game to audit"});
    }
    if (report_.torn_bytes > 0) {
      report_.notices.push_back(
          {NoticeKind::kTornTail, 0,
           absl::StrCat("the last ", report_.torn_bytes, " bytes (from byte ",
                        report_.valid_length,
                        ") are an unfinished write that a crash cut short; "
                        "the ",
                        report_.records,
                        " complete records before them are what the log "
                        "holds, and were audited")});
    }
    return std::move(report_);
  }

 private:
  void Find(FindingKind kind, uint64_t seq, std::string message) {
    report_.findings.push_back({kind, seq, std::move(message)});
  }

  // Judges one record; false when the audit stops or nothing after it can
  // be part of the game.
  bool Judge(const storage::Record& record) {
    GameState& s = report_.state;
    const uint64_t seq = record.seq;
    // Set-aside events are not folded; the state still names positions by
    // the seq of the record after which they stood.
    s.last_seq = seq - 1;
    absl::StatusOr<Event> event = events::ParseEvent(record.payload, seq);
    if (!event.ok()) {
      Find(FindingKind::kNotAnEvent, seq,
           "the record is not a checkers event (its checksum is sound, so it "
           "was written this way)");
      stopped_at_ = seq;
      return false;
    }
    if (s.started != nullptr && !s.over()) {
      if (std::optional<GameEnded> due = events::DueEnd(s);
          due.has_value() && !event->has_game_ended()) {
        Find(FindingKind::kUnrecordedEnd, seq,
             absl::StrCat(
                 "the rules ended the game after seq ", s.last_seq, " (",
                 EndWords(s, *due), ": ", Justify(s, *due, witnesses_),
                 "), but the log records no end; ",
                 Span(seq, report_.records, "follows", "follow"), " instead"));
        rest_judged_ = true;
        return false;
      }
    }
    if (s.over()) {
      Find(FindingKind::kAfterEnd, seq,
           absl::StrCat(Span(seq, report_.records, "follows", "follow"),
                        " the end of the game at seq ", end_seq_));
      rest_judged_ = true;
      return false;
    }

    absl::StatusOr<events::CheckedEvent> checked = events::Check(s, *event);
    if (checked.ok()) {
      if (event->has_game_ended()) {
        report_.end =
            AuditedEnd{seq, event->game_ended(),
                       JustifyRecorded(s, event->game_ended(), witnesses_)};
        end_seq_ = seq;
      }
      witnesses_.Note(*event, seq);
      events::ApplyInPlace(&s, *checked);
      return true;
    }

    std::string message(checked.status().message());
    if (event->kind_case() == Event::KIND_NOT_SET) {
      Find(FindingKind::kNotAnEvent, seq, std::move(message));
      stopped_at_ = seq;
      return false;
    }
    if (s.started == nullptr) {
      Find(FindingKind::kBadStart, seq, std::move(message));
      stopped_at_ = seq;
      return false;
    }
    switch (event->kind_case()) {
      case Event::kTurnPlayed:
        Find(FindingKind::kIllegalTurn, seq, std::move(message));
        stopped_at_ = seq;
        return false;
      case Event::kGameEnded: {
        const std::optional<GameEnded> due = events::DueEnd(s);
        if (due.has_value()) {
          // The game did end here, as the rules say rather than as claimed.
          absl::StrAppend(&message, ": ", Justify(s, *due, witnesses_));
          Find(FindingKind::kUnjustifiedEnd, seq, std::move(message));
          Event actual;
          *actual.mutable_game_ended() = *due;
          // The end the rules impose is one Check accepts.
          if (absl::StatusOr<events::CheckedEvent> ended =
                  events::Check(s, actual);
              ended.ok()) {
            events::ApplyInPlace(&s, *ended);
          }
          end_seq_ = seq;
        } else {
          if (std::string evidence = Evidence(s, event->game_ended());
              !evidence.empty()) {
            absl::StrAppend(&message, ": ", evidence);
          }
          Find(FindingKind::kUnjustifiedEnd, seq, std::move(message));
        }
        return true;
      }
      default:
        absl::StrAppend(&message, "; the event is set aside");
        Find(FindingKind::kRefusedEvent, seq, std::move(message));
        return true;
    }
  }

  const storage::LogContents& contents_;
  AuditReport report_;
  Witnesses witnesses_;
  // The seq of the record where the game ended (recorded or as the rules
  // said); 0 while it goes on.
  uint64_t end_seq_ = 0;
  // The seq of the record at which the audit stopped; 0 while it goes on.
  uint64_t stopped_at_ = 0;
  // Set when one finding covers every record from the current one on.
  bool rest_judged_ = false;
};

}  // namespace

absl::string_view FindingCode(FindingKind kind) {
  switch (kind) {
    case FindingKind::kNotAnEvent:
      return "not_an_event";
    case FindingKind::kBadStart:
      return "bad_start";
    case FindingKind::kIllegalTurn:
      return "illegal_turn";
    case FindingKind::kRefusedEvent:
      return "refused_event";
    case FindingKind::kUnjustifiedEnd:
      return "unjustified_end";
    case FindingKind::kUnrecordedEnd:
      return "unrecorded_end";
    case FindingKind::kAfterEnd:
      return "after_end";
  }
  return "unknown";
}

AuditReport AuditRecords(const storage::LogContents& contents) {
  return Auditor(contents).Run();
}

absl::StatusOr<AuditReport> AuditLogBytes(absl::string_view bytes) {
  absl::StatusOr<storage::LogContents> contents = storage::ParseLog(bytes);
  if (!contents.ok()) return contents.status();
  return AuditRecords(*contents);
}

}  // namespace checkers::replay
