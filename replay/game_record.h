// A game as the rules see it: where it started, every move with its full
// route, its tags and the result it claims. ReplayPdnGame makes one from
// PDN text, WritePdnGame writes one back; an event log can be turned into
// one and back. Any edition, 8x8 or 10x10: the position and moves are the
// game layer's (engine/game_position.h).

#ifndef CHECKERS_REPLAY_GAME_RECORD_H_
#define CHECKERS_REPLAY_GAME_RECORD_H_

#include <vector>

#include "engine/game_position.h"
#include "engine/rules.h"
#include "replay/pdn.h"

namespace checkers::replay {

struct GameRecord {
  // The tags as read, in order (including any FEN, SetUp or GameType).
  std::vector<PdnTag> tags;
  // The position the game starts from; its edition is the rules the moves
  // are legal under.
  GamePosition start = GamePosition::Initial(Edition::kEnglish);
  // Legal in turn from `start`.
  std::vector<GameMove> moves;
  // What the game claims, not checked against the final position; "1-0"
  // is the edition's first mover's win (see GameResult).
  GameResult result = GameResult::kUnknown;

  Edition edition() const { return start.edition(); }
};

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_GAME_RECORD_H_
