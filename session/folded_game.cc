#include "session/folded_game.h"

#include <utility>

#include "events/fold.h"
#include "events/validate.h"
#include "gtest/gtest.h"

namespace checkers::session {

events::GameState FoldedGame(const std::string& fen,
                             const std::vector<std::string>& moves,
                             events::Mode mode,
                             const events::RuleOptions& options) {
  events::GameStarted started;
  started.set_start_fen(fen);
  started.set_mode(mode);
  *started.mutable_options() = options;
  events::GameState state;
  auto commit = [&state](absl::StatusOr<events::Event> e) {
    if (!e.ok()) {
      ADD_FAILURE() << e.status();
      return;
    }
    const absl::Status st =
        events::CommitAndFold(*std::move(e), &state, nullptr);
    EXPECT_TRUE(st.ok()) << st;
  };
  commit(events::StartEvent(started));
  for (const std::string& m : moves) commit(events::TurnEvent(state, m));
  return state;
}

}  // namespace checkers::session
