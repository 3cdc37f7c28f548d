// A CheckerBoard engine library that always answers with an impossible
// board (every piece removed), for testing that matches check each move.

#include <cstring>

extern "C" {

__attribute__((visibility("default"))) int getmove(int board[8][8], int, double,
                                                   char str[1024], int*, int,
                                                   int, void*) {
  std::memset(board, 0, sizeof(int) * 64);
  std::strcpy(str, "gone");
  return 3;
}

__attribute__((visibility("default"))) int enginecommand(char command[256],
                                                         char reply[1024]) {
  if (std::strcmp(command, "name") == 0) {
    std::strcpy(reply, "cheater");
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
