#include "lang/catalogue.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "lang/lang_data.h"

namespace checkers::lang {
namespace {

absl::Status BadLine(absl::string_view language, int line,
                     absl::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat("catalogue ", language, ", line ", line, ": ", why));
}

// One pass, so that a value containing braces is never filled again.
std::string Fill(absl::string_view text, absl::Span<const Arg> args) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t open = text.find('{', pos);
    const size_t close =
        open == absl::string_view::npos ? open : text.find('}', open);
    if (close == absl::string_view::npos) break;
    absl::StrAppend(&out, text.substr(pos, open - pos));
    const absl::string_view name = text.substr(open + 1, close - open - 1);
    auto arg =
        absl::c_find_if(args, [name](const Arg& a) { return a.first == name; });
    absl::StrAppend(&out, arg != args.end()
                              ? absl::string_view(arg->second)
                              : text.substr(open, close - open + 1));
    pos = close + 1;
  }
  absl::StrAppend(&out, text.substr(std::min(pos, text.size())));
  return out;
}

}  // namespace

absl::StatusOr<Catalogue> Catalogue::Parse(absl::string_view language,
                                           absl::string_view text,
                                           const Catalogue* fallback) {
  Catalogue c;
  c.language_ = std::string(language);
  c.fallback_ = fallback;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    const size_t eq = line.find('=');
    if (eq == absl::string_view::npos)
      return BadLine(language, number, "expected `key = text`");
    const std::string key(absl::StripAsciiWhitespace(line.substr(0, eq)));
    if (key.empty() || !absl::c_all_of(key, [](char ch) {
          return absl::ascii_isalnum(ch) || ch == '.' || ch == '_';
        })) {
      return BadLine(language, number, "a key is letters, digits, '.' and '_'");
    }
    const std::string value = absl::StrReplaceAll(
        absl::StripAsciiWhitespace(line.substr(eq + 1)), {{"\\n", "\n"}});
    if (!c.texts_.emplace(key, value).second) {
      return BadLine(language, number,
                     absl::StrCat("the key ", key, " is given twice"));
    }
  }
  return c;
}

const Catalogue& Catalogue::Builtin(absl::string_view language) {
  // Parsed once. A catalogue that fails to parse is a build mistake that
  // catalogue_test catches; at run time it is left empty, so its messages
  // come from English.
  static const auto* all = [] {
    auto* parsed_all = new std::vector<std::unique_ptr<Catalogue>>;
    for (absl::string_view code : kLanguages) {
      absl::StatusOr<Catalogue> parsed = Parse(code, "");
      for (const EmbeddedFile& file : LanguageFiles()) {
        if (file.name == code) parsed = Parse(code, file.text);
      }
      if (!parsed.ok()) parsed = Parse(code, "");
      parsed_all->push_back(std::make_unique<Catalogue>(*std::move(parsed)));
    }
    // English is first in kLanguages; every other language falls back to it.
    for (size_t i = 1; i < parsed_all->size(); ++i) {
      (*parsed_all)[i]->fallback_ = (*parsed_all)[0].get();
    }
    return parsed_all;
  }();
  for (const auto& c : *all) {
    if (c->language_ == language) return *c;
  }
  return *all->front();
}

std::string Catalogue::Get(absl::string_view key,
                           absl::Span<const Arg> args) const {
  for (const Catalogue* c = this; c != nullptr; c = c->fallback_) {
    if (auto it = c->texts_.find(key); it != c->texts_.end())
      return Fill(it->second, args);
  }
  return std::string(key);
}

std::string Catalogue::Plural(absl::string_view key, int n,
                              absl::Span<const Arg> args) const {
  std::vector<Arg> all(args.begin(), args.end());
  all.emplace_back("n", absl::StrCat(n));
  return Get(absl::StrCat(key, ".", PluralCategory(language_, n)), all);
}

std::vector<std::string> Catalogue::Keys() const {
  std::vector<std::string> keys;
  for (const auto& [key, text] : texts_) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<std::string> Catalogue::Placeholders(absl::string_view key) const {
  std::vector<std::string> names;
  auto it = texts_.find(key);
  if (it == texts_.end()) return names;
  const std::string& text = it->second;
  for (size_t open = text.find('{'); open != std::string::npos;
       open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    names.push_back(text.substr(open + 1, close - open - 1));
  }
  std::sort(names.begin(), names.end());
  return names;
}

absl::string_view PluralCategory(absl::string_view language, int n) {
  const int abs_n = std::abs(n);
  if (language == "ms" || language == "tl") return "other";
  if (language == "sr") {
    const int last = abs_n % 10, last_two = abs_n % 100;
    if (last == 1 && last_two != 11) return "one";
    if (last >= 2 && last <= 4 && (last_two < 12 || last_two > 14))
      return "few";
    return "other";
  }
  return abs_n == 1 ? "one" : "other";
}

std::string LanguageFromLocale(absl::string_view lc_all,
                               absl::string_view lc_messages,
                               absl::string_view lang) {
  absl::string_view chosen = !lc_all.empty()        ? lc_all
                             : !lc_messages.empty() ? lc_messages
                                                    : lang;
  const size_t end = chosen.find_first_of("_.@");
  const std::string code = absl::AsciiStrToLower(chosen.substr(0, end));
  return IsLanguage(code) ? code : "en";
}

std::string LanguageFromEnvironment() {
  auto env = [](const char* name) -> absl::string_view {
    const char* value = std::getenv(name);
    return value == nullptr ? "" : value;
  };
  return LanguageFromLocale(env("LC_ALL"), env("LC_MESSAGES"), env("LANG"));
}

std::string LanguageFromAcceptLanguage(absl::string_view header) {
  std::string best = "en";
  double best_quality = 0;
  for (absl::string_view range : absl::StrSplit(header, ',')) {
    std::vector<absl::string_view> parts = absl::StrSplit(range, ';');
    const std::string tag =
        absl::AsciiStrToLower(absl::StripAsciiWhitespace(parts[0]));
    const std::string code = tag.substr(0, tag.find('-'));
    double quality = 1;
    for (size_t i = 1; i < parts.size(); ++i) {
      absl::string_view param = absl::StripAsciiWhitespace(parts[i]);
      if (absl::ConsumePrefix(&param, "q=") &&
          !absl::SimpleAtod(param, &quality)) {
        quality = 0;
      }
    }
    if (IsLanguage(code) && quality > best_quality) {
      best = code;
      best_quality = quality;
    }
  }
  return best;
}

bool IsLanguage(absl::string_view code) {
  return absl::c_linear_search(kLanguages, code);
}

}  // namespace checkers::lang
