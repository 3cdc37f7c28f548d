// The terminal game's half of the catalogue contract (lang/catalogue.h):
// every key its code asks for is in English.

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "lang/catalogue.h"

namespace checkers::cli {
namespace {

std::string ReadSource(const std::string& name) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  std::ifstream in(absl::StrCat(srcdir ? srcdir : ".", "/",
                                workspace ? workspace : "", "/ui_cli/", name));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A key the play code asks for that English lacks would show on screen as
// the key itself.
TEST(PlayKeysTest, EveryKeyTheCodeUsesIsInEnglish) {
  const lang::Catalogue& en = lang::Catalogue::Builtin("en");
  const std::regex literal("\"([a-z][a-z0-9_]*(\\.[a-z0-9_]+)+)\"");
  int found = 0;
  for (const std::string file :
       {"play_text.cc", "tui_controller.cc", "line_game.cc", "tui_game.cc",
        "play_commands.cc", "game_commands.cc"}) {
    const std::string source = ReadSource(file);
    ASSERT_FALSE(source.empty()) << file;
    for (std::sregex_iterator it(source.begin(), source.end(), literal), end;
         it != end; ++it) {
      const std::string key = (*it)[1];
      ++found;
      EXPECT_TRUE(en.Has(key) || en.Has(key + ".one"))
          << file << " uses " << key;
    }
  }
  EXPECT_GT(found, 100);
}

}  // namespace
}  // namespace checkers::cli
