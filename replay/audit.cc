#include "replay/audit.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/board8.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "events/fold.h"
#include "events/validate.h"

namespace checkers::replay {
namespace {

using events::Event;
using events::GameEnded;
using events::GameState;
using events::Side;

// "seq 7 follows" or "seqs 7-12 (6 events) follow".
Phrase Span(uint64_t first, uint64_t last) {
  return Say("audit.why.follows")
      .Count(static_cast<int>(last - first + 1))
      .Number("first", first)
      .Number("last", last);
}

// The notice's English: "seq 7 is not audited" or "seqs 7-12 (6 events) are
// not audited".
std::string NotAuditedSpan(uint64_t first, uint64_t last) {
  if (first == last) return absl::StrCat("seq ", first, " is not audited");
  return absl::StrCat("seqs ", first, "-", last, " (", last - first + 1,
                      " events) are not audited");
}

// "Red wins by no legal move", "a draw by threefold repetition".
Phrase EndWords(const GameEnded& e) {
  Phrase result = Say("audit.result.none");
  switch (e.result()) {
    case events::FIRST_WINS:
      result = Say("audit.result.win").Side("side", events::FIRST);
      break;
    case events::SECOND_WINS:
      result = Say("audit.result.win").Side("side", events::SECOND);
      break;
    case events::DRAW:
      result = Say("audit.result.draw");
      break;
    default:
      break;
  }
  return Say("audit.end_words")
      .Clause("result", std::move(result))
      .Clause("reason",
              Say(absl::StrCat(
                  "audit.reason.",
                  absl::AsciiStrToLower(events::EndReason_Name(e.reason())))));
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

Phrase LegalMoves(const GameState& s) {
  const std::vector<std::string> legal =
      s.position.LegalMoveTexts(s.rules.capture);
  return Say("audit.why.legal_moves")
      .Count(static_cast<int>(legal.size()))
      .Value("moves", absl::StrJoin(legal, " "));
}

// Why the rules impose `e`, an end DueEnd gives for `s`.
Phrase Justify(const GameState& s, const GameEnded& e, const Witnesses& w) {
  const Side mover = s.side_to_move();
  switch (e.reason()) {
    case events::NO_LEGAL_MOVE: {
      const int pieces = s.position.PieceCount(s.ColorOf(mover));
      return Say("audit.why.no_legal_move")
          .Side("side", mover)
          .Number("seq", s.last_seq)
          .Clause("pieces", pieces == 0
                                ? Say("audit.why.no_pieces")
                                : Say("audit.why.blocked").Count(pieces));
    }
    case events::THREEFOLD_REPETITION:
      return Say("audit.why.repetition")
          .Value("fen", s.position.ToFen())
          .Side("side", mover)
          .Value("seqs", absl::StrJoin(e.repetition_seqs(), ", "));
    case events::NO_PROGRESS:
      return Say("audit.why.no_progress")
          .Count(s.no_progress_turns)
          .Number("seq", e.no_progress_since_seq())
          .Number("limit", s.rules.no_progress_limit);
    case events::TURN_LIMIT:
      return Say("audit.why.turn_limit").Count(s.turns);
    case events::LONE_KING_HELD:
      // International's balances are two or three pieces with a king.
      return (s.rules.edition == Edition::kInternational
                  ? Say("audit.why.lone_king_balance")
                        .Number("pieces", s.lone_king_hunter_pieces)
                  : Say("audit.why.lone_king"))
          .Count(s.lone_king_turns)
          .Number("seq", e.lone_king_since_seq())
          .Number("limit", s.LoneKingLimit());
    case events::KING_AGAINST_KING:
      return Say("audit.why.king_against_king")
          .Number("seq", s.last_seq)
          .Value("fen", s.position.ToFen());
    case events::AGREEMENT:
      return Say("audit.why.agreement")
          .Side("side", w.offer_side)
          .Number("seq", w.offer_seq)
          .Side("side2", w.accept_side)
          .Number("seq2", w.accept_seq);
    case events::RESIGNATION:
      return Say("audit.why.resignation")
          .Side("side", w.resign_side)
          .Number("seq", w.resign_seq);
    default:
      return Say("");
  }
}

// Why a recorded end that Check accepted holds.
Phrase JustifyRecorded(const GameState& s, const GameEnded& e,
                       const Witnesses& w) {
  if (e.reason() != events::RECORDED) return Justify(s, e, w);
  if (std::optional<GameEnded> due = events::DueEnd(s)) {
    return Say("audit.why.confirmed").Clause("why", Justify(s, *due, w));
  }
  return Say("audit.why.not_contradicted")
      .Number("seq", s.last_seq)
      .Side("side", s.side_to_move())
      .Clause("moves", LegalMoves(s));
}

// What the state shows against a claimed end that the rules do not give;
// nullopt when there is nothing to add.
std::optional<Phrase> Evidence(const GameState& s, const GameEnded& claim) {
  const bool automatic = !s.started->options().automatic_draws_off();
  switch (claim.reason()) {
    case events::NO_LEGAL_MOVE:
      return Say("audit.why.has_moves")
          .Side("side", s.side_to_move())
          .Clause("moves", LegalMoves(s));
    case events::THREEFOLD_REPETITION: {
      if (!automatic) return Say("audit.why.draws_off");
      std::vector<uint64_t> seqs;
      for (const events::Occurrence& o : s.since_irreversible) {
        if (o.hash == s.position.hash()) seqs.push_back(o.seq);
      }
      return Say("audit.why.stood")
          .Count(static_cast<int>(seqs.size()))
          .Number("seq", s.last_seq)
          .Value("seqs", absl::StrJoin(seqs, ", "));
    }
    case events::NO_PROGRESS:
      if (!automatic || s.rules.no_progress_limit == 0) {
        return Say("audit.why.no_no_progress");
      }
      return Say("audit.why.no_progress_count")
          .Count(s.no_progress_turns)
          .Number("seq", s.no_progress_since_seq)
          .Number("limit", s.rules.no_progress_limit);
    case events::LONE_KING_HELD:
      if (!automatic || s.rules.lone_king_turns == 0)
        return Say("audit.why.no_lone_king_draw");
      if (!s.lone_king_hunter.has_value()) return Say("audit.why.no_hunter");
      return Say("audit.why.lone_king_count")
          .Count(s.lone_king_turns)
          .Number("seq", s.lone_king_since_seq)
          .Number("limit", s.LoneKingLimit());
    case events::KING_AGAINST_KING:
      if (!automatic || !s.rules.king_against_king_draws)
        return Say("audit.why.no_king_against_king");
      return Say("audit.why.position_is")
          .Number("seq", s.last_seq)
          .Value("fen", s.position.ToFen());
    case events::TURN_LIMIT:
      if (s.rules.turn_limit == 0) return Say("audit.why.no_turn_limit");
      return Say("audit.why.turns_played")
          .Count(s.turns)
          .Number("limit", s.rules.turn_limit);
    case events::AGREEMENT:
      return Say("audit.why.no_offer_accepted");
    case events::RESIGNATION:
      return Say("audit.why.no_resignation");
    default:
      return std::nullopt;
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
               Say("audit.why.unrecorded_at_end")
                   .Clause("end", EndWords(*due))
                   .Clause("why", Justify(s, *due, witnesses_)));
        }
      }
    } else {
      report_.audited = stopped_at_;
      if (stopped_at_ < report_.records) {
        report_.notices.push_back(
            {NoticeKind::kNotAudited, stopped_at_ + 1,
             absl::StrCat(NotAuditedSpan(stopped_at_ + 1, report_.records),
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
  void Find(FindingKind kind, uint64_t seq, Phrase why) {
    std::string message = English(report_.state.started.get(), why);
    report_.findings.push_back({kind, seq, std::move(message), std::move(why)});
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
      Find(FindingKind::kNotAnEvent, seq, Say("audit.why.not_an_event"));
      stopped_at_ = seq;
      return false;
    }
    if (s.started != nullptr && !s.over()) {
      if (std::optional<GameEnded> due = events::DueEnd(s);
          due.has_value() && !event->has_game_ended()) {
        Find(FindingKind::kUnrecordedEnd, seq,
             Say("audit.why.unrecorded_end")
                 .Number("seq", s.last_seq)
                 .Clause("end", EndWords(*due))
                 .Clause("why", Justify(s, *due, witnesses_))
                 .Clause("span", Span(seq, report_.records)));
        rest_judged_ = true;
        return false;
      }
    }
    if (s.over()) {
      Find(FindingKind::kAfterEnd, seq,
           Say("audit.why.after_end")
               .Clause("span", Span(seq, report_.records))
               .Number("seq", end_seq_));
      rest_judged_ = true;
      return false;
    }

    absl::StatusOr<events::CheckedEvent> checked = events::Check(s, *event);
    if (checked.ok()) {
      if (event->has_game_ended()) {
        Phrase why = JustifyRecorded(s, event->game_ended(), witnesses_);
        std::string justification = English(s.started.get(), why);
        report_.end = AuditedEnd{seq, event->game_ended(),
                                 std::move(justification), std::move(why)};
        end_seq_ = seq;
      }
      witnesses_.Note(*event, seq);
      events::ApplyInPlace(&s, *checked);
      return true;
    }

    // The check's own words (in English, as every validation message is).
    const Phrase checked_message =
        Say("audit.why.checked")
            .Value("message", std::string(checked.status().message()));
    if (event->kind_case() == Event::KIND_NOT_SET) {
      Find(FindingKind::kNotAnEvent, seq, checked_message);
      stopped_at_ = seq;
      return false;
    }
    if (s.started == nullptr) {
      Find(FindingKind::kBadStart, seq, checked_message);
      stopped_at_ = seq;
      return false;
    }
    switch (event->kind_case()) {
      case Event::kTurnPlayed:
        Find(FindingKind::kIllegalTurn, seq, checked_message);
        stopped_at_ = seq;
        return false;
      case Event::kGameEnded: {
        const std::optional<GameEnded> due = events::DueEnd(s);
        if (due.has_value()) {
          // The game did end here, as the rules say rather than as claimed.
          Find(FindingKind::kUnjustifiedEnd, seq,
               Say("audit.why.checked_because")
                   .Value("message", std::string(checked.status().message()))
                   .Clause("why", Justify(s, *due, witnesses_)));
          Event actual;
          *actual.mutable_game_ended() = *due;
          // The end the rules impose is one Check accepts.
          if (absl::StatusOr<events::CheckedEvent> ended =
                  events::Check(s, actual);
              ended.ok()) {
            events::ApplyInPlace(&s, *ended);
          }
          end_seq_ = seq;
        } else if (std::optional<Phrase> evidence =
                       Evidence(s, event->game_ended())) {
          Find(FindingKind::kUnjustifiedEnd, seq,
               Say("audit.why.checked_because")
                   .Value("message", std::string(checked.status().message()))
                   .Clause("why", *std::move(evidence)));
        } else {
          Find(FindingKind::kUnjustifiedEnd, seq, checked_message);
        }
        return true;
      }
      default:
        Find(FindingKind::kRefusedEvent, seq,
             Say("audit.why.set_aside")
                 .Value("message", std::string(checked.status().message())));
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
