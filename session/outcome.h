// What a session tells its shell, as values: why an action was refused,
// what happened (a turn, an undo, the game's end, a change in how the game
// is kept), and whether the game is saved. Each shell words these in its
// own language; nothing here is worded for a person, except the `detail`
// that storage or a check gives (a path, an I/O error).

#ifndef CHECKERS_SESSION_OUTCOME_H_
#define CHECKERS_SESSION_OUTCOME_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/game_position.h"
#include "events/events.pb.h"

namespace checkers::session {

// Why the session did not do what was asked, in the order a move's
// obstacles are checked.
enum class Refusal {
  kNone,
  // No game has been started.
  kNoGame,
  // The game is paused: nothing is done until it resumes.
  kPaused,
  // The game is over.
  kOver,
  // The computer's last search failed; resume or go on as two players.
  kComputerError,
  // The computer is to play.
  kComputerTurn,
  // The computer is weighing a draw offer.
  kComputerAnswering,
  // A draw offer awaits the other player's answer (Report::side answers).
  kAnswerDue,
  // The actor does not hold the seat of the side that would act.
  kNotYourSeat,
  // The move text (Report::detail) is not notation (status: the parser's
  // words).
  kNotation,
  // The move (Report::detail) is not legal here (Report::legal_moves lists
  // those that are).
  kIllegalMove,
  // The move (Report::detail) is short for more than one legal route
  // (Report::legal_moves lists them).
  kAmbiguousMove,
  // There is no turn to take back.
  kNothingToUndo,
  // There is no draw offer to answer.
  kNoOffer,
  // Only a game against the computer can go on as a two-player game.
  kNotVsComputer,
  // The rules refused the action (status: their words).
  kRules,
  // The save failed and the session may not go on in memory (status).
  kSaveFailed,
};

// Whether the game is being saved, and if not, why.
enum class Persistence {
  kSaved,
  // The save could not be opened or created (read-only, missing directory).
  kUnavailable,
  // Another running game holds the save's lock.
  kLocked,
  // Writing failed during play (disk full, I/O error).
  kWriteFailed,
  // The save is damaged and the person chose to leave it untouched.
  kDamagedLeft,
};

// One thing worth telling the person, in the order it happened.
struct Report {
  enum class Kind {
    // Opening repaired the save (detail: what it dropped).
    kRecovered,
    // The damaged save was renamed (detail: its new path).
    kDamagedKept,
    // The game is no longer saved (persistence, detail: why).
    kNotSaved,
    // A new game began.
    kNewGame,
    // A turn was played (side, turn and its move; turn.has_computer() for
    // the computer).
    kTurn,
    // The last turn was taken back.
    kUndone,
    // The end a player chose (a resignation, an agreed draw) was taken
    // back; the game goes on from where it ended.
    kEndUndone,
    // side offered a draw; side accepted or declined one.
    kDrawOffered,
    kDrawAccepted,
    kDrawDeclined,
    // side resigned.
    kResigned,
    // The game goes on between two players.
    kTwoPlayer,
    // The game has ended (its end is in the state).
    kGameOver,
    // The computer's search failed (detail: the engine's words).
    kComputerError,
    // An action was refused (refusal, status, and side or legal_moves).
    kRefused,
  };

  Kind kind = Kind::kRefused;
  events::Side side = events::SIDE_UNSPECIFIED;
  events::TurnPlayed turn = {};
  // The move of a kTurn.
  std::optional<GameMove> move = std::nullopt;
  Persistence persistence = Persistence::kSaved;
  std::string detail = {};
  Refusal refusal = Refusal::kNone;
  absl::Status status = {};
  std::vector<std::string> legal_moves = {};
};

// The answer to one action: done, or refused and why (the same refusal is
// also queued as a Report).
struct Outcome {
  bool ok() const { return refusal == Refusal::kNone; }

  Refusal refusal = Refusal::kNone;
  // For kNotation, kIllegalMove, kRules, kSaveFailed and kNothingToUndo:
  // the error behind the refusal, in the words of the check or the save.
  absl::Status status;
};

}  // namespace checkers::session

#endif  // CHECKERS_SESSION_OUTCOME_H_
