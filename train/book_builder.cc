#include "train/book_builder.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "engine/game_search.h"
#include "train/parallel.h"

namespace checkers::train {
namespace {

// A position to consider at one ply, and the side whose book it is for.
struct Node {
  GamePosition position;
  Color book_side;
};

}  // namespace

std::vector<book::Entry> BuildBook(const BookOptions& options,
                                   const BookProgressFn& progress) {
  std::vector<book::Entry> book;
  // Each opening twice: once for the book of each side.
  std::vector<Node> level;
  for (const GamePosition& p : options.openings) {
    level.push_back({p, Color::kBlack});
    level.push_back({p, Color::kWhite});
  }
  // GamePosition::hash to the index in `book` of every position searched.
  absl::flat_hash_map<uint64_t, size_t> index;
  int done = 0;
  int known = 0;
  for (int ply = 0; ply < options.plies && !level.empty(); ++ply) {
    // The positions of this ply where the book's side is to move and has a
    // choice, once each, in FEN order so that the book reads the same
    // whatever order the openings came in.
    std::vector<std::pair<std::string, GamePosition>> to_search;
    absl::flat_hash_set<uint64_t> queued;
    for (const Node& n : level) {
      const GamePosition& p = n.position;
      if (p.side_to_move() != n.book_side) continue;
      if (p.LegalMoves().size() < 2 || index.contains(p.hash()) ||
          !queued.insert(p.hash()).second) {
        continue;
      }
      to_search.emplace_back(p.ToFen(), p);
    }
    std::sort(to_search.begin(), to_search.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    known += static_cast<int>(to_search.size());
    std::vector<std::optional<book::Entry>> found(to_search.size());
    ParallelFor(
        static_cast<int>(to_search.size()), options.threads,
        [&](int i) {
          GameSearchRequest request;
          request.position = to_search[i].second;
          request.level = Level::kHard;
          request.limits.max_nodes = options.nodes;
          absl::StatusOr<GameSearchResult> result = SearchGame(request);
          if (!result.ok()) return;
          found[i] = book::Entry{to_search[i].second, result->best_move,
                                 result->score, result->depth};
        },
        [&](int finished) {
          if (progress) progress(done + finished, known);
        });
    done += static_cast<int>(to_search.size());

    for (const std::optional<book::Entry>& e : found) {
      if (!e.has_value()) continue;
      index[e->position.hash()] = book.size();
      book.push_back(*e);
    }

    // The next ply: the book's move where the book's side is to move (a
    // forced move where it has no choice), every move of the other side.
    std::vector<Node> next;
    absl::flat_hash_set<std::pair<uint64_t, Color>> seen;
    auto add = [&](const GamePosition& c, Color side) {
      if (seen.insert({c.hash(), side}).second) next.push_back({c, side});
    };
    for (const Node& n : level) {
      const GamePosition& p = n.position;
      const std::vector<GameMove> moves = p.LegalMoves();
      if (p.side_to_move() != n.book_side) {
        for (const GameMove& m : moves) add(p.After(m), n.book_side);
      } else if (moves.size() == 1) {
        add(p.After(moves[0]), n.book_side);
      } else if (const auto it = index.find(p.hash()); it != index.end()) {
        add(p.After(book[it->second].move), n.book_side);
      }
    }
    level = std::move(next);
  }
  return book;
}

}  // namespace checkers::train
