#include "engine/game_position.h"

#include <bit>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/fen10.h"
#include "engine/fen8.h"
#include "engine/movegen10.h"
#include "engine/notation10.h"
#include "engine/notation8.h"

namespace checkers {
namespace {

// What GamePosition and GameMove need of a board, under one set of names:
// one specialisation per board, so that each method below is a single
// generic body, dispatched once by std::visit. The 8x8 board takes the
// capture rule and the edition; international draughts has one rule set
// and ignores them.
template <typename P>
struct Board;

template <>
struct Board<Position> {
  using Pos = Position;
  using Move = checkers::Move;
  using MoveList = checkers::MoveList;
  using Bitboard = checkers::Bitboard;
  static constexpr int kNumSquares = checkers::kNumSquares;
  static constexpr int kMaxCaptures = checkers::kMaxCaptures;

  // The 0-based square of the lowest bit of a non-empty set.
  static int LowestSquareOf(Bitboard b) { return LowestSquare(b); }
  static Bitboard PopLowestOf(Bitboard b) { return PopLowest(b); }
  static Bitboard Between(int a, int b) { return SquaresBetween(a, b); }
  static std::string Text(const Move& m) { return MoveToText(m); }
  static const Move& Of(const GameMove& m) { return *m.eight(); }

  static absl::StatusOr<Position> Parse(absl::string_view fen) {
    return ParseFen(fen);
  }
  static std::string Fen(const Position& p) { return ToFen(p); }
  static void Generate(const Position& p, CaptureRule rule, Edition edition,
                       MoveList* moves) {
    GenerateMoves(p, moves, rule, edition);
  }
  static std::vector<std::string> Texts(const Position& p, CaptureRule rule,
                                        Edition edition) {
    return LegalMoveTexts(p, rule, edition);
  }
  static bool CanMove(const Position& p, Edition edition) {
    return HasLegalMove(p, edition);
  }
  static bool CanCapture(const Position& p, Edition edition) {
    return HasCapture(p, edition);
  }
  static Bitboard MustCapture(const Position& p, CaptureRule rule,
                              Edition edition) {
    return MustCapturePieces(p, rule, edition);
  }
  static absl::StatusOr<Move> Named(const Position& p, absl::string_view text,
                                    CaptureRule rule, Edition edition) {
    return ParseMove(p, text, rule, edition);
  }
  static std::optional<Move> Along(const Position& p, const int* route,
                                   int length, CaptureRule rule,
                                   Edition edition) {
    return LegalMoveAlong(p, route, length, rule, edition);
  }
  static Bitboard Taken(const Position& p, const int* route, int length) {
    return CapturedAlong(p, route, length);
  }
};

template <>
struct Board<intl::Position> {
  using Pos = intl::Position;
  using Move = intl::Move;
  using MoveList = intl::MoveList;
  using Bitboard = intl::Bitboard;
  static constexpr int kNumSquares = intl::kNumSquares;
  static constexpr int kMaxCaptures = intl::kMaxCaptures;

  static int LowestSquareOf(Bitboard b) {
    return intl::SquareOfBit(intl::LowestBit(b));
  }
  static Bitboard PopLowestOf(Bitboard b) { return intl::PopLowest(b); }
  static Bitboard Between(int a, int b) { return intl::SquaresBetween(a, b); }
  static std::string Text(const Move& m) { return intl::MoveToText(m); }
  static const Move& Of(const GameMove& m) { return *m.ten(); }

  static absl::StatusOr<intl::Position> Parse(absl::string_view fen) {
    return intl::ParseFen(fen);
  }
  static std::string Fen(const intl::Position& p) { return intl::ToFen(p); }
  static void Generate(const intl::Position& p, CaptureRule, Edition,
                       MoveList* moves) {
    intl::GenerateMoves(p, moves);
  }
  static std::vector<std::string> Texts(const intl::Position& p, CaptureRule,
                                        Edition) {
    return intl::LegalMoveTexts(p);
  }
  static bool CanMove(const intl::Position& p, Edition) {
    return intl::HasLegalMove(p);
  }
  static bool CanCapture(const intl::Position& p, Edition) {
    return intl::HasCapture(p);
  }
  // Majority capture may leave a piece that can capture without a legal
  // capture: the legal captures' start squares are the ones that must.
  static Bitboard MustCapture(const intl::Position& p, CaptureRule, Edition) {
    MoveList moves;
    intl::GenerateCaptures(p, &moves);
    Bitboard pieces = 0;
    for (const Move& m : moves) pieces |= intl::SquareBit(m.from);
    return pieces;
  }
  static absl::StatusOr<Move> Named(const intl::Position& p,
                                    absl::string_view text, CaptureRule,
                                    Edition) {
    return intl::ParseMove(p, text);
  }
  static std::optional<Move> Along(const intl::Position& p, const int* route,
                                   int length, CaptureRule, Edition) {
    return intl::LegalMoveAlong(p, route, length);
  }
  static Bitboard Taken(const intl::Position& p, const int* route, int length) {
    return intl::CapturedAlong(p, route, length);
  }
};

// The Board of a visited position, and of a visited move.
template <typename P>
using BoardOf = Board<std::remove_cvref_t<P>>;
template <typename M>
using BoardOfMove =
    Board<std::conditional_t<std::is_same_v<std::remove_cvref_t<M>, Move>,
                             Position, intl::Position>>;

// Calls f(Board<P>()) for the position type P of `edition`'s board.
template <typename F>
decltype(auto) OnBoardOf(Edition edition, F&& f) {
  if (TraitsOf(edition).board_size == 10) return f(Board<intl::Position>());
  return f(Board<Position>());
}

// The square numbers of `b`'s squares, lowest first.
template <typename B>
void AppendSquares(typename B::Bitboard b, std::vector<int>* squares) {
  for (; b; b = B::PopLowestOf(b)) squares->push_back(B::LowestSquareOf(b) + 1);
}

template <typename M>
void Describe(const M& m, SquareList* route, SquareList* captured) {
  using B = BoardOfMove<M>;
  route->push_back(m.from + 1);
  if (!m.IsCapture()) {
    route->push_back(m.to + 1);
    return;
  }
  int at = m.from;
  for (int i = 0; i < m.num_jumps; ++i) {
    const int landing = m.landings[i];
    route->push_back(landing + 1);
    // The piece taken on the hop from `at` to `landing`.
    if (const auto taken = B::Between(at, landing) & m.captured)
      captured->push_back(B::LowestSquareOf(taken) + 1);
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
  return std::visit(
      [](const auto& m) { return BoardOfMove<decltype(m)>::Text(m); }, move_);
}

GamePosition GamePosition::Initial(Edition edition) {
  return OnBoardOf(edition, [edition](auto board) {
    GamePosition g;
    g.edition_ = edition;
    g.board_ = decltype(board)::Pos::Initial(edition);
    return g;
  });
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
  return OnBoardOf(edition, [&](auto board) -> absl::StatusOr<GamePosition> {
    auto p = board.Parse(fen);
    if (!p.ok()) return p.status();
    GamePosition g;
    g.edition_ = edition;
    g.board_ = *p;
    return g;
  });
}

std::string GamePosition::ToFen() const {
  return std::visit([](const auto& p) { return BoardOf<decltype(p)>::Fen(p); },
                    board_);
}

int GamePosition::square_count() const {
  return std::visit(
      [](const auto& p) { return BoardOf<decltype(p)>::kNumSquares; }, board_);
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
  return std::visit(
      [&](const auto& p) {
        using B = BoardOf<decltype(p)>;
        typename B::MoveList moves;
        B::Generate(p, rule, edition_, &moves);
        std::vector<GameMove> out;
        out.reserve(moves.size());
        for (const auto& m : moves) out.emplace_back(m, p.IsIrreversible(m));
        return out;
      },
      board_);
}

std::vector<std::string> GamePosition::LegalMoveTexts(CaptureRule rule) const {
  return std::visit(
      [&](const auto& p) {
        return BoardOf<decltype(p)>::Texts(p, rule, edition_);
      },
      board_);
}

bool GamePosition::HasLegalMove() const {
  return std::visit(
      [&](const auto& p) { return BoardOf<decltype(p)>::CanMove(p, edition_); },
      board_);
}

bool GamePosition::HasCapture() const {
  return std::visit(
      [&](const auto& p) {
        return BoardOf<decltype(p)>::CanCapture(p, edition_);
      },
      board_);
}

std::vector<int> GamePosition::MustCapturePieces(CaptureRule rule) const {
  return std::visit(
      [&](const auto& p) {
        using B = BoardOf<decltype(p)>;
        std::vector<int> squares;
        AppendSquares<B>(B::MustCapture(p, rule, edition_), &squares);
        return squares;
      },
      board_);
}

absl::StatusOr<GameMove> GamePosition::ParseMove(absl::string_view text,
                                                 CaptureRule rule) const {
  return std::visit(
      [&](const auto& p) -> absl::StatusOr<GameMove> {
        auto m = BoardOf<decltype(p)>::Named(p, text, rule, edition_);
        if (!m.ok()) return m.status();
        return GameMove(*m, p.IsIrreversible(*m));
      },
      board_);
}

std::optional<GameMove> GamePosition::LegalMoveAlong(
    absl::Span<const int> route, CaptureRule rule) const {
  const std::optional<std::vector<int>> squares =
      ZeroBased(route, square_count());
  if (!squares.has_value() || squares->size() < 2) return std::nullopt;
  const int length = static_cast<int>(squares->size());
  return std::visit(
      [&](const auto& p) -> std::optional<GameMove> {
        using B = BoardOf<decltype(p)>;
        if (length > B::kMaxCaptures + 1) return std::nullopt;
        auto m = B::Along(p, squares->data(), length, rule, edition_);
        if (!m.has_value()) return std::nullopt;
        return GameMove(*m, p.IsIrreversible(*m));
      },
      board_);
}

std::vector<int> GamePosition::CapturedAlong(
    absl::Span<const int> route) const {
  const std::optional<std::vector<int>> squares =
      ZeroBased(route, square_count());
  std::vector<int> taken;
  if (!squares.has_value()) return taken;
  const int length = static_cast<int>(squares->size());
  std::visit(
      [&](const auto& p) {
        using B = BoardOf<decltype(p)>;
        AppendSquares<B>(B::Taken(p, squares->data(), length), &taken);
      },
      board_);
  return taken;
}

void GamePosition::Play(const GameMove& move) {
  std::visit([&](auto& p) { p.Play(BoardOf<decltype(p)>::Of(move)); }, board_);
}

GamePosition GamePosition::After(const GameMove& move) const {
  GamePosition next = *this;
  next.Play(move);
  return next;
}

}  // namespace checkers
