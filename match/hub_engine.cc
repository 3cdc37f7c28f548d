#include "match/hub_engine.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/game_position.h"
#include "engine/rules.h"
#include "events/game_state.h"
#include "match/hub_protocol.h"

namespace checkers::match {
namespace {

using Clock = std::chrono::steady_clock;

// How long a starting engine may take to declare itself and to load its
// data (Scan reads its evaluation and book at "init").
constexpr std::chrono::seconds kStartLimit{60};
// A search asked for `seconds` must end within this many times that plus
// the slack; then the engine is told to stop, and given the slack again.
constexpr int kSearchLimitFactor = 5;
constexpr std::chrono::seconds kSearchSlack{10};
// How long an engine that has closed its end is waited for to exit.
constexpr std::chrono::milliseconds kExitLimit{500};
// How long a quitting engine is waited for before it is killed.
constexpr std::chrono::milliseconds kQuitLimit{1000};

// The two versions of the protocol. Version 1 (Scan 2.0) answers "hub"
// with "name ..." and speaks in bare words: "pos wbbb...", "move 32-28",
// "time MILLISECONDS", "go", answered by "move 32-28 [PONDER]". Version 2
// (Scan 3.1) answers with "id name=...", as match/hub_protocol.h shows.
enum class Dialect { kVersion1, kVersion2 };

class HubEngine final : public MatchEngine {
 public:
  HubEngine(pid_t pid, int fd, std::string command)
      : pid_(pid), fd_(fd), command_(std::move(command)), name_(command_) {}

  ~HubEngine() override {
    // Best effort: a dead engine cannot be told anything.
    (void)Send("quit");
    ::shutdown(fd_, SHUT_WR);
    const Clock::time_point limit = Clock::now() + kQuitLimit;
    while (::waitpid(pid_, nullptr, WNOHANG) == 0) {
      if (Clock::now() > limit) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::close(fd_);
  }

  const std::string& name() const override { return name_; }
  void NewGame(uint64_t) override { new_game_ = true; }

  // The handshake: "hub" until "wait", then "init" until "ready".
  absl::Status Start() {
    const Clock::time_point limit = Clock::now() + kStartLimit;
    if (absl::Status st = Send("hub"); !st.ok()) return st;
    for (;;) {
      absl::StatusOr<HubLine> line = Receive(limit, "its \"wait\"");
      if (!line.ok()) return line.status();
      if (line->command == "wait") break;
      if (line->command == "name") {
        // Version 1's name is the rest of its line, split as flags.
        dialect_ = Dialect::kVersion1;
        std::vector<std::string> words;
        for (const auto& [word, value] : line->args) words.push_back(word);
        if (!words.empty()) name_ = absl::StrJoin(words, " ");
      } else if (line->command == "id") {
        const std::string name = line->Get("name").value_or("");
        const std::string version = line->Get("version").value_or("");
        if (!name.empty()) {
          name_ = version.empty() ? name : absl::StrCat(name, " ", version);
        }
      }
    }
    if (absl::Status st = Send("init"); !st.ok()) return st;
    for (;;) {
      absl::StatusOr<HubLine> line = Receive(limit, "its \"ready\"");
      if (!line.ok()) return line.status();
      if (line->command == "ready") return absl::OkStatus();
    }
  }

  absl::StatusOr<GameMove> ChooseMove(const events::GameState& state,
                                      const std::vector<GameMove>& game_moves,
                                      double seconds) override {
    if (state.position.ten() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(name_,
                       " is a Hub engine, which plays on the 10x10 "
                       "board only"));
    }
    if (!in_sync_) {
      if (absl::Status st = Resync(); !st.ok()) return st;
    }
    // Until its answer is read, a failure leaves lines of this search
    // unread.
    in_sync_ = false;
    const bool v1 = dialect_ == Dialect::kVersion1;
    std::vector<std::string> lines;
    if (new_game_) {
      lines.push_back(v1 ? "new" : "new-game");
      new_game_ = false;
    }
    absl::Status positioned = AppendPosition(state, game_moves, &lines);
    if (!positioned.ok()) return positioned;
    if (v1) {
      lines.push_back(absl::StrCat(
          "time ", std::max<int64_t>(1, std::llround(seconds * 1000))));
      lines.push_back("go");
    } else {
      lines.push_back(absl::StrCat("level move-time=", seconds));
      lines.push_back("go think");
    }
    for (const std::string& line : lines) {
      if (absl::Status st = Send(line); !st.ok()) return st;
    }
    const auto allowed = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(seconds * kSearchLimitFactor));
    Clock::time_point limit = Clock::now() + allowed + kSearchSlack;
    bool stopped = false;
    for (;;) {
      absl::StatusOr<HubLine> line =
          Receive(limit, absl::StrCat("its move within ", seconds, " s"));
      if (absl::IsDeadlineExceeded(line.status()) && !stopped) {
        // Overdue: asked to stop, it must still answer.
        if (absl::Status st = Send("stop"); !st.ok()) return st;
        stopped = true;
        limit = Clock::now() + kSearchSlack;
        continue;
      }
      if (!line.ok()) return line.status();
      if (line->command == "error") {
        return absl::FailedPreconditionError(
            absl::StrCat(name_, " reported an error: ", ErrorText(*line)));
      }
      std::optional<std::string> move;
      if (v1 && line->command == "move") {
        if (!line->args.empty()) move = line->args.front().first;
      } else if (!v1 && line->command == "done") {
        move = line->Get("move");
      } else {
        continue;
      }
      if (!move.has_value()) {
        return absl::FailedPreconditionError(absl::StrCat(
            name_, " answered \"", line->command, "\" without a move"));
      }
      in_sync_ = true;
      absl::StatusOr<GameMove> parsed = ParseHubMove(state.position, *move);
      if (!parsed.ok()) {
        return absl::FailedPreconditionError(absl::StrCat(
            name_, " played an illegal move: ", parsed.status().message()));
      }
      return parsed;
    }
  }

 private:
  // The lines that set the position of `state`: the position after the
  // last capture or man's move of the game and the king moves since, from
  // which the engine sees repetitions. Version 1 is sent the moves as
  // "move" lines, version 2 as the "moves" of its "pos".
  absl::Status AppendPosition(const events::GameState& state,
                              const std::vector<GameMove>& moves,
                              std::vector<std::string>* lines) const {
    GamePosition p = GamePosition::Initial(Edition::kInternational);
    if (state.started != nullptr && !state.started->start_fen().empty()) {
      absl::StatusOr<GamePosition> start = GamePosition::ParseFen(
          state.started->start_fen(), Edition::kInternational);
      if (!start.ok()) return start.status();
      p = *std::move(start);
    }
    // The fold counts the turns since the last irreversible move.
    const size_t first =
        moves.size() -
        std::min(static_cast<size_t>(state.no_progress_turns), moves.size());
    for (size_t i = 0; i < first; ++i) p.Play(moves[i]);
    std::vector<std::string> since;
    for (size_t i = first; i < moves.size(); ++i) {
      since.push_back(HubMoveText(moves[i]));
    }
    std::string position = HubPosition(p);
    if (dialect_ == Dialect::kVersion1) {
      position[0] = absl::ascii_tolower(position[0]);
      lines->push_back(absl::StrCat("pos ", position));
      for (const std::string& move : since) {
        lines->push_back(absl::StrCat("move ", move));
      }
      return absl::OkStatus();
    }
    std::string command = absl::StrCat("pos pos=", position);
    if (!since.empty()) {
      absl::StrAppend(&command, " moves=", HubValue(absl::StrJoin(since, " ")));
    }
    lines->push_back(std::move(command));
    return absl::OkStatus();
  }

  // The words of an "error" line: version 2's message, version 1's text.
  std::string ErrorText(const HubLine& line) const {
    if (std::optional<std::string> message = line.Get("message")) {
      return *message;
    }
    std::vector<std::string> words;
    for (const auto& [word, value] : line.args) {
      words.push_back(value.empty() ? word : absl::StrCat(word, "=", value));
    }
    return words.empty() ? "(no message)" : absl::StrJoin(words, " ");
  }

  // After a search that failed, whatever the engine still says of it (an
  // answer after its error, or after the time ran out) is read and
  // dropped, up to the "pong" of a "ping" sent now, so that the next
  // search does not read it as its own.
  absl::Status Resync() {
    if (absl::Status st = Send("ping"); !st.ok()) return st;
    const Clock::time_point limit = Clock::now() + kSearchSlack;
    for (;;) {
      absl::StatusOr<HubLine> line = Receive(limit, "\"pong\" to \"ping\"");
      if (!line.ok()) return line.status();
      if (line->command == "pong") break;
    }
    in_sync_ = true;
    return absl::OkStatus();
  }

  absl::Status Send(absl::string_view line) {
    std::string text = absl::StrCat(line, "\n");
    absl::string_view rest = text;
    while (!rest.empty()) {
      // MSG_NOSIGNAL: an engine that has exited is an error, not a SIGPIPE.
      const ssize_t n = ::send(fd_, rest.data(), rest.size(), MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        return Gone(
            absl::StrCat("cannot be written to (", std::strerror(errno), ")"));
      rest.remove_prefix(static_cast<size_t>(n));
    }
    return absl::OkStatus();
  }

  // The next line the engine writes, split, before `limit`:
  // DeadlineExceeded after it, Unavailable when the engine has closed its
  // output. `awaited` names what is awaited, for the errors.
  absl::StatusOr<HubLine> Receive(Clock::time_point limit,
                                  absl::string_view awaited) {
    for (;;) {
      const size_t end = buffer_.find('\n');
      if (end != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        HubLine parsed = ParseHubLine(line);
        if (parsed.command.empty()) continue;
        return parsed;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          limit - Clock::now());
      if (left.count() <= 0) {
        return absl::DeadlineExceededError(
            absl::StrCat(name_, " did not send ", awaited));
      }
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) continue;
      char chunk[4096];
      const ssize_t n = ::read(fd_, chunk, sizeof(chunk));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        return Gone(absl::StrCat("closed its output before sending ", awaited));
      }
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

  // Unavailable: the engine has gone, with its exit status when it has one.
  absl::Status Gone(absl::string_view what) const {
    std::string how;
    int status = 0;
    // The engine's output closes as it exits, a moment before it can be
    // reaped, so its status is waited for a little.
    pid_t reaped = 0;
    const Clock::time_point limit = Clock::now() + kExitLimit;
    while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 &&
           Clock::now() < limit) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (reaped == pid_) {
      how = WIFEXITED(status)
                ? absl::StrCat("; it exited with status ", WEXITSTATUS(status))
                : absl::StrCat("; it was killed by signal ", WTERMSIG(status));
    }
    return absl::UnavailableError(
        absl::StrCat(name_, " (", command_, ") ", what, how));
  }

  const pid_t pid_;
  const int fd_;
  const std::string command_;
  std::string name_;
  std::string buffer_;
  Dialect dialect_ = Dialect::kVersion2;
  bool new_game_ = true;
  // Whether every line the engine has written about past searches has
  // been read.
  bool in_sync_ = true;
};

}  // namespace

absl::StatusOr<std::unique_ptr<MatchEngine>> StartHubEngine(
    absl::string_view command) {
  std::vector<std::string> words =
      absl::StrSplit(command, ' ', absl::SkipWhitespace());
  if (words.empty()) {
    return absl::InvalidArgumentError(
        "a Hub engine is hub: and then the program and its arguments, e.g. "
        "\"hub:/opt/scan/scan hub\"");
  }
  // The program runs in its own directory, so it is named absolutely.
  char* resolved = ::realpath(words.front().c_str(), nullptr);
  if (resolved == nullptr || ::access(resolved, X_OK) != 0) {
    const int error = errno;
    std::free(resolved);
    return absl::InvalidArgumentError(absl::StrCat(
        "cannot start Hub engine ", words.front(), ": ", std::strerror(error)));
  }
  words.front() = resolved;
  std::free(resolved);
  const std::string dir = words.front().substr(0, words.front().rfind('/') + 1);
  // Everything the child needs is made before fork: between fork and exec
  // only async-signal-safe calls are allowed.
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    return absl::InternalError(
        absl::StrCat("cannot make a socket pair: ", std::strerror(errno)));
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return absl::InternalError(
        absl::StrCat("cannot fork: ", std::strerror(errno)));
  }
  if (pid == 0) {
    // dup2 clears close-on-exec on the copies.
    if (::dup2(fds[1], STDIN_FILENO) < 0 || ::dup2(fds[1], STDOUT_FILENO) < 0 ||
        ::chdir(dir.c_str()) != 0) {
      ::_exit(126);
    }
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  auto engine = std::make_unique<HubEngine>(pid, fds[0], std::string(command));
  if (absl::Status st = engine->Start(); !st.ok()) {
    return absl::UnavailableError(
        absl::StrCat("Hub engine ", command, " did not start: ", st.message()));
  }
  return engine;
}

}  // namespace checkers::match
