#include "web/new_table.h"

#include <optional>
#include <string>

#include "absl/random/random.h"
#include "absl/strings/str_cat.h"
#include "engine/rules.h"
#include "events/computer.h"
#include "events/game_state.h"
#include "events/validate.h"
#include "google/protobuf/util/json_util.h"
#include "json/encode.h"

namespace checkers::web {
namespace {

using nlohmann::json;

// The field `name` of `body`, or null when it is absent.
const json& Field(const json& body, const char* name) {
  static const json kAbsent;
  auto it = body.find(name);
  return it == body.end() ? kAbsent : *it;
}

// InvalidArgument worded by web.error.`reason` in `text`'s language.
absl::Status Refusal(const lang::Catalogue& text, absl::string_view reason,
                     absl::Span<const lang::Arg> args = {}) {
  return absl::InvalidArgumentError(
      text.Get(absl::StrCat("web.error.", reason), args));
}

// The refusal of field `name`, which must be one of `choices`.
absl::Status BadField(const lang::Catalogue& text, const char* name,
                      absl::string_view choices) {
  return Refusal(text, "bad_field",
                 {{"field", name}, {"choices", std::string(choices)}});
}

// The word of field `name`: `fallback` when it is absent or null (none
// when it is required); InvalidArgument naming `choices` when it is not a
// string.
absl::StatusOr<std::string> Word(const json& body, const char* name,
                                 std::optional<std::string> fallback,
                                 absl::string_view choices,
                                 const lang::Catalogue& text) {
  const json& value = Field(body, name);
  if (value.is_null() && fallback.has_value()) return *fallback;
  if (value.is_null()) {
    return Refusal(text, "need_field",
                   {{"field", name}, {"choices", std::string(choices)}});
  }
  if (!value.is_string()) return BadField(text, name, choices);
  return value.get<std::string>();
}

}  // namespace

absl::StatusOr<events::GameStarted> GameStartedOf(const json& body,
                                                  const lang::Catalogue& text) {
  if (!body.is_object()) return Refusal(text, "bad_body");
  constexpr absl::string_view kModes =
      "\"computer\", \"two-player\" or \"remote\"";
  constexpr absl::string_view kRules =
      "\"english\", \"russian\", \"pool\" or \"international\"";
  constexpr absl::string_view kLevels = "\"easy\", \"medium\" or \"hard\"";
  constexpr absl::string_view kSides = "\"first\" or \"second\"";
  const absl::StatusOr<std::string> mode =
      Word(body, "mode", std::nullopt, kModes, text);
  if (!mode.ok()) return mode.status();
  if (*mode != "computer" && *mode != "two-player" && *mode != "remote") {
    return BadField(text, "mode", kModes);
  }
  const bool remote = *mode == "remote";
  events::GameStarted started;
  started.set_mode(*mode == "computer"     ? events::VS_COMPUTER
                   : *mode == "two-player" ? events::TWO_PLAYER
                                           : events::REMOTE);

  const absl::StatusOr<std::string> rules =
      Word(body, "rules", "english", kRules, text);
  if (!rules.ok()) return rules.status();
  const std::optional<Edition> edition = EditionNamed(*rules);
  if (!edition.has_value()) {
    return BadField(text, "rules", kRules);
  }
  started.set_edition(events::RulesEditionOf(*edition));

  const json& rated = Field(body, "rated");
  if (!(rated.is_null() || rated.is_boolean()) ||
      (rated.is_boolean() && rated.get<bool>() && !remote)) {
    return Refusal(text, "bad_rated");
  }
  started.set_rated(rated.is_boolean() && rated.get<bool>());

  const json& seconds = Field(body, "turn_seconds");
  const bool no_limit =
      seconds.is_null() || (seconds.is_number_integer() && seconds == 0);
  if (!no_limit && !(remote && seconds.is_number_integer() &&
                     (seconds == 30 || seconds == 60))) {
    return Refusal(text, "bad_turn_seconds");
  }
  started.set_turn_seconds(no_limit ? 0 : seconds.get<uint32_t>());

  const absl::StatusOr<std::string> level =
      Word(body, "difficulty", "medium", kLevels, text);
  if (!level.ok()) return level.status();
  if (*level == "easy") {
    started.set_difficulty(events::EASY);
  } else if (*level == "medium") {
    started.set_difficulty(events::MEDIUM);
  } else if (*level == "hard") {
    started.set_difficulty(events::HARD);
  } else {
    return BadField(text, "difficulty", kLevels);
  }

  const absl::StatusOr<std::string> side =
      Word(body, "human_side", "first", kSides, text);
  if (!side.ok()) return side.status();
  if (*side != "first" && *side != "second") {
    return BadField(text, "human_side", kSides);
  }
  started.set_human_side(*side == "first" ? events::FIRST : events::SECOND);

  const json& options = Field(body, "options");
  if (options.is_null()) {
    *started.mutable_options() = events::DefaultRuleOptions(*edition);
  } else if (!options.is_object() ||
             !google::protobuf::util::JsonStringToMessage(
                  ::checkers::json::Dump(options), started.mutable_options())
                  .ok()) {
    return Refusal(text, "bad_options");
  }

  const json& fen = Field(body, "fen");
  if (!fen.is_null()) {
    if (!fen.is_string()) return Refusal(text, "bad_fen");
    started.set_start_fen(fen.get<std::string>());
  }
  started.set_engine_seed(absl::Uniform<uint64_t>(absl::BitGen()));
  return started;
}

std::optional<events::Difficulty> DifficultyIn(const json& body) {
  if (!body.contains("difficulty")) return events::MEDIUM;
  const json& value = body["difficulty"];
  if (!value.is_string()) return std::nullopt;
  absl::StatusOr<events::Difficulty> level =
      events::ParseDifficulty(value.get<std::string>());
  if (!level.ok()) return std::nullopt;
  return *level;
}

std::optional<events::Mode> ModeIn(const json& body) {
  if (!body.contains("mode")) return events::VS_COMPUTER;
  const json& value = body["mode"];
  if (!value.is_string()) return std::nullopt;
  absl::StatusOr<events::Mode> mode =
      events::ParseMode(value.get<std::string>());
  if (!mode.ok()) return std::nullopt;
  return *mode;
}

}  // namespace checkers::web
