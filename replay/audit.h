// Auditing a game's log (`checkers audit`, README.md): folding it
// from the first record without trusting anything it claims, and saying
// exactly where and why it departs from the rules.
//
// The audit is a second, independent reading of the same rules the game
// used when it wrote the log: every event is checked with events::Check
// against the state the audit rebuilt itself, so where events::FoldChecked
// refuses a log, the audit's finding is at the same seq for the same
// reason. The audit is stricter in one respect: a RECORDED
// end (a result an imported record states, checked only for not
// contradicting the moves) is a finding in a game played here, which is
// one with automatic draws on. Unlike the fold, the audit goes on after a
// problem wherever the rest of the log can still be judged soundly:
//
// - a GameEnded that the rules do not support is a finding and is set
//   aside: the game goes on as if it were not there, or, when the rules
//   did end the game at that point (with another result, reason or
//   evidence), it ends as the rules say;
// - a draw offer or answer, resignation, mode change or second game start
//   that may not follow is a finding and is set aside; the game goes on;
// - events after the end (recorded, or imposed by the rules but not
//   recorded) are one finding for the whole run, since none of them is
//   part of the game;
// - the audit stops at a turn that is not legal for the side to move, at a
//   record that is not an event (or is of a kind this version does not
//   know), and at a log that does not begin with a valid game start: every
//   later turn would be judged against a position that never stood. A
//   notice names the records left unaudited.
//
// Storage damage (a checksum mismatch, a missing or reordered record) is
// not a finding but an error: the log cannot be read past it (see
// storage::ParseLog). A torn tail is a notice: the complete commits before
// it are what the log holds, and they are audited.

#ifndef CHECKERS_REPLAY_AUDIT_H_
#define CHECKERS_REPLAY_AUDIT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "events/game_state.h"
#include "replay/phrase.h"
#include "storage/log_reader.h"

namespace checkers::replay {

enum class FindingKind {
  // The record's payload is not an Event, or is an event of a kind this
  // version does not know. The audit stops.
  kNotAnEvent,
  // The log does not begin with a valid GameStarted. The audit stops.
  kBadStart,
  // A turn by the wrong side, or not legal for the side to move. The audit
  // stops.
  kIllegalTurn,
  // A draw offer or answer, resignation, mode change or second start that
  // may not follow the events before it. Set aside.
  kRefusedEvent,
  // A GameEnded the rules do not support: the game had not ended, or ended
  // with another result, reason or evidence, or a RECORDED result in a game
  // played here. Set aside.
  kUnjustifiedEnd,
  // The rules ended the game, but the log does not record the end where
  // they did.
  kUnrecordedEnd,
  // Events after the recorded end of the game.
  kAfterEnd,
};

// The kind as a stable lower-case word for machine-readable output, e.g.
// "illegal_turn".
absl::string_view FindingCode(FindingKind kind);

struct Finding {
  FindingKind kind;
  // The record where the log departs from the rules.
  uint64_t seq = 0;
  // One line in English, without the seq, e.g. "the move 22-17 is not
  // legal for White here; legal moves: 21-17 22-18": `why`, worded.
  std::string message;
  // The reasoning, for a shell to word in its language (replay/phrase.h).
  Phrase why;
};

// What a notice is about, so that a shell can word it (the numbers are
// the report's: records, audited, torn_bytes, valid_length).
enum class NoticeKind {
  // The records after `audited` are not judged: the audit stopped there.
  kNotAudited,
  // The log holds no events.
  kEmpty,
  // The log ends in torn_bytes of an unfinished write.
  kTornTail,
};

// Something worth knowing that is not a fault of the log's events.
struct Notice {
  NoticeKind kind;
  // The record it is about; 0 for the log as a whole.
  uint64_t seq = 0;
  // In English, for machine-readable output and logs.
  std::string message;
};

// The recorded end of the game, found justified.
struct AuditedEnd {
  uint64_t seq = 0;
  events::GameEnded end;
  // Why the rules support it in English, e.g. "White, to move after seq
  // 46, has no legal move (all 5 pieces blocked)" or "the position stood
  // after seqs 37, 41, 45": `why`, worded.
  std::string justification;
  Phrase why;
};

struct AuditReport {
  // Complete records in the log.
  uint64_t records = 0;
  // Records judged before the audit had to stop (== records when it did
  // not stop).
  uint64_t audited = 0;
  // Bytes of an unfinished commit at the end of the log.
  uint64_t torn_bytes = 0;
  // The byte offset where the torn bytes start.
  uint64_t valid_length = 0;
  std::vector<Finding> findings;
  std::vector<Notice> notices;
  // Set when the log records an end of the game that the rules support.
  std::optional<AuditedEnd> end;
  // The game as the audit rebuilt it from the events it accepted.
  events::GameState state;

  bool sound() const { return findings.empty(); }
};

// Audits the records of a log as storage read them.
AuditReport AuditRecords(const storage::LogContents& contents);

// Parses the bytes of a whole log file (storage::ParseLog) and audits it.
// DataLoss naming the byte offset and seq when the log is damaged.
absl::StatusOr<AuditReport> AuditLogBytes(absl::string_view bytes);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_AUDIT_H_
