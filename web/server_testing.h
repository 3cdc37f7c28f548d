// A server on a loopback port for tests, with a client of it: the fixture
// of the server's tests (server_test.cc, replay_routes_test.cc).

#ifndef CHECKERS_WEB_SERVER_TESTING_H_
#define CHECKERS_WEB_SERVER_TESTING_H_

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "web/http/client.h"
#include "web/server.h"

namespace checkers::web {

// Each test gets a server of its own over an empty data directory named
// after it.
class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::remove_all(DataDir());
    Start();
  }
  void TearDown() override {
    server_->Stop();
    serving_.join();
  }

  // Starts a server on DataDir() and a client of it.
  void Start() {
    Server::Options options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.max_streams = 1;
    options.keepalive = absl::Milliseconds(100);
    Configure(options);
    options.data_dir = DataDir();
    auto server = Server::Create(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    auto port = server_->Bind();
    ASSERT_TRUE(port.ok()) << port.status();
    port_ = *port;
    serving_ = std::thread([this] { server_->Serve(); });
    client_ = std::make_unique<http::Client>("127.0.0.1", port_);
  }

  // Stops the server and starts another on the same tables.
  void Restart() {
    server_->Stop();
    serving_.join();
    server_.reset();
    Start();
  }

  // The test's data directory, named after it.
  static std::string DataDir() {
    return absl::StrCat(
        ::testing::TempDir(), "/",
        ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }

  // What a test's fixture changes in the server's options.
  virtual void Configure(Server::Options& /*options*/) {}

  std::string NewTable(const std::string& body) {
    auto res = client_->Post("/api/tables", body);
    EXPECT_TRUE(res.ok()) << res.status();
    EXPECT_EQ(res->status, 201);
    return nlohmann::json::parse(res->body)["id"];
  }

  std::unique_ptr<Server> server_;
  int port_ = 0;
  std::thread serving_;
  std::unique_ptr<http::Client> client_;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_SERVER_TESTING_H_
