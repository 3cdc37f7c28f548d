#include "json/encode.h"

#include <string>

#include "google/protobuf/util/json_util.h"

namespace checkers::json {

std::string Dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Dump(const nlohmann::ordered_json& value) {
  return value.dump(-1, ' ', false,
                    nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::json ProtoJson(const google::protobuf::Message& message) {
  std::string text;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  if (!google::protobuf::util::MessageToJsonString(message, &text, options)
           .ok()) {
    return nullptr;
  }
  // Protobuf printed it, so it parses; the non-throwing parse keeps an
  // exception out of the shells all the same.
  nlohmann::json parsed =
      nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  return parsed.is_discarded() ? nlohmann::json(nullptr) : parsed;
}

}  // namespace checkers::json
