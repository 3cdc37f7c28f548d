#include "tests/serve_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "nlohmann/json.hpp"
#include "replay/audit.h"
#include "storage/env.h"
#include "tests/run_command.h"

namespace checkers::testing {

using nlohmann::json;

absl::StatusOr<Served> StartServe(const std::vector<std::string>& flags) {
  int out[2];
  if (pipe(out) != 0) return absl::InternalError("pipe");
  std::vector<std::string> args = {CheckersBinary(), "serve",
                                   "--listen=127.0.0.1:0"};
  args.insert(args.end(), flags.begin(), flags.end());
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (const std::string& a : args)
      argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string line;
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  const std::string prefix = "listening on http://127.0.0.1:";
  Served served{pid, 0};
  if (line.rfind(prefix, 0) != 0 ||
      !absl::SimpleAtoi(
          absl::StripSuffix(absl::string_view(line).substr(prefix.size()), "/"),
          &served.port)) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    return absl::InternalError(absl::StrCat("serve printed \"", line, "\""));
  }
  return served;
}

std::vector<events::TurnPlayed> TurnsOf(const storage::LoadedGame& game) {
  std::vector<events::TurnPlayed> turns;
  for (const events::Event& e : game.events) {
    if (e.has_turn_played()) turns.push_back(e.turn_played());
  }
  return turns;
}

bool IsMove(const events::TurnPlayed& turn, const std::string& text) {
  std::vector<std::string> squares =
      absl::StrSplit(text, absl::ByAnyChar("-x"));
  return turn.squares_size() >= 2 &&
         absl::StrCat(turn.squares(0)) == squares.front() &&
         absl::StrCat(turn.squares(turn.squares_size() - 1)) == squares.back();
}

namespace {

// The "name=value" part of a Set-Cookie header.
std::string CookieOf(const http::Reply& reply) {
  const std::string header = reply.Header("set-cookie");
  return header.substr(0, header.find(';'));
}

}  // namespace

absl::StatusOr<Game> NewGame(http::Client& client) {
  absl::StatusOr<http::Reply> made =
      client.Post("/api/tables", R"({"mode": "remote"})");
  if (!made.ok()) return made.status();
  if (made->status != 201) return absl::InternalError(made->body);
  Game game;
  game.id = json::parse(made->body)["id"];
  const char* sides[] = {"first", "second"};
  for (int i = 0; i < 2; ++i) {
    absl::StatusOr<http::Reply> seated =
        client.Post(absl::StrCat("/api/tables/", game.id, "/seats/", sides[i]),
                    absl::StrCat(R"({"name": "Player )", i + 1, "\"}"));
    if (!seated.ok()) return seated.status();
    if (seated->status != 200) return absl::InternalError(seated->body);
    game.cookie[i] = CookieOf(*seated);
  }
  return game;
}

absl::StatusOr<storage::LoadedGame> LoadFetchedLog(const std::string& bytes,
                                                   const std::string& scratch) {
  absl::StatusOr<replay::AuditReport> audit = replay::AuditLogBytes(bytes);
  if (!audit.ok()) return audit.status();
  if (!audit->sound()) {
    return absl::DataLossError(audit->findings[0].message);
  }
  { std::ofstream(scratch, std::ios::binary | std::ios::trunc) << bytes; }
  return storage::LoadGame(storage::Env::Default(), scratch);
}

absl::StatusOr<bool> CheckLogAfterKill(const std::string& bytes,
                                       const std::string& scratch,
                                       SeenTurns& seen) {
  absl::StatusOr<storage::LoadedGame> loaded = LoadFetchedLog(bytes, scratch);
  if (!loaded.ok()) return loaded.status();
  std::vector<events::TurnPlayed> now = TurnsOf(*loaded);
  const size_t known = seen.turns.size();
  const size_t expected = known + seen.answered.size();
  if (now.size() < expected || now.size() > expected + 1) {
    return absl::DataLossError(
        absl::StrCat("the log holds ", now.size(), " turns; ", expected,
                     " were answered, at most one more may be there"));
  }
  for (size_t i = 0; i < known; ++i) {
    if (now[i].SerializeAsString() != seen.turns[i].SerializeAsString()) {
      return absl::DataLossError(absl::StrCat("turn ", i + 1, " changed"));
    }
  }
  for (size_t i = 0; i < seen.answered.size(); ++i) {
    if (!IsMove(now[known + i], seen.answered[i])) {
      return absl::DataLossError(absl::StrCat("turn ", known + i + 1,
                                              " should be ", seen.answered[i]));
    }
  }
  seen.turns = std::move(now);
  seen.answered.clear();
  return loaded->state.over();
}

absl::StatusOr<PostedMove> PostRandomMove(http::Client& client,
                                          const Game& game,
                                          std::mt19937_64& rng) {
  PostedMove result;
  absl::StatusOr<http::Reply> got =
      client.Get(absl::StrCat("/api/tables/", game.id));
  if (!got.ok()) return result;
  const json state = json::parse(got->body);
  if (state.value("over", false)) {
    result.posting = Posting::kOver;
    return result;
  }
  const int side = state["side_to_move"] == "second" ? 1 : 0;
  const std::vector<std::string> legal = state["legal_moves"];
  result.move = legal[rng() % legal.size()];
  absl::StatusOr<http::Reply> posted =
      client.Post(absl::StrCat("/api/tables/", game.id, "/moves"),
                  json{{"move", result.move}, {"head", state["head"]}}.dump(),
                  {{"Cookie", game.cookie[side]}});
  if (!posted.ok()) {
    result.posting = Posting::kNoAnswer;
  } else if (posted->status == 200) {
    result.posting = Posting::kAnswered;
  } else if (posted->status == 409) {
    result.posting = Posting::kStale;
  } else {
    return absl::InternalError(absl::StrCat(
        result.move, " was answered ", posted->status, ": ", posted->body));
  }
  return result;
}

double NextMaxDelayMs(double max_delay_ms, int answered) {
  if (answered == 0) return std::min(max_delay_ms * 1.5, 5000.0);
  if (answered > 8) return max_delay_ms * 0.8;
  return max_delay_ms;
}

}  // namespace checkers::testing
