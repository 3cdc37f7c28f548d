#include "ui_cli/args.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace checkers::cli {
namespace {

// "--no-progress" for the flag defined as no_progress.
std::string Dashed(absl::string_view name) {
  std::string dashed = absl::StrCat("--", name);
  std::replace(dashed.begin(), dashed.end(), '_', '-');
  return dashed;
}

std::string FlagList(absl::Span<const absl::string_view> allowed) {
  if (allowed.empty()) return "it takes no flags";
  std::vector<std::string> names;
  for (absl::string_view a : allowed) names.push_back(Dashed(a));
  return absl::StrCat("its flags: ", absl::StrJoin(names, " "));
}

// The VALUES and the rest of a flag's help text (args.h); VALUES is empty
// for a boolean.
std::pair<std::string, std::string> ValuesAndHelp(
    const absl::CommandLineFlag& flag) {
  const std::string help = flag.Help();
  const size_t colon = help.find(": ");
  if (flag.IsOfType<bool>()) return {"", help};
  if (colon == std::string::npos || help.find(' ') < colon)
    return {"VALUE", help};
  return {help.substr(0, colon), help.substr(colon + 2)};
}

// The flags the last ParseArgs set; one command line per process.
std::vector<std::string>& GivenFlags() {
  static auto* const given = new std::vector<std::string>;
  return *given;
}

}  // namespace

bool FlagGiven(absl::string_view name) {
  return absl::c_linear_search(GivenFlags(), name);
}

absl::StatusOr<std::vector<std::string>> ParseArgs(
    absl::string_view command, absl::Span<const std::string> words,
    absl::Span<const absl::string_view> allowed,
    absl::Span<const absl::string_view> switches) {
  std::vector<std::string> positional;
  // Values in order of appearance, per flag name.
  std::map<std::string, std::vector<std::string>> values;
  std::vector<std::string> order;
  bool flags_done = false;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (flags_done || word.size() < 2 || word[0] != '-') {
      positional.push_back(word);
      continue;
    }
    if (word == "--") {
      flags_done = true;
      continue;
    }
    absl::string_view body = word;
    body.remove_prefix(absl::StartsWith(body, "--") ? 2 : 1);
    // Flags are defined with underscores; people type dashes.
    std::string name(body.substr(0, body.find('=')));
    std::replace(name.begin(), name.end(), '-', '_');
    const bool has_value = body.find('=') != absl::string_view::npos;
    std::string value =
        has_value ? std::string(body.substr(body.find('=') + 1)) : "";

    absl::CommandLineFlag* flag = nullptr;
    if (absl::c_linear_search(allowed, name))
      flag = absl::FindCommandLineFlag(name);
    bool negated = false;
    for (absl::string_view prefix : {"no_", "no"}) {
      if (flag != nullptr || has_value || !absl::StartsWith(name, prefix))
        continue;
      const std::string base = name.substr(prefix.size());
      absl::CommandLineFlag* f = absl::c_linear_search(allowed, base)
                                     ? absl::FindCommandLineFlag(base)
                                     : nullptr;
      if (f != nullptr && f->IsOfType<bool>()) {
        flag = f;
        negated = true;
        name = base;
      }
    }
    if (flag == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("`checkers ", command,
                                                     "` has no flag --", name,
                                                     "; ", FlagList(allowed)));
    }
    if (!has_value) {
      if (flag->IsOfType<bool>()) {
        value = negated ? "false" : "true";
      } else if (absl::c_linear_search(switches, name)) {
        value = "true";
      } else if (i + 1 < words.size()) {
        value = words[++i];
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat(Dashed(name), " needs a value: ", FlagUsage(name)));
      }
    }
    if (values.count(name) && !flag->IsOfType<std::vector<std::string>>()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Dashed(name), " is given twice"));
    }
    if (!values.count(name)) order.push_back(name);
    values[name].push_back(value);
  }
  GivenFlags().assign(order.begin(), order.end());
  for (const std::string& name : order) {
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    std::string error;
    const std::string value = absl::StrJoin(values[name], ",");
    if (!flag->ParseFrom(value, &error)) {
      // The library's own words name its types, not the game's values.
      return absl::InvalidArgumentError(absl::StrCat(
          Dashed(name), " cannot be \"", value, "\"; ", FlagUsage(name)));
    }
  }
  return positional;
}

std::string FlagUsage(absl::string_view name, bool bare_switch) {
  const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
  if (flag == nullptr) return "";
  const auto [values, help] = ValuesAndHelp(*flag);
  if (values.empty() || bare_switch)
    return absl::StrCat(Dashed(name), "  ", help);
  return absl::StrCat(Dashed(name), "=", values, "  ", help);
}

}  // namespace checkers::cli
