// The one JSON encoder of the shells (docs/ARCHITECTURE.md): nlohmann-json
// for objects, protobuf's proto3 JSON mapping for messages. `checkers show
// --json`, `log --json`, `audit --json` and the web API (web/API.md) all
// print through it, so they escape and format alike.

#ifndef CHECKERS_JSON_ENCODE_H_
#define CHECKERS_JSON_ENCODE_H_

#include <string>

#include "google/protobuf/message.h"
#include "nlohmann/json.hpp"

namespace checkers::json {

// `value` as compact JSON text (no spaces, no newline). Never fails: a
// string that is not valid UTF-8 (a name read from a damaged log or a PDN
// file) has its bad bytes replaced by U+FFFD instead of aborting the
// program, which is what nlohmann-json's default would do.
std::string Dump(const nlohmann::json& value);
std::string Dump(const nlohmann::ordered_json& value);

// `message` in the proto3 JSON mapping with the .proto field names
// ("turn_played", not "turnPlayed"); null if protobuf cannot print it.
nlohmann::json ProtoJson(const google::protobuf::Message& message);

}  // namespace checkers::json

#endif  // CHECKERS_JSON_ENCODE_H_
