#include "tests/fen_position.h"

#include "absl/status/statusor.h"
#include "engine/fen8.h"
#include "gtest/gtest.h"

namespace checkers::testing {

Position FenPosition(absl::string_view fen) {
  absl::StatusOr<Position> pos = ParseFen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.ok() ? *pos : Position::Initial();
}

}  // namespace checkers::testing
