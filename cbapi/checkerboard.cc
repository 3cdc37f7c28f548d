#include "cbapi/checkerboard.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace checkers::cb {

Coor CoorOf(Square s) { return {7 - ColOf(s), RowOf(s)}; }

Square SquareAt(int x, int y) { return checkers::SquareAt(y, 7 - x); }

int PieceCode(const Position& pos, Square s) {
  switch (pos.PieceAt(s)) {
    case Piece::kBlackMan:
      return kBlack | kMan;
    case Piece::kBlackKing:
      return kBlack | kKing;
    case Piece::kWhiteMan:
      return kWhite | kMan;
    case Piece::kWhiteKing:
      return kWhite | kKing;
    case Piece::kEmpty:
      break;
  }
  return kFree;
}

absl::StatusOr<Position> FromBoard(const int board[8][8], int color) {
  if (color != kBlack && color != kWhite) {
    return absl::InvalidArgumentError(
        absl::StrCat("the colour to move must be ", kBlack, " (black) or ",
                     kWhite, " (white), not ", color));
  }
  Bitboard black = 0, white = 0, kings = 0;
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 8; ++y) {
      const int code = board[x][y];
      if (code == kFree) continue;
      const Square s = SquareAt(x, y);
      if (s < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("board[", x, "][", y,
                         "] is a light square but holds piece ", code));
      }
      const int side = code & (kBlack | kWhite);
      const int kind = code & (kMan | kKing);
      if ((code & ~(kBlack | kWhite | kMan | kKing)) ||
          (side != kBlack && side != kWhite) ||
          (kind != kMan && kind != kKing)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "board[", x, "][", y, "] holds unknown piece code ", code));
      }
      const Color c = side == kBlack ? Color::kBlack : Color::kWhite;
      if (kind == kMan && (SquareBit(s) & CrowningRow(c))) {
        return absl::InvalidArgumentError(
            absl::StrCat("board[", x, "][", y, "] holds a ",
                         side == kBlack ? "black" : "white",
                         " man on its crowning row (square ", s + 1, ")"));
      }
      (side == kBlack ? black : white) |= SquareBit(s);
      if (kind == kKing) kings |= SquareBit(s);
    }
  }
  return Position::FromBitboards(
      black, white, kings, color == kBlack ? Color::kBlack : Color::kWhite);
}

void ToBoard(const Position& pos, int board[8][8]) {
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 8; ++y) {
      const Square s = SquareAt(x, y);
      board[x][y] = s < 0 ? kFree : PieceCode(pos, s);
    }
  }
}

CbMove ToCbMove(const Position& pos, const Move& m) {
  CbMove out = {};
  out.jumps = m.num_jumps;
  out.oldpiece = PieceCode(pos, m.from);
  out.newpiece = out.oldpiece;
  if ((out.oldpiece & kMan) &&
      (SquareBit(m.to) & CrowningRow(pos.side_to_move()))) {
    out.newpiece = (out.oldpiece & ~kMan) | kKing;
  }
  out.from = CoorOf(m.from);
  out.to = CoorOf(m.to);
  out.path[0] = out.from;
  Square at = m.from;
  for (int i = 0; i < m.num_jumps; ++i) {
    const Square land = m.landings[i];
    if (i + 1 < 12) out.path[i + 1] = CoorOf(land);
    const Square jumped = LowestSquare(
        SquaresBetween(at, land) & pos.pieces(Opponent(pos.side_to_move())));
    out.del[i] = CoorOf(jumped);
    out.delpiece[i] = PieceCode(pos, jumped);
    at = land;
  }
  return out;
}

}  // namespace checkers::cb
