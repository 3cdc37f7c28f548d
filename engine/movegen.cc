#include "engine/movegen.h"

namespace checkers {
namespace {

// Black's men move south (towards square 32), White's north.
template <Color C>
using Forward = Steps<C == Color::kBlack>;
template <Color C>
using Backward = Steps<C != Color::kBlack>;

// The squares of `movers` that can jump an `opp` piece in vertical
// direction V and land on `empty`. A jump is a shift by 4 followed by one
// by 3 or 5, or the other way round.
template <typename V>
inline Bitboard JumpSources(Bitboard movers, Bitboard opp, Bitboard empty) {
  using R = typename V::Reverse;
  return (R::By4(R::By35(empty) & opp) | R::By35(R::By4(empty) & opp)) & movers;
}

template <Color C>
Bitboard CapturingPiecesOf(const Position& pos) {
  const Bitboard opp = pos.pieces(Opponent(C));
  const Bitboard empty = pos.empty();
  const Bitboard kings = pos.kings(C);
  const Bitboard forward = JumpSources<Forward<C>>(pos.pieces(C), opp, empty);
  return kings ? forward | JumpSources<Backward<C>>(kings, opp, empty)
               : forward;
}

template <Color C>
Bitboard SteppingPiecesOf(const Position& pos) {
  const Bitboard all = pos.pieces(C);
  const Bitboard kings = pos.kings(C);
  const Bitboard empty = pos.empty();
  return Forward<C>::Sources(all, empty) | Backward<C>::Sources(kings, empty);
}

// What a capture route may use: the opponent's pieces, the empty squares
// (including the square the capturing piece left, so a king may end its
// loop there) and the crowning row that stops a man.
//
// Captured pieces stay in `opp` until the move is played; the route's
// `captured` set keeps them from being jumped twice. They can never be
// landed on: landing squares and jumped squares lie on different diagonal
// lattices.
struct JumpBoard {
  Bitboard opp;
  Bitboard empty;
  Bitboard promotion_row;
};

// Calls visit(mid, land) for each jump in vertical direction V from the
// single square `at` over an uncaptured opponent piece onto an empty square.
template <typename V, typename Visit>
inline void ForEachJump(const JumpBoard& board, Bitboard at, Bitboard captured,
                        Visit&& visit) {
  const Bitboard jumpable = board.opp & ~captured;
  if (const Bitboard mid = V::By4(at) & jumpable) {
    if (const Bitboard land = V::By35(mid) & board.empty) visit(mid, land);
  }
  if (const Bitboard mid = V::By35(at) & jumpable) {
    if (const Bitboard land = V::By4(mid) & board.empty) visit(mid, land);
  }
}

// Extends the route in `m`, whose piece now stands on `at`, by every
// possible jump; a route that cannot be extended is complete and appended.
template <Color C, bool kKing>
void ExtendRoute(const JumpBoard& board, Bitboard at, Move& m, MoveList* out) {
  bool extended = false;
  auto jump = [&](Bitboard mid, Bitboard land) {
    extended = true;
    const int8_t land_square = static_cast<int8_t>(LowestSquare(land));
    m.landings[m.num_jumps++] = land_square;
    m.captured |= mid;
    if (!kKing && (land & board.promotion_row)) {
      m.to = land_square;
      out->push_back(m);
    } else {
      ExtendRoute<C, kKing>(board, land, m, out);
    }
    --m.num_jumps;
    m.captured &= ~mid;
  };
  ForEachJump<Forward<C>>(board, at, m.captured, jump);
  if constexpr (kKing) ForEachJump<Backward<C>>(board, at, m.captured, jump);
  if (!extended && m.num_jumps > 0) {
    m.to = static_cast<int8_t>(LowestSquare(at));
    out->push_back(m);
  }
}

// The number of complete routes ExtendRoute would produce.
template <Color C, bool kKing>
int CountRoutes(const JumpBoard& board, Bitboard at, Bitboard captured) {
  int routes = 0;
  auto jump = [&](Bitboard mid, Bitboard land) {
    if (!kKing && (land & board.promotion_row)) {
      ++routes;
    } else {
      routes += CountRoutes<C, kKing>(board, land, captured | mid);
    }
  };
  ForEachJump<Forward<C>>(board, at, captured, jump);
  if constexpr (kKing) ForEachJump<Backward<C>>(board, at, captured, jump);
  return routes > 0 ? routes : (captured != 0);
}

template <Color C>
void AddCaptures(const Position& pos, Bitboard capturers, MoveList* out) {
  const Bitboard kings = pos.kings(C);
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    const JumpBoard board{pos.pieces(Opponent(C)), pos.empty() | from,
                          PromotionRow(C)};
    Move m;
    m.from = static_cast<int8_t>(LowestSquare(from));
    if (kings & from) {
      ExtendRoute<C, true>(board, from, m, out);
    } else {
      ExtendRoute<C, false>(board, from, m, out);
    }
  }
}

template <Color C>
// Kept out of line: captures are the rare case, and inlining them would
// give every count the stack frame of the capture search.
[[gnu::noinline]] int CountCaptures(const Position& pos, Bitboard capturers) {
  const Bitboard kings = pos.kings(C);
  int count = 0;
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    const JumpBoard board{pos.pieces(Opponent(C)), pos.empty() | from,
                          PromotionRow(C)};
    count += (kings & from) ? CountRoutes<C, true>(board, from, 0)
                            : CountRoutes<C, false>(board, from, 0);
  }
  return count;
}

// Calls visit(step) for each step of `movers` onto `empty` in vertical
// direction V.
template <typename V, typename Visit>
inline void ForEachStepOf(Bitboard movers, Bitboard empty, Visit&& visit) {
  auto each = [&](Bitboard sources, auto step) {
    for (Bitboard b = sources; b; b = PopLowest(b)) {
      const Bitboard from = b & -b;
      Move m;
      m.from = static_cast<int8_t>(LowestSquare(from));
      m.to = static_cast<int8_t>(LowestSquare(step(from)));
      visit(m);
    }
  };
  each(V::Sources4(movers, empty), V::By4);
  each(V::Sources35(movers, empty), V::By35);
}

// Calls visit(step) for every non-capturing move of colour C by a piece
// of `movers`.
template <Color C, typename Visit>
inline void ForEachStep(const Position& pos, Bitboard movers, Visit&& visit) {
  const Bitboard empty = pos.empty();
  ForEachStepOf<Forward<C>>(pos.pieces(C) & movers, empty, visit);
  if (const Bitboard kings = pos.kings(C) & movers)
    ForEachStepOf<Backward<C>>(kings, empty, visit);
}

template <Color C>
void AddSteps(const Position& pos, Bitboard movers, MoveList* out) {
  ForEachStep<C>(pos, movers, [out](const Move& m) { out->push_back(m); });
}

inline constexpr Bitboard kAllSquares = ~Bitboard{0};

template <Color C>
int CountSteps(const Position& pos) {
  const Bitboard empty = pos.empty();
  const Bitboard kings = pos.kings(C);
  return Forward<C>::CountSteps(pos.pieces(C), empty) +
         (kings ? Backward<C>::CountSteps(kings, empty) : 0);
}

// The legal moves of the pieces of `movers`; `capturers` must be
// CapturingPiecesOf<C>(pos), since whether a piece may step depends on
// every piece's captures.
template <Color C>
void Generate(const Position& pos, Bitboard capturers, MoveList* moves,
              CaptureRule rule, Bitboard movers = kAllSquares) {
  AddCaptures<C>(pos, capturers & movers, moves);
  if (capturers == 0 || rule == CaptureRule::kOptional)
    AddSteps<C>(pos, movers, moves);
}

// Whether `m` is the move with route `route[0..length)`.
bool FollowsRoute(const Move& m, const int* route, int length) {
  if (m.from != route[0]) return false;
  if (!m.IsCapture()) return length == 2 && m.to == route[1];
  if (m.num_jumps != length - 1) return false;
  for (int i = 0; i < m.num_jumps; ++i) {
    if (m.landings[i] != route[i + 1]) return false;
  }
  return true;
}

template <Color C>
int Count(const Position& pos, CaptureRule rule) {
  const Bitboard capturers = CapturingPiecesOf<C>(pos);
  if (capturers == 0) return CountSteps<C>(pos);
  const int captures = CountCaptures<C>(pos, capturers);
  return rule == CaptureRule::kOptional ? captures + CountSteps<C>(pos)
                                        : captures;
}

template <Color C>
uint64_t PerftOf(const Position& pos, int depth, CaptureRule rule) {
  if (depth == 1) return Count<C>(pos, rule);
  uint64_t leaves = 0;
  const Bitboard capturers = CapturingPiecesOf<C>(pos);
  if (depth == 2 && capturers == 0) {
    // Most positions have no capture; their steps need no move list.
    ForEachStep<C>(pos, kAllSquares, [&](const Move& m) {
      leaves += Count<Opponent(C)>(pos.After(m), rule);
    });
    return leaves;
  }
  MoveList moves;
  Generate<C>(pos, capturers, &moves, rule);
  for (const Move& m : moves)
    leaves += PerftOf<Opponent(C)>(pos.After(m), depth - 1, rule);
  return leaves;
}

}  // namespace

uint64_t Perft(const Position& pos, int depth, CaptureRule rule) {
  if (depth <= 0) return 1;
  return pos.side_to_move() == Color::kBlack
             ? PerftOf<Color::kBlack>(pos, depth, rule)
             : PerftOf<Color::kWhite>(pos, depth, rule);
}

std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length, CaptureRule rule) {
  if (length < 2 || length > kMaxJumps + 1) return std::nullopt;
  for (int i = 0; i < length; ++i) {
    if (route[i] < 0 || route[i] >= kNumSquares) return std::nullopt;
  }
  // Only the moves of the piece on the start square can follow the route.
  const Bitboard from = SquareBit(route[0]);
  MoveList moves;
  if (pos.side_to_move() == Color::kBlack) {
    Generate<Color::kBlack>(pos, CapturingPiecesOf<Color::kBlack>(pos), &moves,
                            rule, from);
  } else {
    Generate<Color::kWhite>(pos, CapturingPiecesOf<Color::kWhite>(pos), &moves,
                            rule, from);
  }
  for (const Move& m : moves) {
    if (FollowsRoute(m, route, length)) return m;
  }
  return std::nullopt;
}

Bitboard CapturedAlong(const Position& pos, const int* route, int length) {
  const Bitboard opponent = pos.pieces(Opponent(pos.side_to_move()));
  Bitboard captured = 0;
  for (int i = 1; i < length; ++i)
    captured |= SquaresBetween(route[i - 1], route[i]) & opponent;
  return captured;
}

void GenerateMoves(const Position& pos, MoveList* moves, CaptureRule rule) {
  GenerateMoves(pos, CapturingPieces(pos), moves, rule);
}

void GenerateCaptures(const Position& pos, MoveList* moves) {
  GenerateCaptures(pos, CapturingPieces(pos), moves);
}

void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   CaptureRule rule) {
  if (pos.side_to_move() == Color::kBlack) {
    Generate<Color::kBlack>(pos, capturers, moves, rule);
  } else {
    Generate<Color::kWhite>(pos, capturers, moves, rule);
  }
}

void GenerateCaptures(const Position& pos, Bitboard capturers,
                      MoveList* moves) {
  if (pos.side_to_move() == Color::kBlack) {
    AddCaptures<Color::kBlack>(pos, capturers, moves);
  } else {
    AddCaptures<Color::kWhite>(pos, capturers, moves);
  }
}

int CountMoves(const Position& pos, CaptureRule rule) {
  return pos.side_to_move() == Color::kBlack ? Count<Color::kBlack>(pos, rule)
                                             : Count<Color::kWhite>(pos, rule);
}

Bitboard CapturingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack
             ? CapturingPiecesOf<Color::kBlack>(pos)
             : CapturingPiecesOf<Color::kWhite>(pos);
}

Bitboard SteppingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack
             ? SteppingPiecesOf<Color::kBlack>(pos)
             : SteppingPiecesOf<Color::kWhite>(pos);
}

}  // namespace checkers
