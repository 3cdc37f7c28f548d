#include "engine/movegen.h"

namespace checkers {
namespace {

template <Color C>
inline constexpr Direction kForwardA = C == Color::kBlack ? kSouthWest : kNorthWest;
template <Color C>
inline constexpr Direction kForwardB = C == Color::kBlack ? kSouthEast : kNorthEast;
template <Color C>
inline constexpr Direction kBackwardA = C == Color::kBlack ? kNorthWest : kSouthWest;
template <Color C>
inline constexpr Direction kBackwardB = C == Color::kBlack ? kNorthEast : kSouthEast;

// The squares of `movers` that can step in direction D onto `empty`.
template <Direction D>
inline Bitboard StepSources(Bitboard movers, Bitboard empty) {
  return Shift<kOpposite<D>>(empty) & movers;
}

// The squares of `movers` that can jump an `opp` piece in direction D and
// land on `empty`.
template <Direction D>
inline Bitboard JumpSources(Bitboard movers, Bitboard opp, Bitboard empty) {
  return Shift<kOpposite<D>>(Shift<kOpposite<D>>(empty) & opp) & movers;
}

template <Color C>
Bitboard CapturingPiecesOf(const Position& pos) {
  const Bitboard all = pos.pieces(C);
  const Bitboard kings = pos.kings(C);
  const Bitboard opp = pos.pieces(Opponent(C));
  const Bitboard empty = pos.empty();
  return JumpSources<kForwardA<C>>(all, opp, empty) |
         JumpSources<kForwardB<C>>(all, opp, empty) |
         JumpSources<kBackwardA<C>>(kings, opp, empty) |
         JumpSources<kBackwardB<C>>(kings, opp, empty);
}

template <Color C>
Bitboard SteppingPiecesOf(const Position& pos) {
  const Bitboard all = pos.pieces(C);
  const Bitboard kings = pos.kings(C);
  const Bitboard empty = pos.empty();
  return StepSources<kForwardA<C>>(all, empty) | StepSources<kForwardB<C>>(all, empty) |
         StepSources<kBackwardA<C>>(kings, empty) | StepSources<kBackwardB<C>>(kings, empty);
}

// What a capture route may use: the opponent's pieces, the empty squares
// (including the square the capturing piece left, so a king may end its
// loop there) and the crowning row that stops a man.
struct JumpBoard {
  Bitboard opp;
  Bitboard empty;
  Bitboard promotion_row;
};

// The directions a piece may jump in: men forward only, kings all four.
template <Color C>
inline constexpr Direction kJumpDirs[4] = {kForwardA<C>, kForwardB<C>, kBackwardA<C>,
                                           kBackwardB<C>};
template <bool kKing>
inline constexpr int kNumJumpDirs = kKing ? 4 : 2;

// Extends the route in `m`, whose piece now stands on `s`, by every
// possible jump; a route that cannot be extended is complete and appended.
// A piece already jumped in this route cannot be jumped again.
template <Color C, bool kKing>
void ExtendRoute(const JumpBoard& board, Square s, Move& m, MoveList* out) {
  bool extended = false;
  for (int i = 0; i < kNumJumpDirs<kKing>; ++i) {
    const Direction d = kJumpDirs<C>[i];
    const int land = JumpTarget(s, d);
    if (land < 0) continue;
    const Bitboard mid = SquareBit(Neighbour(s, d));
    if (!(board.opp & mid & ~m.captured) || !(board.empty & SquareBit(land))) continue;
    extended = true;
    m.landings[m.num_jumps++] = static_cast<int8_t>(land);
    m.captured |= mid;
    if (!kKing && (SquareBit(land) & board.promotion_row)) {
      m.to = static_cast<int8_t>(land);
      out->push_back(m);
    } else {
      ExtendRoute<C, kKing>(board, land, m, out);
    }
    --m.num_jumps;
    m.captured &= ~mid;
  }
  if (!extended && m.num_jumps > 0) {
    m.to = static_cast<int8_t>(s);
    out->push_back(m);
  }
}

// The number of complete routes ExtendRoute would produce.
template <Color C, bool kKing>
int CountRoutes(const JumpBoard& board, Square s, Bitboard captured) {
  int routes = 0;
  for (int i = 0; i < kNumJumpDirs<kKing>; ++i) {
    const Direction d = kJumpDirs<C>[i];
    const int land = JumpTarget(s, d);
    if (land < 0) continue;
    const Bitboard mid = SquareBit(Neighbour(s, d));
    if (!(board.opp & mid & ~captured) || !(board.empty & SquareBit(land))) continue;
    if (!kKing && (SquareBit(land) & board.promotion_row)) {
      ++routes;
    } else {
      routes += CountRoutes<C, kKing>(board, land, captured | mid);
    }
  }
  return routes > 0 ? routes : (captured != 0);
}

template <Color C>
void AddCaptures(const Position& pos, Bitboard capturers, MoveList* out) {
  const Bitboard kings = pos.kings(C);
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Square from = LowestSquare(b);
    const JumpBoard board{pos.pieces(Opponent(C)), pos.empty() | SquareBit(from),
                          PromotionRow(C)};
    Move m;
    m.from = static_cast<int8_t>(from);
    if (kings & SquareBit(from)) {
      ExtendRoute<C, true>(board, from, m, out);
    } else {
      ExtendRoute<C, false>(board, from, m, out);
    }
  }
}

template <Color C>
int CountCaptures(const Position& pos, Bitboard capturers) {
  const Bitboard kings = pos.kings(C);
  int count = 0;
  for (Bitboard b = capturers; b; b = PopLowest(b)) {
    const Square from = LowestSquare(b);
    const JumpBoard board{pos.pieces(Opponent(C)), pos.empty() | SquareBit(from),
                          PromotionRow(C)};
    count += (kings & SquareBit(from)) ? CountRoutes<C, true>(board, from, 0)
                                       : CountRoutes<C, false>(board, from, 0);
  }
  return count;
}

template <Direction D>
void AddSteps(Bitboard movers, Bitboard empty, MoveList* out) {
  for (Bitboard b = StepSources<D>(movers, empty); b; b = PopLowest(b)) {
    const Square from = LowestSquare(b);
    Move m;
    m.from = static_cast<int8_t>(from);
    m.to = static_cast<int8_t>(Neighbour(from, D));
    out->push_back(m);
  }
}

template <Color C>
void AddAllSteps(const Position& pos, MoveList* out) {
  const Bitboard all = pos.pieces(C);
  const Bitboard kings = pos.kings(C);
  const Bitboard empty = pos.empty();
  AddSteps<kForwardA<C>>(all, empty, out);
  AddSteps<kForwardB<C>>(all, empty, out);
  AddSteps<kBackwardA<C>>(kings, empty, out);
  AddSteps<kBackwardB<C>>(kings, empty, out);
}

template <Color C>
int CountSteps(const Position& pos) {
  const Bitboard all = pos.pieces(C);
  const Bitboard kings = pos.kings(C);
  const Bitboard empty = pos.empty();
  return PopCount(StepSources<kForwardA<C>>(all, empty)) +
         PopCount(StepSources<kForwardB<C>>(all, empty)) +
         PopCount(StepSources<kBackwardA<C>>(kings, empty)) +
         PopCount(StepSources<kBackwardB<C>>(kings, empty));
}

template <Color C>
void Generate(const Position& pos, MoveList* moves, CaptureRule rule) {
  const Bitboard capturers = CapturingPiecesOf<C>(pos);
  AddCaptures<C>(pos, capturers, moves);
  if (capturers == 0 || rule == CaptureRule::kOptional) AddAllSteps<C>(pos, moves);
}

template <Color C>
int Count(const Position& pos, CaptureRule rule) {
  const Bitboard capturers = CapturingPiecesOf<C>(pos);
  if (capturers == 0) return CountSteps<C>(pos);
  const int captures = CountCaptures<C>(pos, capturers);
  return rule == CaptureRule::kOptional ? captures + CountSteps<C>(pos) : captures;
}

}  // namespace

void GenerateMoves(const Position& pos, MoveList* moves, CaptureRule rule) {
  if (pos.side_to_move() == Color::kBlack) {
    Generate<Color::kBlack>(pos, moves, rule);
  } else {
    Generate<Color::kWhite>(pos, moves, rule);
  }
}

void GenerateCaptures(const Position& pos, MoveList* moves) {
  if (pos.side_to_move() == Color::kBlack) {
    AddCaptures<Color::kBlack>(pos, CapturingPiecesOf<Color::kBlack>(pos), moves);
  } else {
    AddCaptures<Color::kWhite>(pos, CapturingPiecesOf<Color::kWhite>(pos), moves);
  }
}

int CountMoves(const Position& pos, CaptureRule rule) {
  return pos.side_to_move() == Color::kBlack ? Count<Color::kBlack>(pos, rule)
                                             : Count<Color::kWhite>(pos, rule);
}

Bitboard CapturingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack ? CapturingPiecesOf<Color::kBlack>(pos)
                                             : CapturingPiecesOf<Color::kWhite>(pos);
}

Bitboard SteppingPieces(const Position& pos) {
  return pos.side_to_move() == Color::kBlack ? SteppingPiecesOf<Color::kBlack>(pos)
                                             : SteppingPiecesOf<Color::kWhite>(pos);
}

}  // namespace checkers
