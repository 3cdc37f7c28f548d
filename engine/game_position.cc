#include "engine/game_position.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "engine/fen.h"
#include "engine/fen10.h"
#include "engine/movegen10.h"
#include "engine/notation.h"
#include "engine/notation10.h"

namespace checkers {
namespace {

// Both boards' functions under one name, so that the dispatch below is a
// single std::visit per call.
std::string TextOf(const Move& m) { return MoveToText(m); }
std::string TextOf(const intl::Move& m) { return intl::MoveToText(m); }

// The square number of the piece taken on the hop from `a` to `b`
// (0-based squares), given the move's captured set.
int TakenOnHop(const Move& m, int a, int b) {
  const Bitboard taken = SquaresBetween(a, b) & m.captured;
  return taken == 0 ? -1 : LowestSquare(taken) + 1;
}
int TakenOnHop(const intl::Move& m, int a, int b) {
  const intl::Bitboard taken = intl::SquaresBetween(a, b) & m.captured;
  return taken == 0 ? -1 : intl::SquareOfBit(intl::LowestBit(taken)) + 1;
}

template <typename M>
void Describe(const M& m, SquareList* route, SquareList* captured) {
  route->push_back(m.from + 1);
  if (!m.IsCapture()) {
    route->push_back(m.to + 1);
    return;
  }
  int at = m.from;
  for (int i = 0; i < m.num_jumps; ++i) {
    const int landing = m.landings[i];
    route->push_back(landing + 1);
    if (const int taken = TakenOnHop(m, at, landing); taken > 0)
      captured->push_back(taken);
    at = landing;
  }
}

// Zero-based squares of `route`, or nullopt when one is off a board of
// `count` squares.
std::optional<std::vector<int>> ZeroBased(absl::Span<const int> route,
                                          int count) {
  std::vector<int> squares;
  squares.reserve(route.size());
  for (int s : route) {
    if (s < 1 || s > count) return std::nullopt;
    squares.push_back(s - 1);
  }
  return squares;
}

}  // namespace

GameMove::GameMove(const Move& move, bool irreversible)
    : move_(move), irreversible_(irreversible) {
  Describe(move, &route_, &captured_);
}

GameMove::GameMove(const intl::Move& move, bool irreversible)
    : move_(move), irreversible_(irreversible) {
  Describe(move, &route_, &captured_);
}

std::string GameMove::Text() const {
  return std::visit([](const auto& m) { return TextOf(m); }, move_);
}

GamePosition GamePosition::Initial(Edition edition) {
  if (TraitsOf(edition).board_size == 10) return Of(intl::Position::Initial());
  return Of(Position::Initial(edition), edition);
}

GamePosition GamePosition::Of(const Position& p, Edition edition) {
  GamePosition g;
  g.edition_ = edition;
  g.board_ = p;
  return g;
}

GamePosition GamePosition::Of(const intl::Position& p) {
  GamePosition g;
  g.edition_ = Edition::kInternational;
  g.board_ = p;
  return g;
}

absl::StatusOr<GamePosition> GamePosition::ParseFen(absl::string_view fen,
                                                    Edition edition) {
  if (TraitsOf(edition).board_size == 10) {
    absl::StatusOr<intl::Position> p = intl::ParseFen(fen);
    if (!p.ok()) return p.status();
    return Of(*p);
  }
  absl::StatusOr<Position> p = checkers::ParseFen(fen);
  if (!p.ok()) return p.status();
  return Of(*p, edition);
}

std::string GamePosition::ToFen() const {
  if (const intl::Position* p = ten()) return intl::ToFen(*p);
  return checkers::ToFen(*eight());
}

Color GamePosition::side_to_move() const {
  return std::visit([](const auto& p) { return p.side_to_move(); }, board_);
}

uint64_t GamePosition::hash() const {
  return std::visit([](const auto& p) { return p.hash(); }, board_);
}

Piece GamePosition::PieceAt(int square) const {
  if (square < 1 || square > square_count()) return Piece::kEmpty;
  return std::visit([square](const auto& p) { return p.PieceAt(square - 1); },
                    board_);
}

int GamePosition::PieceCount(Color c) const {
  return std::visit([c](const auto& p) { return std::popcount(p.pieces(c)); },
                    board_);
}

int GamePosition::KingCount(Color c) const {
  return std::visit([c](const auto& p) { return std::popcount(p.kings(c)); },
                    board_);
}

std::vector<GameMove> GamePosition::LegalMoves(CaptureRule rule) const {
  std::vector<GameMove> out;
  if (const intl::Position* p = ten()) {
    intl::MoveList moves;
    intl::GenerateMoves(*p, &moves);
    out.reserve(moves.size());
    for (const intl::Move& m : moves) out.emplace_back(m, p->IsIrreversible(m));
    return out;
  }
  const Position& p = *eight();
  MoveList moves;
  GenerateMoves(p, &moves, rule, edition_);
  out.reserve(moves.size());
  for (const Move& m : moves) out.emplace_back(m, p.IsIrreversible(m));
  return out;
}

std::vector<std::string> GamePosition::LegalMoveTexts(CaptureRule rule) const {
  if (const intl::Position* p = ten()) return intl::LegalMoveTexts(*p);
  return checkers::LegalMoveTexts(*eight(), rule, edition_);
}

bool GamePosition::HasLegalMove() const {
  if (const intl::Position* p = ten()) return intl::HasLegalMove(*p);
  return checkers::HasLegalMove(*eight(), edition_);
}

bool GamePosition::HasCapture() const {
  if (const intl::Position* p = ten()) return intl::HasCapture(*p);
  return checkers::HasCapture(*eight(), edition_);
}

std::vector<int> GamePosition::MustCapturePieces(CaptureRule rule) const {
  std::vector<int> squares;
  if (ten() != nullptr) {
    // Majority capture may leave a piece that can capture without a legal
    // capture: the legal captures' start squares are the ones that must.
    for (const GameMove& m : LegalMoves()) {
      if (m.is_capture()) squares.push_back(m.from());
    }
    std::sort(squares.begin(), squares.end());
    squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
    return squares;
  }
  for (Bitboard b = checkers::MustCapturePieces(*eight(), rule, edition_); b;
       b = PopLowest(b)) {
    squares.push_back(LowestSquare(b) + 1);
  }
  return squares;
}

absl::StatusOr<GameMove> GamePosition::ParseMove(absl::string_view text,
                                                 CaptureRule rule) const {
  if (const intl::Position* p = ten()) {
    absl::StatusOr<intl::Move> m = intl::ParseMove(*p, text);
    if (!m.ok()) return m.status();
    return GameMove(*m, p->IsIrreversible(*m));
  }
  const Position& p = *eight();
  absl::StatusOr<Move> m = checkers::ParseMove(p, text, rule, edition_);
  if (!m.ok()) return m.status();
  return GameMove(*m, p.IsIrreversible(*m));
}

std::optional<GameMove> GamePosition::LegalMoveAlong(
    absl::Span<const int> route, CaptureRule rule) const {
  const std::optional<std::vector<int>> squares =
      ZeroBased(route, square_count());
  if (!squares.has_value() || squares->size() < 2) return std::nullopt;
  const int length = static_cast<int>(squares->size());
  if (const intl::Position* p = ten()) {
    if (length > intl::kMaxCaptures + 1) return std::nullopt;
    std::optional<intl::Move> m =
        intl::LegalMoveAlong(*p, squares->data(), length);
    if (!m.has_value()) return std::nullopt;
    return GameMove(*m, p->IsIrreversible(*m));
  }
  if (length > kMaxJumps + 1) return std::nullopt;
  const Position& p = *eight();
  std::optional<Move> m =
      checkers::LegalMoveAlong(p, squares->data(), length, rule, edition_);
  if (!m.has_value()) return std::nullopt;
  return GameMove(*m, p.IsIrreversible(*m));
}

std::vector<int> GamePosition::CapturedAlong(
    absl::Span<const int> route) const {
  const std::optional<std::vector<int>> squares =
      ZeroBased(route, square_count());
  std::vector<int> taken;
  if (!squares.has_value()) return taken;
  const int length = static_cast<int>(squares->size());
  if (const intl::Position* p = ten()) {
    for (intl::Bitboard b = intl::CapturedAlong(*p, squares->data(), length); b;
         b = intl::PopLowest(b)) {
      taken.push_back(intl::SquareOfBit(intl::LowestBit(b)) + 1);
    }
    return taken;
  }
  for (Bitboard b = checkers::CapturedAlong(*eight(), squares->data(), length);
       b; b = PopLowest(b)) {
    taken.push_back(LowestSquare(b) + 1);
  }
  return taken;
}

void GamePosition::Play(const GameMove& move) {
  if (intl::Position* p = std::get_if<intl::Position>(&board_)) {
    p->Play(*move.ten());
  } else {
    std::get<Position>(board_).Play(*move.eight());
  }
}

GamePosition GamePosition::After(const GameMove& move) const {
  GamePosition next = *this;
  next.Play(move);
  return next;
}

}  // namespace checkers
