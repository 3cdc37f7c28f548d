// A clause of the audit's reasoning as values, so that each shell words it
// in its own language from the catalogues (lang/*.txt, keys "audit.*"), and
// the audit's English for JSON and tests comes from the same words.

#ifndef CHECKERS_REPLAY_PHRASE_H_
#define CHECKERS_REPLAY_PHRASE_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"

namespace checkers::replay {

struct Phrase {
  // The catalogue key; with `count`, the key of a plural ("audit.why.stood"
  // for "audit.why.stood.one" ...), whose {n} is the count.
  std::string key;
  std::optional<int> count;
  // Placeholder values that read the same in every language: seqs, FENs,
  // moves, numbers, a validation message.
  std::vector<std::pair<std::string, std::string>> values;
  // Placeholders that name a side, worded by the game's colours.
  std::vector<std::pair<std::string, events::Side>> sides;
  // Clauses inside this one, each filling the placeholder named by its
  // `slot`.
  std::vector<Phrase> clauses;
  std::string slot;

  // Builders, so that a phrase reads as one expression where it is made.
  Phrase& Count(int n);
  Phrase& Value(std::string name, std::string value);
  Phrase& Number(std::string name, uint64_t value);
  Phrase& Side(std::string name, events::Side side);
  Phrase& Clause(std::string slot, Phrase clause);
};

// A phrase of `key` (see Phrase::key).
Phrase Say(absl::string_view key);

// `phrase` in the language of `t`, naming sides by the colours of the game
// `started` begins (the default colours when null). Cannot fail: a missing
// key shows as itself (lang::Catalogue::Get).
std::string Word(const lang::Catalogue& t, const events::GameStarted* started,
                 const Phrase& phrase);

// Word() in English, for machine-readable output, logs and tests.
std::string English(const events::GameStarted* started, const Phrase& phrase);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_PHRASE_H_
