#include "replay/phrase.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "events/game_state.h"

namespace checkers::replay {

Phrase& Phrase::Count(int n) {
  count = n;
  return *this;
}

Phrase& Phrase::Value(std::string name, std::string value) {
  values.emplace_back(std::move(name), std::move(value));
  return *this;
}

Phrase& Phrase::Number(std::string name, uint64_t value) {
  return Value(std::move(name), absl::StrCat(value));
}

Phrase& Phrase::Side(std::string name, events::Side side) {
  sides.emplace_back(std::move(name), side);
  return *this;
}

Phrase& Phrase::Clause(std::string name, Phrase clause) {
  clause.slot = std::move(name);
  clauses.push_back(std::move(clause));
  return *this;
}

Phrase Say(absl::string_view key) {
  Phrase p;
  p.key = std::string(key);
  return p;
}

std::string Word(const lang::Catalogue& t, const events::GameStarted* started,
                 const Phrase& phrase) {
  std::vector<lang::Arg> args;
  for (const auto& [name, value] : phrase.values)
    args.emplace_back(name, value);
  for (const auto& [name, side] : phrase.sides) {
    args.emplace_back(
        name,
        t.Get(absl::StrCat("colour.", absl::AsciiStrToLower(
                                          events::SideName(started, side)))));
  }
  for (const Phrase& clause : phrase.clauses) {
    args.emplace_back(clause.slot, Word(t, started, clause));
  }
  return phrase.count.has_value() ? t.Plural(phrase.key, *phrase.count, args)
                                  : t.Get(phrase.key, args);
}

std::string English(const events::GameStarted* started, const Phrase& phrase) {
  return Word(lang::Catalogue::Builtin("en"), started, phrase);
}

}  // namespace checkers::replay
