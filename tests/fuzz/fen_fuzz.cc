// Fuzzes FEN and move text. The input is a FEN, then after the first line
// break a move's text. Properties: a FEN that reads writes back to a FEN
// that reads as the same position; a move text that reads names a legal
// move, whose own text reads back as that move; and every legal move's
// text reads back as itself.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/fen8.h"
#include "engine/movegen8.h"
#include "engine/notation8.h"
#include "engine/position8.h"
#include "tests/fuzz/fuzz_check.h"

namespace checkers {
namespace {

void Check(absl::string_view input) {
  const size_t newline = input.find('\n');
  const absl::string_view fen = input.substr(0, newline);
  const absl::string_view move_text = newline == absl::string_view::npos
                                          ? absl::string_view()
                                          : input.substr(newline + 1);
  absl::StatusOr<Position> pos = ParseFen(fen);
  if (!pos.ok()) return;
  const std::string written = ToFen(*pos);
  absl::StatusOr<Position> again = ParseFen(written);
  FUZZ_CHECK(again.ok() && *again == *pos, "a FEN written reads back");
  FUZZ_CHECK(ToFen(*again) == written, "writing a FEN is stable");

  for (const CaptureRule rule :
       {CaptureRule::kMandatory, CaptureRule::kOptional}) {
    const std::vector<std::string> legal = LegalMoveTexts(*pos, rule);
    for (const std::string& text : legal) {
      absl::StatusOr<Move> m = ParseMove(*pos, text, rule);
      FUZZ_CHECK(m.ok() && MoveToText(*m) == text,
                 "a legal move's text reads back as itself");
    }
    absl::StatusOr<Move> m = ParseMove(*pos, move_text, rule);
    if (!m.ok()) continue;
    const std::string text = MoveToText(*m);
    FUZZ_CHECK(std::find(legal.begin(), legal.end(), text) != legal.end(),
               "a move that reads is legal");
    absl::StatusOr<Move> back = ParseMove(*pos, text, rule);
    FUZZ_CHECK(back.ok() && *back == *m, "a move's text reads back");
  }
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkers::Check(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
