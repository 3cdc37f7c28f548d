// A CheckerBoard engine library that plays the first legal move but answers
// the way ANSWER_MODE says, for the tests that a match reads every kind of
// engine: ANSWER_MODE 0 fills only the CBmove record (as Cake 1.22 does),
// 1 writes the board and the record of the same move, 2 writes the board
// of one move and the record of another, 3 leaves both untouched.

#include <cstring>

#include "cbapi/checkerboard.h"
#include "engine/movegen8.h"

#ifndef ANSWER_MODE
#error "ANSWER_MODE must be defined"
#endif

extern "C" {

__attribute__((visibility("default"))) int getmove(int board[8][8], int color,
                                                   double, char str[1024], int*,
                                                   int, int,
                                                   checkers::cb::CbMove* move) {
  using checkers::MoveList;
  using checkers::Position;
  namespace cb = checkers::cb;
  absl::StatusOr<Position> pos = cb::FromBoard(board, color);
  MoveList moves;
  if (pos.ok()) checkers::GenerateMoves(*pos, &moves);
  if (ANSWER_MODE == 3 || moves.empty()) {
    std::strcpy(str, "silent");
    return cb::kUnknown;
  }
  const checkers::Move& played = moves[0];
  const checkers::Move& recorded =
      ANSWER_MODE == 2 && moves.size() > 1 ? moves[1] : moves[0];
  *move = cb::ToCbMove(*pos, recorded);
  if (ANSWER_MODE != 0) cb::ToBoard(pos->After(played), board);
  std::strcpy(str, "answered");
  return cb::kUnknown;
}

__attribute__((visibility("default"))) int enginecommand(char command[256],
                                                         char reply[1024]) {
  if (std::strcmp(command, "name") == 0) {
    std::strcpy(reply, "answerer");
    return 1;
  }
  if (std::strcmp(command, "get gametype") == 0) {
    std::strcpy(reply, "21");
    return 1;
  }
  reply[0] = '\0';
  return 0;
}

}  // extern "C"
