#include "ui_cli/json.h"

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"

namespace checkers::cli {

std::string JsonString(absl::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += "\"";
  return out;
}

void JsonObject::Key(absl::string_view key) {
  if (!body_.empty()) body_ += ",";
  absl::StrAppend(&body_, JsonString(key), ":");
}

JsonObject& JsonObject::Add(absl::string_view key, absl::string_view value) {
  Key(key);
  body_ += JsonString(value);
  return *this;
}

JsonObject& JsonObject::Add(absl::string_view key, int64_t value) {
  Key(key);
  absl::StrAppend(&body_, value);
  return *this;
}

JsonObject& JsonObject::Add(absl::string_view key, uint64_t value) {
  Key(key);
  absl::StrAppend(&body_, value);
  return *this;
}

JsonObject& JsonObject::Add(absl::string_view key, bool value) {
  Key(key);
  body_ += value ? "true" : "false";
  return *this;
}

JsonObject& JsonObject::AddNull(absl::string_view key) {
  Key(key);
  body_ += "null";
  return *this;
}

JsonObject& JsonObject::AddRaw(absl::string_view key, absl::string_view json) {
  Key(key);
  absl::StrAppend(&body_, json);
  return *this;
}

JsonObject& JsonObject::Add(absl::string_view key,
                            const std::vector<std::string>& strings) {
  Key(key);
  body_ += "[";
  for (size_t i = 0; i < strings.size(); ++i) {
    if (i > 0) body_ += ",";
    body_ += JsonString(strings[i]);
  }
  body_ += "]";
  return *this;
}

}  // namespace checkers::cli
