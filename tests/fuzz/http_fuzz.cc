// Fuzzes what `checkers serve` makes of the bytes a client sends on one
// connection: the request parser (web/http/request.h) finds each request,
// and each whole one goes through the Host and Origin rules, the routes
// and the body readers (web/server.h, Server::Handle) as the connection
// would send it, against a server holding a two-player table, a remote
// table and the terminal game's `local`. The input names the first two as
// 000000000001 and 000000000002 (ids of the same length, so that a
// Content-Length stays right).
//
// Properties: nothing crashes or trips a sanitizer; no answer is a 5xx;
// a refused request (4xx, or the parser's refusal) changes nothing: the
// tables are the same ones, and every byte of their logs is as it was.
// A computer's move or draw answer is written on its table's worker, when
// it is ready, so each snapshot waits for every computer to finish first.

#include <stdlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "nlohmann/json.hpp"
#include "session/clock.h"
#include "tests/fuzz/fuzz_check.h"
#include "web/http/request.h"
#include "web/http/server.h"
#include "web/server.h"

namespace checkers {
namespace {

using nlohmann::json;

// A server is made afresh once the input's requests have made this many
// tables (each with its worker thread).
constexpr size_t kMaxTables = 16;
// The placeholder ids of the two tables made at the start.
constexpr char kTwoPlayer[] = "000000000001";
constexpr char kRemote[] = "000000000002";

class Fixture {
 public:
  Fixture() {
    const char* shm = "/dev/shm";
    const char* tmp = getenv("TMPDIR");
    base_ = absl::StrCat(std::filesystem::is_directory(shm) ? shm
                         : tmp != nullptr                   ? tmp
                                                            : "/tmp",
                         "/checkers-http-fuzz-XXXXXX");
    FUZZ_CHECK(mkdtemp(base_.data()) != nullptr, "a work directory");
    Start();
  }

  web::Server& server() { return *server_; }

  // What a refused request must leave as it was: the tables there are and
  // every byte of their logs, the only state a table has. Taken once no
  // computer has a move or a draw answer under way or due.
  std::string Snapshot() {
    const absl::Time deadline = absl::Now() + absl::Seconds(60);
    while (server_->ComputerBusy()) {
      FUZZ_CHECK(absl::Now() < deadline, "the computers finish their work");
      absl::SleepFor(absl::Milliseconds(1));
    }
    std::string s;
    std::error_code error;
    std::vector<std::filesystem::path> logs = {dir_ + "/match.log"};
    for (const auto& entry :
         std::filesystem::directory_iterator(dir_ + "/tables", error)) {
      logs.push_back(entry.path());
    }
    std::sort(logs.begin(), logs.end());
    for (const std::filesystem::path& log : logs) {
      std::ifstream in(log, std::ios::binary);
      absl::StrAppend(&s, log.filename().string(), "\n",
                      std::string(std::istreambuf_iterator<char>(in), {}),
                      "\n");
    }
    return s;
  }

  size_t TableCount() {
    std::error_code error;
    return std::distance(
        std::filesystem::directory_iterator(dir_ + "/tables", error),
        std::filesystem::directory_iterator());
  }

  // The input's placeholders replaced by the tables' ids.
  std::string Ids(std::string bytes) const {
    return absl::StrReplaceAll(bytes,
                               {{kTwoPlayer, two_player_}, {kRemote, remote_}});
  }

  // Starts again on a fresh data directory.
  void Start() {
    server_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    dir_ = absl::StrCat(base_, "/", ++generation_);
    web::Server::Options options;
    options.data_dir = dir_;
    options.port = 0;
    // No clock runs: nothing changes a table but a request.
    options.table.clock = &clock_;
    // Every search of the computer fails at once, as an engine error
    // would: the target is the requests, not the engine's tables.
    options.table.computer.failing_searches = std::numeric_limits<int>::max();
    auto server = web::Server::Create(options);
    FUZZ_CHECK(server.ok(), "the server starts");
    server_ = *std::move(server);
    two_player_ = NewTable(R"({"mode": "two-player"})");
    remote_ = NewTable(R"({"mode": "remote"})");
  }

  static http::Request Get(const std::string& path) {
    http::Request r;
    r.method = "GET";
    r.target = r.path = path;
    r.headers = {{"host", "localhost"}};
    return r;
  }

 private:
  std::string NewTable(const std::string& body) {
    http::Request r = Get("/api/tables");
    r.method = "POST";
    r.body = body;
    const http::Response made = server_->Handle(r);
    FUZZ_CHECK(made.status == 201, "a table is made at the start");
    return json::parse(made.body).value("id", "");
  }

  session::ManualClock clock_;
  std::string base_;
  int generation_ = 0;
  // The data directory of the server under way.
  std::string dir_;
  std::unique_ptr<web::Server> server_;
  std::string two_player_, remote_;
};

Fixture& TheFixture() {
  static Fixture* fixture = new Fixture();
  return *fixture;
}

}  // namespace
}  // namespace checkers

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace checkers;
  Fixture& f = TheFixture();
  if (f.TableCount() > kMaxTables) f.Start();
  const std::string bytes =
      f.Ids(std::string(reinterpret_cast<const char*>(data), size));
  absl::string_view rest = bytes;
  const http::Limits limits;
  std::string before = f.Snapshot();
  while (!rest.empty()) {
    const http::RequestParse parse = http::ParseRequest(rest, limits);
    if (parse.kind == http::RequestParse::Kind::kIncomplete) break;
    if (parse.kind == http::RequestParse::Kind::kRefused) {
      FUZZ_CHECK(parse.status >= 400 && parse.status < 500,
                 "the parser refuses with a 4xx");
      FUZZ_CHECK(!parse.reason.empty(), "a refusal says why");
      break;
    }
    FUZZ_CHECK(parse.consumed > 0 && parse.consumed <= rest.size(),
               "a request is some of the bytes");
    rest.remove_prefix(parse.consumed);
    const http::Response answer = f.server().Handle(parse.request);
    if (answer.stream != nullptr) answer.stream->Close();
    FUZZ_CHECK(answer.status < 500, "no request is answered with a 5xx");
    std::string after = f.Snapshot();
    if (answer.status >= 400) {
      FUZZ_CHECK(after == before, "a refused request changes nothing");
    }
    before = std::move(after);
  }
  return 0;
}
