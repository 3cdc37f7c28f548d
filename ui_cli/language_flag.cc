#include "ui_cli/language_flag.h"

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

ABSL_FLAG(std::string, lang, "",
          "en|sv|it|ms|sr|tl: the interface language (default from the "
          "locale)");

namespace checkers::cli {

absl::StatusOr<const Catalogue*> InterfaceLanguage() {
  std::string language = absl::GetFlag(FLAGS_lang);
  if (language.empty()) {
    language = LanguageFromEnvironment();
  } else if (!IsLanguage(language)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--lang must be one of ", absl::StrJoin(kLanguages, ", "),
                     ", not \"", language, "\""));
  }
  return &Catalogue::Builtin(language);
}

}  // namespace checkers::cli
