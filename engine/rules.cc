#include "engine/rules.h"

#include "absl/strings/match.h"

namespace checkers {
namespace {

constexpr Edition kEditions[] = {Edition::kEnglish, Edition::kRussian,
                                 Edition::kPool, Edition::kInternational};

}  // namespace

absl::string_view EditionName(Edition e) {
  switch (e) {
    case Edition::kRussian:
      return "russian";
    case Edition::kPool:
      return "pool";
    case Edition::kInternational:
      return "international";
    case Edition::kEnglish:
      break;
  }
  return "english";
}

std::optional<Edition> EditionNamed(absl::string_view name) {
  for (Edition e : kEditions) {
    if (absl::EqualsIgnoreCase(name, EditionName(e))) return e;
  }
  return std::nullopt;
}

}  // namespace checkers
