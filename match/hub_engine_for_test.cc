// A Hub engine for hub_engine_test, speaking version 2 of the protocol, or
// version 1 when its second argument is "v1". Its first says how it plays:
//   first    the first legal move, a capture's pieces named last to first
//            (the protocol allows any order); before that it checks that
//            it runs in its own directory and that the moves it is sent
//            are legal from the position sent, and reports an error if not
//   illegal  "1-2", which is no move at all
//   exit     exits, with status 3, when asked to search
//   errs     at its first search, reports an error and then answers all
//            the same, as "first"; afterwards plays as "first"
// A version 1 position's moves come as "move" lines, a version 2's in its
// "pos" line.
// When HUB_LOG names a file, every line it receives is appended to it.

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/game_position.h"
#include "match/hub_protocol.h"

namespace checkers::match {
namespace {

void Say(const std::string& line) { std::cout << line << std::endl; }

// `position` after the moves `texts`, or why it cannot be.
absl::StatusOr<GamePosition> Reached(absl::string_view position,
                                     const std::vector<std::string>& texts) {
  absl::StatusOr<GamePosition> p = ParseHubPosition(position);
  if (!p.ok()) return p.status();
  for (const std::string& text : texts) {
    absl::StatusOr<GameMove> move = ParseHubMove(*p, text);
    if (!move.ok()) return move.status();
    p->Play(*move);
  }
  return p;
}

std::string Reversed(const GameMove& move) {
  if (!move.is_capture()) return HubMoveText(move);
  std::vector<int> taken(move.captured().rbegin(), move.captured().rend());
  return absl::StrCat(move.from(), "x", move.to(), "x",
                      absl::StrJoin(taken, "x"));
}

int Run(const std::string& mode, bool v1) {
  const char* log_path = std::getenv("HUB_LOG");
  FILE* log = log_path != nullptr ? std::fopen(log_path, "a") : nullptr;
  std::string position;
  std::vector<std::string> moves;
  std::string text;
  bool erred = false;
  while (std::getline(std::cin, text)) {
    if (log != nullptr) {
      std::fprintf(log, "%s\n", text.c_str());
      std::fflush(log);
    }
    const HubLine line = ParseHubLine(text);
    const std::string first_word =
        line.args.empty() ? "" : line.args.front().first;
    if (line.command == "hub") {
      if (v1) {
        Say("name TestHub 1");
        Say("author The checkers tests");
      } else {
        Say("id name=TestHub version=1 author=\"The checkers tests\"");
        Say("param name=variant value=normal type=enum values=\"normal\"");
      }
      Say("wait");
    } else if (line.command == "init") {
      Say("info the engine may say anything here");
      Say("ready");
    } else if (line.command == "pos") {
      position = v1 ? first_word : line.Get("pos").value_or("");
      moves = v1 ? std::vector<std::string>()
                 : absl::StrSplit(line.Get("moves").value_or(""), ' ',
                                  absl::SkipWhitespace());
    } else if (v1 && line.command == "move") {
      moves.push_back(first_word);
    } else if (line.command == "go") {
      const std::string answer = v1 ? "move " : "done move=";
      if (mode == "exit") return 3;
      if (mode == "errs" && !erred) {
        Say("error message=\"something went wrong\"");
        erred = true;
      }
      if (mode == "illegal") {
        Say(answer + "1-2");
        continue;
      }
      if (::access("hub_engine_for_test", X_OK) != 0) {
        Say("error message=\"not started in its own directory\"");
        continue;
      }
      absl::StatusOr<GamePosition> p = Reached(position, moves);
      if (!p.ok()) {
        Say(absl::StrCat("error message=",
                         HubValue(std::string(p.status().message()))));
        continue;
      }
      Say("info depth=1 score=0.0 pv=\"a b\"");
      Say(answer + Reversed(p->LegalMoves().front()));
    } else if (line.command == "ping") {
      Say("pong");
    } else if (line.command == "quit") {
      return 0;
    }
  }
  return 0;
}

}  // namespace
}  // namespace checkers::match

int main(int argc, char** argv) {
  return checkers::match::Run(argc > 1 ? argv[1] : "first",
                              argc > 2 && std::string(argv[2]) == "v1");
}
