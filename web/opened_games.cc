#include "web/opened_games.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "replay/import.h"
#include "replay/log_record.h"
#include "storage/game_log.h"
#include "storage/log_format.h"
#include "web/analyses.h"

namespace checkers::web {

using nlohmann::json;

namespace {

// The tags a game is listed with: the export's (an imported game keeps
// its own).
json TagsOf(const std::vector<events::Event>& log) {
  json tags = json::array();
  absl::StatusOr<replay::GameRecord> record = replay::RecordOfLog(log);
  if (!record.ok()) return tags;
  for (const replay::PdnTag& tag : record->tags) {
    tags.push_back({{"name", tag.name}, {"value", tag.value}});
  }
  return tags;
}

}  // namespace

OpenedGames::OpenedGames(size_t kept) : kept_(kept) {}

std::string OpenedGames::Keep(std::vector<events::Event> log) {
  std::string key = GameKey(log);
  absl::MutexLock lock(&mu_);
  games_[key] = {std::move(log), ++clock_};
  while (games_.size() > kept_) {
    auto oldest = games_.begin();
    for (auto it = games_.begin(); it != games_.end(); ++it) {
      if (it->second.opened < oldest->second.opened) oldest = it;
    }
    games_.erase(oldest);
  }
  return key;
}

Answer OpenedGames::Open(absl::string_view bytes, Edition edition,
                         const lang::Catalogue& text) {
  json games = json::array();
  json refused = json::array();
  json skipped = json::array();
  if (absl::StartsWith(bytes, storage::kMagic)) {
    absl::StatusOr<storage::LoadedEvents> log =
        storage::ParseEvents(bytes, "the log");
    if (!log.ok()) {
      return Refused(422, text, "bad_log",
                     {{"detail", std::string(log.status().message())}});
    }
    if (!replay::RecordOfLog(log->events).ok()) {
      return Refused(422, text, "empty_log");
    }
    json tags = TagsOf(log->events);
    int plies = 0;
    for (const events::Event& e : log->events) plies += e.has_turn_played();
    games.push_back({{"index", 1},
                     {"key", Keep(std::move(log->events))},
                     {"plies", plies},
                     {"tags", std::move(tags)}});
  } else {
    replay::PdnImport pdn = replay::ImportPdn(bytes, edition);
    for (replay::ImportedGame& g : pdn.games) {
      json tags = TagsOf(g.events);
      games.push_back({{"index", g.index},
                       {"key", Keep(std::move(g.events))},
                       {"plies", g.plies},
                       {"tags", std::move(tags)}});
    }
    for (const replay::RefusedGame& g : pdn.refused) {
      refused.push_back({{"index", g.index}, {"reason", g.reason}});
    }
    for (const std::string& line : pdn.skipped_text) skipped.push_back(line);
    if (pdn.total() == 0) {
      return Refused(422, text, "no_game_in_file");
    }
  }
  return {200,
          {{"games", std::move(games)},
           {"refused", std::move(refused)},
           {"skipped", std::move(skipped)}}};
}

std::optional<std::vector<events::Event>> OpenedGames::Find(
    const std::string& key) {
  absl::MutexLock lock(&mu_);
  auto it = games_.find(key);
  if (it == games_.end()) return std::nullopt;
  return it->second.log;
}

}  // namespace checkers::web
