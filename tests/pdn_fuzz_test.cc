// Random and mutated input for the PDN reader: it must never crash or
// hang, must fail only with DataLoss naming a line, and whatever it reads
// must replay without crashing and write back to text it reads again.

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "replay/game_record.h"
#include "replay/pdn.h"
#include "replay/pdn_replay.h"
#include "replay/pdn_writer.h"
#include "tests/test_data.h"

namespace checkers::replay {
namespace {

using ::checkers::testing::ReadTestData;

// Characters that mean something to PDN, weighted towards them so that
// random text reaches deep into the reader.
constexpr absl::string_view kAlphabet =
    "[]{}()\";$!?*./-x0123456789012345 \n\r\tKBW:,\\aZ\x1a\xEF\xBB\xBF";

// Pieces that open or close constructs, for insertion.
const std::vector<std::string>& Snippets() {
  static const auto* snippets =
      new std::vector<std::string>{"{",
                                   "}",
                                   "(",
                                   ")",
                                   "[Event \"",
                                   "\"]",
                                   "1-0",
                                   "0-1",
                                   "1/2-1/2",
                                   "*",
                                   "1...",
                                   "12.",
                                   "$14",
                                   "!?",
                                   ";",
                                   "\r\n",
                                   "\n[FEN \"W:W",
                                   "24x6",
                                   "11-15x",
                                   "[SetUp \"1\"]",
                                   "[GameType \"20\"]",
                                   "\xEF\xBB\xBF",
                                   "32-28",
                                   "x"};
  return *snippets;
}

std::string Mutate(std::string text, std::mt19937& rng) {
  auto below = [&rng](size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng);
  };
  const int edits = 1 + static_cast<int>(below(8));
  for (int e = 0; e < edits; ++e) {
    const size_t at = below(text.size() + 1);
    switch (below(6)) {
      case 0:  // replace a character
        if (at < text.size()) text[at] = kAlphabet[below(kAlphabet.size())];
        break;
      case 1:  // any byte
        if (at < text.size()) text[at] = static_cast<char>(below(256));
        break;
      case 2:  // delete a range
        text.erase(at, below(20));
        break;
      case 3:  // duplicate a range
        text.insert(at, text.substr(at, below(40)));
        break;
      case 4:
        text.insert(at, Snippets()[below(Snippets().size())]);
        break;
      case 5:  // truncate
        text.resize(at);
        break;
    }
  }
  return text;
}

// Where a refusal says the text went wrong: "PDN line L, column C: ...".
struct Place {
  int line = 0;
  int column = 0;
};

std::optional<Place> PlaceNamed(absl::string_view message) {
  constexpr absl::string_view kColumn = ", column ";
  if (!absl::ConsumePrefix(&message, "PDN line ")) return std::nullopt;
  const size_t comma = message.find(kColumn);
  const size_t colon = message.find(": ");
  if (comma == absl::string_view::npos || colon == absl::string_view::npos ||
      colon < comma) {
    return std::nullopt;
  }
  Place place;
  if (!absl::SimpleAtoi(message.substr(0, comma), &place.line) ||
      !absl::SimpleAtoi(message.substr(comma + kColumn.size(),
                                       colon - comma - kColumn.size()),
                        &place.column)) {
    return std::nullopt;
  }
  return place;
}

// The lines of `text` as the reader counts them: a line ends at LF, or at
// a CR that no LF follows. A text ending in a line end has an empty last
// line. A leading byte-order mark is not part of the first line.
std::vector<absl::string_view> Lines(absl::string_view text) {
  absl::ConsumePrefix(&text, "\xEF\xBB\xBF");
  std::vector<absl::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' ||
        (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
      lines.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  lines.push_back(text.substr(start));
  return lines;
}

// Reads `text` and checks everything the reader promises about it: a
// refusal is DataLoss and names a line and column inside the text;
// returns whether it was read.
bool Check(const std::string& text) {
  SCOPED_TRACE(absl::CEscape(text.substr(0, 2000)));
  absl::StatusOr<std::vector<PdnGame>> games = ParsePdn(text);
  if (!games.ok()) {
    EXPECT_EQ(games.status().code(), absl::StatusCode::kDataLoss)
        << games.status();
    const std::optional<Place> place = PlaceNamed(games.status().message());
    if (!place.has_value()) {
      ADD_FAILURE() << "the refusal names no line and column: "
                    << games.status();
      return false;
    }
    const std::vector<absl::string_view> lines = Lines(text);
    EXPECT_GE(place->line, 1) << games.status();
    EXPECT_LE(place->line, static_cast<int>(lines.size())) << games.status();
    if (place->line >= 1 && place->line <= static_cast<int>(lines.size())) {
      EXPECT_GE(place->column, 1) << games.status();
      EXPECT_LE(place->column,
                static_cast<int>(lines[place->line - 1].size()) + 1)
          << games.status();
    }
    return false;
  }
  for (size_t i = 0; i < games->size(); ++i) {
    const PdnGame& game = (*games)[i];
    EXPECT_EQ(game.index, static_cast<int>(i) + 1);
    EXPECT_GE(game.line, 1);
    for (const PdnMove& m : game.moves) EXPECT_GE(m.line, game.line);
    absl::StatusOr<GameRecord> record = ReplayPdnGame(game);
    if (!record.ok()) {
      EXPECT_TRUE(record.status().code() ==
                      absl::StatusCode::kFailedPrecondition ||
                  record.status().code() == absl::StatusCode::kDataLoss)
          << record.status();
      continue;
    }
    const std::string written = WritePdnGame(*record);
    absl::StatusOr<std::vector<PdnGame>> back = ParsePdn(written);
    if (!back.ok() || back->size() != 1) {
      ADD_FAILURE() << "the writer's output does not read back as one game:\n"
                    << written;
      continue;
    }
    absl::StatusOr<GameRecord> copy = ReplayPdnGame(back->front());
    EXPECT_TRUE(copy.ok()) << copy.status() << "\n" << written;
    if (!copy.ok()) continue;
    EXPECT_EQ(copy->start, record->start);
    EXPECT_EQ(copy->moves, record->moves);
  }
  return true;
}

TEST(PdnFuzzTest, RandomTextIsReadOrRefusedWithDataLoss) {
  std::mt19937 rng(6);
  int read = 0;
  int with_games = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text(std::uniform_int_distribution<size_t>(0, 120)(rng), ' ');
    for (char& c : text) {
      c = kAlphabet[std::uniform_int_distribution<size_t>(
          0, kAlphabet.size() - 1)(rng)];
    }
    if (Check(text)) {
      ++read;
      with_games += !ParsePdn(text)->empty();
    }
    if (::testing::Test::HasFailure()) return;
  }
  // Both of the reader's answers must be reached, or the checks above
  // prove nothing: random text is mostly not PDN (a stray bracket, a word
  // that is no move), but short runs of spaces, numbers and results are,
  // and a few of them hold games. With this seed 50 texts read, 5 with
  // games.
  EXPECT_GT(read, 25);
  EXPECT_LT(read, 300);
  EXPECT_GT(with_games, 0);
}

TEST(PdnFuzzTest, MutatedGamesAreReadOrRefusedWithDataLoss) {
  std::vector<std::string> seeds;
  for (const char* name : {"traps.pdn", "tolerance.pdn", "tinsley.pdn"}) {
    absl::StatusOr<std::string> text = ReadTestData(name);
    ASSERT_TRUE(text.ok()) << text.status();
    // A few games of each file keep every run short.
    seeds.push_back(text->substr(0, 3000));
  }
  std::mt19937 rng(6);
  int read = 0;
  for (int i = 0; i < 4000; ++i) {
    read += Check(Mutate(seeds[i % seeds.size()], rng));
    if (::testing::Test::HasFailure()) return;
  }
  // Enough mutants must still read for replay and the writer to be
  // exercised; about a fifth do.
  EXPECT_GT(read, 400);
}

TEST(PdnFuzzTest, RandomTokenSequencesAreReadOrRefusedWithDataLoss) {
  const std::vector<std::string> tokens = {"11-15",
                                           "23-19",
                                           "9-14",
                                           "22-17",
                                           "8-11",
                                           "24x15x6",
                                           "15x24",
                                           "1.",
                                           "2.",
                                           "3...",
                                           "{c}",
                                           "(9-13 22-18)",
                                           "[Event \"e\"]\n",
                                           "$3",
                                           "!",
                                           "?!",
                                           "1-0",
                                           "1/2-1/2",
                                           "*",
                                           "\n",
                                           "\r\n",
                                           ";x\n",
                                           "x",
                                           "Red",
                                           "[FEN \"W:W22:B18,10\"]\n",
                                           "22x6",
                                           "(",
                                           ")"};
  std::mt19937 rng(6);
  int read = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    const size_t n = std::uniform_int_distribution<size_t>(0, 30)(rng);
    for (size_t t = 0; t < n; ++t) {
      text += tokens[std::uniform_int_distribution<size_t>(
          0, tokens.size() - 1)(rng)];
      if (std::uniform_int_distribution<int>(0, 4)(rng) != 0) text += ' ';
    }
    read += Check(text);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(read, 300);
}

}  // namespace
}  // namespace checkers::replay
