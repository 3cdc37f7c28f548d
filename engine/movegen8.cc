#include "engine/movegen8.h"

#include <type_traits>

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

// Calls visit(D{}) for each of the four diagonal directions D.
template <typename Visit>
inline void ForEachDiagonal(Visit&& visit) {
  visit(SouthWest{});
  visit(SouthEast{});
  visit(NorthWest{});
  visit(NorthEast{});
}

// Whether a flying king on the single square `at` can capture a piece of
// `jumpable`: along some diagonal, past empty squares, the first piece is
// one of them and the square beyond it is empty. A piece already taken in
// the capture under way stays on the board and blocks (it is not
// jumpable, and not empty).
inline bool FlyingKingCanCapture(Bitboard at, Bitboard jumpable,
                                 Bitboard empty) {
  bool can = false;
  ForEachDiagonal([&](auto d) {
    using D = decltype(d);
    Bitboard sq = D::Step(at);
    while (sq & empty) sq = D::Step(sq);
    can |= (sq & jumpable) && (D::Step(sq) & empty);
  });
  return can;
}

// What counting the moves of colour C needs: its men and kings, the other
// side's pieces and the empty squares. Perft derives it for a child
// position from its parent by a few bit operations, without playing the
// move into a Position (and its hash).
struct Sides {
  Bitboard men;
  Bitboard kings;
  Bitboard opp;
  Bitboard empty;
};

template <Color C>
inline Sides SidesOf(const Position& pos) {
  return {pos.men(C), pos.kings(C), pos.pieces(Opponent(C)), pos.empty()};
}

template <Edition E, Color C>
Bitboard CapturingPiecesIn(const Sides& s) {
  if constexpr (!TraitsOf(E).men_capture_backward) {
    const Bitboard forward =
        JumpSources<Forward<C>>(s.men | s.kings, s.opp, s.empty);
    return s.kings ? forward | JumpSources<Backward<C>>(s.kings, s.opp, s.empty)
                   : forward;
  } else {
    Bitboard capturers = JumpSources<Forward<C>>(s.men, s.opp, s.empty) |
                         JumpSources<Backward<C>>(s.men, s.opp, s.empty);
    for (Bitboard b = s.kings; b; b = PopLowest(b)) {
      const Bitboard king = b & -b;
      if (FlyingKingCanCapture(king, s.opp, s.empty)) capturers |= king;
    }
    return capturers;
  }
}

template <Edition E, Color C>
Bitboard CapturingPiecesOf(const Position& pos) {
  return CapturingPiecesIn<E, C>(SidesOf<C>(pos));
}

// A flying king can step wherever a short king can: onto a neighbouring
// empty square, so every edition on 8x8 shares this.
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

// The capture routes of a flying king (Russian, pool) standing on `at`,
// from which it can capture: along each diagonal it passes empty squares,
// jumps the first piece if that is an opponent's not yet taken, and may
// land on any empty square beyond. Where some of those landings let the
// capture go on, only they may be chosen (a capture is taken to its end);
// otherwise each landing ends a move.
void ExtendFlyingKingRoute(const JumpBoard& board, Bitboard at, Move& m,
                           MoveList* out) {
  ForEachDiagonal([&](auto d) {
    using D = decltype(d);
    Bitboard mid = D::Step(at);
    while (mid & board.empty) mid = D::Step(mid);
    if (!(mid & board.opp & ~m.captured)) return;
    const Bitboard first_landing = D::Step(mid) & board.empty;
    if (!first_landing) return;
    m.captured |= mid;
    ++m.num_jumps;
    const Bitboard jumpable = board.opp & ~m.captured;
    Bitboard landings = 0;
    Bitboard going_on = 0;
    for (Bitboard l = first_landing; l & board.empty; l = D::Step(l)) {
      landings |= l;
      if (FlyingKingCanCapture(l, jumpable, board.empty)) going_on |= l;
    }
    for (Bitboard b = going_on ? going_on : landings; b; b = PopLowest(b)) {
      const Bitboard land = b & -b;
      m.landings[m.num_jumps - 1] = static_cast<int8_t>(LowestSquare(land));
      if (going_on) {
        ExtendFlyingKingRoute(board, land, m, out);
      } else {
        m.to = m.landings[m.num_jumps - 1];
        out->push_back(m);
      }
    }
    --m.num_jumps;
    m.captured &= ~mid;
  });
}

// The capture routes of a man that captures in all four directions
// (Russian, pool) standing on `at`. On the far row it goes on as the
// edition says (CrownedMidCapture).
template <Edition E>
void ExtendManRoute(const JumpBoard& board, Bitboard at, Move& m,
                    MoveList* out) {
  bool extended = false;
  ForEachDiagonal([&](auto d) {
    using D = decltype(d);
    const Bitboard mid = D::Step(at) & board.opp & ~m.captured;
    const Bitboard land = D::Step(mid) & board.empty;
    if (!land) return;
    extended = true;
    m.landings[m.num_jumps++] = static_cast<int8_t>(LowestSquare(land));
    m.captured |= mid;
    if (TraitsOf(E).crowned_mid_capture == CrownedMidCapture::kGoesOnAsKing &&
        (land & board.promotion_row)) {
      m.crowned_en_route = true;
      if (FlyingKingCanCapture(land, board.opp & ~m.captured, board.empty)) {
        ExtendFlyingKingRoute(board, land, m, out);
      } else {
        m.to = m.landings[m.num_jumps - 1];
        out->push_back(m);
      }
      m.crowned_en_route = false;
    } else {
      ExtendManRoute<E>(board, land, m, out);
    }
    --m.num_jumps;
    m.captured &= ~mid;
  });
  if (!extended && m.num_jumps > 0) {
    m.to = static_cast<int8_t>(LowestSquare(at));
    out->push_back(m);
  }
}

template <Edition E, Color C>
void AddCaptures(const Sides& s, Bitboard capturers, MoveList* out) {
  const Bitboard kings = s.kings;
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    const JumpBoard board{s.opp, s.empty | from, CrowningRow(C)};
    Move m;
    m.from = static_cast<int8_t>(LowestSquare(from));
    if constexpr (TraitsOf(E).flying_kings) {
      if (kings & from) {
        ExtendFlyingKingRoute(board, from, m, out);
      } else {
        ExtendManRoute<E>(board, from, m, out);
      }
    } else if (kings & from) {
      ExtendRoute<C, true>(board, from, m, out);
    } else {
      ExtendRoute<C, false>(board, from, m, out);
    }
  }
}

template <Color C>
// Kept out of line: captures are the rare case, and inlining them would
// give every count the stack frame of the capture search.
[[gnu::noinline]] int CountCaptures(const Sides& s, Bitboard capturers) {
  int count = 0;
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    const JumpBoard board{s.opp, s.empty | from, CrowningRow(C)};
    count += (s.kings & from) ? CountRoutes<C, true>(board, from, 0)
                              : CountRoutes<C, false>(board, from, 0);
  }
  return count;
}

// Calls visit(from, to), each a single square, for each step of `movers`
// onto `empty` in vertical direction V: the shifts by 4, then the others.
template <typename V, typename Visit>
inline void ForEachStepOf(Bitboard movers, Bitboard empty, Visit&& visit) {
  for (Bitboard b = V::Sources4(movers, empty); b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    visit(from, V::By4(from));
  }
  for (Bitboard b = V::Sources35(movers, empty); b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    visit(from, V::By35(from));
  }
}

// Calls visit(from, to) for every non-capturing move of colour C by a
// piece of `movers`: forward steps, then a short king's backward ones, or
// where kings fly (Russian, pool) the men's steps and then each king's
// flights, direction by direction, nearest square first.
template <Edition E, Color C, typename Visit>
inline void ForEachStepBitsIn(const Position& pos, Bitboard movers,
                              Visit&& visit) {
  const Bitboard empty = pos.empty();
  if constexpr (TraitsOf(E).flying_kings) {
    ForEachStepOf<Forward<C>>(pos.men(C) & movers, empty, visit);
    for (Bitboard b = pos.kings(C) & movers; b; b = PopLowest(b)) {
      const Bitboard from = b & -b;
      ForEachDiagonal([&](auto d) {
        using D = decltype(d);
        for (Bitboard to = D::Step(from) & empty; to; to = D::Step(to) & empty)
          visit(from, to);
      });
    }
  } else {
    ForEachStepOf<Forward<C>>(pos.pieces(C) & movers, empty, visit);
    if (const Bitboard kings = pos.kings(C) & movers)
      ForEachStepOf<Backward<C>>(kings, empty, visit);
  }
}

inline Move StepMove(Bitboard from, Bitboard to) {
  Move m;
  m.from = static_cast<int8_t>(LowestSquare(from));
  m.to = static_cast<int8_t>(LowestSquare(to));
  return m;
}

// Calls visit(move) for each step, in ForEachStepBitsIn's order.
template <Edition E, Color C, typename Visit>
inline void ForEachStepIn(const Position& pos, Bitboard movers, Visit&& visit) {
  ForEachStepBitsIn<E, C>(pos, movers, [&](Bitboard from, Bitboard to) {
    visit(StepMove(from, to));
  });
}

template <Edition E, Color C>
void AddSteps(const Position& pos, Bitboard movers, MoveList* out) {
  ForEachStepIn<E, C>(pos, movers, [out](const Move& m) { out->push_back(m); });
}

inline constexpr Bitboard kAllSquares = ~Bitboard{0};

template <Edition E, Color C>
int CountStepsIn(const Sides& s) {
  if constexpr (TraitsOf(E).flying_kings) {
    // Along one diagonal no two kings reach the same square (the nearer
    // blocks the farther), so the squares reached, counted ring by ring,
    // are the moves.
    int count = Forward<C>::CountSteps(s.men, s.empty);
    ForEachDiagonal([&](auto d) {
      using D = decltype(d);
      for (Bitboard ring = D::Step(s.kings) & s.empty; ring;
           ring = D::Step(ring) & s.empty)
        count += PopCount(ring);
    });
    return count;
  } else {
    return Forward<C>::CountSteps(s.men | s.kings, s.empty) +
           (s.kings ? Backward<C>::CountSteps(s.kings, s.empty) : 0);
  }
}

template <Edition E, Color C>
int CountSteps(const Position& pos) {
  return CountStepsIn<E, C>(SidesOf<C>(pos));
}

// Whether two captures take the same pieces in the same order: routes of a
// flying king that differ only in where it landed between two captures.
bool SameCaptureOrder(const Move& a, const Move& b) {
  int a_at = a.from;
  int b_at = b.from;
  for (int i = 0; i < a.num_jumps; ++i) {
    if ((SquaresBetween(a_at, a.landings[i]) & a.captured) !=
        (SquaresBetween(b_at, b.landings[i]) & b.captured))
      return false;
    a_at = a.landings[i];
    b_at = b.landings[i];
  }
  return true;
}

// Removes from `moves` the captures that perft counts with an earlier one:
// under kKeep those that take the same pieces in the same order to the
// same square (they differ only in intermediate landings), under kDrop
// those that take the same pieces to the same square in any order.
template <Routes R>
void RemoveRepeatedRoutes(MoveList* moves) {
  auto same = [](const Move& a, const Move& b) {
    if (a.from != b.from || a.to != b.to || a.captured != b.captured ||
        a.num_jumps != b.num_jumps || a.crowned_en_route != b.crowned_en_route)
      return false;
    return R == Routes::kDrop || SameCaptureOrder(a, b);
  };
  int kept = 0;
  for (int i = 0; i < static_cast<int>(moves->size()); ++i) {
    const Move& m = (*moves)[i];
    bool seen = false;
    for (int j = 0; j < kept && !seen; ++j)
      seen = m.IsCapture() && same((*moves)[j], m);
    if (!seen) (*moves)[kept++] = m;
  }
  moves->resize(kept);
}

template <Edition E, Color C>
void Generate(const Position& pos, Bitboard capturers, MoveList* moves,
              CaptureRule rule, Bitboard movers = kAllSquares) {
  AddCaptures<E, C>(SidesOf<C>(pos), capturers & movers, moves);
  if (capturers == 0 || rule == CaptureRule::kOptional)
    AddSteps<E, C>(pos, movers, moves);
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

// The moves of the side `s` describes, whose pieces `capturers` can
// capture, as perft counts them. The captures depend on its pieces and the
// other side's, not on which of the other side's are kings.
template <Edition E, Color C, Routes R>
int CountIn(const Sides& s, Bitboard capturers, CaptureRule rule) {
  if (capturers == 0) return CountStepsIn<E, C>(s);
  int captures;
  if constexpr (E == Edition::kEnglish && R == Routes::kKeep) {
    captures = CountCaptures<C>(s, capturers);
  } else {
    MoveList moves;
    AddCaptures<E, C>(s, capturers, &moves);
    RemoveRepeatedRoutes<R>(&moves);
    captures = static_cast<int>(moves.size());
  }
  return rule == CaptureRule::kOptional ? captures + CountStepsIn<E, C>(s)
                                        : captures;
}

template <Edition E, Color C, Routes R>
int Count(const Position& pos, CaptureRule rule) {
  const Sides s = SidesOf<C>(pos);
  return CountIn<E, C, R>(s, CapturingPiecesIn<E, C>(s), rule);
}

template <Edition E, Color C, Routes R>
uint64_t PerftOf(const Position& pos, int depth, CaptureRule rule) {
  if (depth == 1) return Count<E, C, R>(pos, rule);
  uint64_t leaves = 0;
  const Bitboard capturers = CapturingPiecesOf<E, C>(pos);
  if (depth == 2 && capturers == 0) {
    // Most positions have no capture; their steps need no move list, and
    // the opponent's replies are counted on bitboards, without playing the
    // step: whether the piece that stepped was crowned changes none of
    // them, as every piece can be taken alike.
    const Bitboard own = pos.pieces(C);
    const Bitboard empty = pos.empty();
    const Sides reply{pos.men(Opponent(C)), pos.kings(Opponent(C)), 0, 0};
    ForEachStepBitsIn<E, C>(pos, kAllSquares, [&](Bitboard from, Bitboard to) {
      Sides after = reply;
      after.opp = own ^ from ^ to;
      after.empty = empty ^ from ^ to;
      leaves += CountIn<E, Opponent(C), R>(
          after, CapturingPiecesIn<E, Opponent(C)>(after), rule);
    });
    return leaves;
  }
  MoveList moves;
  Generate<E, C>(pos, capturers, &moves, rule);
  if constexpr (E != Edition::kEnglish || R == Routes::kDrop)
    RemoveRepeatedRoutes<R>(&moves);
  for (const Move& m : moves)
    leaves += PerftOf<E, Opponent(C), R>(pos.After(m), depth - 1, rule);
  return leaves;
}

// Calls f(std::integral_constant<Edition, E>{}) for the 8x8 edition `e`:
// the one place the edition is decided. A 10x10 edition has no play on
// this board; callers check TraitsOf(e).board_size (it is given English).
template <typename F>
inline decltype(auto) WithEdition(Edition e, F&& f) {
  switch (e) {
    case Edition::kRussian:
      return f(std::integral_constant<Edition, Edition::kRussian>{});
    case Edition::kPool:
      return f(std::integral_constant<Edition, Edition::kPool>{});
    case Edition::kEnglish:
    case Edition::kInternational:
      break;
  }
  return f(std::integral_constant<Edition, Edition::kEnglish>{});
}

// As WithEdition, with the side to move as a second constant.
template <typename F>
inline decltype(auto) WithEditionAndColor(Edition e, Color c, F&& f) {
  return WithEdition(e, [&](auto edition) {
    return c == Color::kBlack
               ? f(edition, std::integral_constant<Color, Color::kBlack>{})
               : f(edition, std::integral_constant<Color, Color::kWhite>{});
  });
}

}  // namespace

bool SameCapture(const Move& a, const Move& b) {
  return a.from == b.from && a.to == b.to && a.captured == b.captured &&
         a.num_jumps == b.num_jumps &&
         a.crowned_en_route == b.crowned_en_route && SameCaptureOrder(a, b);
}

uint64_t Perft(const Position& pos, int depth, CaptureRule rule,
               Edition edition, Routes routes) {
  if (depth <= 0) return 1;
  return WithEditionAndColor(
      edition, pos.side_to_move(), [&](auto e, auto c) -> uint64_t {
        return routes == Routes::kDrop
                   ? PerftOf<e(), c(), Routes::kDrop>(pos, depth, rule)
                   : PerftOf<e(), c(), Routes::kKeep>(pos, depth, rule);
      });
}

std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length, CaptureRule rule,
                                   Edition edition) {
  if (length < 2 || length > kMaxCaptures + 1) return std::nullopt;
  for (int i = 0; i < length; ++i) {
    if (route[i] < 0 || route[i] >= kNumSquares) return std::nullopt;
  }
  // Only the moves of the piece on the start square can follow the route.
  const Bitboard from = SquareBit(route[0]);
  MoveList moves;
  WithEditionAndColor(edition, pos.side_to_move(), [&](auto e, auto c) {
    Generate<e(), c()>(pos, CapturingPiecesOf<e(), c()>(pos), &moves, rule,
                       from);
  });
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

void GenerateMoves(const Position& pos, MoveList* moves, CaptureRule rule,
                   Edition edition) {
  GenerateMoves(pos, CapturingPieces(pos, edition), moves, rule, edition);
}

void GenerateCaptures(const Position& pos, MoveList* moves, Edition edition) {
  GenerateCaptures(pos, CapturingPieces(pos, edition), moves, edition);
}

void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   CaptureRule rule, Edition edition) {
  WithEditionAndColor(edition, pos.side_to_move(), [&](auto e, auto c) {
    Generate<e(), c()>(pos, capturers, moves, rule);
  });
}

void GenerateCaptures(const Position& pos, Bitboard capturers, MoveList* moves,
                      Edition edition) {
  WithEditionAndColor(edition, pos.side_to_move(), [&](auto e, auto c) {
    AddCaptures<e(), c()>(SidesOf<c()>(pos), capturers, moves);
  });
}

std::vector<Position> Children(const Position& pos, Edition edition) {
  MoveList moves;
  GenerateMoves(pos, &moves, CaptureRule::kMandatory, edition);
  std::vector<Position> children;
  children.reserve(moves.size());
  for (const Move& m : moves) children.push_back(pos.After(m));
  return children;
}

int CountMoves(const Position& pos, CaptureRule rule, Edition edition) {
  return WithEditionAndColor(
      edition, pos.side_to_move(), [&](auto e, auto c) -> int {
        if constexpr (e() == Edition::kEnglish) {
          return Count<e(), c(), Routes::kKeep>(pos, rule);
        } else {
          // Perft's count leaves out routes that differ only in a flying
          // king's intermediate landings; a game lists them all.
          MoveList moves;
          Generate<e(), c()>(pos, CapturingPiecesOf<e(), c()>(pos), &moves,
                             rule);
          return static_cast<int>(moves.size());
        }
      });
}

Bitboard CapturingPieces(const Position& pos, Edition edition) {
  return WithEditionAndColor(edition, pos.side_to_move(), [&](auto e, auto c) {
    return CapturingPiecesOf<e(), c()>(pos);
  });
}

Bitboard SteppingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack
             ? SteppingPiecesOf<Color::kBlack>(pos)
             : SteppingPiecesOf<Color::kWhite>(pos);
}

}  // namespace checkers
