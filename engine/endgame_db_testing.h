// Databases made up for the tests of the layers that hand one to the
// computer (session, web): small enough to build in a test, and lying in
// a way that shows whether the search consulted them.

#ifndef CHECKERS_ENGINE_ENDGAME_DB_TESTING_H_
#define CHECKERS_ENGINE_ENDGAME_DB_TESTING_H_

#include <memory>
#include <optional>

#include "engine/endgame_db.h"
#include "engine/position8.h"

namespace checkers::egdb {

// The slices up to 2 pieces, every position a draw but `lost`, a loss for
// its side to move: a search that consults the database moves to `lost`
// whenever it can. `lost` must hold one piece a side.
std::unique_ptr<Database> DrawsButOneLoss(const Position& lost);

// The position after some move of `before` that does not lead to
// `avoided`, or nullopt when every move does.
std::optional<Position> AnotherMoveThan(const Position& before,
                                        const Position& avoided);

}  // namespace checkers::egdb

#endif  // CHECKERS_ENGINE_ENDGAME_DB_TESTING_H_
