// The --lang flag every command takes, and the interface language it and
// the locale choose. Words for people follow it; JSON and PDN never do.

#ifndef CHECKERS_UI_CLI_LANGUAGE_FLAG_H_
#define CHECKERS_UI_CLI_LANGUAGE_FLAG_H_

#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "lang/catalogue.h"

ABSL_DECLARE_FLAG(std::string, lang);

namespace checkers::cli {

// The catalogue of --lang, else of the locale (LanguageFromEnvironment).
// InvalidArgument naming the languages when --lang names none of them.
absl::StatusOr<const lang::Catalogue*> InterfaceLanguage();

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_LANGUAGE_FLAG_H_
