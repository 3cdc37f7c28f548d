#include "storage/test_postgres.h"

#include <cctype>
#include <cstdlib>
#include <functional>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace checkers::storage {

ScratchPostgres* TestPostgres() {
  // Started once; a failure is remembered, so that every test reports it
  // rather than each trying again.
  // Without fsync: the tests cut the server's connections and crash it,
  // never the machine, and run several times faster.
  static const auto* const server =
      new absl::StatusOr<std::unique_ptr<ScratchPostgres>>(
          ScratchPostgres::Start({.fsync = false}));
  // Destroyed at exit, stopping the server.
  static struct Stop {
    ~Stop() { delete server; }
  } stop;
  if (server->ok()) return server->value().get();
  const char* required = std::getenv("CHECKERS_REQUIRE_POSTGRES");
  const absl::Status& status = server->status();
  if (absl::IsNotFound(status) && (required == nullptr || required[0] == '\0')) {
    [&] { GTEST_SKIP() << status.message(); }();
  } else {
    [&] { FAIL() << "cannot start a PostgreSQL server: " << status; }();
  }
  return nullptr;
}

std::string TestPostgresUri() {
  ScratchPostgres* server = TestPostgres();
  if (server == nullptr) return "";
  const testing::TestInfo* test =
      testing::UnitTest::GetInstance()->current_test_info();
  std::string name = absl::StrCat("t_", test->test_suite_name(), "_",
                                  test->name());
  for (char& c : name) {
    c = std::isalnum(static_cast<unsigned char>(c))
            ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
            : '_';
  }
  // PostgreSQL cuts identifiers at 63 bytes; two tests that agree that far
  // would share a schema.
  if (name.size() > 63) {
    name = absl::StrCat(name.substr(0, 50), "_",
                        absl::Hex(std::hash<std::string>()(name) >> 32));
  }
  absl::StatusOr<std::string> uri = server->NewSchema(name);
  if (!uri.ok()) {
    [&] { FAIL() << "cannot make the test's schema: " << uri.status(); }();
    return "";
  }
  return *uri;
}

}  // namespace checkers::storage
