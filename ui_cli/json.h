// A small JSON writer for the --json outputs (one object per line).

#ifndef CHECKERS_UI_CLI_JSON_H_
#define CHECKERS_UI_CLI_JSON_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace checkers::cli {

// `text` as a JSON string literal, quotes included.
std::string JsonString(absl::string_view text);

// Builds one JSON object, keys in the order they are added.
class JsonObject {
 public:
  JsonObject& Add(absl::string_view key, absl::string_view value);
  JsonObject& Add(absl::string_view key, const char* value) {
    return Add(key, absl::string_view(value));
  }
  JsonObject& Add(absl::string_view key, int64_t value);
  JsonObject& Add(absl::string_view key, int value) {
    return Add(key, int64_t{value});
  }
  JsonObject& Add(absl::string_view key, uint64_t value);
  JsonObject& Add(absl::string_view key, bool value);
  JsonObject& AddNull(absl::string_view key);
  // `json` must already be valid JSON (an object, array, number...).
  JsonObject& AddRaw(absl::string_view key, absl::string_view json);
  JsonObject& Add(absl::string_view key,
                  const std::vector<std::string>& strings);

  // The object, e.g. {"a":1,"b":"x"}.
  std::string str() const { return "{" + body_ + "}"; }

 private:
  void Key(absl::string_view key);
  std::string body_;
};

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_JSON_H_
