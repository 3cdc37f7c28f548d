#include "engine/endgame_db.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/position8.h"
#include "gtest/gtest.h"
#include "tests/fen_position.h"

namespace checkers::egdb {
namespace {

using ::checkers::testing::FenPosition;

// The database of every slice up to `pieces`, built once per size.
const Database& Built(int pieces) {
  static Database* dbs[kMaxPieces + 1] = {};
  if (dbs[pieces] == nullptr) {
    auto* db = new Database();
    for (const Material& m : SlicesUpTo(pieces)) {
      const absl::Status s = db->BuildSlice(m);
      EXPECT_TRUE(s.ok()) << m.Name() << ": " << s;
    }
    dbs[pieces] = db;
  }
  return *dbs[pieces];
}

// Every position with 2 to `max_pieces` pieces, at least one a side, with
// men off their crowning rows; either side to move.
std::vector<Position> AllPositions(int max_pieces) {
  std::vector<Position> out;
  struct Placement {
    Bitboard black = 0, white = 0, kings = 0;
  };
  std::vector<std::pair<Placement, int>> partial = {{Placement{}, -1}};
  for (int placed = 0; placed < max_pieces; ++placed) {
    std::vector<std::pair<Placement, int>> next;
    for (const auto& [p, last] : partial) {
      for (Square s = last + 1; s < kNumSquares; ++s) {
        const Bitboard bit = SquareBit(s);
        for (int kind = 0; kind < 4; ++kind) {
          Placement q = p;
          const bool black = kind < 2, king = kind % 2 == 1;
          if (!king &&
              (bit & CrowningRow(black ? Color::kBlack : Color::kWhite)))
            continue;
          (black ? q.black : q.white) |= bit;
          if (king) q.kings |= bit;
          next.push_back({q, s});
        }
      }
    }
    for (const auto& [p, last] : next) {
      if (p.black != 0 && p.white != 0) {
        for (Color c : {Color::kBlack, Color::kWhite})
          out.push_back(Position::FromBitboards(p.black, p.white, p.kings, c));
      }
    }
    partial = std::move(next);
  }
  return out;
}

// An independent solver: forward passes over every position until no
// value changes, by the definition of a won and a lost position.
absl::flat_hash_map<uint64_t, Wdl> SolveByForwardPasses(
    const std::vector<Position>& positions) {
  absl::flat_hash_map<uint64_t, Wdl> value;
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Position& pos : positions) {
      if (value.contains(pos.hash())) continue;
      MoveList moves;
      GenerateMoves(pos, &moves);
      bool win = false, all_won = true;
      for (const Move& m : moves) {
        const Position child = pos.After(m);
        if (child.pieces(child.side_to_move()) == 0) {
          win = true;
          break;
        }
        auto it = value.find(child.hash());
        if (it == value.end()) {
          all_won = false;
        } else if (it->second == Wdl::kLoss) {
          win = true;
          break;
        } else if (it->second != Wdl::kWin) {
          all_won = false;
        }
      }
      if (win || all_won) {
        value[pos.hash()] = win ? Wdl::kWin : Wdl::kLoss;
        changed = true;
      }
    }
  }
  return value;
}

TEST(EndgameDbTest, EverySliceIndexNamesEachPositionOnce) {
  for (const Material& m : SlicesUpTo(4)) {
    uint64_t positions = 0;
    for (uint64_t i = 0; i < SliceEntries(m); ++i) {
      const std::optional<Position> pos = PositionAt(m, i);
      if (!pos.has_value()) continue;
      ++positions;
      ASSERT_TRUE(MaterialOf(*pos) == m) << m.Name() << " " << i;
      ASSERT_EQ(IndexOf(m, *pos), i) << m.Name() << " " << ToFen(*pos);
    }
    EXPECT_GT(positions, 0u) << m.Name();
  }
}

TEST(EndgameDbTest, SlicesCoverEveryPositionWithTheirReverses) {
  // 1 king each: 32 * 31 placements; a king and a man: 28 * 31 each way;
  // a man each: 28 * 28 less the 24 squares both may use. Twice, for the
  // side to move.
  uint64_t two_pieces = 0;
  for (const Material& m : SlicesUpTo(2)) {
    for (uint64_t i = 0; i < SliceEntries(m); ++i) {
      if (PositionAt(m, i).has_value()) {
        two_pieces += m == m.Reversed() ? 1 : 2;
      }
    }
  }
  EXPECT_EQ(two_pieces, 2u * (32 * 31 + 2 * 28 * 31 + 28 * 28 - 24));
  EXPECT_EQ(two_pieces, AllPositions(2).size());
}

TEST(EndgameDbTest, SlicesComeAfterTheSlicesCapturesAndCrowningsReach) {
  // A capture takes a piece, a crowning turns a man into a king: fewer
  // pieces, then fewer men, first.
  const std::vector<Material> order = SlicesUpTo(6);
  for (size_t i = 1; i < order.size(); ++i) {
    EXPECT_LE(std::make_pair(order[i - 1].pieces(), order[i - 1].men()),
              std::make_pair(order[i].pieces(), order[i].men()));
  }
  for (const Material& m : order) EXPECT_TRUE(m.IsCanonical()) << m.Name();
}

TEST(EndgameDbTest, AgreesWithForwardPassesOnEveryPositionUpToThreePieces) {
  const std::vector<Position> positions = AllPositions(3);
  const absl::flat_hash_map<uint64_t, Wdl> expected =
      SolveByForwardPasses(positions);
  const Database& db = Built(3);
  int wins = 0, losses = 0;
  for (const Position& pos : positions) {
    auto it = expected.find(pos.hash());
    const Wdl want = it == expected.end() ? Wdl::kDraw : it->second;
    const std::optional<Wdl> got = db.Probe(pos);
    ASSERT_TRUE(got.has_value()) << ToFen(pos);
    ASSERT_EQ(*got, want) << ToFen(pos);
    wins += want == Wdl::kWin;
    losses += want == Wdl::kLoss;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

TEST(EndgameDbTest, TwoPieceSlicesHoldTheirKnownCounts) {
  // Positions, then wins, draws and losses for the side to move; agreed
  // by the forward-pass solver above and by `checkers egdb info`.
  struct Counts {
    Material material;
    int positions, wins, draws, losses;
  };
  for (const Counts& want : {Counts{{0, 1, 0, 1}, 1984, 460, 1308, 216},
                             Counts{{1, 0, 0, 1}, 1736, 384, 1105, 247},
                             Counts{{1, 0, 1, 0}, 1520, 204, 1222, 94}}) {
    Counts got{want.material, 0, 0, 0, 0};
    for (uint64_t i = 0; i < SliceEntries(want.material); ++i) {
      const std::optional<Position> pos = PositionAt(want.material, i);
      if (!pos.has_value()) continue;
      ++got.positions;
      const Wdl v = *Built(2).Probe(*pos);
      (v == Wdl::kWin ? got.wins : v == Wdl::kDraw ? got.draws : got.losses)++;
    }
    EXPECT_EQ(got.positions, want.positions) << want.material.Name();
    EXPECT_EQ(got.wins, want.wins) << want.material.Name();
    EXPECT_EQ(got.draws, want.draws) << want.material.Name();
    EXPECT_EQ(got.losses, want.losses) << want.material.Name();
    const std::optional<Database::Counts> counted =
        Built(2).CountSlice(want.material);
    ASSERT_TRUE(counted.has_value());
    EXPECT_EQ(counted->wins, want.wins) << want.material.Name();
    EXPECT_EQ(counted->draws, want.draws) << want.material.Name();
    EXPECT_EQ(counted->losses, want.losses) << want.material.Name();
  }
  EXPECT_EQ(Built(2).CountSlice({0, 2, 0, 1}), std::nullopt);
}

TEST(EndgameDbTest, ALoneKingInItsCornerFacingAKingTwoSquaresOffIsLost) {
  // Black's only move, 4-8, walks into 11x4.
  EXPECT_EQ(Built(2).Probe(FenPosition("B:WK11:BK4")), Wdl::kLoss);
  EXPECT_EQ(Built(2).Probe(FenPosition("W:WK11:BK4")), Wdl::kDraw);
  // In open board a king cannot catch a king.
  EXPECT_EQ(Built(2).Probe(FenPosition("B:WK29:BK14")), Wdl::kDraw);
}

TEST(EndgameDbTest, AKingThatCanCaptureTheLastKingWins) {
  const Database& db = Built(2);
  const Material kings{0, 1, 0, 1};
  int captures = 0;
  for (uint64_t i = 0; i < SliceEntries(kings); ++i) {
    const Position pos = *PositionAt(kings, i);
    if (!HasCapture(pos)) continue;
    ++captures;
    EXPECT_EQ(*db.Probe(pos), Wdl::kWin) << ToFen(pos);
  }
  EXPECT_GT(captures, 100);
}

TEST(EndgameDbTest, TwoKingsAlmostAlwaysBeatOneKingThatCannotCaptureAtOnce) {
  const Database& db = Built(3);
  const Material two_kings{0, 2, 0, 1};
  int positions = 0, lost = 0;
  for (uint64_t i = 0; i < SliceEntries(two_kings); ++i) {
    const Position pos = *PositionAt(two_kings, i);
    if (pos.side_to_move() != Color::kWhite || HasCapture(pos)) continue;
    ++positions;
    const Wdl v = *db.Probe(pos);
    // The lone king may fork two kings on the edge and draw, never win.
    EXPECT_NE(v, Wdl::kWin) << ToFen(pos);
    lost += v == Wdl::kLoss;
    EXPECT_EQ(*db.Probe(Reversed(pos)), v) << ToFen(Reversed(pos));
  }
  EXPECT_GT(positions, 10000);
  EXPECT_GT(lost, positions * 95 / 100);
}

TEST(EndgameDbTest, BuiltSlicesPassTheirSelfCheckAndADamagedOneFails) {
  const Database& db = Built(3);
  for (const Material& m : db.slices()) {
    absl::StatusOr<uint64_t> wrong = db.VerifySlice(m);
    ASSERT_TRUE(wrong.ok()) << wrong.status();
    EXPECT_EQ(*wrong, 0u) << m.Name();
  }
  // A copy with one win turned into a draw.
  Database damaged;
  const Material two_kings{0, 2, 0, 1};
  for (const Material& m : db.slices()) {
    std::string packed(*db.PackedSlice(m));
    if (m == two_kings) {
      for (char& byte : packed) {
        if (byte != 0) {
          byte = 0;
          break;
        }
      }
    }
    ASSERT_TRUE(damaged.AddSlice(m, std::move(packed)).ok());
  }
  std::string first;
  absl::StatusOr<uint64_t> wrong =
      damaged.VerifySlice(two_kings, nullptr, &first);
  ASSERT_TRUE(wrong.ok());
  EXPECT_GT(*wrong, 0u);
  EXPECT_FALSE(first.empty());
}

TEST(EndgameDbTest, SlicesOfTheWrongSizeOrMaterialAreRefused) {
  Database db;
  EXPECT_EQ(db.AddSlice({0, 1, 0, 1}, "x").code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(
      db.AddSlice({0, 1, 0, 2}, std::string(SlicePackedBytes({0, 1, 0, 2}), 0))
          .code(),
      absl::StatusCode::kInvalidArgument);
  const std::string kings(SlicePackedBytes({0, 1, 0, 1}), 0);
  EXPECT_TRUE(db.AddSlice({0, 1, 0, 1}, kings).ok());
  EXPECT_EQ(db.AddSlice({0, 1, 0, 1}, kings).code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(db.complete_pieces(), 0);
}

TEST(EndgameDbTest, ASliceHeldElsewhereIsProbedInPlaceWhileItsHolderIsKept) {
  const Database& built = Built(3);
  std::weak_ptr<const std::string> watched;
  {
    Database viewed;
    for (const Material& m : built.slices()) {
      auto holder = std::make_shared<const std::string>(*built.PackedSlice(m));
      const absl::string_view bytes = *holder;
      if (m == Material{0, 2, 0, 1}) watched = holder;
      ASSERT_TRUE(viewed.AddSliceView(m, bytes, std::move(holder)).ok());
      EXPECT_EQ(viewed.PackedSlice(m)->data(), bytes.data()) << m.Name();
    }
    EXPECT_EQ(viewed.complete_pieces(), 3);
    for (const Material& m : built.slices()) {
      for (uint64_t i = 0; i < SliceEntries(m); ++i) {
        const std::optional<Position> pos = PositionAt(m, i);
        if (pos.has_value()) {
          EXPECT_EQ(viewed.Probe(*pos), built.Probe(*pos));
        }
      }
    }
    const std::string kings(SlicePackedBytes({0, 1, 0, 1}), 0);
    EXPECT_EQ(viewed.AddSliceView({0, 1, 0, 1}, kings, nullptr).code(),
              absl::StatusCode::kAlreadyExists);
    EXPECT_EQ(viewed.PackedSlice({0, 3, 0, 3}), std::nullopt);
    EXPECT_FALSE(watched.expired());
  }
  EXPECT_TRUE(watched.expired());
}

// A copy of the 3-piece database whose every slice carries a check that
// counts its runs in `runs` (by slice name) and passes when `sound` says so.
std::unique_ptr<Database> CheckedCopy(
    std::map<std::string, std::atomic<int>>* runs, bool sound = true) {
  const Database& built = Built(3);
  auto db = std::make_unique<Database>();
  for (const Material& m : built.slices()) {
    std::atomic<int>* count = &(*runs)[m.Name()];
    const absl::string_view bytes = *built.PackedSlice(m);
    EXPECT_TRUE(
        db->AddSliceView(m, bytes, nullptr, [count, sound](absl::string_view) {
            ++*count;
            return sound;
          }).ok());
  }
  return db;
}

TEST(EndgameDbTest, ACheckedSliceIsCheckedOnceWhenFirstReadAndNotBefore) {
  std::map<std::string, std::atomic<int>> runs;
  const std::unique_ptr<Database> db = CheckedCopy(&runs);
  EXPECT_EQ(db->complete_pieces(), 3);
  for (const auto& [name, count] : runs) EXPECT_EQ(count, 0) << name;

  // Two kings against one: slice 0201 (and, reversed, the same slice).
  const Position two_kings = FenPosition("B:WK32:BK1,K5");
  const Position reversed = Reversed(two_kings);
  EXPECT_EQ(db->Probe(two_kings), Built(3).Probe(two_kings));
  EXPECT_EQ(db->Probe(reversed), Built(3).Probe(reversed));
  EXPECT_TRUE(db->PackedSlice({0, 2, 0, 1}).has_value());
  for (const auto& [name, count] : runs) {
    EXPECT_EQ(count, name == "0201" ? 1 : 0) << name;
  }
}

TEST(EndgameDbTest, ManySearchesReadingAnUncheckedSliceAtOnceCheckItOnce) {
  std::map<std::string, std::atomic<int>> runs;
  const std::unique_ptr<Database> db = CheckedCopy(&runs);
  const Position two_kings = FenPosition("B:WK32:BK1,K5");
  const std::optional<Wdl> expected = Built(3).Probe(two_kings);
  std::vector<std::thread> searches;
  std::atomic<int> agreed = 0;
  for (int i = 0; i < 8; ++i) {
    searches.emplace_back([&] {
      if (db->Probe(two_kings) == expected) ++agreed;
    });
  }
  for (std::thread& t : searches) t.join();
  EXPECT_EQ(agreed, 8);
  EXPECT_EQ(runs["0201"], 1);
}

TEST(EndgameDbTest, ASliceItsCheckRejectsReadsAsAbsentFromThenOn) {
  std::map<std::string, std::atomic<int>> runs;
  const std::unique_ptr<Database> db = CheckedCopy(&runs, /*sound=*/false);
  const Position two_kings = FenPosition("B:WK32:BK1,K5");
  EXPECT_EQ(db->Probe(two_kings), std::nullopt);
  EXPECT_EQ(db->Probe(two_kings), std::nullopt);
  EXPECT_EQ(db->PackedSlice({0, 2, 0, 1}), std::nullopt);
  EXPECT_EQ(runs["0201"], 1);
}

TEST(EndgameDbTest, BuildingBeforeTheSlicesAMoveLeadsToFails) {
  Database db;
  EXPECT_EQ(db.BuildSlice({0, 2, 0, 1}).code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(EndgameDbTest, CompletePiecesCountsOnlyWholeSizes) {
  EXPECT_EQ(Built(3).complete_pieces(), 3);
  EXPECT_FALSE(Built(3).Probe(FenPosition("B:W21,22:B1,2")).has_value());
}

TEST(EndgameDbTest, MaterialNamesReadBack) {
  const Material m{2, 0, 1, 1};
  EXPECT_EQ(m.Name(), "2011");
  EXPECT_TRUE(MaterialNamed("2011") == m);
  EXPECT_FALSE(MaterialNamed("201").has_value());
  EXPECT_FALSE(MaterialNamed("2a11").has_value());
  EXPECT_TRUE(SlicesUpTo(1).empty());
}

}  // namespace
}  // namespace checkers::egdb
