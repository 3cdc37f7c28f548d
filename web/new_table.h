// What a request for a new table asks for (POST /api/tables, web/API.md).

#ifndef CHECKERS_WEB_NEW_TABLE_H_
#define CHECKERS_WEB_NEW_TABLE_H_

#include <optional>

#include "absl/status/statusor.h"
#include "events/events.pb.h"
#include "lang/catalogue.h"
#include "nlohmann/json.hpp"

namespace checkers::web {

// The game the JSON object `body` asks for, with a fresh engine seed.
// `mode` is required; every other field may be omitted (or null) for its
// default. InvalidArgument with a line in `text`'s language naming the
// field and the values it may take when `mode` is missing, a field has the
// wrong JSON type or a value it does not take, or the combination is
// refused (a turn limit or a rating but at a remote table). The rules
// decide the rest (a bad FEN) when the game starts.
absl::StatusOr<events::GameStarted> GameStartedOf(const nlohmann::json& body,
                                                  const lang::Catalogue& text);

// The level a new game at a table asks for (POST /api/tables/ID/new):
// Medium when `body` names none; nullopt for anything but "easy",
// "medium" or "hard".
std::optional<events::Difficulty> DifficultyIn(const nlohmann::json& body);

// The mode a new game at a table asks for: against the computer when
// `body` names none; nullopt for anything but "computer" or "two-player".
std::optional<events::Mode> ModeIn(const nlohmann::json& body);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_NEW_TABLE_H_
