// The messages of both shells (`checkers play` and the pages of `checkers
// serve`) in the languages they speak. Each language is a catalogue file
// lang/XX.txt of `key = text` lines, embedded in the binary at build time;
// texts name their variable parts as placeholders ("{side} to move"). A key
// missing from a language falls back to English, so a half-finished
// translation still shows every message.

#ifndef CHECKERS_LANG_CATALOGUE_H_
#define CHECKERS_LANG_CATALOGUE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace checkers::lang {

// The languages of the interface: English, then the five of the product's
// source documents.
inline constexpr absl::string_view kLanguages[] = {"en", "sv", "it",
                                                   "ms", "sr", "tl"};

// One placeholder's value: {"side", "Red"} fills "{side}".
using Arg = std::pair<absl::string_view, std::string>;

class Catalogue {
 public:
  // Parses catalogue text: `key = text` lines; blank lines and lines
  // starting with '#' are skipped; "\n" in a text is a line break.
  // InvalidArgument naming the line for anything else, or for a key given
  // twice. Keys missing here are looked up in `fallback` (which must
  // outlive the catalogue), if given.
  static absl::StatusOr<Catalogue> Parse(absl::string_view language,
                                         absl::string_view text,
                                         const Catalogue* fallback = nullptr);

  // The embedded catalogue of `language` (one of kLanguages), falling back
  // to English for its missing keys; English for an unknown language.
  static const Catalogue& Builtin(absl::string_view language);

  absl::string_view language() const { return language_; }

  // The text of `key` with its placeholders filled from `args`. A key this
  // catalogue and its fallback lack comes back as the key itself, so a
  // mistake shows on screen instead of an empty line.
  std::string Get(absl::string_view key, absl::Span<const Arg> args = {}) const;

  // The text of `key` + ".one", ".few" or ".other", chosen by `n` and the
  // language's plural rule, with {n} and `args` filled in.
  std::string Plural(absl::string_view key, int n,
                     absl::Span<const Arg> args = {}) const;

  // Whether this catalogue itself (not its fallback) has `key`.
  bool Has(absl::string_view key) const { return texts_.contains(key); }

  // The keys of this catalogue itself, sorted.
  std::vector<std::string> Keys() const;

  // The placeholder names in the text of `key` (without braces), sorted.
  std::vector<std::string> Placeholders(absl::string_view key) const;

 private:
  std::string language_;
  absl::flat_hash_map<std::string, std::string> texts_;
  const Catalogue* fallback_ = nullptr;
};

// The plural category of `n` in `language`: "one", "few" or "other".
// Serbian distinguishes all three; Malay and Tagalog texts do not change
// with the number, and use "other" only.
absl::string_view PluralCategory(absl::string_view language, int n);

// The interface language the environment asks for: the first non-empty of
// LC_ALL, LC_MESSAGES and LANG (POSIX precedence), reduced to its language
// code ("sv_SE.UTF-8" is "sv"). English when none names a language of
// kLanguages.
std::string LanguageFromLocale(absl::string_view lc_all,
                               absl::string_view lc_messages,
                               absl::string_view lang);

// LanguageFromLocale applied to this process's environment.
std::string LanguageFromEnvironment();

// The language of kLanguages that an HTTP Accept-Language header prefers
// ("sv-SE,sv;q=0.9,en;q=0.8" is "sv"): the highest quality, the earlier
// on a tie, by the primary subtag; English when it names none of them.
std::string LanguageFromAcceptLanguage(absl::string_view header);

// Whether `code` is one of kLanguages.
bool IsLanguage(absl::string_view code);

}  // namespace checkers::lang

#endif  // CHECKERS_LANG_CATALOGUE_H_
