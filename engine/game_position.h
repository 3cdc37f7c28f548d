// The position of a game of any edition, for the layer that plays games
// (events/, replay/, session/, the shells): an 8x8 Position with its
// edition, or a 10x10 intl::Position, behind one interface in square
// NUMBERS (1-32 or 1-50) rather than bitboards. Each call decides the board
// once, at its entry; perft and the search keep their own typed positions
// (engine/movegen8.h, engine/movegen10.h) and never go through here.

#ifndef CHECKERS_ENGINE_GAME_POSITION_H_
#define CHECKERS_ENGINE_GAME_POSITION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/move10.h"
#include "engine/move8.h"
#include "engine/movegen8.h"
#include "engine/position10.h"
#include "engine/position8.h"
#include "engine/rules.h"

namespace checkers {

// Square numbers of one move: a capture takes at most 20 pieces.
using SquareList = absl::InlinedVector<int, 20>;

// A legal move of a GamePosition, in square numbers, with the engine's own
// move inside so that the position it came from can play it.
class GameMove {
 public:
  // An 8x8 move; `irreversible` as Position::IsIrreversible says of it.
  GameMove(const Move& move, bool irreversible);
  // A 10x10 move; `irreversible` as intl::Position::IsIrreversible says.
  GameMove(const intl::Move& move, bool irreversible);

  int from() const { return route_.front(); }
  int to() const { return route_.back(); }
  // The start square, then every square the piece lands on (for a step or
  // a king's flight, the square it goes to).
  const SquareList& route() const { return route_; }
  // The squares of the pieces it takes, in the order taken.
  const SquareList& captured() const { return captured_; }
  bool is_capture() const { return !captured_.empty(); }
  // A capture or a man's move: it resets the no-progress count and ends
  // every repetition.
  bool irreversible() const { return irreversible_; }
  // The PDN text with the full route ("32-28", "28x19x10").
  std::string Text() const;

  // The engine's move, for the board it was made on; null for the other.
  const Move* eight() const { return std::get_if<Move>(&move_); }
  const intl::Move* ten() const { return std::get_if<intl::Move>(&move_); }

  friend bool operator==(const GameMove& a, const GameMove& b) {
    return a.move_ == b.move_;
  }

 private:
  std::variant<Move, intl::Move> move_;
  SquareList route_;
  SquareList captured_;
  bool irreversible_ = false;
};

class GamePosition {
 public:
  // The empty 8x8 board under English rules, Black to move.
  GamePosition() = default;

  // The starting position of `edition`.
  static GamePosition Initial(Edition edition);
  // `p` played under `edition`, which must be an 8x8 one.
  static GamePosition Of(const Position& p, Edition edition);
  // `p`, under the international rules.
  static GamePosition Of(const intl::Position& p);

  // The position `fen` gives on the board of `edition` (the 50-square PDN
  // FEN of engine/fen10.h for international). InvalidArgument naming the
  // problem when it is not one.
  static absl::StatusOr<GamePosition> ParseFen(absl::string_view fen,
                                               Edition edition);
  std::string ToFen() const;

  Edition edition() const { return edition_; }
  // 8 or 10, and 32 or 50.
  int board_size() const { return TraitsOf(edition_).board_size; }
  int square_count() const;
  Color side_to_move() const;
  uint64_t hash() const;

  // The piece on square number `square`; kEmpty outside 1..square_count().
  Piece PieceAt(int square) const;
  int PieceCount(Color c) const;
  int KingCount(Color c) const;
  int ManCount(Color c) const { return PieceCount(c) - KingCount(c); }

  // The legal moves of the side to move, in the generator's order. `rule`
  // applies to the 8x8 editions; international captures are always forced.
  std::vector<GameMove> LegalMoves(
      CaptureRule rule = CaptureRule::kMandatory) const;
  // Their texts, sorted by square numbers.
  std::vector<std::string> LegalMoveTexts(
      CaptureRule rule = CaptureRule::kMandatory) const;
  // Whether the side to move has a move (optional capture adds none to a
  // side that has one); a side without one has lost.
  bool HasLegalMove() const;
  // Whether the side to move can capture at all.
  bool HasCapture() const;
  // The squares of the pieces of the side to move that must capture under
  // `rule` (under majority capture, those that start a legal capture);
  // none when captures are optional or there is none.
  std::vector<int> MustCapturePieces(
      CaptureRule rule = CaptureRule::kMandatory) const;

  // The legal move that `text` names (engine/notation8.h and
  // engine/notation10.h say which forms are read): InvalidArgument when it
  // is not move notation, FailedPrecondition listing the legal moves or the
  // fitting routes otherwise.
  absl::StatusOr<GameMove> ParseMove(
      absl::string_view text, CaptureRule rule = CaptureRule::kMandatory) const;
  // The legal move whose route (GameMove::route) is `route`, or nullopt,
  // also for squares off the board.
  std::optional<GameMove> LegalMoveAlong(
      absl::Span<const int> route,
      CaptureRule rule = CaptureRule::kMandatory) const;
  // The squares of the opponent's pieces that `route`, a legal route or the
  // start of one, passes over; empty for squares off the board.
  std::vector<int> CapturedAlong(absl::Span<const int> route) const;

  // Plays `move`, a legal move of this position, and passes the turn.
  void Play(const GameMove& move);
  GamePosition After(const GameMove& move) const;

  // The engine's position, for the board it is on; null for the other.
  const Position* eight() const { return std::get_if<Position>(&board_); }
  const intl::Position* ten() const {
    return std::get_if<intl::Position>(&board_);
  }

  friend bool operator==(const GamePosition& a, const GamePosition& b) {
    return a.edition_ == b.edition_ && a.board_ == b.board_;
  }

 private:
  Edition edition_ = Edition::kEnglish;
  std::variant<Position, intl::Position> board_;
};

}  // namespace checkers

#endif  // CHECKERS_ENGINE_GAME_POSITION_H_
