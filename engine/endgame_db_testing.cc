#include "engine/endgame_db_testing.h"

#include <string>

#include "engine/movegen8.h"

namespace checkers::egdb {

std::unique_ptr<Database> DrawsButOneLoss(const Position& lost) {
  Material material = MaterialOf(lost);
  Position indexed = lost;
  if (!material.IsCanonical()) {
    material = material.Reversed();
    indexed = Reversed(lost);
  }
  auto db = std::make_unique<Database>();
  for (const Material& m : SlicesUpTo(2)) {
    // Zero bytes: every entry a draw.
    std::string packed(SlicePackedBytes(m), '\0');
    if (m == material) {
      const uint64_t i = IndexOf(m, indexed);
      packed[i / 4] = static_cast<char>(static_cast<int>(Wdl::kLoss)
                                        << (2 * (i % 4)));
    }
    if (!db->AddSlice(m, packed).ok()) return nullptr;
  }
  return db;
}

std::optional<Position> AnotherMoveThan(const Position& before,
                                        const Position& avoided) {
  MoveList moves;
  GenerateMoves(before, &moves);
  for (const Move& m : moves) {
    if (!(before.After(m) == avoided)) return before.After(m);
  }
  return std::nullopt;
}

}  // namespace checkers::egdb
