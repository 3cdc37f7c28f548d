// `checkers serve`: the web board (web/API.md). The server is web/'s; this
// file reads the flags, prints the address once the socket accepts, and
// turns SIGINT/SIGTERM into a stop that lets the commits under way finish.

#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/endgame_db.h"
#include "session/clock.h"
#include "session/session.h"
#include "storage/endgame_files.h"
#include "storage/postgres_store.h"
#include "storage/save_path.h"
#include "ui_cli/command.h"
#include "ui_cli/exit_codes.h"
#include "web/server.h"

ABSL_FLAG(std::string, listen, "127.0.0.1:8080",
          "HOST:PORT: serve: the address to listen on (port 0 picks a free "
          "one); loopback only unless it says otherwise");
ABSL_FLAG(std::string, data, "",
          "DIR: serve: the directory of the tables (default: the directory of "
          "the terminal game's save)");
ABSL_FLAG(std::string, store, "",
          "URI: serve: keep the tables in a PostgreSQL database "
          "(postgresql://...), which several servers may share; the table "
          "local is then served only with --data. bench serve: run every "
          "round on that database too, with one server and with two");
ABSL_FLAG(int, max_streams, 1000,
          "N: serve: how many event streams may be open at once");
ABSL_FLAG(std::vector<std::string>, allowed_host, {},
          "NAME: serve: a name a request's Host may give besides the "
          "listening address's (a proxy's, or the machine's on the local "
          "network); repeatable");

ABSL_DECLARE_FLAG(int64_t, nodes);

ABSL_FLAG(int, cpu_after, 60,
          "SECONDS: serve: how long a remote player may be away on their turn "
          "before the computer plays for them");
ABSL_FLAG(std::string, clock, "real",
          "real|test: serve: \"test\" (for tests only) stops the tables' "
          "clock until POST /api/test/clock {advance_ms} moves it");

namespace checkers::cli {
namespace {

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

int RunServe(const std::vector<std::string>& positional) {
  if (!positional.empty()) {
    return Fail(Usage(absl::StrCat("serve takes no word \"", positional[0],
                                   "\"; see checkers serve --help")));
  }
  web::Server::Options options;
  const std::string listen = absl::GetFlag(FLAGS_listen);
  const size_t colon = listen.rfind(':');
  if (colon == std::string::npos || colon == 0 ||
      !absl::SimpleAtoi(listen.substr(colon + 1), &options.port) ||
      options.port < 0 || options.port > 65535) {
    return Fail(
        Usage(absl::StrCat("--listen must be HOST:PORT, e.g. "
                           "--listen=127.0.0.1:8080, not \"",
                           listen, "\"")));
  }
  options.host = listen.substr(0, colon);
  options.allowed_hosts = absl::GetFlag(FLAGS_allowed_host);
  options.max_streams = absl::GetFlag(FLAGS_max_streams);
  if (options.max_streams < 1) {
    return Fail(Usage("--max_streams must be at least 1"));
  }
  options.data_dir = absl::GetFlag(FLAGS_data);
  options.store = absl::GetFlag(FLAGS_store);
  if (!options.store.empty() && !storage::IsPostgresUri(options.store)) {
    return Fail(Usage(absl::StrCat(
        "--store must be a PostgreSQL connection URI "
        "(postgresql://user@host/db), not \"",
        options.store, "\"; --data=DIR keeps the tables in files")));
  }
  if (options.data_dir.empty() && options.store.empty()) {
    absl::StatusOr<std::string> save = storage::DefaultSavePath();
    if (!save.ok()) return Fail(kExitCantWrite, save.status());
    options.data_dir = save->substr(0, save->rfind('/'));
  }
  absl::StatusOr<session::ComputerOptions> computer =
      session::ComputerOptionsFromEnvironment();
  if (!computer.ok()) return Fail(Usage(computer.status().message()));
  options.table.computer = *computer;
  const int cpu_after = absl::GetFlag(FLAGS_cpu_after);
  if (cpu_after < 1) return Fail(Usage("--cpu-after must be at least 1"));
  options.table.cpu_after = absl::Seconds(cpu_after);
  const std::string clock = absl::GetFlag(FLAGS_clock);
  std::unique_ptr<session::ManualClock> test_clock;
  if (clock == "test") {
    test_clock = std::make_unique<session::ManualClock>(absl::Now());
    options.table.clock = test_clock.get();
    options.test_clock = test_clock.get();
  } else if (clock != "real") {
    return Fail(Usage("--clock must be \"real\" (or \"test\" for tests)"));
  }
  // As in the terminal game, every table's computer plays endings
  // perfectly when `checkers egdb build` has made a database, each slice
  // read when a search first reaches it.
  const std::unique_ptr<egdb::Database> endgame_db =
      storage::LoadDefaultEndgameDatabaseIfPresent(
          storage::EndgameCheck::kOnFirstRead);
  options.table.endgame_db = endgame_db.get();
  // The replay page's analyses judge as `checkers analyse` does, with the
  // same --nodes.
  options.analysis.endgame_db = endgame_db.get();
  if (const int64_t nodes = absl::GetFlag(FLAGS_nodes); nodes > 0) {
    options.analysis.nodes = static_cast<uint64_t>(nodes);
  } else if (nodes < 0) {
    return Fail(Usage("--nodes must be a number of nodes, 1 or more"));
  }

  // Every thread started from here on leaves SIGINT and SIGTERM to the one
  // that waits for them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  // A browser that goes away mid-answer is not a reason to exit.
  signal(SIGPIPE, SIG_IGN);

  absl::StatusOr<std::unique_ptr<web::Server>> server =
      web::Server::Create(options);
  if (!server.ok()) return Fail(kExitCantWrite, server.status());
  absl::StatusOr<int> port = (*server)->Bind();
  if (!port.ok()) return Fail(kExitCantWrite, port.status());
  std::printf("listening on http://%s:%d/\n", options.host.c_str(), *port);
  std::fflush(stdout);

  std::thread stopper([&stop_signals, s = server->get()] {
    int signal_number = 0;
    sigwait(&stop_signals, &signal_number);
    s->Stop();
  });
  (*server)->Serve();
  // Serve returns only after Stop; the stopper has done its work.
  stopper.join();
  server->reset();
  return kExitOk;
}

}  // namespace

std::vector<Command> ServeCommands() {
  return {{"serve",
           "serve [--listen=127.0.0.1:8080] [--data=DIR] [--store=URI] "
           "[--cpu-after=SECONDS] [--nodes=N] "
           " the game in a "
           "browser",
           {"listen", "data", "store", "allowed_host", "max_streams",
            "cpu_after", "clock", "nodes"},
           RunServe}};
}

}  // namespace checkers::cli
