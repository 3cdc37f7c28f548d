#include "engine/movegen10.h"

#include <algorithm>

#include "absl/container/inlined_vector.h"

namespace checkers::intl {
namespace {

// The directions a man of colour C steps in, and their reverses.
template <Color C>
inline constexpr int kLeft = C == Color::kBlack ? kSouthWest : kNorthEast;
template <Color C>
inline constexpr int kRight = C == Color::kBlack ? kSouthEast : kNorthWest;

// The two directions at right angles to D.
template <int D>
inline constexpr int kSide1 = (D == kSouthWest || D == kNorthEast) ? kSouthEast
                                                                   : kSouthWest;
template <int D>
inline constexpr int kSide2 = -kSide1<D>;

inline int8_t SquareAtBit(Bitboard single) {
  return static_cast<int8_t>(SquareOfBit(LowestBit(single)));
}

// The pieces of `men` that can jump an `opp` piece in direction D onto
// `empty`.
template <int D>
inline Bitboard ManJumpers(Bitboard men, Bitboard opp, Bitboard empty) {
  return Shift<-D>(Shift<-D>(empty) & opp) & men;
}

// Every square a king of `kings` reaches in direction D: the empty squares
// it flies over and the first occupied (or off-board) square beyond.
template <int D>
inline Bitboard KingRays(Bitboard kings, Bitboard empty) {
  Bitboard reach = Shift<D>(kings);
  for (Bitboard front = reach & empty; front; front &= empty) {
    front = Shift<D>(front);
    reach |= front;
  }
  return reach;
}

// Whether a king of `kings` can capture in direction D.
template <int D>
inline bool KingCanCapture(Bitboard kings, Bitboard opp, Bitboard empty) {
  return Shift<D>(KingRays<D>(kings, empty) & opp) & empty;
}

// What counting the moves of one side needs: its men and kings, the
// other side's pieces and the empty squares. Perft derives it for a child
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

inline bool HasCaptureIn(const Sides& s) {
  if (ManJumpers<kSouthWest>(s.men, s.opp, s.empty) |
      ManJumpers<kSouthEast>(s.men, s.opp, s.empty) |
      ManJumpers<kNorthEast>(s.men, s.opp, s.empty) |
      ManJumpers<kNorthWest>(s.men, s.opp, s.empty))
    return true;
  return s.kings && (KingCanCapture<kSouthWest>(s.kings, s.opp, s.empty) ||
                     KingCanCapture<kSouthEast>(s.kings, s.opp, s.empty) ||
                     KingCanCapture<kNorthEast>(s.kings, s.opp, s.empty) ||
                     KingCanCapture<kNorthWest>(s.kings, s.opp, s.empty));
}

template <Color C>
bool HasCaptureOf(const Position& pos) {
  return HasCaptureIn(SidesOf<C>(pos));
}

// The search for capture routes. Captured pieces stay in `opp` until the
// move is played, so they block a king's flight and cannot be landed on;
// `route.captured` keeps them from being taken twice. `empty` includes the
// mover's start square, which a route may cross or end on.
//
// With a list, the routes that take the most pieces are appended to `out`
// after `base`. Without one (perft's last ply), they are only counted:
// under Routes::kDrop each distinct (from, to, captured) once, which needs
// remembering only routes of two captures or more, as one capture has one
// order only.
template <bool kList>
struct CaptureSearch {
  // A route as the drop convention tells routes apart.
  struct Key {
    int8_t from;
    int8_t to;
    Bitboard captured;
  };

  Bitboard opp;
  Bitboard empty;
  // The most pieces a complete route found so far takes.
  int best = 1;
  size_t base = 0;
  MoveList* out = nullptr;
  Routes routes = Routes::kKeep;
  int count = 0;
  absl::InlinedVector<Key, 16> seen;
  Move route;

  Bitboard Takeable() const { return opp & ~route.captured; }

  // A complete route of `n` captures ending on `to`.
  void Complete(int n, Bitboard to) {
    if (n < best) return;
    if (n > best) {
      best = n;
      if constexpr (kList) {
        out->resize(base);
      } else {
        count = 0;
        seen.clear();
      }
    }
    if constexpr (kList) {
      route.num_jumps = static_cast<uint8_t>(n);
      route.to = SquareAtBit(to);
      route.landings[n - 1] = route.to;
      out->push_back(route);
    } else {
      if (routes == Routes::kDrop && n >= 2) {
        const Key key{route.from, SquareAtBit(to), route.captured};
        for (const Key& k : seen) {
          if (k.from == key.from && k.to == key.to &&
              k.captured == key.captured)
            return;
        }
        seen.push_back(key);
      }
      ++count;
    }
  }

  // A man on `at` has taken `n` pieces; goes on in every direction.
  void ManFrom(Bitboard at, int n) {
    const bool extended =
        ManJump<kSouthWest>(at, n) | ManJump<kSouthEast>(at, n) |
        ManJump<kNorthEast>(at, n) | ManJump<kNorthWest>(at, n);
    if (!extended && n > 0) Complete(n, at);
  }

  template <int D>
  bool ManJump(Bitboard at, int n) {
    const Bitboard mid = Shift<D>(at) & Takeable();
    if (!mid) return false;
    const Bitboard land = Shift<D>(mid) & empty;
    if (!land) return false;
    route.captured |= mid;
    if constexpr (kList) route.landings[n] = SquareAtBit(land);
    ManFrom(land, n + 1);
    route.captured &= ~mid;
    return true;
  }

  // A king on `at` flies in direction D to the first piece; when that is
  // an opponent's piece not yet taken, with an empty square beyond, takes
  // it as capture n + 1. Returns whether it could.
  template <int D>
  bool KingJump(Bitboard at, int n) {
    Bitboard b = Shift<D>(at);
    while (b & empty) b = Shift<D>(b);
    if (!(b & Takeable())) return false;
    const Bitboard land = Shift<D>(b) & empty;
    if (!land) return false;
    route.captured |= b;
    KingLanded<D>(land, n + 1);
    route.captured &= ~b;
    return true;
  }

  // A king from the start square: every direction.
  void KingFrom(Bitboard at) {
    KingJump<kSouthWest>(at, 0);
    KingJump<kSouthEast>(at, 0);
    KingJump<kNorthEast>(at, 0);
    KingJump<kNorthWest>(at, 0);
  }

  // A king has just taken its n-th piece flying in direction D; `first` is
  // the empty square just beyond it. It may land on any empty square of
  // that run. From each it may turn to either side; straight on, every
  // landing square reaches the same next piece, so that is tried once.
  // Backwards the piece just taken blocks the way. When no route goes on,
  // each landing square ends a route of its own.
  template <int D>
  void KingLanded(Bitboard first, int n) {
    bool extended = false;
    Bitboard land = first;
    while (true) {
      if constexpr (kList) route.landings[n - 1] = SquareAtBit(land);
      extended |= KingJump<kSide1<D>>(land, n);
      extended |= KingJump<kSide2<D>>(land, n);
      const Bitboard next = Shift<D>(land);
      if (!(next & empty)) break;
      land = next;
    }
    const Bitboard ahead = Shift<D>(land);
    if (ahead & Takeable()) {
      if (const Bitboard beyond = Shift<D>(ahead) & empty) {
        extended = true;
        if constexpr (kList) route.landings[n - 1] = SquareAtBit(first);
        route.captured |= ahead;
        KingLanded<D>(beyond, n + 1);
        route.captured &= ~ahead;
      }
    }
    if (extended) return;
    for (Bitboard b = first; b & empty; b = Shift<D>(b)) Complete(n, b);
  }
};

// Two routes are duplicates when they take the same pieces from the same
// square to the same square.
void DropDuplicates(MoveList* moves, size_t base) {
  size_t kept = base;
  for (size_t i = base; i < moves->size(); ++i) {
    const Move& m = (*moves)[i];
    const bool seen = std::any_of(
        moves->begin() + base, moves->begin() + kept, [&](const Move& k) {
          return k.from == m.from && k.to == m.to && k.captured == m.captured;
        });
    if (!seen) (*moves)[kept++] = m;
  }
  moves->resize(kept);
}

// The pieces of `s` that can capture at least one piece.
inline Bitboard CapturingPiecesIn(const Sides& s) {
  Bitboard capturers = ManJumpers<kSouthWest>(s.men, s.opp, s.empty) |
                       ManJumpers<kSouthEast>(s.men, s.opp, s.empty) |
                       ManJumpers<kNorthEast>(s.men, s.opp, s.empty) |
                       ManJumpers<kNorthWest>(s.men, s.opp, s.empty);
  for (Bitboard b = s.kings; b; b = PopLowest(b)) {
    const Bitboard king = b & -b;
    if (KingCanCapture<kSouthWest>(king, s.opp, s.empty) ||
        KingCanCapture<kSouthEast>(king, s.opp, s.empty) ||
        KingCanCapture<kNorthEast>(king, s.opp, s.empty) ||
        KingCanCapture<kNorthWest>(king, s.opp, s.empty))
      capturers |= king;
  }
  return capturers;
}

// Runs `search` from every piece of the side `s` describes that can
// capture. The captures depend on its pieces and the other side's, not on
// which of the other side's are kings.
template <bool kList>
void SearchCaptures(const Sides& s, CaptureSearch<kList>& search) {
  // Only the pieces with a first capture start a route; the rest would
  // search four directions for nothing.
  for (Bitboard b = CapturingPiecesIn(s); b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    search.route.from = SquareAtBit(from);
    search.empty = s.empty | from;
    if (s.kings & from) {
      search.KingFrom(from);
    } else {
      search.ManFrom(from, 0);
    }
  }
}

void AddCaptures(const Sides& s, MoveList* out, Routes routes) {
  CaptureSearch<true> search;
  search.opp = s.opp;
  search.base = out->size();
  search.out = out;
  SearchCaptures(s, search);
  // A single capture has one order only.
  if (routes == Routes::kDrop && search.best >= 2)
    DropDuplicates(out, search.base);
}

template <Color C>
void AddCaptures(const Position& pos, MoveList* out, Routes routes) {
  AddCaptures(SidesOf<C>(pos), out, routes);
}

template <Color C>
Bitboard CapturingPiecesOf(const Position& pos) {
  return CapturingPiecesIn(SidesOf<C>(pos));
}

// Calls visit(from, to), each a single bit, for each step of a man and
// each flight of a king: the men's steps one direction after the other,
// then each king's flights, direction by direction, nearest square first.
template <Color C, typename Visit>
inline void ForEachStepBits(const Position& pos, Visit&& visit) {
  const Bitboard empty = pos.empty();
  const Bitboard men = pos.men(C);
  for (Bitboard b = Shift<-kLeft<C>>(empty) & men; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    visit(from, Shift<kLeft<C>>(from));
  }
  for (Bitboard b = Shift<-kRight<C>>(empty) & men; b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    visit(from, Shift<kRight<C>>(from));
  }
  for (Bitboard b = pos.kings(C); b; b = PopLowest(b)) {
    const Bitboard from = b & -b;
    auto fly = [&]<int D>() {
      for (Bitboard to = Shift<D>(from) & empty; to; to = Shift<D>(to) & empty)
        visit(from, to);
    };
    fly.template operator()<kSouthWest>();
    fly.template operator()<kSouthEast>();
    fly.template operator()<kNorthEast>();
    fly.template operator()<kNorthWest>();
  }
}

inline Move StepMove(Bitboard from, Bitboard to) {
  Move m;
  m.from = SquareAtBit(from);
  m.to = SquareAtBit(to);
  return m;
}

// Calls visit(move) for each step, in ForEachStepBits's order.
template <Color C, typename Visit>
inline void ForEachStep(const Position& pos, Visit&& visit) {
  ForEachStepBits<C>(
      pos, [&](Bitboard from, Bitboard to) { visit(StepMove(from, to)); });
}

// The number of squares the kings of `kings` can fly to in direction D.
// Rays of two kings in one direction never meet, so each frontier counts
// distinct moves.
template <int D>
inline int CountFlights(Bitboard kings, Bitboard empty) {
  int count = 0;
  for (Bitboard front = Shift<D>(kings) & empty; front;
       front = Shift<D>(front) & empty)
    count += PopCount(front);
  return count;
}

template <Color C>
int CountStepsIn(const Sides& s) {
  int count = PopCount(Shift<kLeft<C>>(s.men) & s.empty) +
              PopCount(Shift<kRight<C>>(s.men) & s.empty);
  if (s.kings) {
    count += CountFlights<kSouthWest>(s.kings, s.empty) +
             CountFlights<kSouthEast>(s.kings, s.empty) +
             CountFlights<kNorthEast>(s.kings, s.empty) +
             CountFlights<kNorthWest>(s.kings, s.empty);
  }
  return count;
}

template <Color C>
void Generate(const Position& pos, MoveList* moves, Routes routes) {
  if (HasCaptureOf<C>(pos)) {
    AddCaptures<C>(pos, moves, routes);
  } else {
    ForEachStep<C>(pos, [moves](const Move& m) { moves->push_back(m); });
  }
}

// Kept out of line: captures are the rare case, and inlining them would
// give every count the stack frame of the capture search.
[[gnu::noinline]] int CountCaptures(const Sides& s, Routes routes) {
  // Assigned rather than brace-initialised: zeroing the whole search,
  // its route and its store of seen routes, cost a tenth of perft.
  CaptureSearch<false> search;
  search.opp = s.opp;
  search.routes = routes;
  SearchCaptures(s, search);
  return search.count;
}

template <Color C>
int Count(const Position& pos, Routes routes) {
  const Sides sides = SidesOf<C>(pos);
  return HasCaptureIn(sides) ? CountCaptures(sides, routes)
                             : CountStepsIn<C>(sides);
}

template <Color C>
uint64_t PerftOf(const Position& pos, int depth, Routes routes) {
  if (depth == 1) return Count<C>(pos, routes);
  uint64_t leaves = 0;
  if (depth == 2 && !HasCaptureOf<C>(pos)) {
    // Most positions have no capture; their steps need no move list, and
    // the opponent's replies are counted on bitboards, without playing the
    // step: whether the piece that stepped was crowned changes none of
    // them, as the majority rule counts pieces, not kings.
    const Bitboard own = pos.pieces(C);
    const Sides reply{pos.men(Opponent(C)), pos.kings(Opponent(C)), 0, 0};
    const Bitboard empty = pos.empty();
    ForEachStepBits<C>(pos, [&](Bitboard from, Bitboard to) {
      Sides after = reply;
      after.opp = own ^ from ^ to;
      after.empty = empty ^ from ^ to;
      leaves += HasCaptureIn(after) ? CountCaptures(after, routes)
                                    : CountStepsIn<Opponent(C)>(after);
    });
    return leaves;
  }
  MoveList moves;
  Generate<C>(pos, &moves, routes);
  for (const Move& m : moves)
    leaves += PerftOf<Opponent(C)>(pos.After(m), depth - 1, routes);
  return leaves;
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

}  // namespace

void GenerateMoves(const Position& pos, MoveList* moves, Routes routes) {
  if (pos.side_to_move() == Color::kBlack) {
    Generate<Color::kBlack>(pos, moves, routes);
  } else {
    Generate<Color::kWhite>(pos, moves, routes);
  }
}

void GenerateCaptures(const Position& pos, MoveList* moves, Routes routes) {
  if (pos.side_to_move() == Color::kBlack) {
    AddCaptures<Color::kBlack>(pos, moves, routes);
  } else {
    AddCaptures<Color::kWhite>(pos, moves, routes);
  }
}

void GenerateMoves(const Position& pos, Bitboard capturers, MoveList* moves,
                   Routes routes) {
  if (capturers) {
    GenerateCaptures(pos, moves, routes);
  } else if (pos.side_to_move() == Color::kBlack) {
    ForEachStep<Color::kBlack>(pos,
                               [moves](const Move& m) { moves->push_back(m); });
  } else {
    ForEachStep<Color::kWhite>(pos,
                               [moves](const Move& m) { moves->push_back(m); });
  }
}

void GenerateCaptures(const Position& pos, Bitboard capturers, MoveList* moves,
                      Routes routes) {
  if (capturers) GenerateCaptures(pos, moves, routes);
}

int CountMoves(const Position& pos, Routes routes) {
  return pos.side_to_move() == Color::kBlack
             ? Count<Color::kBlack>(pos, routes)
             : Count<Color::kWhite>(pos, routes);
}

Bitboard CapturingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack
             ? CapturingPiecesOf<Color::kBlack>(pos)
             : CapturingPiecesOf<Color::kWhite>(pos);
}

Bitboard SteppingPieces(const Position& pos) {
  const Color us = pos.side_to_move();
  const Bitboard empty = pos.empty();
  // The squares with an empty square one step south of them, and north.
  const Bitboard can_go_south =
      Shift<kNorthEast>(empty) | Shift<kNorthWest>(empty);
  const Bitboard can_go_north =
      Shift<kSouthWest>(empty) | Shift<kSouthEast>(empty);
  const Bitboard men =
      pos.men(us) & (us == Color::kBlack ? can_go_south : can_go_north);
  return men | (pos.kings(us) & (can_go_south | can_go_north));
}

bool HasLegalMove(const Position& pos) {
  return CapturingPieces(pos) != 0 || SteppingPieces(pos) != 0;
}

std::optional<Move> LegalMoveAlong(const Position& pos, const int* route,
                                   int length) {
  if (length < 2 || length > kMaxCaptures + 1) return std::nullopt;
  for (int i = 0; i < length; ++i) {
    if (route[i] < 0 || route[i] >= kNumSquares) return std::nullopt;
  }
  // Majority capture depends on every piece's routes, so all are generated.
  MoveList moves;
  GenerateMoves(pos, &moves);
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

uint64_t Perft(const Position& pos, int depth, Routes routes) {
  if (depth <= 0) return 1;
  return pos.side_to_move() == Color::kBlack
             ? PerftOf<Color::kBlack>(pos, depth, routes)
             : PerftOf<Color::kWhite>(pos, depth, routes);
}

}  // namespace checkers::intl
