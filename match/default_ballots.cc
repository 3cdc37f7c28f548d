#include "match/default_ballots.h"

namespace checkers::match {

// Compiled in from match/ballots/ by the genrules of match/BUILD.
extern const char kEnglishBallots[];
extern const char kRussianBallots[];
extern const char kPoolBallots[];

absl::string_view DefaultBallots(Edition edition) {
  switch (edition) {
    case Edition::kEnglish:
      return kEnglishBallots;
    case Edition::kRussian:
      return kRussianBallots;
    case Edition::kPool:
      return kPoolBallots;
    case Edition::kInternational:
      return {};
  }
  return {};
}

}  // namespace checkers::match
