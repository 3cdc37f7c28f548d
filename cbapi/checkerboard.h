// CheckerBoard's engine API data: its 8x8 board array, piece codes and move
// record, and their translation to and from our positions and moves. The
// shared library that exports the API (checkerboard_engine.cc) is built on
// these.
//
// CheckerBoard's board[x][y] holds English checkers with square n (PDN) at
// y = (n - 1) / 4 and x = 7 - column, where column is as in engine/board8.h:
// row y = 0 holds squares 1-4 with square 4 at x = 0, and the dark squares
// are those with x + y even. In other words PDN number = 4 * (y + 1) - x / 2.

#ifndef CHECKERS_CBAPI_CHECKERBOARD_H_
#define CHECKERS_CBAPI_CHECKERBOARD_H_

#include "absl/status/statusor.h"
#include "engine/board8.h"
#include "engine/move8.h"
#include "engine/position8.h"

namespace checkers::cb {

// Piece and colour codes of the board array; a piece is colour | kind.
inline constexpr int kWhite = 1;
inline constexpr int kBlack = 2;
inline constexpr int kMan = 4;
inline constexpr int kKing = 8;
inline constexpr int kFree = 0;

// getmove's return values.
inline constexpr int kDraw = 0;
inline constexpr int kWin = 1;
inline constexpr int kLoss = 2;
inline constexpr int kUnknown = 3;

// The game type number of English checkers.
inline constexpr int kGameTypeEnglish = 21;

// The API's C structs, laid out as CheckerBoard declares them.
struct Coor {
  int x;
  int y;
};
struct CbMove {
  int jumps;
  int newpiece;
  int oldpiece;
  Coor from, to;
  Coor path[12];
  Coor del[12];
  int delpiece[12];
};

// The board coordinates of square `s` (0..31) and back; SquareAt returns -1
// for a light square or coordinates off the board.
Coor CoorOf(Square s);
Square SquareAt(int x, int y);

// The position in `board` with `color` (kBlack or kWhite) to move.
// InvalidArgument for an unknown colour or piece code, a piece on a light
// square, or a man on the row where it would have been crowned.
absl::StatusOr<Position> FromBoard(const int board[8][8], int color);

// Writes `pos` into `board` (every square, light ones as kFree).
void ToBoard(const Position& pos, int board[8][8]);

// The piece code of square `s` in `pos` (kFree when empty).
int PieceCode(const Position& pos, Square s);

// The move record of `m`, a legal move of `pos`: from and to, the pieces
// before and after (a man reaching the far row becomes a king), and for a
// capture path[0] = from, path[i] = the landing of jump i for i = 1 ..
// min(jumps, 11), and del[i] / delpiece[i] the i-th jumped piece in route
// order.
CbMove ToCbMove(const Position& pos, const Move& m);

}  // namespace checkers::cb

#endif  // CHECKERS_CBAPI_CHECKERBOARD_H_
