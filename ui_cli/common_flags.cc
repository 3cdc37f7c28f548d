#include "ui_cli/common_flags.h"

#include "absl/flags/flag.h"

ABSL_FLAG(std::string, fen, "",
          "a position as PDN FEN, e.g. B:W21,22,K30:B1,2,K5");
ABSL_FLAG(bool, json, false, "show, log, audit: one JSON object per line");
ABSL_FLAG(std::string, pdn, "",
          "export: --pdn writes the game as PDN; match: --pdn=OUT writes the "
          "games to OUT");
ABSL_FLAG(std::string, mode, "", "new, play: computer or two-player");
ABSL_FLAG(std::string, difficulty, "medium", "new, play: easy, medium or hard");
