#include "ui_cli/language_flag.h"

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

ABSL_FLAG(std::string, lang, "",
          "en|sv|it|ms|sr|tl: the interface language (default from the "
          "locale)");

namespace checkers::cli {

absl::StatusOr<const lang::Catalogue*> InterfaceLanguage() {
  std::string language = absl::GetFlag(FLAGS_lang);
  if (language.empty()) {
    language = lang::LanguageFromEnvironment();
  } else if (!lang::IsLanguage(language)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--lang must be one of ", absl::StrJoin(lang::kLanguages, ", "),
        ", not \"", language, "\""));
  }
  return &lang::Catalogue::Builtin(language);
}

}  // namespace checkers::cli
