// The code's half of the catalogue contract (lang/catalogue.h): every key
// the shells and the session's wording ask for is in English.

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "lang/catalogue.h"
#include "tests/runfiles.h"

namespace checkers::terminal {
namespace {

// `path` is relative to the workspace, as the test's data names it.
std::string ReadSource(const std::string& path) {
  std::ifstream in(testing::RunfilePath(path));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A key the code asks for that English lacks would show on screen as the
// key itself.
TEST(CatalogueKeysTest, EveryKeyTheCodeUsesIsInEnglish) {
  const lang::Catalogue& en = lang::Catalogue::Builtin("en");
  const std::regex literal("\"([a-z][a-z0-9_]*(\\.[a-z0-9_]+)+)\"");
  int found = 0;
  for (const std::string file :
       {"session/play_text.cc", "terminal/tui_controller.cc",
        "terminal/line_game.cc", "terminal/tui_game.cc",
        "ui_cli/play_commands.cc", "ui_cli/game_commands.cc"}) {
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
}  // namespace checkers::terminal
