#include "engine/search.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/bit_count.h"
#include "engine/endgame_db.h"
#include "engine/eval10.h"
#include "engine/eval8.h"
#include "engine/learned_eval.h"
#include "engine/movegen10.h"
#include "engine/opening_book.h"

namespace checkers {
namespace {

constexpr int kInfinity = kMateScore + 1;

// Level parameters. Budgets are nodes; Hard's is the largest that answers
// within about a second on a 2-core 2.3 GHz machine in the slowest
// positions of `checkers bench search` even while another process competes
// for the cores (about 0.5 s when the machine is otherwise idle).
constexpr uint64_t kEasyNodes = 1'500;
constexpr uint64_t kMediumNodes = 25'000;
constexpr uint64_t kHardNodes = 1'500'000;
// The 10x10 budgets (intl::NodeBudget): Easy and Medium as on 8x8; a
// 10x10 node costs 1.6 to 2 times an 8x8 one (`checkers bench search`,
// both rules), so Hard's is cut to answer within the same second.
constexpr uint64_t kEasyNodes10 = kEasyNodes;
constexpr uint64_t kMediumNodes10 = kMediumNodes;
constexpr uint64_t kHardNodes10 = 1'000'000;
constexpr int kEasyHashMib = 1;
constexpr int kMediumHashMib = 4;
constexpr int kHardHashMib = 16;
// Easy plays any move within this many centi-men of its best, and on a
// kEasyShortSightPercent share of its moves looks only kEasyShortSight
// plies ahead (then captures): it does not see the opponent's quiet
// sacrifice that sets up a two-for-one.
constexpr int kEasyMargin = 45;
constexpr int kEasyShortSight = 1;
constexpr int kEasyShortSightPercent = 35;
// A forced move needs no thought, only a score.
constexpr uint64_t kForcedMoveNodes = 20'000;

constexpr int kAspirationWindow = 35;

// Depths inside the tree count quarter plies, so that a reduction can be
// a fraction of a ply.
constexpr int kOnePly = 4;

// Truncation (docs/SEARCH.md): a quiet position whose static value lies
// more than kTruncateSoft outside the window is searched a quarter ply
// shallower per kTruncatePerQuarter centi-men; one more than kTruncateHard
// outside, by up to kTruncateMax's worth.
constexpr int kTruncateSoft = 20;
constexpr int kTruncateHard = 100;
constexpr int kTruncateMax = 160;
constexpr int kTruncatePerQuarter = 16;

// The depth a line has given up to truncation so far, in quarter plies,
// kept apart by kind so that each is given back when the line's value
// comes back near the window.
struct Truncation {
  int hard = 0;
  int soft = 0;
};

// A deterministic generator for Easy's choices: SplitMix64.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next() { return internal::SplitMix64(state_); }
  // Uniform in [0, n).
  int Below(int n) {
    return static_cast<int>(Next() % static_cast<uint64_t>(n));
  }

 private:
  uint64_t state_;
};

// Mate scores are stored relative to the node, not the root, so that a
// transposition reached at another ply reads the right distance.
int ScoreToTable(int score, int ply) {
  if (score >= kMateScore - kMaxSearchPly) return score + ply;
  if (score <= -(kMateScore - kMaxSearchPly)) return score - ply;
  return score;
}
int ScoreFromTable(int score, int ply) {
  if (score >= kMateScore - kMaxSearchPly) return score - ply;
  if (score <= -(kMateScore - kMaxSearchPly)) return score + ply;
  return score;
}

enum Bound : uint8_t { kNoBound = 0, kUpper = 1, kLower = 2, kExact = 3 };

// A bucketed transposition table, four entries to a cache line. Within a
// bucket the entry of the oldest iteration and then the shallowest depth
// is replaced first, so deep results of the current iteration survive.
class TranspositionTable {
 public:
  struct Entry {
    uint32_t key = 0;
    int16_t score = 0;
    // In quarter plies.
    uint8_t depth = 0;
    uint8_t bound = kNoBound;
    // Index of the best move in generation order; 255 for none.
    uint8_t move = 255;
    uint8_t generation = 0;
    uint8_t padding[6] = {};
  };
  static_assert(sizeof(Entry) == 16);
  static constexpr int kBucketSize = 4;
  static constexpr size_t kCacheLine = 64;
  static constexpr size_t kHugePage = size_t{2} << 20;
  static_assert(kBucketSize * sizeof(Entry) == kCacheLine);

  explicit TranspositionTable(int mib) : mib_(mib) {
    const uint64_t entries =
        (uint64_t{static_cast<uint64_t>(mib)} << 20) / sizeof(Entry);
    uint64_t buckets = 1;
    while (buckets * 2 * kBucketSize <= entries) buckets *= 2;
    mask_ = buckets - 1;
    // Every bucket on a cache line of its own, so that a probe reads one
    // line, not two. A table of huge pages' size starts on a huge page
    // and asks Linux for them: probes land all over the table, and with
    // 4 KiB pages nearly each also missed the TLB. Measured on a
    // CheckerBoard engine search, the probe's load was a third of all
    // the time before both.
    const size_t bytes = buckets * kBucketSize * sizeof(Entry);
    const bool huge = bytes >= kHugePage;
    const size_t alignment = huge ? kHugePage : kCacheLine;
    table_.reset(static_cast<Entry*>(std::aligned_alloc(alignment, bytes)));
    if (table_ == nullptr) return;
#ifdef MADV_HUGEPAGE
    if (huge) madvise(table_.get(), bytes, MADV_HUGEPAGE);
#endif
    std::memset(static_cast<void*>(table_.get()), 0, bytes);
    max_written_ = buckets * kBucketSize / 16;
  }

  bool ok() const { return table_ != nullptr; }

  // Starts loading the bucket of `hash`, for a probe soon after.
  void Prefetch(uint64_t hash) const { __builtin_prefetch(Bucket(hash)); }

  int mib() const { return mib_; }
  void NewGeneration() { ++generation_; }

  // Makes the table as empty as a new one (all bytes zero, as the
  // constructor left it). Rewriting only the entries written since the
  // last Clear keeps the cost in proportion to a short search's nodes, not
  // to the table's size.
  void Clear() {
    if (written_overflow_) {
      std::memset(static_cast<void*>(table_.get()), 0,
                  (mask_ + 1) * kBucketSize * sizeof(Entry));
    } else {
      for (uint32_t i : written_) {
        std::memset(static_cast<void*>(&table_[i]), 0, sizeof(Entry));
      }
    }
    written_.clear();
    written_overflow_ = false;
    generation_ = 0;
    searched_on_for_.reset();
  }

  // The winner whose won endgame positions every entry was searched past
  // (Searcher::Search), or nullopt when some entry may hold a database
  // score that cut such a position off.
  std::optional<Color> searched_on_for() const { return searched_on_for_; }
  void set_searched_on_for(std::optional<Color> winner) {
    searched_on_for_ = winner;
  }

  const Entry* Probe(uint64_t hash) const {
    const Entry* bucket = Bucket(hash);
    const uint32_t key = static_cast<uint32_t>(hash >> 32);
    for (int i = 0; i < kBucketSize; ++i) {
      if (bucket[i].bound != kNoBound && bucket[i].key == key)
        return &bucket[i];
    }
    return nullptr;
  }

  void Store(uint64_t hash, int depth, int score, Bound bound, int move) {
    Entry* bucket = Bucket(hash);
    const uint32_t key = static_cast<uint32_t>(hash >> 32);
    Entry* victim = &bucket[0];
    for (int i = 0; i < kBucketSize; ++i) {
      Entry& e = bucket[i];
      if (e.bound == kNoBound || e.key == key) {
        victim = &e;
        break;
      }
      if (Worth(e) < Worth(*victim)) victim = &e;
    }
    if (victim->key == key && victim->bound != kNoBound) {
      // Keep a deeper result of this iteration unless the new one is exact.
      if (bound != kExact && victim->generation == generation_ &&
          victim->depth > depth + 2 * kOnePly) {
        return;
      }
      if (move == 255) move = victim->move;
    }
    if (victim->bound == kNoBound) NoteWritten(victim);
    victim->key = key;
    victim->score = static_cast<int16_t>(score);
    victim->depth = static_cast<uint8_t>(std::clamp(depth, 0, 255));
    victim->bound = bound;
    victim->move = static_cast<uint8_t>(move);
    victim->generation = generation_;
  }

 private:
  struct FreeDeleter {
    void operator()(Entry* p) const { std::free(p); }
  };

  Entry* Bucket(uint64_t hash) const {
    return &table_[(hash & mask_) * kBucketSize];
  }
  // Past a sixteenth of the entries, Clear rewrites the whole table.
  void NoteWritten(const Entry* e) {
    if (written_overflow_) return;
    if (written_.size() == max_written_) {
      written_overflow_ = true;
      written_.clear();
      return;
    }
    written_.push_back(static_cast<uint32_t>(e - table_.get()));
  }
  // Replacement priority: older iterations are worth 4 plies less each.
  int Worth(const Entry& e) const {
    return e.depth -
           4 * kOnePly * static_cast<uint8_t>(generation_ - e.generation);
  }

  int mib_;
  std::unique_ptr<Entry[], FreeDeleter> table_;
  uint64_t mask_ = 0;
  uint8_t generation_ = 0;
  // The entries written since the last Clear, unless there were too many.
  std::vector<uint32_t> written_;
  size_t max_written_ = 0;
  bool written_overflow_ = false;
  std::optional<Color> searched_on_for_;
};

// The table of the thread's last search, kept for its next one. Self-play
// searches a few thousand nodes a move, fewer than a fresh table's pages:
// allocating one per search made the allocator map and unmap them each
// time, which slowed long training runs to half speed.
std::unique_ptr<TranspositionTable>& ThreadTable() {
  thread_local std::unique_ptr<TranspositionTable> table;
  return table;
}

// A table of `mib` MiB: the thread's kept one when it has that size, as
// its last search left it when `keep` and else emptied; or a new one.
std::unique_ptr<TranspositionTable> TakeTable(int mib, bool keep) {
  std::unique_ptr<TranspositionTable> table = std::move(ThreadTable());
  if (table != nullptr && table->mib() == mib) {
    if (!keep) table->Clear();
    return table;
  }
  table.reset();
  return std::make_unique<TranspositionTable>(mib);
}

// Scores of positions the endgame database decides: above any evaluation,
// below any forced win the search sees to its end.
constexpr int kEndgameWin = 20000;

// How far `winner` has got in a won ending: the fewer pieces the loser
// keeps the better, then crowned kings, men nearer their crowning row and
// kings nearer the loser's pieces. A crowning must outweigh what the
// other terms move by in a few plies: at 100 a king, a man stopped by a
// king in the double corner stayed there for the whole no-progress count,
// the winner's kings content to close in (docs/ENDGAME.md). Within +-5000
// for up to kMaxPieces pieces, so won scores stay between evaluations and
// forced wins.
int EndgameProgress(const Position& pos, Color winner) {
  const Color loser = Opponent(winner);
  int progress =
      -500 * PopCount(pos.pieces(loser)) + 300 * PopCount(pos.kings(winner));
  for (Bitboard b = pos.men(winner); b; b = PopLowest(b)) {
    const int row = RowOf(LowestSquare(b));
    progress += 10 * (winner == Color::kBlack ? row : 7 - row);
  }
  for (Bitboard k = pos.kings(winner); k; k = PopLowest(k)) {
    const Square from = LowestSquare(k);
    int nearest = 7;
    for (Bitboard t = pos.pieces(loser); t; t = PopLowest(t)) {
      const Square to = LowestSquare(t);
      nearest = std::min(nearest, std::max(std::abs(RowOf(from) - RowOf(to)),
                                           std::abs(ColOf(from) - ColOf(to))));
    }
    progress -= 20 * nearest;
  }
  // A lone king in a double corner holds out longest: take its squares.
  for (Bitboard k = pos.kings(loser); k; k = PopLowest(k)) {
    progress -=
        40 * PopCount(Neighbours(SquareBit(LowestSquare(k))) & pos.empty());
  }
  return progress;
}

// The board and rules a search runs over, as the one Searcher below sees
// them: the 8x8 board under one edition and capture rule, or the 10x10
// board of international draughts. Each names its position and move types
// and forwards to its generator and evaluation, so that the search is one
// algorithm compiled per board, with the edition decided once per call.
class Board8 {
 public:
  using PositionType = Position;
  using MoveType = Move;
  using MoveListType = MoveList;
  using BitboardType = Bitboard;
  static constexpr int kSquares = kNumSquares;

  // The database is consulted only under the rules it was built for:
  // English with captures forced. `weights`, when given, price positions
  // by the learned evaluation (engine/learned_eval.h); they must have been
  // fitted to games of `edition`.
  Board8(Edition edition, CaptureRule rule, const egdb::Database* endgame_db,
         const learned::Weights* weights)
      : edition_(edition),
        rule_(rule),
        endgame_db_(edition == Edition::kEnglish &&
                            rule == CaptureRule::kMandatory
                        ? endgame_db
                        : nullptr),
        weights_(weights) {}

  static uint64_t Budget(Level level) { return NodeBudget(level); }
  static BitboardType Bit(int square) { return SquareBit(square); }
  static BitboardType CrowningRow(Color c) {
    return ::checkers::CrowningRow(c);
  }

  bool optional_captures() const { return rule_ == CaptureRule::kOptional; }
  // Truncation (docs/SEARCH.md) was measured under English rules only; the
  // other editions search as before it.
  bool truncates() const { return edition_ == Edition::kEnglish; }
  BitboardType Capturers(const Position& pos) const {
    return CapturingPieces(pos, edition_);
  }
  BitboardType Steppers(const Position& pos) const {
    return SteppingPieces(pos);
  }
  bool CanMove(const Position& pos) const {
    return HasLegalMove(pos, edition_);
  }
  // Whether the side not to move could capture if it were its turn, by
  // the edition's rules (men that capture backward and flying kings see
  // captures the English generator misses).
  bool OpponentCanCapture(const Position& pos) const {
    return HasCapture(pos.WithSideToMove(Opponent(pos.side_to_move())),
                      edition_);
  }
  void Moves(const Position& pos, MoveList* moves) const {
    GenerateMoves(pos, moves, rule_, edition_);
  }
  void Moves(const Position& pos, BitboardType capturers,
             MoveList* moves) const {
    GenerateMoves(pos, capturers, moves, rule_, edition_);
  }
  void Captures(const Position& pos, BitboardType capturers,
                MoveList* moves) const {
    GenerateCaptures(pos, capturers, moves, edition_);
  }
  int Value(const Position& pos) const {
    return weights_ != nullptr ? learned::Evaluate(pos, *weights_, edition_)
                               : Evaluate(pos, edition_);
  }

  bool has_endgame_db() const { return endgame_db_ != nullptr; }
  // The exact score of `pos`, `ply` plies from the root, when the endgame
  // database holds it: a draw is 0; a win kEndgameWin and more, less a
  // point a ply so the nearer of two wins is preferred, plus how far the
  // winner has got (EndgameProgress), since the database knows no
  // distances and a search among equal wins would shuffle.
  std::optional<int> EndgameScore(const Position& pos, int ply) const {
    const std::optional<egdb::Wdl> v = endgame_db_->Probe(pos);
    if (!v.has_value()) return std::nullopt;
    if (*v == egdb::Wdl::kDraw) return 0;
    const Color us = pos.side_to_move();
    const Color winner = *v == egdb::Wdl::kWin ? us : Opponent(us);
    const int score = kEndgameWin + EndgameProgress(pos, winner) - ply;
    return winner == us ? score : -score;
  }

 private:
  Edition edition_;
  CaptureRule rule_;
  const egdb::Database* endgame_db_;
  const learned::Weights* weights_;
};

// Capture routes that take the same pieces to the same square in another
// order lead to the same position: the search plays one of them (the
// "drop" convention of engine/movegen10.h), each a legal move.
class Board10 {
 public:
  using PositionType = intl::Position;
  using MoveType = intl::Move;
  using MoveListType = intl::MoveList;
  using BitboardType = intl::Bitboard;
  static constexpr int kSquares = intl::kNumSquares;

  // `weights`, when given, price positions by the learned evaluation
  // (engine/learned_eval.h), fitted to international games.
  explicit Board10(const learned::Weights* weights) : weights_(weights) {}

  static uint64_t Budget(Level level) { return intl::NodeBudget(level); }
  static BitboardType Bit(int square) { return intl::SquareBit(square); }
  static BitboardType CrowningRow(Color c) { return intl::CrowningRow(c); }

  bool optional_captures() const { return false; }
  bool truncates() const { return false; }
  BitboardType Capturers(const PositionType& pos) const {
    return intl::CapturingPieces(pos);
  }
  BitboardType Steppers(const PositionType& pos) const {
    return intl::SteppingPieces(pos);
  }
  bool CanMove(const PositionType& pos) const {
    return intl::HasLegalMove(pos);
  }
  bool OpponentCanCapture(const PositionType& pos) const {
    return intl::HasCapture(pos.WithSideToMove(Opponent(pos.side_to_move())));
  }
  void Moves(const PositionType& pos, MoveListType* moves) const {
    intl::GenerateMoves(pos, moves, intl::Routes::kDrop);
  }
  void Moves(const PositionType& pos, BitboardType capturers,
             MoveListType* moves) const {
    intl::GenerateMoves(pos, capturers, moves, intl::Routes::kDrop);
  }
  void Captures(const PositionType& pos, BitboardType capturers,
                MoveListType* moves) const {
    intl::GenerateCaptures(pos, capturers, moves, intl::Routes::kDrop);
  }
  int Value(const PositionType& pos) const {
    return weights_ != nullptr ? learned::Evaluate(pos, *weights_)
                               : intl::Evaluate(pos);
  }

  // No endgame database covers the 10x10 board.
  bool has_endgame_db() const { return false; }
  std::optional<int> EndgameScore(const PositionType&, int) const {
    return std::nullopt;
  }

 private:
  const learned::Weights* weights_;
};

// What a search is asked, whatever the board.
template <typename B>
struct Task {
  B board;
  const typename B::PositionType& position;
  const std::vector<uint64_t>& history;
  int no_progress_plies;
  int no_progress_limit;
};

template <typename MoveT>
struct RootMove {
  MoveT move;
  int score = -kInfinity;
  // The score of the last completed iteration, for ordering.
  int previous_score = -kInfinity;
};

template <typename B>
class Searcher {
 public:
  using Position = typename B::PositionType;
  using Move = typename B::MoveType;
  using MoveList = typename B::MoveListType;
  using Bitboard = typename B::BitboardType;
  using Result = BasicSearchResult<Move>;

  Searcher(const Task<B>& task, const PollFn& poll, uint64_t budget,
           int hash_mib, bool keep_table)
      : task_(task),
        board_(task.board),
        poll_(poll),
        no_progress_limit_(task.no_progress_limit),
        budget_(budget),
        tt_(TakeTable(hash_mib, keep_table)) {}
  ~Searcher() {
    if (tt_->ok()) ThreadTable() = std::move(tt_);
  }
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  absl::StatusOr<Result> Run(int max_depth, bool exact_root_scores);

  // Root moves, best first, with the scores of the last completed
  // iteration (exact ones when Run was asked for exact root scores).
  const std::vector<RootMove<Move>>& root_moves() const { return root_moves_; }

 private:
  // `depth` counts quarter plies (kOnePly); at 0 or below only captures
  // are searched.
  int Search(const Position& pos, int depth, int alpha, int beta, int ply,
             int no_progress, bool pv_node, Truncation truncation);
  // Searches the root moves once at `depth` within (alpha, beta); returns
  // the best score. root_moves_[best] gets the best move.
  int SearchRoot(int depth, int alpha, int beta, bool exact_scores);
  bool IsRepetition(int ply, int no_progress) const;
  // Notes who the endgame database says wins the root, and when it decides
  // every root move, keeps only those that hold the root's value: the
  // search then chooses how to win among winning moves, and never lets a
  // draw or a win slip.
  void KeepEndgameBestRootMoves();
  void Poll(bool between_iterations);
  void UpdatePv(int ply, const Move& m);
  int NoProgressAfter(const Position& pos, const Move& m,
                      int no_progress) const {
    return pos.IsIrreversible(m) ? 0 : no_progress + 1;
  }

  // Two quiet moves differ when their from/to pairs do.
  static int16_t FromTo(const Move& m) {
    return static_cast<int16_t>(m.from * B::kSquares + m.to + 1);
  }

  const Task<B>& task_;
  const B board_;
  const PollFn& poll_;
  const int no_progress_limit_;
  uint64_t budget_;
  std::unique_ptr<TranspositionTable> tt_;

  uint64_t nodes_ = 0;
  uint64_t next_poll_ = 0;
  bool budget_armed_ = false;
  bool stop_ = false;
  bool cancelled_ = false;
  // Whether the score Search last returned depends on the path to its
  // position (a repetition or the no-progress count decided it); such
  // scores are not stored in the table.
  bool path_dependent_ = false;
  // The side the endgame database says wins the root, when it decides it.
  std::optional<Color> root_winner_;
  int completed_depth_ = 0;
  int current_depth_ = 0;

  // keys_[0 .. history_size_) is the game history; keys_[history_size_ + ply]
  // the position at that ply of the current line.
  std::vector<uint64_t> keys_;
  int history_size_ = 0;

  std::vector<RootMove<Move>> root_moves_;
  int root_best_ = -1;
  bool root_first_done_ = false;

  Move pv_[kMaxSearchPly][kMaxSearchPly];
  int pv_length_[kMaxSearchPly] = {};
  // Two quiet moves per ply that recently refuted a sibling, as from/to.
  int16_t killers_[kMaxSearchPly][2] = {};
  // Quiet-move history per side and from/to square.
  int history_[2][B::kSquares][B::kSquares] = {};
};

template <typename B>
void Searcher<B>::Poll(bool between_iterations) {
  next_poll_ = nodes_ + kPollIntervalNodes;
  if (budget_armed_) {
    if (nodes_ >= budget_) {
      stop_ = true;
      return;
    }
    next_poll_ = std::min(next_poll_, budget_);
  }
  if (!poll_) return;
  SearchProgress progress;
  progress.completed_depth = completed_depth_;
  progress.current_depth = current_depth_;
  progress.nodes = nodes_;
  progress.between_iterations = between_iterations;
  switch (poll_(progress)) {
    case PollAction::kContinue:
      break;
    case PollAction::kStop:
      stop_ = true;
      break;
    case PollAction::kCancel:
      stop_ = true;
      cancelled_ = true;
      break;
  }
}

template <typename B>
bool Searcher<B>::IsRepetition(int ply, int no_progress) const {
  const int index = history_size_ + ply;
  const int oldest = std::max(0, index - no_progress);
  for (int i = index - 2; i >= oldest; i -= 2) {
    if (keys_[i] == keys_[index]) return true;
  }
  return false;
}

template <typename B>
void Searcher<B>::UpdatePv(int ply, const Move& m) {
  pv_[ply][ply] = m;
  const int child_length = pv_length_[ply + 1];
  for (int i = ply + 1; i < child_length; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(child_length, ply + 1);
}

template <typename B>
int Searcher<B>::Search(const Position& pos, int depth, int alpha, int beta,
                        int ply, int no_progress, bool pv_node,
                        Truncation truncation) {
  pv_length_[ply] = ply;
  path_dependent_ = false;
  // A node visited after the stop is not counted: the parent's loop may
  // call a child or two before it looks, and the count must stay within
  // the budget that stopped it.
  if (stop_) return 0;
  if (++nodes_ >= next_poll_) Poll(false);
  if (stop_) return 0;

  // As in the game's fold, a side left without a move has lost, even in
  // the turn that reaches the no-progress limit.
  if (no_progress_limit_ > 0 && no_progress >= no_progress_limit_) {
    path_dependent_ = true;
    return board_.CanMove(pos) ? 0 : -kMateScore + ply;
  }
  if (no_progress >= 4 && IsRepetition(ply, no_progress)) {
    path_dependent_ = true;
    return 0;
  }
  if (ply >= kMaxSearchPly - 1) return board_.Value(pos);

  // No line from here can do better than winning at once or worse than
  // losing at once.
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  const int original_alpha = alpha;
  const Bitboard capturers = board_.Capturers(pos);
  // The database's value is exact; with a capture pending the search
  // plays it out first, as captures are cheap to search. When the root's
  // own ending is won, the winner's positions are searched on to the
  // horizon rather than cut off: the database knows who wins, not how, and
  // only a search finds the way to the capture that converts.
  bool in_endgame_db = false;
  if (board_.has_endgame_db() && !capturers) {
    if (const std::optional<int> score = board_.EndgameScore(pos, ply)) {
      in_endgame_db = true;
      const bool same_winner =
          *score != 0 && root_winner_.has_value() &&
          (*score > 0 ? pos.side_to_move() : Opponent(pos.side_to_move())) ==
              *root_winner_;
      if (depth <= 0 || !same_winner) return *score;
    }
  }
  bool captures_only = false;
  int stand_pat = -kInfinity;
  if (depth <= 0) {
    if (!capturers) {
      if (!board_.Steppers(pos)) return -kMateScore + ply;
      return board_.Value(pos);
    } else if (board_.optional_captures()) {
      // Captures are not forced: the side to move may also stand pat.
      stand_pat = board_.Value(pos);
      if (stand_pat >= beta) return stand_pat;
      alpha = std::max(alpha, stand_pat);
      captures_only = true;
    }
  }

  // Capture sequences below the horizon are short and rarely transpose;
  // probing the table there would cost a cache miss per leaf.
  const bool use_table = depth > 0;
  int table_move = 255;
  if (const auto* e = use_table ? tt_->Probe(pos.hash()) : nullptr) {
    table_move = e->move;
    if (!pv_node && e->depth >= depth) {
      const int score = ScoreFromTable(e->score, ply);
      if (e->bound == kExact || (e->bound == kLower && score >= beta) ||
          (e->bound == kUpper && score <= alpha)) {
        return score;
      }
    }
  }

  // Lines whose value strays far from the window rarely come back to it:
  // search them shallower, and give the depth back when they do come back.
  // The table still records the depth asked for, so that the next probe
  // of this position by a line as far from the window is answered.
  const int asked_depth = depth;
  // Truncation and futility both read the static value; it is computed
  // once, and only when one of them gets that far.
  std::optional<int> static_value;
  const auto value_here = [&] {
    if (!static_value.has_value()) static_value = board_.Value(pos);
    return *static_value;
  };
  if (board_.truncates() && !pv_node && !capturers && !in_endgame_db &&
      depth > 0 && !IsMateScore(alpha) && !IsMateScore(beta)) {
    const int value = value_here();
    const int distance = std::max(alpha - value, value - beta);
    if (distance > kTruncateHard) {
      const int cut = std::min(distance, kTruncateMax) / kTruncatePerQuarter;
      truncation.hard += cut;
      depth -= cut;
    } else {
      depth += truncation.hard;
      truncation.hard = 0;
      if (distance > kTruncateSoft) {
        const int cut = distance / kTruncatePerQuarter;
        truncation.soft += cut;
        depth -= cut;
      } else {
        depth += truncation.soft;
        truncation.soft = 0;
      }
    }
    if (depth <= 0) {
      return board_.Steppers(pos) ? value : -kMateScore + ply;
    }
  }

  MoveList moves;
  if (captures_only) {
    board_.Captures(pos, capturers, &moves);
  } else {
    board_.Moves(pos, capturers, &moves);
  }
  if (moves.empty()) return -kMateScore + ply;

  // A forced reply costs no depth: forced sequences are where shots hide.
  const int extension =
      moves.size() == 1 && depth > 0 && ply < 2 * current_depth_ + 8 ? kOnePly
                                                                     : 0;

  const int us = static_cast<int>(pos.side_to_move());
  const int count = static_cast<int>(moves.size());
  absl::InlinedVector<int, 48> order(count);
  absl::InlinedVector<int, 48> order_keys(count);
  for (int i = 0; i < count; ++i) {
    const Move& m = moves[i];
    int key;
    if (i == table_move) {
      key = 1 << 30;
    } else if (m.IsCapture()) {
      key = (1 << 24) + 1000 * m.num_jumps +
            100 * BitCount(m.captured & pos.all_kings());
    } else if (FromTo(m) == killers_[ply][0]) {
      key = (1 << 23);
    } else if (FromTo(m) == killers_[ply][1]) {
      key = (1 << 22);
    } else {
      key = history_[us][m.from][m.to];
      if (!(pos.all_kings() & B::Bit(m.from)) &&
          (B::Bit(m.to) & B::CrowningRow(pos.side_to_move()))) {
        key += 1 << 21;
      }
    }
    order[i] = i;
    order_keys[i] = key;
  }

  // Futility: near the horizon, quiet moves cannot lift a hopeless
  // position above alpha; only captures and the first move are tried.
  const bool futile = !pv_node && depth <= 2 * kOnePly && !capturers &&
                      !IsMateScore(alpha) && !board_.OpponentCanCapture(pos) &&
                      value_here() + 120 * depth / kOnePly <= alpha;
  // Whether the best score came from the path that led here (a repetition
  // or the no-progress count below it) rather than from the position alone.
  bool best_path_dependent = false;
  int best = stand_pat;
  // Indices past 254 do not fit the table; such positions (hundreds of
  // king capture routes) only arise when constructed.
  int best_index = 255;
  for (int n = 0; n < count; ++n) {
    // Selection sort step: the best remaining move first.
    int pick = n;
    for (int j = n + 1; j < count; ++j) {
      if (order_keys[j] > order_keys[pick]) pick = j;
    }
    std::swap(order[n], order[pick]);
    std::swap(order_keys[n], order_keys[pick]);
    const int index = order[n];
    const Move& m = moves[index];
    if (futile && n > 0 && !m.IsCapture() && order_keys[n] < (1 << 21))
      continue;

    const Position child = pos.After(m);
    const int new_depth = std::max(0, depth - kOnePly + extension);
    if (new_depth > 0) tt_->Prefetch(child.hash());
    keys_[history_size_ + ply + 1] = child.hash();
    const int child_no_progress = NoProgressAfter(pos, m, no_progress);

    int score;
    if (n == 0) {
      score = -Search(child, new_depth, -beta, -alpha, ply + 1,
                      child_no_progress, pv_node, truncation);
    } else {
      // Late moves in a well-ordered list rarely matter: search them
      // shallower first and again at full depth only if they surprise.
      int reduction = 0;
      if (depth >= 3 * kOnePly && n >= 2 && !m.IsCapture() &&
          order_keys[n] < (1 << 21)) {
        reduction = n >= 5 && depth >= 5 * kOnePly ? 2 : 1;
        if (n >= 10 && depth >= 8 * kOnePly) reduction = 3;
      }
      score = -Search(child, std::max(0, new_depth - reduction * kOnePly),
                      -alpha - 1, -alpha, ply + 1, child_no_progress, false,
                      truncation);
      if (score > alpha && reduction > 0) {
        score = -Search(child, new_depth, -alpha - 1, -alpha, ply + 1,
                        child_no_progress, false, truncation);
      }
      if (score > alpha && score < beta) {
        score = -Search(child, new_depth, -beta, -alpha, ply + 1,
                        child_no_progress, true, truncation);
      }
    }
    if (stop_) return 0;

    if (score > best) {
      best = score;
      best_index = index;
      best_path_dependent = path_dependent_;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, m);
        if (score >= beta) {
          if (!m.IsCapture()) {
            const int16_t ft = FromTo(m);
            if (killers_[ply][0] != ft) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = ft;
            }
            int& h = history_[us][m.from][m.to];
            h += depth * depth / (kOnePly * kOnePly);
            if (h > (1 << 20)) {
              for (auto& side : history_)
                for (auto& from : side)
                  for (int& v : from) v /= 2;
            }
          }
          break;
        }
      }
    }
  }

  const Bound bound = best >= beta            ? kLower
                      : best > original_alpha ? kExact
                                              : kUpper;
  if (use_table) {
    if (best_path_dependent) {
      if (best_index != 255) {
        // The score holds only for this path: another path to the position
        // may not repeat or may have more moves left before the no-progress
        // draw. Keep the best move for ordering, at a depth no probe
        // trusts.
        tt_->Store(pos.hash(), 0, 0, kUpper, best_index);
      }
    } else {
      tt_->Store(pos.hash(), asked_depth, ScoreToTable(best, ply), bound,
                 std::min(best_index, 255));
    }
  }
  path_dependent_ = best_path_dependent;
  return best;
}

template <typename B>
int Searcher<B>::SearchRoot(int depth, int alpha, int beta, bool exact_scores) {
  const Position& root = task_.position;
  const int root_no_progress = task_.no_progress_plies;
  pv_length_[0] = 0;
  root_best_ = -1;
  root_first_done_ = false;
  int best = -kInfinity;
  for (size_t n = 0; n < root_moves_.size(); ++n) {
    RootMove<Move>& rm = root_moves_[n];
    const Position child = root.After(rm.move);
    keys_[history_size_ + 1] = child.hash();
    const int child_no_progress =
        NoProgressAfter(root, rm.move, root_no_progress);
    const int extension = root_moves_.size() == 1 ? 1 : 0;
    const int new_depth = (depth - 1 + extension) * kOnePly;
    int score;
    if (n == 0 || exact_scores) {
      score = -Search(child, new_depth, -beta, -alpha, 1, child_no_progress,
                      true, Truncation{});
    } else {
      score = -Search(child, new_depth, -alpha - 1, -alpha, 1,
                      child_no_progress, false, Truncation{});
      if (!stop_ && score > alpha && score < beta) {
        score = -Search(child, new_depth, -beta, -alpha, 1, child_no_progress,
                        true, Truncation{});
      }
    }
    if (stop_) break;
    rm.score = score;
    if (n == 0) root_first_done_ = true;
    if (score > best) {
      best = score;
      root_best_ = static_cast<int>(n);
      UpdatePv(0, rm.move);
      if (!exact_scores && score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

template <typename B>
void Searcher<B>::KeepEndgameBestRootMoves() {
  const Position& root = task_.position;
  if (const std::optional<int> score = board_.EndgameScore(root, 0);
      score.has_value() && *score != 0) {
    root_winner_ =
        *score > 0 ? root.side_to_move() : Opponent(root.side_to_move());
  }
  // -1 loss, 0 draw, 1 win for the side to move, per root move.
  std::vector<int> outcome;
  for (const RootMove<Move>& rm : root_moves_) {
    const std::optional<int> score =
        board_.EndgameScore(task_.position.After(rm.move), 1);
    if (!score.has_value()) return;
    outcome.push_back(*score < 0 ? 1 : *score > 0 ? -1 : 0);
  }
  const int best = *std::max_element(outcome.begin(), outcome.end());
  std::vector<RootMove<Move>> kept;
  for (size_t i = 0; i < root_moves_.size(); ++i) {
    if (outcome[i] == best) kept.push_back(root_moves_[i]);
  }
  root_moves_ = std::move(kept);
}

template <typename B>
absl::StatusOr<typename Searcher<B>::Result> Searcher<B>::Run(
    int max_depth, bool exact_root_scores) {
  if (!tt_->ok())
    return absl::ResourceExhaustedError(
        "no memory for the transposition table");
  const Position& root = task_.position;
  MoveList moves;
  board_.Moves(root, &moves);
  if (moves.empty()) {
    return absl::FailedPreconditionError(
        "the side to move has no legal move: the game is over, there is "
        "nothing to search");
  }
  for (const Move& m : moves) root_moves_.push_back({m});
  if (board_.has_endgame_db()) KeepEndgameBestRootMoves();
  // A kept table may hold database scores that cut off the winner's
  // positions, which a won root must search on (Search): then start empty.
  // A table left by a search of the same winner's won ending is kept, as
  // at any other move: converting a won ending can take more plies than
  // one move's search reaches, and each search builds on the last.
  if (root_winner_.has_value() && tt_->searched_on_for() != root_winner_) {
    tt_->Clear();
  }
  tt_->set_searched_on_for(root_winner_);
  if (root_moves_.size() == 1) budget_ = std::min(budget_, kForcedMoveNodes);

  history_size_ = static_cast<int>(task_.history.size());
  keys_.assign(task_.history.size() + kMaxSearchPly + 1, 0);
  std::copy(task_.history.begin(), task_.history.end(), keys_.begin());
  keys_[history_size_] = root.hash();
  next_poll_ = kPollIntervalNodes;

  Result result;
  result.best_move = root_moves_[0].move;
  std::vector<uint64_t> iteration_nodes;
  int previous = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    current_depth_ = depth;
    tt_->NewGeneration();
    const uint64_t start = nodes_;
    int score;
    if (depth >= 5 && !exact_root_scores && !IsMateScore(previous)) {
      const int lo = previous - kAspirationWindow;
      const int hi = previous + kAspirationWindow;
      score = SearchRoot(depth, lo, hi, false);
      if (!stop_ && (score <= lo || score >= hi)) {
        score = SearchRoot(depth, -kInfinity, kInfinity, false);
      }
    } else {
      score = SearchRoot(depth, -kInfinity, kInfinity, exact_root_scores);
    }

    if (stop_) {
      // Keep the last completed iteration unless this one has already
      // proved another move better than the old best, searched first.
      // At depth 1 with no completed iteration, any move searched will do.
      if ((root_first_done_ && root_best_ > 0) ||
          (completed_depth_ == 0 && root_best_ >= 0)) {
        const RootMove<Move>& rm = root_moves_[root_best_];
        result.best_move = rm.move;
        result.score = rm.score;
        result.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
      }
      break;
    }

    // The best move goes first, the others by this iteration's scores
    // (under PVS only bounds, but good enough for ordering).
    const Move best_move = root_moves_[root_best_].move;
    for (RootMove<Move>& rm : root_moves_) rm.previous_score = rm.score;
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [](const RootMove<Move>& a, const RootMove<Move>& b) {
                       return a.score > b.score;
                     });
    auto it = std::find_if(
        root_moves_.begin(), root_moves_.end(),
        [&](const RootMove<Move>& rm) { return rm.move == best_move; });
    std::rotate(root_moves_.begin(), it, it + 1);
    completed_depth_ = depth;
    previous = score;
    result.best_move = root_moves_[0].move;
    result.score = score;
    result.depth = depth;
    result.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
    iteration_nodes.push_back(nodes_ - start);

    // A forced win or loss found within this depth will not change.
    if (IsMateScore(score) && kMateScore - std::abs(score) <= depth) break;

    budget_armed_ = true;
    Poll(true);
    if (stop_) break;
    // Start the next iteration only when it is predicted to fit the budget:
    // its cost is the last one's times the recent growth rate.
    const size_t k = iteration_nodes.size();
    double growth = 4.0;
    if (k >= 2 && iteration_nodes[k - 2] > 0) {
      growth = std::clamp(
          static_cast<double>(iteration_nodes[k - 1]) / iteration_nodes[k - 2],
          1.3, 8.0);
    }
    const double predicted =
        static_cast<double>(iteration_nodes[k - 1]) * growth;
    if (static_cast<double>(nodes_) + predicted > static_cast<double>(budget_))
      break;
  }
  if (cancelled_) return absl::CancelledError("the search was cancelled");
  result.nodes = nodes_;
  if (result.pv.empty() || !(result.pv[0] == result.best_move))
    result.pv = {result.best_move};
  return result;
}

// The checks every request gets, whatever the board.
absl::Status CheckRequest(int no_progress_plies, int no_progress_limit,
                          const SearchLimits& limits) {
  if (no_progress_plies < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("the no-progress ply count must be 0 or more, not ",
                     no_progress_plies));
  }
  if (no_progress_limit < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the no-progress limit must be 0 (off) or more plies, not ",
        no_progress_limit));
  }
  if (limits.hash_mib < 0 || limits.hash_mib > 1024) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the hash size must be 1 to 1024 MiB (0 for the level's), not ",
        limits.hash_mib));
  }
  if (limits.max_depth < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the depth limit must be 0 (none) or more, not ", limits.max_depth));
  }
  return absl::OkStatus();
}

// Plays `level` on the board of `task`: the levels' budgets, hash sizes
// and Easy's imprecisions are the same on every board.
template <typename B>
absl::StatusOr<BasicSearchResult<typename B::MoveType>> SearchAtLevel(
    const Task<B>& task, Level level, uint64_t seed, const SearchLimits& limits,
    const PollFn& poll) {
  uint64_t budget = limits.max_nodes > 0 ? limits.max_nodes : B::Budget(level);
  int max_depth = limits.max_depth > 0
                      ? std::min(limits.max_depth, kMaxSearchPly / 2)
                      : kMaxSearchPly / 2;
  int hash_mib = limits.hash_mib;
  if (hash_mib == 0) {
    hash_mib = level == Level::kEasy     ? kEasyHashMib
               : level == Level::kMedium ? kMediumHashMib
                                         : kHardHashMib;
  }

  // On the heap: the tables and principal variations of a 10x10 search
  // outgrow a small thread stack.
  if (level != Level::kEasy) {
    auto searcher = std::make_unique<Searcher<B>>(task, poll, budget, hash_mib,
                                                  limits.keep_table);
    return searcher->Run(max_depth, false);
  }

  // Easy: score every root move exactly, sometimes only a short way ahead,
  // then pick at random among the moves close to the best.
  Random random(seed ^ task.position.hash());
  if (random.Below(100) < kEasyShortSightPercent) {
    max_depth = std::min(max_depth, kEasyShortSight);
  }
  auto searcher = std::make_unique<Searcher<B>>(task, poll, budget, hash_mib,
                                                limits.keep_table);
  auto result = searcher->Run(max_depth, true);
  if (!result.ok() || result->depth == 0) return result;
  const auto& moves = searcher->root_moves();
  std::vector<const RootMove<typename B::MoveType>*> near_best;
  for (const auto& rm : moves) {
    if (rm.previous_score >= result->score - kEasyMargin)
      near_best.push_back(&rm);
  }
  if (near_best.size() > 1) {
    const auto* pick =
        near_best[random.Below(static_cast<int>(near_best.size()))];
    if (!(pick->move == result->best_move)) {
      result->best_move = pick->move;
      result->score = pick->previous_score;
      result->pv = {pick->move};
    }
  }
  return result;
}

// The opening book's answer in `pos`, a position of `edition`, as a
// search's: nullopt when there is no book, the book is another edition's
// (the same squares are another position under other rules) or it does
// not hold `pos`.
template <typename PositionT>
std::optional<BasicSearchResult<typename PositionT::Move>> BookAnswer(
    const book::OpeningBook* book, Edition edition, const PositionT& pos) {
  if (book == nullptr || book->edition() != edition) return std::nullopt;
  const book::Entry* e = book->Find(pos);
  if (e == nullptr) return std::nullopt;
  BasicSearchResult<typename PositionT::Move> result;
  if constexpr (std::is_same_v<PositionT, Position>) {
    result.best_move = *e->move.eight();
  } else {
    result.best_move = *e->move.ten();
  }
  result.score = e->score;
  result.depth = e->depth;
  result.pv = {result.best_move};
  result.from_book = true;
  return result;
}

}  // namespace

absl::string_view LevelName(Level level) {
  switch (level) {
    case Level::kEasy:
      return "easy";
    case Level::kMedium:
      return "medium";
    case Level::kHard:
      return "hard";
  }
  return "unknown";
}

std::optional<Level> ParseLevel(absl::string_view name) {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    if (absl::EqualsIgnoreCase(name, LevelName(level))) return level;
  }
  return std::nullopt;
}

uint64_t NodeBudget(Level level) {
  switch (level) {
    case Level::kEasy:
      return kEasyNodes;
    case Level::kMedium:
      return kMediumNodes;
    case Level::kHard:
      return kHardNodes;
  }
  return kMediumNodes;
}

absl::StatusOr<SearchResult> Search(const SearchRequest& request,
                                    const PollFn& poll) {
  if (absl::Status s =
          CheckRequest(request.no_progress_plies,
                       request.rules.no_progress_limit_plies, request.limits);
      !s.ok()) {
    return s;
  }
  if (TraitsOf(request.rules.edition).board_size != 8) {
    return absl::InvalidArgumentError(
        absl::StrCat("this search plays the 8x8 editions, not ",
                     EditionName(request.rules.edition)));
  }
  // Easy plays without the opening book and the endgame database and with
  // the hand-set evaluation: a beginner should still be able to beat it and
  // to save a lost ending against it.
  const bool easy = request.level == Level::kEasy;
  // A book is read only in its own edition's games: the same squares are
  // another position under other rules.
  if (!easy && request.rules.capture_rule == CaptureRule::kMandatory) {
    if (std::optional<SearchResult> result = BookAnswer(
            request.opening_book, request.rules.edition, request.position)) {
      return *std::move(result);
    }
  }
  const learned::Weights* weights =
      easy || request.hand_set_eval ? nullptr
      : request.eval_weights != nullptr
          ? request.eval_weights
          : learned::Committed(request.rules.edition);
  const Task<Board8> task{
      Board8(request.rules.edition, request.rules.capture_rule,
             easy ? nullptr : request.endgame_db, weights),
      request.position, request.history, request.no_progress_plies,
      request.rules.no_progress_limit_plies};
  return SearchAtLevel(task, request.level, request.seed, request.limits, poll);
}

namespace intl {

uint64_t NodeBudget(Level level) {
  switch (level) {
    case Level::kEasy:
      return kEasyNodes10;
    case Level::kMedium:
      return kMediumNodes10;
    case Level::kHard:
      return kHardNodes10;
  }
  return kMediumNodes10;
}

absl::StatusOr<SearchResult> Search(const SearchRequest& request,
                                    const PollFn& poll) {
  if (absl::Status s =
          CheckRequest(request.no_progress_plies,
                       request.no_progress_limit_plies, request.limits);
      !s.ok()) {
    return s;
  }
  // Easy keeps the hand-set evaluation and plays without the book, as on
  // 8x8.
  const bool easy = request.level == Level::kEasy;
  if (!easy) {
    if (std::optional<SearchResult> result = BookAnswer(
            request.opening_book, Edition::kInternational, request.position)) {
      return *std::move(result);
    }
  }
  const learned::Weights* weights =
      easy || request.hand_set_eval ? nullptr
      : request.eval_weights != nullptr
          ? request.eval_weights
          : learned::Committed(Edition::kInternational);
  const Task<Board10> task{Board10(weights), request.position, request.history,
                           request.no_progress_plies,
                           request.no_progress_limit_plies};
  return SearchAtLevel(task, request.level, request.seed, request.limits, poll);
}

}  // namespace intl
}  // namespace checkers
